"""The game is kept as the device keeps it: the emulated flash lives in the
browser's storage, so a reload resumes through the firmware's journal; a new
game clears it; a game record loads; a link opens the same game elsewhere;
the device menu's Export downloads game.rec."""
import json

from host_sim import press
from web import browser
from web.tests.test_page import click_keys, page_state, sim, sim_state

SPEED = 4
SETUP = {"players": 3, "rules": "standard", "seed": 5}


def reload(page):
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1' || !!document.body.dataset.error", timeout=30000)
    assert page.evaluate("document.body.dataset.error") is None


def test_a_reload_mid_call_resumes_the_game(contexts, tmp_path):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    keys = ["r", "o", "p", "2"]
    click_keys(page, keys)
    before = page_state(page)
    assert before["phase"] in ("call", "reveal")
    reload(page)
    assert "players" not in page.url  # the URL no longer starts a game: the flash holds it
    assert page_state(page) == before
    click_keys(page, ["o"])  # and it goes on as the simulator does after the same keys
    assert page_state(page) == sim_state(sim(tmp_path, SETUP, keys + ["o"]))
    assert watch.errors == []


def test_a_new_game_clears_the_kept_one(contexts):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o"])
    page.fill("#newgame input[name=players]", "4")
    page.fill("#newgame input[name=seed]", "2")
    page.once("dialog", lambda d: d.accept())  # it asks before it ends the game in play
    page.click("#newgame button[type=submit]")
    page.wait_for_function("document.body.dataset.ready === '1' && JSON.parse(document.body.dataset.state || 'null')?.players === 4")
    assert page_state(page)["open"] == []
    reload(page)
    got = page_state(page)
    assert (got["players"], got["open"]) == (4, [])
    page.once("dialog", lambda d: d.accept())
    page.click("#setupmenu")
    page.wait_for_function("document.body.dataset.ready === '1' && document.body.dataset.state === 'null'")
    assert watch.errors == []


def test_load_game_record_resumes_that_game(contexts, tmp_path):
    (tmp_path / "a").mkdir()
    s, keys = browser.whole_game(str(tmp_path / "a") + "/", 3, "standard", 7, limit=40)
    from game import record
    rec = tmp_path / "game.rec"
    rec.write_text(record.write(s.game()))
    page, watch = contexts("?speed=%d" % SPEED)
    page.set_input_files("#load", str(rec))
    page.wait_for_function("document.body.dataset.state !== 'null'")
    assert page_state(page) == sim_state(s)
    assert "Loaded game.rec" in page.inner_text("#status")
    bad = tmp_path / "bad.rec"
    bad.write_text("players 3\nroll 9 9\n")
    page.set_input_files("#load", str(bad))
    page.wait_for_function("document.getElementById('status').textContent.includes('bad.rec')")
    assert "line 2" in page.inner_text("#status")
    assert page_state(page) == sim_state(s)  # nothing lost
    assert watch.errors == []


def test_a_shared_link_opens_the_same_game_at_the_same_point_elsewhere(contexts):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o"])
    page.click("#share")
    link = page.input_value("#sharelink")
    assert "#game=" in link
    other, watch2 = contexts(link.split("/", 3)[3])  # a fresh context: nothing kept there
    assert page_state(other) == page_state(page)
    more = ["p", "o", "r"]  # the same seed: the same roll from here on
    click_keys(page, more)
    click_keys(other, more)
    assert page_state(other) == page_state(page)
    assert watch.errors == [] and watch2.errors == []


def test_the_device_menus_export_downloads_game_rec(contexts, tmp_path):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o", "U"] + ["n"] * 5)  # the menu, at "Export record"
    with page.expect_download() as dl:
        click_keys(page, ["o"])
    path = tmp_path / "got.rec"
    dl.value.save_as(str(path))
    assert dl.value.suggested_filename == "game.rec"
    assert path.read_text() == page.evaluate("document.body.dataset.record")
    assert "Saved game.rec" in page.evaluate("document.body.dataset.screen")
    assert watch.errors == []


