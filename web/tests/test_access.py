"""Accessible: every control named, the screen's own words and the lid's
state in live regions, a visible focus ring; a game played by keyboard alone
reads right in Playwright's accessibility snapshot after every key."""
import re

from host_sim import hw
from web import browser
from web.tests.test_page import page_state, sim_state

hw.install()
from emu.session import HOLD_MS, LONG_MS, REACT_MS  # noqa: E402

NAMES = {"1": "Seat 1", "3": "Seat 3", "6": "Seat 6", "u": "UNDO, hold for the menu", "r": "ROLL",
         "U": "UNDO held: the menu", "c": "Pull card out"}


def test_every_control_has_a_name_and_a_focus_ring(contexts):
    page, watch = contexts("?players=3&seed=5")
    for key, name in NAMES.items():
        b = page.get_by_role("button", name=re.compile("^" + re.escape(name)))
        assert b.count() == 1 and b.get_attribute("data-key") == key
    assert page.get_by_role("button", name="How to play").count() == 1
    page.keyboard.press("Tab")
    for _ in range(30):  # Tab on to the device's buttons
        if page.evaluate("document.activeElement.matches('button[data-key]:not([data-key=c])')"):
            break
        page.keyboard.press("Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineWidth")
    assert float(ring[:-2]) >= 2
    page.keyboard.press("Enter")  # a focused button pressed by Enter
    browser.wait_ms(page, HOLD_MS + REACT_MS)
    assert sum(page.evaluate("window.macroscope.presses()").values()) == 1
    assert watch.errors == []


def test_a_game_by_keyboard_alone_reads_right(contexts, tmp_path):
    s, keys = browser.whole_game(str(tmp_path) + "/", 2, "family", 4, limit=45)
    page, watch = contexts("?players=2&rules=family&seed=4&speed=4")
    for k in keys:
        page.keyboard.press(k)
        t = int(page.evaluate("document.body.dataset.ms"))
        gesture = 0 if k == "c" else LONG_MS if k == "U" else HOLD_MS
        page.wait_for_function("+document.body.dataset.ms >= %d" % (t + gesture + REACT_MS))
        snap = page.locator("body").aria_snapshot()
        said = page.inner_text("#screen")
        assert said and said in snap.replace('"', "")  # the game in words (test_spoken follows them)
        assert page.inner_text("#status") in snap
        says = page.inner_text("#lidsays")
        assert says in snap and re.match(r"(Windows open: [\d, ]+\.|Every window closed\.)", says)
        drawn = page.eval_on_selector_all("#lid g.open, #lid g.moving", "gs => gs.map(g => +g.dataset.window)")
        assert says.startswith("Windows open: %s." % ", ".join(map(str, drawn)) if drawn else "Every window closed.")
    assert page_state(page) == sim_state(s)
    assert watch.errors == []


def contrast(a, b):
    def lum(rgb):
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_text_contrast_and_reduced_motion(chromium, site):
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(site + "?players=3&seed=5")
        page.wait_for_function("document.body.dataset.ready === '1'")
        rgb = """(sel) => { const s = getComputedStyle(document.querySelector(sel));
          return [s.color, s.backgroundColor].map((c) => c.match(/\\d+/g).slice(0, 3).map(Number)); }"""
        text, _ = page.evaluate(rgb, "#status")
        _, ground = page.evaluate(rgb, "body")
        assert contrast(text, ground) >= 4.5  # WCAG AA
        text, ground = page.evaluate(rgb, "#table")
        assert contrast(text, ground) >= 4.5
        assert page.evaluate("getComputedStyle(document.getElementById('card')).transitionDuration") == "0s"
    finally:
        ctx.close()
