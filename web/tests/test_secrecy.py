"""The card stays secret: a picture of one solid colour, loaded through the
page's own chooser, shows nowhere on the page but through the windows the
firmware has open and, once pulled out, on the card itself. A screenshot of
every phase of a turn, of a power cut and of a reload is searched for it."""
import io
import json
import time

import pytest

from PIL import Image

from web import browser

MAGENTA = (255, 0, 255)
SPEED = 4


def solid_png(path):
    Image.new("RGB", (40, 30), MAGENTA).save(path)
    return str(path)


def magenta_outside(page, allow_card=False):
    """(pixels of the picture's colour outside what may show it, inside it)."""
    where = """(card) => {
      // the windows the game has open (rules state), not what the page draws
      const m = window.macroscope, st = JSON.parse(document.body.dataset.state || 'null'),
        open = new Set(st ? st.open : []);
      // while the page (re)loads there is no model yet: then nothing may show it
      const out = m && m.lid ? m.lid.windowRects().filter((r, i) => open.has(i + 1)) : [];
      if (card) { const c = document.getElementById('card').getBoundingClientRect();
        out.push({x: c.x + scrollX, y: c.y + scrollY, w: c.width, h: c.height}); }
      return out; }"""
    # what may show it just before the shot and just after: a flap or the
    # card moving between the two is allowed at either place
    boxes = page.evaluate(where, allow_card)
    img = Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")
    boxes += page.evaluate(where, allow_card)
    # device pixels: the screenshot is at devicePixelRatio 1
    px = img.load()
    w, h = img.size
    outside = inside = 0
    for y in range(0, h):
        for x in range(0, w):
            r, g, b = px[x, y]
            if r > 200 and b > 200 and g < 80:
                if any(bx["x"] - 2 <= x <= bx["x"] + bx["w"] + 2 and bx["y"] - 2 <= y <= bx["y"] + bx["h"] + 2
                       for bx in boxes):
                    inside += 1
                else:
                    outside += 1
    return outside, inside


def click(page, key, ms=400):
    page.click('button[data-key="%s"]' % key, force=True)
    browser.wait_ms(page, ms)


def test_a_solid_picture_shows_only_through_open_windows_and_on_the_pulled_card(contexts, tmp_path):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED, 390, 844)
    page.set_input_files("#ownpicture", solid_png(tmp_path / "solid.png"))
    page.wait_for_function("document.querySelector('#lid image').getAttribute('href').startsWith('data:')")
    browser.wait_ms(page, 1500)
    assert magenta_outside(page) == (0, 0)  # every window shut: nothing of it
    click(page, "r")
    assert magenta_outside(page) == (0, 0)  # lit, still shut
    page.click('button[data-key="o"]', force=True)
    seen_moving = False
    for _ in range(6):  # the flap swinging open
        out, _in = magenta_outside(page)
        assert out == 0
        seen_moving |= page.evaluate("document.querySelectorAll('#lid g.moving').length") > 0
    browser.wait_ms(page, 1500)
    out, inside = magenta_outside(page)
    assert out == 0 and inside > 300  # window open: the picture through it
    page.click('button[data-key="c"]', force=True)  # pulled out before the reveal: the lid closes
    for _ in range(4):
        out, _in = magenta_outside(page, allow_card=True)
        assert out == 0
    browser.wait_ms(page, 1500)
    out, inside = magenta_outside(page, allow_card=True)
    assert out == 0 and inside > 300  # the card's face, and only there
    click(page, "c", 1500)
    out, inside = magenta_outside(page)
    assert out == 0 and inside > 300  # back in: its back shows, the window opens again
    # a power cut: the lid stays shut until the firmware's boot close-all is done
    page.click("#power")
    t0 = time.monotonic()
    while time.monotonic() - t0 < 1.5:
        assert magenta_outside(page)[0] == 0
    # a reload: the picture and the game are kept, and the page boots shut
    page.reload()
    t0 = time.monotonic()
    shots = 0
    while time.monotonic() - t0 < 2.0 or shots < 3:  # 2 s and at least 3 looks, on a loaded machine too
        assert magenta_outside(page)[0] == 0
        shots += 1
    assert page.evaluate("document.body.dataset.ready") == "1"
    assert watch.errors == []


def test_the_slot_shows_the_cards_back_while_it_is_in(contexts):
    page, watch = contexts("?players=3&seed=5&speed=%d" % SPEED)
    back = page.evaluate("getComputedStyle(document.getElementById('card')).backgroundImage")
    assert "data:" not in back and "gradient" in back
    click(page, "c", 600)
    face = page.evaluate("getComputedStyle(document.getElementById('card')).backgroundImage")
    assert "data:image/png" in face
    assert watch.errors == []


def deck_names(d, index):
    """Deck d's picture index: its names in every language."""
    return {d.name(index, k) for k in range(3)}


