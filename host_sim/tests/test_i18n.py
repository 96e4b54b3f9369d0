"""The device's Chinese texts: every English text of the firmware has a
translation in each table, every character of every translation is in the
glyph file, none runs off the 128x64 panel (read back from the emulated
SSD1306), and Simplified and Traditional forms do not mix."""
import ast
import os
import re

import pytest

from host_sim import FIRMWARE, hw
from tools import texts

hw.install()
from app import glyphs, lang, lines  # noqa: E402
from app.glyphs import Glyphs  # noqa: E402

APP = os.path.join(FIRMWARE, "app")
CHINESE = lang.LANGS[1:]
FONT = os.path.join(FIRMWARE, glyphs.FONT)
ROOT = os.path.join(FIRMWARE, "")
GOAL_FONT = 24576  # make bench: font_cjk_bytes
# the texts that the OLED shows through a call of one of these with a literal
CALLS = ("tr", "say", "refuse", "side", "_side", "text", "seats", "block")
# module-level tuples of texts (menus' lines, the status line's phases)
TUPLES = {"mode/setup.py": ("ROWS", "TITLE"), "mode/menu.py": ("ROWS",),
          "mode/play.py": ("_NOT_NOW", "_NO_MORE"), "slot.py": ("UNSEEN",)}
MESSAGES = ("mode/play.py", "slot.py")  # their tuples' texts are refusals
# the panel beside the grid (app.screens_play._side): 62 pixels wide
SIDE = ("no dice", "ROLL", "NEXT:", "no roll", "deck%3d", "NEXT OK", "opens", "OK:open", "PASS:", "end",
        "%d:guess", "PASS", "N=%d", "call:", "tie:", "OK:done")
# texts wrapped into a box: (width, height) in Chinese
BOXES = {"message": (120, 24), "prompt": (128, 20), "reload": (128, 48), "calib": (128, 28)}
PROMPTS = ("Pull the card and show it", "Who was right? Seat, or OK: none", "OK shows the picture", "Pull the card",
           "Insert the card", "Insert next card", "Swap the card")
RELOAD = "DECK EMPTY. Reload the 200 cards, discard the top one (the blocker), then press OK."
CALIB = "OK +20 PASS -20 ROLL end NEXT win UNDO: done"
# wide values for each conversion: seat, window, round, N (<= 12), deck (%3d), a phase (%s)
WIDEST = {"%d": "12", "%3d": "199", "%s": "123"}