def test_a_record_over_4_mb_is_refused_unread_and_the_game_goes_on(contexts, tmp_path):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    page.wait_for_function("document.body.dataset.state !== 'null'")
    before = page.evaluate("document.body.dataset.state")
    big = tmp_path / "big.rec"
    big.write_text("players 3\n" + "# a comment line\n" * (4 << 16))
    page.set_input_files("#load", str(big))
    page.wait_for_function("document.getElementById('status').textContent.includes('big.rec')")
    assert "over 4 MB" in page.inner_text("#status")
    assert page.evaluate("document.body.dataset.state") == before
    assert watch.errors == []



def test_a_damaged_link_keeps_the_game_and_says_so(contexts):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o", "p", "o"])
    page.click("#share")
    link = page.input_value("#sharelink").split("/", 3)[3]
    head, packed = link.split("#game=")
    length, crc, b64 = packed.split(".")
    other, watch2 = contexts("?players=4&seed=9&speed=%d" % SPEED)  # a game kept in this browser
    kept = page_state(other)
    whole = __import__("base64").urlsafe_b64decode(b64 + "=" * (-len(b64) % 4))
    cut = whole[:whole.rindex(b"\n", 0, len(whole) - 1) + 1]  # at an entry's end
    pack = __import__("base64").urlsafe_b64encode
    bad = [
        "%d.%s.%s" % (len(cut), crc, pack(cut).decode().rstrip("=")),  # cut, the length fixed to match
        "%s.%s.%s" % (length, crc, pack(cut).decode().rstrip("=")),  # cut, the length as shared
        "%s.%s.%s" % (length, crc, pack(whole[:5] + bytes([whole[5] ^ 1]) + whole[6:]).decode().rstrip("=")),
        b64,  # an old link: no length, no CRC
    ]
    for i, b in enumerate(bad):  # a new query each time: a new load, not a hash change
        other.goto(other.url.split("?")[0] + "?speed=%d&try=%d#game=%s" % (SPEED, i, b))
        other.wait_for_function("document.body.dataset.ready === '1'")
        assert "link is damaged" in other.inner_text("#status"), b
        assert page_state(other) == kept, b
    assert watch.errors == [] and watch2.errors == []


def test_a_good_link_asks_before_it_replaces_a_game_in_progress(contexts):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o"])
    page.click("#share")
    shared = page.input_value("#sharelink").split("#game=")[1]
    other, watch2 = contexts("?players=4&seed=9&speed=%d" % SPEED)
    kept = page_state(other)
    asked = []

    def answer(yes):
        def on(d):
            asked.append(d.message)
            d.accept() if yes else d.dismiss()
        other.once("dialog", on)
    answer(False)
    other.goto(other.url.split("?")[0] + "?speed=%d&try=1#game=%s" % (SPEED, shared))
    other.wait_for_function("document.body.dataset.ready === '1'")
    assert len(asked) == 1 and "replace the game" in asked[0]
    assert page_state(other) == kept and "not opened" in other.inner_text("#status")
    answer(True)
    other.goto(other.url.split("?")[0] + "?speed=%d&try=2#game=%s" % (SPEED, shared))
    other.wait_for_function("document.body.dataset.ready === '1'")
    assert len(asked) == 2 and page_state(other) == page_state(page)
    assert watch.errors == [] and watch2.errors == []


def _journal_of(tmp_path, head):
    """The bytes the firmware's journal writes for header head, no action."""
    from app import journal
    from drivers.storage import Storage
    journal.Journal(Storage(str(tmp_path) + "/")).rewrite(head, b"")
    return (tmp_path / "game.jnl").read_bytes()


def _link(data):
    import base64
    import zlib
    return "%d.%x.%s" % (len(data), zlib.crc32(data), base64.urlsafe_b64encode(data).decode().rstrip("="))


