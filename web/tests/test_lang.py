"""The page in English, Simplified and Traditional Chinese: ?lang= and the
selector, the page's own words (texts, controls' names, help, status line),
the device speaking the same language, the choice kept across reloads, and
the two Chinese scripts never mixed."""
import re

import pytest

from tools import deck as decks
from tools import texts
from web import browser
from web.tests.test_page import click_keys

GAME = "?players=3&seed=5&speed=4"
# the status line at the first roll, the device's screen's words after ROLL
# and OK, what the live region says then, the ROLL button's name
SPEAKS = {
    "en": ("Round 1, seat 1's turn: roll the dice.", "OK: open", "Round 1 of 10. Seat 1's turn. Decide.", "ROLL (key r)"),
    "zh-hans": ("第1回合，轮到座位1：掷骰。", "OK开窗", "第1回合，共10回合。轮到座位1。决定下一步。", "ROLL：掷骰（按键 r）"),
    "zh-hant": ("第1回合，輪到座位1：擲骰。", "OK開窗", "第1回合，共10回合。輪到座位1。決定下一步。", "ROLL：擲骰（按鍵 r）"),
}
HTML_LANG = {"en": "en", "zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}
# Latin a Chinese page keeps: the buttons' and keys' names as printed on the
# lid, the game's name, codes, the OLED's seat names (P1), and what the
# browser itself writes
LATIN = {"ROLL", "NEXT", "OK", "PASS", "UNDO", "Shift", "U", "N", "Macroscope", "make", "web", "HTTP", "zh", "cn",
         "English", "P", "x", "r", "n", "o", "p", "u", "c", "b", "Choose", "File", "No", "file", "chosen"}

WORDS = """() => {
  const out = [document.title, document.body.innerText];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); // the closed dialogs too
  while (walk.nextNode()) if (!walk.currentNode.parentElement.closest("script, #lang")) out.push(walk.currentNode.data);
  for (const e of document.querySelectorAll("[aria-label]")) out.push(e.getAttribute("aria-label"));
  for (const o of document.querySelectorAll("option")) if (!o.parentElement.matches("#lang")) out.push(o.textContent);
  return out.join("\\n");
}"""


def speaking(page, code, any_seat=False):
    """Wait until the page speaks language code: its html lang and status line
    (any_seat: up to the seat's number, a game with a fresh seed's first)."""
    s = SPEAKS[code][0]
    if any_seat:
        s = s[:s.index("1", 3)]
    page.wait_for_function("([l, s]) => document.documentElement.lang === l && "
                           "document.getElementById('status').textContent.startsWith(s)",
                           arg=[HTML_LANG[code], s], timeout=10000)


def chinese_only(code, words):
    """The page's words in language code: no English word but LATIN, no form
    of the other script (OpenCC, as the device's tables are checked). The
    selector's names of the languages are each in its own script."""
    for name in ("English", "简体中文", "繁體中文"):
        words = words.replace(name, "")
    left = sorted(set(re.findall(r"[A-Za-z]+", words)) - LATIN)
    assert left == [], "%s: English left on the page: %s" % (code, left)
    for line in words.split("\n"):
        own = texts.own_script(code, line)
        assert own == line, "%s: the other script's forms in %r (own: %r)" % (code, line, own)


@pytest.mark.parametrize("code", ["en", "zh-hans", "zh-hant"])
def test_each_language_speaks_the_page_and_the_device(contexts, code):
    page, watch = contexts(GAME + "&lang=" + code)
    speaking(page, code)
    status, word, said, roll = SPEAKS[code]
    assert page.get_attribute('button[data-key="r"]', "aria-label") == roll
    assert page.evaluate("document.getElementById('lang').value") == code
    page.click("#howtokey")
    assert page.is_visible("#howto")
    page.keyboard.press("Escape")
    click_keys(page, ["r", "o"])
    page.wait_for_function("(w) => document.body.dataset.screen.includes(w)", arg=word)  # the OLED speaks it
    assert page.inner_text("#screen").startswith(said)  # the live region: the game in words
    words = page.evaluate(WORDS)
    if code == "en":
        assert "Windows open:" in page.inner_text("#lidsays") and "How to play" in words
    else:
        assert ("打开的视窗" if code == "zh-hans" else "打開的視窗") in page.inner_text("#lidsays")
        assert page.get_attribute("#lid g[data-window='1']", "aria-label").startswith("视窗1" if code == "zh-hans" else "視窗1")
        chinese_only(code, words)
    assert "lang=" + code in page.url  # a language in the address stays there: a shared link carries it
    assert watch.errors == []


def test_the_selector_switches_page_and_device_and_the_choice_is_kept(contexts):
    page, watch = contexts(GAME)
    speaking(page, "en")
    page.select_option("#lang", "zh-hant")
    speaking(page, "zh-hant")
    page.wait_for_function("document.body.dataset.screen.includes('擲骰')")
    assert page.get_attribute('button[data-key="u"]', "aria-label").startswith("UNDO：撤回")
    assert page.get_attribute('button[data-key="3"]', "aria-label") == "座位3（按鍵 3）"
    assert "lang=zh-hant" in page.url
    bare = page.url.split("?")[0]
    page.goto(bare)  # a reload without ?lang=: the choice kept, as the game is
    page.wait_for_function("document.body.dataset.ready === '1'")
    speaking(page, "zh-hant")
    page.wait_for_function("document.body.dataset.screen.includes('擲骰')")
    page.once("dialog", lambda d: d.accept())  # it asks before it ends the game in play
    with page.expect_navigation():
        page.click("#newgame button[type=submit]")  # the flash cleared, settings and all: the page still knows
    page.wait_for_function("document.body.dataset.ready === '1'")
    speaking(page, "zh-hant", any_seat=True)  # no seed given: a fresh game
    page.wait_for_function("document.body.dataset.screen.includes('擲骰')")
    page.select_option("#lang", "en")
    speaking(page, "en", any_seat=True)
    # the device's own words follow too, once its message of the resume in Chinese has gone
    page.wait_for_function("document.body.dataset.screen.includes('ROLL') && !/[\\u4e00-\\u9fff]/.test(document.body.dataset.screen)")
    assert not re.search(r"[\u4e00-\u9fff]", page.evaluate(WORDS).replace("简体中文", "").replace("繁體中文", ""))
    page.goto(bare)
    page.wait_for_function("document.body.dataset.ready === '1'")
    speaking(page, "en", any_seat=True)
    assert watch.errors == []


def test_a_page_never_chosen_follows_the_device_and_its_menu(contexts):
    """No choice made: the device speaks its preset's language (zh-cn:
    Simplified) and the page with it; the device menu's Lang line is a choice
    the page follows and keeps."""
    page, watch = contexts("?speed=4")  # the setup menu
    page.wait_for_function("document.body.dataset.screen.includes('Seats')")
    assert page.evaluate("document.documentElement.lang") == "en"
    click_keys(page, ["n", "o"])  # Rules: family
    click_keys(page, ["o", "o"])  # summary, zh-cn: the preset's language
    page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
    assert page.evaluate("localStorage.getItem('macroscope.lang')") is None  # followed, not chosen
    click_keys(page, ["n", "n", "n", "o"])  # Lang: the next after 简体中文
    page.wait_for_function("document.documentElement.lang === 'zh-Hant'")
    assert page.evaluate("localStorage.getItem('macroscope.lang')") == "zh-hant"
    assert page.evaluate("document.getElementById('lang').value") == "zh-hant"
    assert watch.errors == []


def test_a_bad_lang_is_named_and_the_selector_mends_it(contexts):
    page, watch = contexts(GAME + "&lang=fr", wait=False)
    page.wait_for_function("!!document.body.dataset.error", timeout=30000)
    err = page.evaluate("document.body.dataset.error")
    assert err == 'URL parameter lang: one of en, zh-hans, zh-hant, got "fr"'
    assert page.inner_text("#status") == err and page.evaluate("document.body.dataset.ready") is None
    page.select_option("#lang", "zh-hans")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=30000)
    assert "lang=zh-hans" in page.url and page.evaluate("document.body.dataset.error") is None
    speaking(page, "zh-hans")
    assert watch.errors == [err]  # said once, on the console too


