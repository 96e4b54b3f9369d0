"""The device page in headless Chromium: the firmware on MicroPython-WebAssembly
played by clicks, against the simulator on CPython (`press`) for the same keys."""
import json

import pytest

from host_sim import hw, press
from web import browser

hw.install()
from emu.session import HOLD_MS, LONG_MS, REACT_MS  # noqa: E402  (a key's gesture in `press`)

# the page's virtual clock runs 4x: a game of clicks in seconds, and a click
# that a loaded machine stretches to 0.2 s is still no long press (0.8 s)
SPEED = 4
SETTLE_MS = 3000  # messages on the OLED are gone after 2.5 s


def click_keys(page, keys):
    """Click each key's button, then let the device run as `press` does."""
    for k in keys:
        # a real mouse click on the button; force: no wait for the page to
        # stop animating (it never does: the flaps and the clock move)
        page.click('button[data-key="%s"]' % k, force=True)
        # the clock read after the click: the press was taken no later, however
        # long a loaded machine took to deliver the click
        t = int(page.evaluate("document.body.dataset.ms"))
        gesture = 0 if k == "c" else LONG_MS if k == "U" else HOLD_MS
        page.wait_for_function("+document.body.dataset.ms >= %d" % (t + gesture + REACT_MS))


def page_state(page):
    return json.loads(page.evaluate("document.body.dataset.state"))


def sim(tmp_path, setup, keys, settle=0, board="pico_pca9685"):
    """The simulator (what `press` runs) after the same keys."""
    s = press.start(board, str(tmp_path), setup)
    s.keys(" ".join(keys))
    s.run(settle)
    return s


def sim_state(s):
    from game import state
    return json.loads(json.dumps(state.as_dict(s.game())))


def test_boots_with_every_control_and_the_url_game(pages, tmp_path):
    page, watch = pages("?players=4&rules=zh-cn&seed=9")
    keys = page.eval_on_selector_all("button[data-key]", "bs => bs.map(b => b.dataset.key).sort()")
    assert keys == sorted("123456rnopuUc")
    assert page_state(page) == sim_state(sim(tmp_path, {"players": 4, "rules": "zh-cn", "seed": 9}, []))
    assert int(page.evaluate("document.body.dataset.bootMs")) > 0
    assert watch.errors == []


def test_a_whole_game_by_clicks_equals_press_and_replays_from_its_record(pages, tmp_path):
    s, keys = browser.whole_game(str(tmp_path), 2, "family", 4)
    assert s.game().over() and "u" in keys and "c" in keys
    page, watch = pages("?players=2&rules=family&seed=4&speed=%d" % SPEED)
    click_keys(page, keys)
    got = page_state(page)
    assert got["over"] and got == sim_state(s)
    from game import record, state
    rec = page.evaluate("document.body.dataset.record")
    assert json.loads(json.dumps(state.as_dict(record.load(rec.splitlines()).game))) == got
    assert page.evaluate("document.body.dataset.firmwareErrors") is None
    assert watch.errors == []