def test_a_link_whose_crcs_pass_but_whose_game_this_firmware_cannot_play_keeps_the_game(contexts, tmp_path):
    """A crafted link (or a newer firmware's): its length, CRC-32 and header
    CRC all pass, its header names a preset this firmware does not know. It
    is refused before anything is replaced: the kept game goes on."""
    head = {"players": 3, "rules": "house", "first": 0, "seed": 5, "deck": 199, "opts": [], "dice": "required"}
    bad = _link(_journal_of(tmp_path, head))
    other, watch = contexts("?players=4&seed=9&speed=%d" % SPEED)
    kept = page_state(other)
    asked = []
    other.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    other.goto(other.url.split("?")[0] + "?speed=%d&try=1#game=%s" % (SPEED, bad))
    other.wait_for_function("document.body.dataset.ready === '1'")
    assert "link is damaged" in other.inner_text("#status") and "can play" in other.inner_text("#status")
    assert page_state(other) == kept and asked == []
    reload(other)
    assert page_state(other) == kept
    assert watch.errors == []


def test_a_record_file_asks_before_it_replaces_a_game_in_progress(contexts, tmp_path):
    """A good record over a game in progress: a confirm dialog first;
    declined, the game goes on; accepted, the record's game is played. A bad
    record asks nothing (it is refused)."""
    from game import record
    rec = tmp_path / "game.rec"
    rec.write_text(record.write(record.load(["players 2", "seed 3", "roll 2 5"]).game))
    page, watch = contexts("?players=4&seed=9&speed=%d" % SPEED)
    kept = page_state(page)
    asked = []
    answer = [False]
    page.on("dialog", lambda d: (asked.append(d.message), d.accept() if answer[0] else d.dismiss()))
    page.set_input_files("#load", str(rec))
    page.wait_for_function("document.getElementById('status').textContent.includes('not loaded')")
    assert len(asked) == 1 and "replace the game in progress" in asked[0]
    assert page_state(page) == kept
    answer[0] = True
    page.set_input_files("#load", str(rec))
    page.wait_for_function("document.getElementById('status').textContent.includes('Loaded game.rec')")
    assert len(asked) == 2 and page_state(page)["players"] == 2
    bad = tmp_path / "bad.rec"
    bad.write_text("players 3\nroll 9 9\n")
    page.set_input_files("#load", str(bad))
    page.wait_for_function("document.getElementById('status').textContent.includes('bad.rec')")
    assert len(asked) == 2 and page_state(page)["players"] == 2
    assert watch.errors == []


COUNT_PARSES = """() => window.macroscope.mp.runPython(`
from game import record as _r
_r.parses = [0]
_r_load = _r.load
def _counted(lines):
    _r.parses[0] += 1
    return _r_load(lines)
_r.load = _counted
`)"""


def test_a_record_file_is_read_once_for_the_confirm_and_the_write(contexts, tmp_path):
    """Loading a record over a game in progress parses it once: the confirm
    asks after that reading, and the write puts on the flash what it read."""
    from game import record
    rec = tmp_path / "game.rec"
    rec.write_text(record.write(record.load(["players 2", "seed 3", "roll 2 5"]).game))
    page, watch = contexts("?players=4&seed=9&speed=%d" % SPEED)
    page.evaluate(COUNT_PARSES)
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.set_input_files("#load", str(rec))
    page.wait_for_function("document.getElementById('status').textContent.includes('Loaded game.rec')")
    assert len(asked) == 1 and page_state(page)["players"] == 2
    assert page.evaluate("() => { const mp = window.macroscope.mp;"
                         " mp.runPython('from game import record as _r\\n_n = _r.parses[0]');"
                         " return mp.globals.get('_n'); }") == 1
    assert watch.errors == []


