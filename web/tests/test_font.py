"""The page ships its own CJK font, cut at build time to the characters it
uses: every character of the page's Chinese (its texts, the rules, the
firmware's tables) is in it, and a Chinese page sets its text in it, so no
machine without a CJK font shows tofu."""
import os
import re

from fontTools.ttLib import TTFont

from host_sim import ROOT
from web import build

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")  # style.css's unicode-range


def chinese(path):
    with open(path, encoding="utf-8") as f:
        return set(CJK.findall(f.read()))


def deck_names():
    """The Chinese of every picture's name in the firmware's deck, as the reveal names it."""
    from host_sim import press
    press.install()  # the firmware's modules on CPython (its deflate, micropython)
    from drivers.deck import Deck
    d = Deck(os.path.join(ROOT, "firmware", "decks", "demo.deck"))
    got = set()
    for k in range(d.count):
        for lang in (1, 2):
            got |= set(CJK.findall(d.name(k, lang)))
    assert len(got) > 200  # 241 pictures, named in both scripts
    return got


def test_the_built_font_covers_every_chinese_character_of_the_page(built):
    font = TTFont(os.path.join(built, build.FONT))
    has = font.getBestCmap()
    used = set()
    for name in ("i18n.mjs", "gamewords.mjs", "index.html", "rules.zh-hans.html", "rules.zh-hant.html"):
        used |= chinese(os.path.join(built, name))
    for name in ("zh_hans.py", "zh_hant.py"):  # what the firmware says, in the live region and status line
        used |= chinese(os.path.join(ROOT, "texts", name))
    assert len(used) > 400
    used |= deck_names()
    missing = sorted(c for c in used if ord(c) not in has)
    assert missing == [], "not in %s: %s" % (build.FONT, "".join(missing))
    assert len(has) < 2 * len(used) + 300  # cut to the page's characters, not the whole font
    assert os.path.getsize(os.path.join(built, build.FONT)) < 300 * 1024
    assert "OFL" in open(os.path.join(built, "cjk.LICENSE.txt"), encoding="utf-8").read()


def test_a_chinese_page_is_set_in_the_shipped_font(contexts, tmp_path):
    page, watch = contexts("?players=3&seed=5&speed=4&lang=zh-hant", width=1000, height=800)
    page.wait_for_function("document.fonts.ready.then(() => true)")
    page.wait_for_function("[...document.fonts].some((f) => f.family.includes('Macroscope CJK') && f.status === 'loaded')")
    cdp = page.context.new_cdp_session(page)  # the fonts Chromium drew the heading with
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    for sel in ("h1", "#status", "#newgame select", "#picture"):  # form controls too: they inherit no font
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": sel})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        cjk = [f for f in fonts if "Noto Sans SC" in f["familyName"] or "Noto Sans SC" in f.get("postScriptName", "")]
        assert cjk and cjk[0]["isCustomFont"], (sel, fonts)
    page.screenshot(path=str(tmp_path / "zh-hant.png"))
    assert watch.errors == []