def test_a_bad_parameter_is_named_in_the_language_asked_for(contexts):
    page, watch = contexts("?lang=zh-hant&players=9", wait=False)
    page.wait_for_function("!!document.body.dataset.error", timeout=30000)
    assert page.evaluate("document.body.dataset.error") == "網址參數 players：應為 2 到 6 的整數，收到「9」"
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"


def test_every_page_text_in_each_script(chromium, site):
    """The whole table, not only what one game shows: each Chinese text in
    its own script, every {value} of the English kept."""
    page = chromium.new_page()
    try:
        page.goto(site + "?lang=en")
        rows = page.evaluate("import('./i18n.mjs').then((m) => m.T)")
    finally:
        page.close()
    assert len(rows) > 80
    for key, (en, hans, hant) in rows.items():
        for code, s in (("zh-hans", hans), ("zh-hant", hant)):
            for one in s if isinstance(s, list) else [s]:
                assert texts.own_script(code, one) == one, (key, code, one)
        if isinstance(en, str):
            assert set(re.findall(r"\{\w+\}", en)) == set(re.findall(r"\{\w+\}", hans)) == set(re.findall(r"\{\w+\}", hant)), key


def test_the_epaper_board_names_the_picture_in_the_language_chosen(contexts):
    """pico_epaper in 繁體中文: at the reveal the status line says OK shows
    the picture (no card to pull on this board), then that it is shown; the
    panel's name strip is the card's Traditional name, drawn with the deck's
    glyphs."""
    from host_sim.tests.epaper_util import name_bytes
    from drivers.card_layout import NAME_H, NAME_Y, ROW
    from drivers.deck import Deck
    page, watch = contexts("?board=pico_epaper&players=3&seed=5&speed=4&lang=zh-hant")
    browser.wait_ms(page, 4000)  # the first full refresh
    active = page.evaluate("JSON.parse(document.body.dataset.state).active")
    click_keys(page, ["r", "o", str(active), "o"])  # a guess, the call closed: the reveal
    page.wait_for_function("document.getElementById('status').textContent.includes('輪到座位%d：按 OK 揭曉圖片')" % active)
    click_keys(page, ["o"])  # the second press: every window shown
    page.wait_for_function("document.getElementById('status').textContent.includes('圖片已揭曉，核對猜測')")
    browser.wait_ms(page, 8000)  # the panel's refreshes
    glass = bytes.fromhex(page.evaluate("window.macroscope.epaperHex()"))
    strip = glass[NAME_Y * ROW:(NAME_Y + NAME_H) * ROW]
    d = Deck(decks.DEMO)
    shown = [c for c in range(d.count) if name_bytes(d.name(c, 2), d.glyph) == strip]
    assert len(shown) == 1 and strip != b"\xff" * len(strip)
    c = shown[0]
    assert name_bytes(d.name(c), d.glyph) != strip  # not the English name
    assert watch.errors == []