ATTACK = """async ([link, n, seed]) => {
  const { Flash } = await import("./flash.mjs");
  const m = window.macroscope, fs = m.mp.FS, pd = m.pd;
  let x = seed >>> 0;
  const rnd = (k) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return x % k; };
  const [len, crc, b64] = link.split(".");
  const whole = Flash.unpack(link);
  const same = (b) => b.length === whole.length && b.every((v, i) => v === whole[i]);
  const tally = {};
  const add = (cls, outcome) => { tally[cls] = tally[cls] || {}; tally[cls][outcome] = (tally[cls][outcome] || 0) + 1; };
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (let i = 0; i < n; i++) {
    const cls = ["cut", "char", "length", "crc", "repacked"][i % 5];
    let text;
    if (cls === "cut") text = link.slice(0, rnd(link.length));
    else if (cls === "char") { const p = rnd(b64.length); text = len + "." + crc + "." + b64.slice(0, p) + A[rnd(64)] + b64.slice(p + 1); }
    else if (cls === "length") text = (+len + 1 + rnd(50)) * (rnd(2) ? 1 : -1) + "." + crc + "." + b64;
    else if (cls === "crc") text = len + "." + (parseInt(crc, 16) ^ (1 << rnd(32))).toString(16).replace("-", "") + "." + b64;
    else {  // the journal's bytes changed, its length and CRC-32 made to match: only the firmware can tell
      const b = whole.slice(0, whole.length - rnd(whole.length >> 1));
      for (let k = 1 + rnd(3); k > 0; k--) b[rnd(b.length)] ^= 1 << rnd(8);
      text = Flash.pack(b);
    }
    let bytes;
    try { bytes = Flash.unpack(text); } catch (e) { add(cls, "refused by the page"); continue; }
    if (same(bytes)) { add(cls, "the same game"); continue; }
    fs.mkdirTree(pd.LINK_CHECK);
    for (const f of fs.readdir(pd.LINK_CHECK)) if (f !== "." && f !== "..") fs.unlink(pd.LINK_CHECK + f);
    fs.writeFile(pd.LINK_CHECK + "game.jnl", bytes);
    let why;
    try { why = pd.link_fault(); } catch (e) { add(cls, "ERROR " + e.message.slice(0, 80)); continue; }
    add(cls, why ? "refused by the firmware" : "a whole game it plays (asked first)");
  }
  return tally;
}"""


def test_random_damage_to_a_link_is_refused_before_anything_is_replaced(contexts):
    """500 damaged links (cut, a character changed, a wrong length or CRC,
    and bytes changed with the length and CRC-32 made to match) run through
    the page's own checks: each is refused by the page or the firmware, is
    the same game, or is a game the firmware plays whole (which asks before
    it replaces); none raises."""
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o", "p", "o"])
    page.click("#share")
    link = page.input_value("#sharelink").split("#game=")[1]
    tally = page.evaluate(ATTACK, [link, 500, 7])
    errors = {c: o for c, t in tally.items() for o in t if o.startswith("ERROR")}
    assert not errors, tally
    for cls in ("cut", "char", "length", "crc"):
        assert set(tally[cls]) <= {"refused by the page", "the same game"}, tally
    assert tally["repacked"].get("refused by the firmware", 0) > 50, tally
    print(json.dumps(tally))
    assert watch.errors == []


RECORDS = """([rec, n, seed]) => {
  const pd = window.macroscope.pd;
  let x = seed >>> 0;
  const rnd = (k) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return x % k; };
  const junk = ["\\u0000", "\\u001b[2J", "-", "9999999999999999999999", " ", "\\n", "roll", "set", "#", "\\u00e9", "0"];
  const tally = {};
  for (let i = 0; i < n; i++) {
    let t = rec;
    for (let k = 1 + rnd(4); k > 0; k--) {
      const p = rnd(t.length + 1), op = rnd(3);
      if (op === 0) t = t.slice(0, p) + t.slice(p + 1 + rnd(8));
      else if (op === 1) t = t.slice(0, p) + junk[rnd(junk.length)] + t.slice(p);
      else t = t.slice(0, p);
    }
    let out;
    try { out = pd.load_record(t, true) ? "refused, its line named" : "a game it plays (asked first)"; }
    catch (e) { out = "ERROR " + e.message.slice(0, 80); }
    tally[out] = (tally[out] || 0) + 1;
  }
  return tally;
}"""


def test_random_damage_to_a_record_file_is_refused_or_played_never_an_error(contexts, tmp_path):
    """1,000 record files changed at random (characters dropped, control
    bytes and long numbers put in, cut short) through the page's loader:
    each is refused with its line or is a game it plays; none raises."""
    s, keys = browser.whole_game(str(tmp_path) + "/", 3, "standard", 7, limit=40)
    from game import record
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    tally = page.evaluate(RECORDS, [record.write(s.game()), 1000, 3])
    assert not [o for o in tally if o.startswith("ERROR")], tally
    assert tally.get("refused, its line named", 0) > 300, tally
    print(json.dumps(tally))
    assert watch.errors == []
