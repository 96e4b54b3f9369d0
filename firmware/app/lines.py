"""Lines of text on the OLED: Latin in framebuf's 8x8 font, CJK as 12x12
glyphs from app.glyphs, ORed straight into the frame buffer's pages (the
SSD1306's layout), so the driver's page-at-a-time updates are unchanged.
A line holding CJK is 12 rows tall, its Latin 2 rows down (centred on the
ideographs); a Latin-only line is 8 rows, as before. Play's lines draw
their Latin in app.tall's text instead (mid): 10 rows, 1 row down."""
from game import const

_LATIN = const(8)  # a Latin character's width and a Latin line's height
_CJK = const(12)  # an ideograph's width and a CJK line's height
_PART = const(4)  # ideographs a part of a frame (about 0.5 ms each on the RP2040)
_NO_START = "，。、：；！？）」".encode()  # never begins a line: the ideograph before it goes along
# Text is measured and split in its UTF-8 bytes: on the board, iterating a str makes each character
# a new string (looked up among the interned ones), about 90 us a character on the RP2040, so a
# 32-character prompt took 8 ms to split (rp2040_step_us_p99); a byte is a small int, no object.


def cjk(s):
    return len(s) != len(s.encode())  # both counted in C


def height(s, mid=False):
    return _CJK if cjk(s) else 10 if mid else _LATIN


def width(s):
    w = 0
    for b in s.encode():
        if b < 128:
            w += _LATIN
        elif b >= 0xC0:  # a character's first byte; 0x80-0xBF go on one
            w += _CJK
    return w


def draw(fb, s, x, y, inv=False, tall=None, mid=False):
    """s from (x, y), at once; inv: light on a filled bar; tall: set out as a
    _CJK line (by default if s has _CJK); mid: its Latin in app.tall's
    text. Returns its width."""
    for _ in drawing(fb, s, x, y, inv, tall, mid):
        pass
    return width(s)


def drawing(fb, s, x, y, inv=False, tall=None, mid=False):
    """draw() in parts: a yield after every _PART ideographs."""
    if tall is None:
        tall = cjk(s)
    if inv:
        fb.fill_rect(x, y, width(s), _CJK if tall else 10 if mid else _LATIN, 1)
    c = 0 if inv else 1
    if mid:
        from app import tall as big  # play's screens: loaded already
    if not tall:
        if mid:
            big.draw(fb, s, x, y, 8, inv)
        else:
            fb.text(s, x, y, c)
        return
    from app import glyphs  # loaded at the first ideograph drawn
    e = s.encode()
    n = len(e)
    i = 0
    k = 0
    while i < n:
        b = e[i]
        if b > 127:  # an ideograph: its code point from its UTF-8 bytes
            m = 3 if b >= 0xF0 else 2 if b >= 0xE0 else 1
            cp = b & (0x3F >> m)
            for j in range(i + 1, i + 1 + m):
                cp = cp << 6 | e[j] & 0x3F
            glyphs.draw(fb, cp, x, y, c)
            x += _CJK
            i += 1 + m
            k += 1
            if k % _PART == 0:
                yield
        else:
            j = i + 1
            while j < n and e[j] < 128:
                j += 1
            t = str(e[i:j], "utf-8")
            if mid:
                big.draw(fb, t, x, y + 1, 8, inv)
            else:
                fb.text(t, x, y + 2, c)
            x += (j - i) * _LATIN
            i = j


def split(s, w, sep=" "):
    """s broken into lines at most w pixels wide: at sep (a space; on a line
    one space parts what sep parted), and between ideographs (Chinese has no spaces); a Latin word wider than a line is cut.
    A generator: each line is found as it is asked for (drawn a part a line)."""
    line = bytearray()
    lw = 0
    for word in s.encode().split(sep.encode()):
        first = True
        i = 0
        n = len(word)
        while i < n:
            j = i + 1
            if word[i] < 128:  # a run of Latin
                while j < n and word[j] < 128:
                    j += 1
                uw = _LATIN * (j - i)
            else:  # one ideograph: its first byte and those that go on it
                while j < n and word[j] & 0xC0 == 0x80:
                    j += 1
                uw = _CJK
            u = word[i:j]
            gap = first and len(line) > 0
            if line and lw + (_LATIN if gap else 0) + uw > w:
                carry = b""
                if word[i] >= 128 and u in _NO_START and line[-1] >= 128:
                    k = len(line) - 1
                    while line[k] & 0xC0 == 0x80:
                        k -= 1
                    if k:  # the line keeps a character
                        carry = line[k:]
                        line = line[:k]
                yield str(line, "utf-8")
                line = bytearray(carry)
                lw = _CJK if carry else 0
                gap = False
            while uw > w:
                k = w // _LATIN
                yield str(u[:k], "utf-8")
                u = u[k:]
                uw = _LATIN * len(u)
            if gap:
                line += b" "
                lw += _LATIN
            line += u
            lw += uw
            first = False
            i = j
    if line:
        yield str(line, "utf-8")


def wrap(fb, s, x, y, w, h, sep=" ", mid=False):
    """s word-wrapped into the box (x, y, w, h): as many lines as fit, the
    rest left out; each line as tall as its own script needs (mid: each
    _CJK rows, its Latin in app.tall's text); a part a line. Returns the
    rows of pixels used (yield from)."""
    used = 0
    for line in split(s, w, sep):
        lh = _CJK if mid else height(line)
        if used + lh > h:
            break
        yield from drawing(fb, line, x, y + used, False, True if mid else None, mid)
        used += lh
        yield
    return used