@pytest.mark.parametrize("keys", ["r o n o", "r o p c", "U n"])
def test_the_oled_canvas_is_the_simulators_oled(pages, tmp_path, keys):
    keys = keys.split()
    page, watch = pages("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, keys)
    browser.wait_ms(page, SETTLE_MS)
    s = sim(tmp_path, {"players": 3, "rules": "standard", "seed": 5}, keys, SETTLE_MS)
    want = s.emu.oled.text(blank=".", ink="#")
    assert want.count("#") > 200
    assert page.evaluate("window.macroscope.oledText()") == want
    assert watch.errors == []


def test_without_a_url_game_the_setup_menu_starts_one(pages):
    page, watch = pages("?speed=%d" % SPEED)
    assert page.evaluate("document.body.dataset.state") == "null"
    assert page.evaluate("document.body.dataset.record") == ""
    click_keys(page, ["n", "n", "n", "o"])  # Seats, Rules, Dice, Start: OK
    got = page_state(page)
    assert (got["players"], got["rules"], got["phase"]) == (3, "standard", "roll")
    assert watch.errors == []


def test_keyboard_keys_press_as_the_buttons_do(pages, tmp_path):
    page, watch = pages("?players=3&seed=5&speed=%d" % SPEED)
    keys = ["r", "o", "p", "o"]
    for k in keys:
        page.keyboard.press(k)
        t = int(page.evaluate("document.body.dataset.ms"))  # after the key: see click_keys
        page.wait_for_function("+document.body.dataset.ms >= %d" % (t + HOLD_MS + REACT_MS))
    assert page_state(page) == sim_state(sim(tmp_path, {"players": 3, "rules": "standard", "seed": 5}, keys))
    assert watch.errors == []


def test_a_held_undo_opens_the_menu_as_a_long_press(pages, tmp_path):
    page, watch = pages("?players=3&seed=5&speed=%d" % SPEED)
    box = page.locator('button[data-key="u"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    browser.wait_ms(page, LONG_MS)
    page.mouse.up()
    browser.wait_ms(page, SETTLE_MS)
    s = sim(tmp_path, {"players": 3, "rules": "standard", "seed": 5}, ["U"], SETTLE_MS)
    assert s.dev.ctl.mode == 2  # the menu (controller.M_MENU)
    assert page.evaluate("window.macroscope.oledText()") == s.emu.oled.text(blank=".", ink="#")
    assert watch.errors == []


def hues(s):
    """Each NeoPixel's hue as CSS from the strip's last frame (GRB bytes),
    its strongest channel made full; "" for a dark one."""
    data = s.emu.pixels.data
    out = []
    for w in range(len(data) // 3):
        g, r, b = data[3 * w:3 * w + 3]
        top = max(r, g, b)
        out.append("rgb(%d,%d,%d)" % (r * 255 // top, g * 255 // top, b * 255 // top) if top else "")
    return out


def test_the_card_slot_the_lid_and_the_lights(pages, tmp_path):
    page, watch = pages("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r"])
    browser.wait_ms(page, SETTLE_MS)
    # after a roll the windows the dice allow are lit, in the strip's colours; none while the card is out
    # the windows' 12 (the page draws no seat lights, the strip's last 6)
    want = hues(sim(tmp_path, {"players": 3, "rules": "standard", "seed": 5}, ["r"], SETTLE_MS))[:12]
    fills = page.eval_on_selector_all("#lid circle.led", "cs => cs.map(c => c.getAttribute('fill'))")
    assert fills == [c or "#222" for c in want] and len(fills) == 12
    assert sum(1 for c in want if c) >= 2
    click_keys(page, ["o"])
    browser.wait_ms(page, 1000)
    opened = page_state(page)["open"]
    assert page.eval_on_selector_all("#lid g.open", "gs => gs.map(g => +g.dataset.window)") == opened
    click_keys(page, ["c"])
    assert page.inner_text("#cardkey") == "Insert card"
    browser.wait_ms(page, 1000)  # the card pulled before the reveal closes every window
    assert page.eval_on_selector_all("#lid g.open", "gs => gs.length") == 0
    assert page.eval_on_selector_all("#lid circle.led", "cs => cs.filter(c => c.getAttribute('fill') !== '#222').length") == 0
    click_keys(page, ["c"])
    browser.wait_ms(page, 1000)
    assert page.eval_on_selector_all("#lid g.open", "gs => gs.map(g => +g.dataset.window)") == opened
    assert watch.errors == []


def test_a_flap_is_drawn_moving_between_closed_and_open(pages):
    page, watch = pages("?players=3&seed=5")  # real time: a move lasts about 8 frames
    click_keys(page, ["r"])
    browser.wait_ms(page, 1000)  # the lid has closed from power-up
    page.evaluate("""() => { window.seen = [];
      new MutationObserver((ms) => ms.forEach((m) => window.seen.push(m.target.getAttribute("class"))))
        .observe(document.getElementById("lid"), {subtree: true, attributeFilter: ["class"]}); }""")
    click_keys(page, ["o"])
    browser.wait_ms(page, 500)
    seen = page.evaluate("window.seen")
    assert [c for i, c in enumerate(seen) if i == 0 or seen[i - 1] != c] == ["moving", "open"]
    assert watch.errors == []


def test_the_epaper_board_shows_its_panels_glass_and_when_it_refreshes(pages, tmp_path):
    page, watch = pages("?board=pico_epaper&players=3&seed=2&speed=%d" % SPEED)
    assert page.is_hidden("#lid") and page.is_visible("#epaper canvas")
    click_keys(page, ["r"])
    browser.wait_ms(page, SETTLE_MS)
    lids = page.evaluate("window.macroscope.epaperHex()")
    from drivers.card_layout import region
    frames = page.eval_on_selector_all("#epaper rect", "rs => rs.map(r => ['x', 'y', 'width', 'height', 'stroke']"
                                       ".map(k => r.getAttribute(k)))")
    want = hues(sim(tmp_path, {"players": 3, "rules": "standard", "seed": 2}, ["r"], SETTLE_MS, "pico_epaper"))
    assert len(frames) == 12 and sum(1 for c in want if c) >= 2
    for w, (x, y, wide, high, stroke) in enumerate(frames):  # each window framed, in its light's colour
        xb, y0, wb, h = region(w)
        assert [float(x), float(y), float(wide), float(high)] == [xb * 8 - 3, y0 - 3, wb * 8 + 6, h + 6]
        assert stroke == (want[w] or "none")
    page.evaluate("""() => { window.seen = [];
      new MutationObserver(() => window.seen.push(document.getElementById("epaper").className))
        .observe(document.getElementById("epaper"), {attributeFilter: ["class"]}); }""")
    click_keys(page, ["o"])
    browser.wait_ms(page, SETTLE_MS)
    assert page.evaluate("window.seen") == ["busy", ""]  # the window's partial refresh
    keys = ["r", "o"]
    (tmp_path / "o").mkdir()
    s = sim(tmp_path / "o", {"players": 3, "rules": "standard", "seed": 2}, keys, 2 * SETTLE_MS, "pico_epaper")
    want = bytes(s.emu.epaper.glass).hex()
    got = page.evaluate("window.macroscope.epaperHex()")
    assert got != lids and got == want  # window 3 opened: the card's picture, from the deck
    assert page_state(page) == sim_state(s)
    assert page.evaluate("document.body.dataset.firmwareErrors") is None
    assert watch.errors == []


def test_save_record_and_picture_choice(pages, tmp_path):
    page, watch = pages("?players=3&seed=5&speed=%d" % SPEED)
    click_keys(page, ["r", "o"])
    with page.expect_download() as dl:
        page.click("#save")
    path = tmp_path / "game.rec"
    dl.value.save_as(str(path))
    assert path.read_text() == page.evaluate("document.body.dataset.record")
    assert "roll" in path.read_text() and "open" in path.read_text()
    assert page.get_attribute("#lid image", "href").startswith("data:image/png")  # the deck's card
    img = tmp_path / "mine.svg"
    img.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="red"/></svg>')
    page.set_input_files("#ownpicture", str(img))
    page.wait_for_function("document.querySelector('#lid image').getAttribute('href').startsWith('data:image/svg')")
    assert page.input_value("#picture") == "own"
    assert watch.errors == []


@pytest.mark.parametrize("query, names", [
    ("?players=9", "players"), ("?rules=chess", "rules"), ("?seed=x", "seed"), ("?board=nope", "board")])
def test_a_bad_url_parameter_is_named_and_nothing_boots(pages, query, names):
    page, watch = pages(query, booted=False)
    err = page.evaluate("document.body.dataset.error")
    assert err.startswith("URL parameter %s:" % names)
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.inner_text("#status") == err


@pytest.mark.parametrize("seed, why", [("4294967296", "seed must be 0 to 4294967295, got 4294967296"),
                                       ("-1", "seed must be a number, got '-1'")])
def test_seeds_follow_the_command_lines_rule(pages, seed, why):
    page, watch = pages("?players=3&seed=" + seed, booted=False)
    assert page.evaluate("document.body.dataset.error") == "URL parameter seed: " + why


def test_the_largest_seed_plays_as_press_plays_it(pages, capsys):
    from host_sim.__main__ import main
    page, watch = pages("?players=3&seed=4294967295")
    assert main(["press", "--players", "3", "--seed", "4294967295"]) == 0
    assert json.loads(page.evaluate("document.body.dataset.state")) == json.loads(capsys.readouterr().out)


def test_opened_from_a_file_it_says_to_serve_it(chromium, built):
    page = chromium.new_page()
    try:
        page.goto("file://" + built + "/index.html")
        page.wait_for_function("!!document.body.dataset.error")
        assert "served over HTTP" in page.inner_text("#status")
    finally:
        page.close()


def test_the_flaps_carry_no_number_and_how_to_play_explains_the_lights_and_the_grid(pages):
    """The real flaps are plain: no 1-12 beside dice of 1-6; the OLED's grid
    holds the tokens, and How to play says so."""
    page, watch = pages("?players=3&seed=5&speed=%d" % SPEED)
    assert page.evaluate("[...document.querySelectorAll('#lid text')].map(t => t.textContent)") == []
    assert not any(c.isdigit() for c in page.inner_text("#lidbox"))
    page.click("#howtokey")
    text = page.inner_text("#howto")
    assert "grid" in text and "token" in text and "blue for the first die" in text
    assert watch.errors == []
