"""app.lines measures and splits text in its UTF-8 bytes (a str iterated on
the board makes a string a character): held here to the character-by-
character definition it replaced, on random texts of Latin, ideographs,
no-start punctuation, runs of spaces and words wider than a line."""
import random

from app import lines

_NO_START = "，。、：；！？）」"


def width_by_char(s):
    return sum(12 if ord(ch) > 127 else 8 for ch in s)


def split_by_char(s, w, sep=" "):
    line = ""
    lw = 0
    for word in s.split(sep):
        first = True
        i = 0
        n = len(word)
        while i < n:
            j = i + 1
            if ord(word[i]) < 128:
                while j < n and ord(word[j]) < 128:
                    j += 1
            u = word[i:j]
            uw = width_by_char(u)
            gap = first and line != ""
            if line and lw + (8 if gap else 0) + uw > w:
                carry = ""
                if u in _NO_START and len(line) > 1 and ord(line[-1]) > 127:
                    carry = line[-1]
                    line = line[:-1]
                yield line
                line = carry
                lw = width_by_char(carry)
                gap = False
            while uw > w:
                k = w // 8
                yield u[:k]
                u = u[k:]
                uw = width_by_char(u)
            if gap:
                line += " "
                lw += 8
            line += u
            lw += uw
            first = False
            i = j
    if line:
        yield line


PIECES = ["a", "OK", "Seat", "right?", "ROLL", "x" * 20, " ", " ", "  ", "，", "。", "：", "！", "）", "视", "窗",
          "門", "的", "é", "°", "-", "3", "/"]


def test_split_and_width_are_the_character_by_character_ones_on_3000_texts():
    rng = random.Random(7)
    for _ in range(3000):
        s = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 16)))
        w = rng.choice((24, 40, 96, 120, 128))
        sep = rng.choice((" ", " ", "/"))
        assert list(lines.split(s, w, sep)) == list(split_by_char(s, w, sep)), (s, w, sep)
        assert lines.width(s) == width_by_char(s), s
        assert lines.cjk(s) == any(ord(ch) > 127 for ch in s), s


def test_a_no_start_mark_takes_the_ideograph_before_it_along():
    assert list(lines.split("视窗视窗视窗视窗视窗，视窗", 120)) == ["视窗视窗视窗视窗视", "窗，视窗"]
    assert list(lines.split("OK: none", 128)) == ["OK: none"]


def drawing_by_char(fb, s, x, y, inv, mid):
    """app.lines.drawing as it was, a character at a time (a CJK line)."""
    from app import glyphs, tall as big
    if inv:
        fb.fill_rect(x, y, width_by_char(s), 12, 1)
    c = 0 if inv else 1
    i = 0
    n = len(s)
    while i < n:
        if ord(s[i]) > 127:
            glyphs.draw(fb, ord(s[i]), x, y, c)
            x += 12
            i += 1
        else:
            j = i + 1
            while j < n and ord(s[j]) < 128:
                j += 1
            if mid:
                big.draw(fb, s[i:j], x, y + 1, 8, inv)
            else:
                fb.text(s[i:j], x, y + 2, c)
            x += (j - i) * 8
            i = j


def test_a_cjk_line_draws_the_pixels_it_drew_a_character_at_a_time(monkeypatch):
    import framebuf
    from app import glyphs, lang
    from host_sim import FIRMWARE
    monkeypatch.setattr(lang, "root", FIRMWARE + "/")
    monkeypatch.setattr(glyphs, "_font", None)
    rng = random.Random(3)
    for _ in range(300):
        s = "".join(rng.choice(PIECES[1:6] + PIECES[9:]) for _ in range(rng.randrange(1, 9))) + "视"
        inv, mid = rng.random() < 0.3, rng.random() < 0.5
        got, want = (framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB) for _ in range(2))
        lines.draw(got, s, 2, 5, inv, True, mid)
        drawing_by_char(want, s, 2, 5, inv, mid)
        assert got.buf == want.buf and any(got.buf), (s, inv, mid)
