"""Text 10 rows tall: the 8x8 font stretched (rows 1 and 5 drawn twice), so
a capital or digit is 9 pixels tall, readable from a chair on the BOM's
2.42 inch panel (docs/device.md), while a line still takes 10 rows. Drawn at
any y: each glyph is drawn small in a stash page below y (inside the line
or below it, where nothing is drawn yet: a frame is drawn top to bottom),
read back from the frame buffer, and written stretched into the pages it
covers (reading pixels one by one cost 2 ms a glyph on the RP2040)."""
from array import array

from app.stretch import put, take
from game import const

H = const(10)  # a line's rows
LIT = const(9)  # a capital's or digit's lit rows
_ROWS = (0, 1, 1, 2, 3, 4, 5, 5, 6, 7)  # each drawn row's row of the font
_COLS = bytearray(136)  # a line's column bytes, read from the stash (128 and a glyph)
_ARGS = array("i", [0] * 6)  # app.stretch.put's numbers: viper takes four arguments


def _table():
    # _ROWS as masks: font rows 0-1 stay, 1-5 move down one (row 1 again), 5-7 two (row 5 again); a loop
    # over _ROWS for every byte took 30 ms of the boot on the RP2040 (rp2040_boot_resumed_ms)
    t = array("H", range(256))
    for v in range(256):
        t[v] = (v & 3) | ((v & 0x3E) << 1) | ((v & 0xE0) << 2)
    return t


_STRETCH = _table()  # a font column byte -> its 10 rows


def draw(fb, s, x, y, pitch=8, inv=False):
    """s from (x, y), a character every pitch pixels (less than 8 packs
    digits, whose glyphs have a blank column 0); inv: dark on a lit bar.
    Returns the width drawn."""
    buf = getattr(fb, "buf", None)  # CircuitPython's adafruit_framebuf, as app.glyphs
    if buf is None:
        buf = fb.buffer
    w = fb.width
    pages = len(buf) // w  # MicroPython's FrameBuffer has no height; the drivers set width
    n = len(s)
    width = n * pitch + 8 - pitch  # the last glyph's eighth column included
    if x + width > w:
        width = w - x
    if n == 0 or width <= 0:
        return n * pitch
    p = (y + 7) >> 3  # the stash page
    if p >= pages:
        p = pages - 1
    fb.fill_rect(x, p * 8, width, 8, 0)
    if pitch == 8:
        fb.text(s, x, p * 8, 1)
    else:  # from the right: a glyph's eighth column (the 4's bar) stays over its right neighbour's blank first one
        for i in range(n - 1, -1, -1):
            fb.text(s[i], x + pitch * i, p * 8, 1)
    take(buf, p * w + x, width, _COLS)
    fb.fill_rect(x, y, max(width, n * pitch), H, 1 if inv else 0)
    a = _ARGS
    a[0] = width
    a[1] = (y >> 3) * w + x
    a[2] = w
    a[3] = y & 7
    a[4] = 1 if inv else 0
    a[5] = min(3, pages - (y >> 3))
    put(_COLS, buf, _STRETCH, a)
    return n * pitch
