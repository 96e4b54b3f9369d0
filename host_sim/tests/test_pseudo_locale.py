"""A new language is a table, a font and one list entry: a pseudo-locale,
every English text marked "[!...!]" in a table built here from texts/, added
to app.lang's list for this test only (Latin script: the panel's own 8x8
font), plays a whole game; every text drawn on the OLED is a marked one, so
no English text reaches the screen without the table."""
import re

import pytest

from host_sim import autoplay, hw, press
from host_sim.tests import screens
from tools import texts

hw.install()
from app import lang, table  # noqa: E402

CODE = "qps"  # no real language's code


def mark(s):
    return "[!" + s + "!]"


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    path = tmp_path / (CODE + ".bin")
    path.write_bytes(texts.compile_table({k: mark(k) for k in texts.source("zh-hans")}))
    monkeypatch.setattr(lang, "LANGS", lang.LANGS + (CODE,))
    monkeypatch.setattr(lang, "NAMES", lang.NAMES + (mark("Pseudo"),))
    monkeypatch.setattr(lang, "SCRIPTS", lang.SCRIPTS + ("latin",))
    real = table.Table

    class Here(real):  # the table from the test's folder, not the firmware's lang/
        def __init__(self, p):
            real.__init__(self, str(path) if p.endswith(CODE + ".bin") else p)

    monkeypatch.setattr(table, "Table", Here)
    drawn = []
    import framebuf
    text = framebuf.FrameBuffer.text

    def spy(fb, s, x, y, c=1):
        drawn.append(s)
        return text(fb, s, x, y, c)

    monkeypatch.setattr(framebuf.FrameBuffer, "text", spy)
    yield drawn
    lang.use(lang.LANGS[0])


def _leaks(s, marked):
    """s has a word outside every marked text: the marked ones taken out,
    and a line wrapped from one (its start "[!..." or end "...!]", or a
    piece of its middle), what is left has no word (numbers, seats)."""
    rest = re.sub(r"\[!.*?!\]", "", s)
    rest = re.sub(r"\[!.*$", "", re.sub(r"^.*?!\]", "", rest))
    if not re.search("[A-Za-z]{2}", rest):
        return False
    return not any(s.strip() in m for m in marked)


def test_a_whole_game_in_a_pseudo_locale_draws_only_its_texts(pseudo, tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    press.choose_lang(str(flash), CODE)
    s = press.start("pico_pca9685", str(flash), {"players": 3, "rules": "standard", "seed": 2})
    s.run(500)
    assert lang.code == CODE and lang.script == "latin"
    for keys in ("r", "o", "p 1 2", "o", "c", "2", "o c", "U", "n n n", "u"):  # a round, the card, the menu
        s.keys(keys)
        s.run(1500)
    autoplay.play(s, 1)  # to the game's end
    s.run(3000)
    marked = [mark(k) for k in texts.source("zh-hans")]
    assert len(pseudo) > 50, "nothing drawn"
    leaks = sorted({t for t in pseudo if _leaks(t, marked)})
    assert not leaks, "drawn without the table: %r" % leaks
    assert CODE not in screens.LANGS  # the product's list stays its own