def _texts(node):
    """The literal texts an argument can be: a literal, one filled in with %,
    either side of an `if`, the argument of tr()."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        yield from _texts(node.left)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _texts(node.left)
        yield from _texts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body)
        yield from _texts(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for v in node.values:
            yield from _texts(v)
    elif isinstance(node, ast.Tuple):
        for v in node.elts:
            yield from _texts(v)
    elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "tr":
        yield from _texts(node.args[0])


def _literals():
    """{English text: the messages' or the screens' use} of every literal
    the firmware passes through the language (app.selftest, run from a
    computer's REPL, speaks English)."""
    out = {}
    for f in sorted(os.listdir(APP)) + ["mode/" + m for m in sorted(os.listdir(os.path.join(APP, "mode")))]:
        if not f.endswith(".py") or f.startswith("text_") or f == "selftest.py":
            continue
        tree = ast.parse(open(os.path.join(APP, f), encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                fn = node.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if name not in CALLS:
                    continue
                for arg in node.args:
                    for t in _texts(arg):
                        if _wordy(t) or name == "tr":
                            out[t] = "message" if name in ("say", "refuse") else out.get(t, "screen")
            elif isinstance(node, ast.FunctionDef) and node.name == "blocked":  # the card slot's prompts
                for r in ast.walk(node):
                    if isinstance(r, ast.Return) and r.value is not None:
                        out.update((t, "screen") for t in _texts(r.value) if _wordy(t))
            elif isinstance(node, ast.Assign) and f in TUPLES:
                if any(isinstance(t, ast.Name) and t.id in TUPLES[f] for t in node.targets):
                    use = "message" if f in MESSAGES else "screen"
                    out.update((t, use) for t in _texts(node.value) if _wordy(t))
    from app import settings
    out.update((t, "screen") for t in settings.PRESETS + settings.DICE)  # the setup menu's values
    from game import engine
    out.update((t, "screen") for t in engine.PHASES)  # the top band's phase word (app.screens.PHASE)
    from game import rules
    out.update((t, "screen") for t in rules.ABOUT)  # its title line: what the preset changes
    return out


def _wordy(s):
    """A text to translate: it has a word (not "-", "N=", "%d. P%d %d")."""
    return re.search("[A-Za-z]{2}", re.sub("%[0-9]*[ds]", "", s)) is not None


def _filled(s, seat=False):
    """s with its conversions filled in by their widest values (a seat: 6)."""
    return re.sub("%[0-9]*[ds]", lambda m: "6" if seat else WIDEST[m.group(0)], s)


def test_the_firmware_texts_are_found():
    found = _literals()
    # a planted miss of the scan would hide untranslated texts
    for s in ("Press ROLL first", "Undone", "Seats", "roll", "OK: open", "GAME OVER", "In: ", "Who was right? Seat, or OK: none"):
        assert s in found, s
    assert len(found) > 70


@pytest.mark.parametrize("code", CHINESE)
def test_every_english_text_has_a_translation(code):
    t = texts.source(code)
    from game.reasons import TEXT
    missing = sorted(s for s in _literals() if s not in t)
    assert not missing, "%s: no translation for %s" % (code, missing)
    unused = sorted(k for k in t if k not in _literals() and k not in TEXT.values() and k not in lang.NAMES)
    assert not unused, "%s: translations of texts the firmware no longer has: %s" % (code, unused)


@pytest.mark.parametrize("code", CHINESE)
def test_translations_fill_in_the_same_values_in_the_same_order(code):
    for k, v in texts.source(code).items():
        if v:  # "" leaves a line out
            assert re.findall("%[0-9]*[ds]", k) == re.findall("%[0-9]*[ds]", v), (k, v)


def test_the_glyph_file_holds_every_character_of_every_table_within_its_budget():
    assert os.path.getsize(FONT) <= GOAL_FONT
    g = Glyphs(FONT)
    try:
        for code in CHINESE:
            for v in list(texts.source(code).values()) + list(lang.NAMES):
                missing = [ch for ch in v if ord(ch) > 127 and g.find(ord(ch)) < 0]
                assert not missing, "%s: %r has no glyph for %s: make font" % (code, v, missing)
        assert g.find(ord("A")) == -1 and g.find(0x4E00 - 1) == -1
    finally:
        g.close()


def test_glyph_file_lookup_finds_each_stored_glyph():
    g = Glyphs(FONT)
    try:
        codes = list(g.codes)
        assert codes == sorted(codes) and len(codes) == g.n
        for i, cp in enumerate(codes):
            assert g.find(cp) == i
            assert any(g.load(i)), chr(cp)  # every glyph has ink
    finally:
        g.close()


def _panel():
    """A cleared emulated panel and the firmware's driver on it."""
    cfg, emu, h = hw.boot("pico_pca9685")
    h.oled.fill(0)
    h.oled.show()
    return emu.oled, h.oled


def _drawn(w, h, draw):
    """The lit pixels a drawing leaves on the emulated 128x64 panel, and in a
    frame buffer four times as large: what ran off the panel is missing."""
    import framebuf
    panel, oled = _panel()
    draw(oled)
    oled.show()
    on_panel = sum(panel.lit(x, y) for y in range(64) for x in range(128))
    big = framebuf.FrameBuffer(bytearray(512 * 32), 512, 256, framebuf.MONO_VLSB)
    big.width = 512
    draw(big)
    in_big = sum(big.pixel(x, y) for y in range(256) for x in range(512))
    return on_panel, in_big


def _uses(code):
    t = texts.source(code)
    lits = _literals()
    for k in sorted(lits):
        v = t[k]
        if not v:
            continue
        if k in SIDE:
            yield k, v, "side"
        elif lits[k] == "message":
            yield k, v, "message"
        elif k in PROMPTS:
            yield k, v, "prompt"
        elif k == RELOAD:
            yield k, v, "reload"
        elif k == CALIB:
            yield k, v, "calib"
        else:
            yield k, v, "line"
    from game.reasons import TEXT
    for k in TEXT.values():
        if k in t:
            yield k, t[k], "message"


@pytest.mark.parametrize("code", CHINESE)
def test_no_text_runs_off_the_panel(code):
    lang.root = ROOT
    lang.use(code)
    assert lang.code == code
    try:
        for k, v, where in _uses(code):
            s = _filled(v, k == "%d:guess")
            if where in ("line", "side"):
                x = 66 if where == "side" else 0
                on_panel, whole = _drawn(128, 64, lambda fb: lines.draw(fb, s, x, 52))
                assert on_panel == whole, "%s: %r runs off the panel's right edge" % (code, s)
            else:
                w, h = BOXES[where]
                need = sum(lines.height(line) for line in lines.split(s, w))
                assert need <= h, "%s: %r needs %d rows, its box has %d" % (code, s, need, h)
                on_panel, whole = _drawn(128, 64, lambda fb: list(lines.wrap(fb, s, 0, 64 - h, w, h)))  # drawn a part a line
                assert on_panel == whole, "%s: %r runs off the panel" % (code, s)
    finally:
        lang.use("en")


def test_a_wrapped_text_never_loses_a_word():
    for s in ("谁猜对了？按座位，无人按OK", "No seat 5 at this table", "OK +20 PASS -20 ROLL换端 NEXT下窗",
              "abcdefghijklmnopqrstuvwxyz", "牌堆已空。放回200张图像卡"):
        for w in (62, 120, 128):
            got = list(lines.split(s, w))  # the lines as they are asked for
            assert all(lines.width(line) <= w for line in got), (s, w, got)
            assert "".join(got).replace(" ", "") == s.replace(" ", ""), (s, w, got)


def test_ideographs_are_drawn_at_the_given_place():
    """A glyph ORed into the pages at any row lands where framebuf would put it."""
    lang.root = ROOT
    g = glyphs.font()
    i = g.find(ord("视"))
    cell = bytes(g.load(i))
    for y in (0, 3, 8, 13, 52):
        panel, oled = _panel()
        lines.draw(oled, "视", 5, y)
        oled.show()
        for col in range(12):
            for row in range(12):
                want = bool((cell[col] | cell[12 + col] << 8) >> row & 1)
                assert panel.lit(5 + col, y + row) == want, (y, col, row)


@pytest.mark.parametrize("code", CHINESE)
def test_simplified_and_traditional_forms_do_not_mix(code):
    """Each string converted into its own variant is unchanged: no character
    of the other script slipped in."""
    for k, v in texts.source(code).items():
        own = texts.own_script(code, v)
        assert own == v, "%s: %r has the other script's forms: %r" % (code, v, own)
    names = dict(zip(lang.LANGS, lang.NAMES))
    assert texts.own_script(code, names[code]) == names[code]


def test_the_two_chinese_tables_differ_where_the_scripts_do():
    hans, hant = texts.source("zh-hans"), texts.source("zh-hant")
    assert hans.keys() == hant.keys()
    assert hans["roll"] == "掷骰" and hant["roll"] == "擲骰"
    assert sum(hans[k] != hant[k] for k in hans) > len(hans) // 2


@pytest.mark.parametrize("code", CHINESE)
def test_the_board_reads_every_translation_from_the_compiled_table(code):
    """firmware/lang/*.bin is texts/ compiled (make font), and app.lang's
    reader finds each text by its English; other texts stay English."""
    path = os.path.join(FIRMWARE, "lang", code + ".bin")
    assert open(path, "rb").read() == texts.compile_table(texts.source(code)), "stale: make font"
    from app.table import Table
    t = Table(path)
    try:
        for k, v in texts.source(code).items():
            assert t.get(k) == v, k
        for other in ("3 5", "P1", "Language", "", "Press ROLL first!"):
            assert t.get(other) == other
    finally:
        t.f.close()


def test_a_language_without_its_table_on_flash_stays_english(tmp_path):
    lang.use("en")  # an earlier test may have left a Chinese table in use
    lang.root = str(tmp_path) + "/"
    try:
        lang.use("zh-hant")
        assert lang.code == "en" and lang.tr("Undone") == "Undone"
    finally:
        lang.root = ROOT
        lang.use("en")


def test_the_docs_list_every_text_in_three_languages():
    with open(texts.DOC, encoding="utf-8") as f:
        doc = f.read()
    assert doc.split(texts.MARK)[1].strip() == texts.doc_table().strip(), "stale: python -m tools.texts"


def test_press_lang_is_checked_and_chosen_as_in_the_menu(tmp_path):
    import subprocess
    import sys
    from host_sim import ROOT
    bad = subprocess.run([sys.executable, "-m", "host_sim", "press", "--lang", "fr"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "--lang: unknown language 'fr'" in bad.stderr
    flash = str(tmp_path / "flash")
    ok = subprocess.run([sys.executable, "-m", "host_sim", "press", "--lang", "zh-hant", "--flash", flash],
                        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    import json
    with open(os.path.join(flash, "settings.json")) as f:
        assert json.load(f)["lang"] == "zh-hant"


def test_the_setup_menu_steps_through_the_languages_and_remembers(tmp_path):
    from host_sim import press
    lang.root = ROOT
    s = press.start("pico_pca9685", str(tmp_path), None)
    assert lang.code == "en"
    s.keys("n n n n o")  # the Lang line, OK
    assert lang.code == "zh-hans" and s.dev.ctl.store.settings["lang"] == "zh-hans"
    s.keys("o")
    assert lang.code == "zh-hant"
    again = press.start("pico_pca9685", str(tmp_path), None)  # a power cycle
    assert lang.code == "zh-hant" and again.dev.ctl.store.settings["lang"] == "zh-hant"
    again.keys("n n n n o")
    assert lang.code == "en" and again.dev.ctl.store.settings["lang"] == "en"


def test_a_chinese_screen_is_sent_one_page_per_step(tmp_path):
    """The glyphs are drawn into the frame buffer; the driver sends the
    pages that changed one a step, as in English."""
    from host_sim import press
    press.choose_lang(str(tmp_path), "zh-hant")
    s = press.start("pico_pca9685", str(tmp_path), {"players": 4, "rules": "standard", "seed": 3})
    panel = s.emu.oled
    sent = []
    write = panel.i2c_write

    def spy(data):
        before = panel.data_bytes
        write(data)
        if panel.data_bytes > before:
            sent[-1].add(panel.page_lo)

    panel.i2c_write = spy
    step = s.dev.step

    def counted():
        sent.append(set())
        step()

    s.dev.step = counted
    s.keys("r o p 5 o")  # roll, open, the call, a refusal's message, its close
    s.run(3000)
    assert lang.code == "zh-hant"
    assert max(len(p) for p in sent) == 1 and sum(len(p) for p in sent) > 8


def _mjs_list(src, name):
    m = re.search(r"export const %s = \[([^\]]*)\];" % name, src)
    assert m, "web/page/i18n.mjs: no `export const %s = [...]`" % name
    return tuple(re.findall(r'"([^"]*)"', m.group(1)))


def test_web_page_languages_are_app_lang_list():
    """app.lang.LANGS is the one list of languages: the web page's copy
    (i18n.mjs, read by the browser without Python) is checked against it."""
    with open(os.path.join(FIRMWARE, "..", "web", "page", "i18n.mjs"), encoding="utf-8") as f:
        src = f.read()
    assert _mjs_list(src, "LANGS") == lang.LANGS
    assert _mjs_list(src, "NAMES") == lang.NAMES
