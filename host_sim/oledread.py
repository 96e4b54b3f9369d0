"""Read an OLED picture back as words: every 8x8 glyph of framebuf's font
found at any pixel position (inverted too), the screens' 16x16 glyphs
(the same font doubled) and app.tall's glyphs (the font stretched to 10
rows: two rows drawn twice). It works from pixels alone, the 64 rows of 128
"#"/"." that `press --trace` writes, so a test can check what a player reads
from the panel, not what the firmware meant to draw."""
from host_sim import hw

hw.install()
from emu.font8x8 import FONT  # noqa: E402

_SMALL = {}  # 8 row bytes (bit 7 the left pixel) -> character
for _i in range(1, 96):  # no space: it matches every blank or filled patch
    _rows = tuple(sum(((FONT[_i * 8 + u] >> r) & 1) << (7 - u) for u in range(8)) for r in range(8))
    _SMALL.setdefault(_rows, chr(32 + _i))
    _SMALL.setdefault(tuple(255 - v for v in _rows), chr(32 + _i))


_BIG = {}  # the first 7 row bytes -> character
for _rows, _ch in list(_SMALL.items()):
    _BIG.setdefault(_rows[:7], _ch)
_TALL_ROWS = (0, 1, 1, 2, 3, 4, 5, 5, 6, 7)  # app.tall's: each drawn row's row of the font
_TALL = {}  # the first 9 row bytes -> character (the tenth, the font's blank eighth, may be
for _rows, _ch in list(_SMALL.items()):  # under an inverted bar below)
    _TALL.setdefault(tuple(_rows[r] for r in _TALL_ROWS[:9]), _ch)


_PACKED = {}  # the same without the left column: packed 7 px apart, a 4's bar reaches it
for _rows, _ch in list(_TALL.items()):
    _PACKED.setdefault(tuple(v & 0x7F for v in _rows), _ch)


def rows_of(lines):
    """The picture as 64 ints of 128 bits (bit 127 the left pixel)."""
    return [int(line.replace("#", "1").replace(".", "0"), 2) for line in lines]


def glyph(rows, x, y):
    """The small character drawn with its top-left corner at (x, y), or None."""
    sh = 120 - x
    return _SMALL.get(tuple((rows[y + r] >> sh) & 0xFF for r in range(8)))


def tall_glyph(rows, x, y, packed=False):
    """app.tall's character with its top-left corner at (x, y), or None;
    packed: its left column not read (digits 7 px apart)."""
    sh = 120 - x
    if sh < 0 or y + 9 > len(rows):
        return None
    if packed:
        return _PACKED.get(tuple((rows[y + r] >> sh) & 0x7F for r in range(9)))
    return _TALL.get(tuple((rows[y + r] >> sh) & 0xFF for r in range(9)))


def tall(rows, x, y, n, pitch=8):
    """n of app.tall's characters from (x, y), pitch apart; a blank cell
    reads as a space, one that holds no character as '?'."""
    out = ""
    for i in range(n):
        cx = x + pitch * i
        ch = tall_glyph(rows, cx, y, pitch < 8)
        if ch is None and all(((rows[y + r] >> (120 - cx)) & 0xFF) in (0, 0xFF) for r in range(9)):
            ch = " "
        out += ch if ch is not None else "?"
    return out


def big_glyph(rows, x, y):
    """The 16x16 character at (x, y), or None: each of its pixels a 2x2 block.
    Its last two rows (the font's blank eighth, doubled) are not read: the
    tall text below may start on them."""
    sh = 112 - x
    half = []
    for r in range(7):
        a = (rows[y + 2 * r] >> sh) & 0xFFFF
        if a != (rows[y + 2 * r + 1] >> sh) & 0xFFFF:
            return None
        v = 0
        for u in range(8):
            bits = (a >> (14 - 2 * u)) & 3
            if bits == 1 or bits == 2:
                return None
            v |= (bits & 1) << (7 - u)
        half.append(v)
    return _BIG.get(tuple(half))


def words(rows, size=None):
    """Every run of characters of one size (small, or app.tall's) on one
    pixel row, 8 px apart, as (x, y, text), top to bottom; a space is a gap
    of one cell between two characters. size: "small" or "tall" only."""
    out = []
    if size != "tall":
        out += _runs(rows, glyph, 57)
    if size != "small":
        out += _runs(rows, tall_glyph, 56)
    return sorted(out, key=lambda w: (w[1], w[0]))


def _runs(rows, read, ys):
    found = {}
    for y in range(ys):
        for x in range(121):
            ch = read(rows, x, y)
            if ch is not None:
                found[(x, y)] = ch
    out = []
    taken = set()
    for x, y in sorted(found, key=lambda p: (p[1], p[0])):
        if (x, y) in taken:
            continue
        s = found[(x, y)]
        cx = x + 8
        while True:
            if (cx, y) in found:
                s += found[(cx, y)]
            elif (cx + 8, y) in found:
                s += " " + found[(cx + 8, y)]
                cx += 8
            else:
                break
            taken.add((cx, y))
            cx += 8
        out.append((x, y, s))
    return out


def text(rows):
    """All the text, small and tall, each run on a line, top to bottom."""
    return "\n".join(s for _, _, s in words(rows))


def big(rows, x, y, n):
    """n 16x16 characters from (x, y); a blank cell reads as a space, one
    that holds no character as '?'."""
    out = ""
    for i in range(n):
        cx = x + 16 * i
        blank = all(((rows[y + r] >> (112 - cx)) & 0xFFFF) in (0, 0xFFFF) for r in range(14))
        ch = big_glyph(rows, cx, y)
        out += ch if ch is not None else (" " if blank else "?")
    return out
