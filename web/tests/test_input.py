"""No lost input: every click and key is one press, queued and held as long
as the buttons' debounce needs, as `press` holds it."""
import time

import pytest

from host_sim import hw, press

hw.install()

SETTLE_MS = 3000


def sim_oled(tmp_path, setup, keys):
    s = press.start("pico_pca9685", str(tmp_path), setup)
    s.keys(" ".join(keys))
    s.run(SETTLE_MS)
    return s


@pytest.mark.alone  # the clicks must come 30 ms apart
def test_ten_clicks_30_ms_apart_are_ten_presses(contexts, tmp_path):
    page, watch = contexts("")  # the setup menu, real time: NEXT steps through its 4 items
    box = page.locator('button[data-key="n"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    t0 = time.monotonic()
    for i in range(10):
        while time.monotonic() < t0 + 0.03 * i:
            time.sleep(0.002)
        page.mouse.click(x, y)
    assert time.monotonic() - t0 < 0.6  # the clicks came about 30 ms apart
    page.wait_for_function("window.macroscope.presses().next === 10 && document.body.dataset.quiet === '1'",
                           timeout=20000)
    s = sim_oled(tmp_path, None, ["n"] * 10)
    assert page.evaluate("window.macroscope.oledText()") == s.emu.oled.text(blank=".", ink="#")
    assert watch.errors == []


def test_undo_right_after_a_long_undo_is_taken(contexts, tmp_path):
    page, watch = contexts("?players=3&seed=5&speed=4")
    for k in "ro":
        page.click('button[data-key="%s"]' % k, force=True)
    page.click('button[data-key="U"]', force=True)  # the menu...
    page.click('button[data-key="u"]', force=True)  # ...and at once UNDO: back out of it
    page.wait_for_function("window.macroscope.presses().undo === 2 && document.body.dataset.quiet === '1'",
                           timeout=20000)
    s = sim_oled(tmp_path, {"players": 3, "rules": "standard", "seed": 5}, ["r", "o", "U", "u"])
    assert s.dev.ctl.mode == 1  # play again (controller.M_PLAY)
    assert page.evaluate("window.macroscope.oledText()") == s.emu.oled.text(blank=".", ink="#")
    assert watch.errors == []


def test_keys_typed_fast_are_each_a_press(contexts, tmp_path):
    page, watch = contexts("?speed=4")
    page.keyboard.type("nnnnnno", delay=20)
    page.wait_for_function("window.macroscope.presses().next === 6 && window.macroscope.presses().ok === 1 "
                           "&& document.body.dataset.quiet === '1'", timeout=20000)
    s = sim_oled(tmp_path, None, ["n"] * 6 + ["o"])
    assert page.evaluate("window.macroscope.oledText()") == s.emu.oled.text(blank=".", ink="#")
    assert watch.errors == []
