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