def cards_of(seed, n=2):
    """The deck indices of a seed-only game's first n cards: its order."""
    from host_sim import hw
    hw.install()
    from game.shuffle import deck_order
    from drivers.deck import Deck
    from host_sim import FIRMWARE
    d = Deck(FIRMWARE + "/decks/demo.deck")
    return list(deck_order(seed, d.count)[:n]), d


def named_in(page, names, requests):
    """Where the page names any of names: its HTML (attributes, inline CSS)
    with data: URLs left out, the stylesheet rules, the URLs it fetched."""
    import re
    html = re.sub(r"data:[^\"')]*", "", page.content())
    css = page.evaluate("[...document.styleSheets].flatMap(s => [...s.cssRules].map(r => r.cssText)).join('\\n')")
    css += page.evaluate("getComputedStyle(document.getElementById('card')).backgroundImage.slice(0, 40)")
    found = []
    for n in names:
        pat = re.compile(r"\b%s\b" % re.escape(n)) if n.isascii() else re.compile(re.escape(n))
        for where, text in (("html", html), ("css", css), ("urls", "\n".join(requests))):
            if pat.search(text):
                found.append((n, where))
    return found


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_no_picture_is_named_before_its_reveal_and_the_reveal_names_it(contexts, lang):
    """Card 1 and card 2 of a game: neither named anywhere in the page until
    card 1 is revealed; then card 1 is, large and in the page's language, in
    the status line, the lid's live region and body.dataset.picture; card 2
    still is not."""
    (first, second), d = cards_of(5)
    k = ["en", "zh-hans", "zh-hant"].index(lang)
    requests = []
    page, watch = contexts("?players=3&seed=5&speed=%d&lang=%s" % (SPEED, lang), wait=False)
    page.on("request", lambda r: requests.append(r.url))
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=30000)
    hidden = deck_names(d, first) | deck_names(d, second)
    assert page.evaluate("document.body.dataset.picture") == ""
    opts = page.evaluate("[...document.querySelectorAll('#picture option')].map(o => o.value)")
    assert opts == ["", "own"]  # a new one for each card, or your own: never the answers
    active = json.loads(page.evaluate("document.body.dataset.state"))["active"]
    for keys in (["r"], ["o"], [str(active)], ["o"]):  # roll, open, guess, close the call
        for key in keys:
            click(page, key, 700)
        assert named_in(page, hidden, requests) == []
        assert page.evaluate("document.body.dataset.picture") == ""
    assert page.is_hidden("#reveal")
    click(page, "c", 1200)  # the card pulled out: the reveal
    name = d.name(first, k)
    assert page.evaluate("document.body.dataset.picture") == name
    assert name in page.inner_text("#status") and name in page.inner_text("#lidsays")
    assert page.inner_text("#reveal figcaption") == name and page.get_attribute("#reveal img", "alt") == name
    box = page.locator("#reveal img").bounding_box()
    assert box["width"] >= 300 and box["height"] >= 200  # the whole card, large (not a 38 px sliver)
    assert named_in(page, deck_names(d, second), requests) == []
    click(page, "o", 700)  # nobody was right
    click(page, "c", 1200)  # the next card goes in: the name goes with the card
    assert page.evaluate("document.body.dataset.picture") == ""
    assert page.is_hidden("#reveal") and named_in(page, deck_names(d, second), requests) == []
    assert watch.errors == []


def test_the_reveal_shows_and_names_the_whole_picture_on_the_epaper_board(contexts):
    page, watch = contexts("?players=3&seed=5&speed=%d&board=pico_epaper" % SPEED)
    active = json.loads(page.evaluate("document.body.dataset.state"))["active"]
    for key in ["r", "o", str(active), "o"]:
        click(page, key, 900)
    assert page.evaluate("document.body.dataset.picture") == ""  # the reveal, veiled: OK shows it
    click(page, "o", 4000)
    name = page.evaluate("document.body.dataset.picture")
    assert name and name in page.inner_text("#status")
    assert watch.errors == []


def test_new_game_with_no_seed_deals_a_new_game_each_time(contexts):
    page, watch = contexts("?speed=%d" % SPEED)
    page.on("dialog", lambda d: d.accept())  # the second New game ends the first game: it asks
    seeds = []
    for _ in range(2):
        assert page.input_value("#newgame input[name=seed]") == ""
        with page.expect_navigation():
            page.click("#newgame button[type=submit]")
        page.wait_for_function("document.body.dataset.ready === '1' && document.body.dataset.state !== 'null'",
                               timeout=30000)
        head = page.evaluate("new TextDecoder().decode(window.macroscope.flash.read('game.jnl')).split('\\n')[0]")
        h = json.loads(head[4:head.rindex("}") + 1])  # the journal's header: its seed and deck secret
        seeds.append((h["seed"], h["secret"]))
    assert seeds[0][0] != seeds[1][0] and seeds[0][1] != seeds[1][1] and seeds[0][1] >= 1 << 32
    assert watch.errors == []
