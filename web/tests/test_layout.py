"""One screen from phones to desktops: at each size, nothing sticks out of the
device's frame, no sideways scrolling, every control inside the viewport;
a finger held on UNDO opens the menu as on the device."""
import pytest

from web import browser

SIZES = [(390, 844), (844, 390), (768, 1024), (1280, 800), (360, 740), (1920, 1080)]
CHINESE = [(360, 740, "zh-hant"), (844, 390, "zh-hans")]  # the smallest phone and a phone on its side


@pytest.mark.parametrize("width, height, lang", [s + ("en",) for s in SIZES] + CHINESE)
def test_the_device_fits_the_screen(contexts, width, height, lang):
    page, watch = contexts("?players=6&seed=1&lang=" + lang, width, height)
    got = page.evaluate("""() => {
      const frame = document.getElementById('device').getBoundingClientRect(), out = [];
      const inside = (r, b) => r.left >= b.left - 0.5 && r.top >= b.top - 0.5 && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5;
      const view = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
      for (const e of document.querySelectorAll('#device button, #device canvas, #device svg#lid, #slot, #card')) {
        const r = e.getBoundingClientRect();
        if (!r.width && !r.height) continue; // not shown (the e-paper panel on this board)
        if (!inside(r, frame)) out.push('out of the frame: ' + (e.dataset.key || e.id));
        if (e.matches('button[data-key], #oled') && !inside(r, view)) out.push('out of the viewport: ' + (e.dataset.key || e.id));
        if (e.matches('button[data-key]') && (r.width < 40 || r.height < 40)) out.push('too small to touch: ' + e.dataset.key);
      }
      if (document.documentElement.scrollWidth > innerWidth) out.push('sideways scroll: ' + document.documentElement.scrollWidth);
      return out; }""")
    assert got == []
    landscape = width > height
    lid = page.locator("#lid").bounding_box()
    oled = page.locator("#oled").bounding_box()
    if landscape:
        assert oled["x"] >= lid["x"] + lid["width"]  # the screen beside the lid
    else:
        assert oled["y"] >= lid["y"] + lid["height"]  # below it
    assert lid["width"] >= 0.6 * min(width, 1200) * (0.55 if landscape else 1) - 80
    assert watch.errors == []


def test_a_finger_held_on_undo_opens_the_menu(chromium, site):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        page.goto(site + "?players=3&seed=5&speed=4")
        page.wait_for_function("document.body.dataset.ready === '1'")
        box = page.locator('button[data-key="u"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = ctx.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        browser.wait_ms(page, 1200)  # held past the 0.8 s long press
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        browser.wait_ms(page, 1000)
        assert page.evaluate("window.macroscope.mode") == 2  # the device menu
        assert page.evaluate("window.macroscope.presses().undo") == 1
        assert "cards left" in page.evaluate("document.body.dataset.screen")  # the menu's title
    finally:
        ctx.close()
