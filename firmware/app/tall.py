"""Text 10 rows tall: the 8x8 font stretched (rows 1 and 5 drawn twice), so
a capital or digit is 9 pixels tall, readable from a chair on the BOM's
2.42 inch panel (docs/device.md), while a line still takes 10 rows. Drawn at
any y: each glyph is drawn small in a stash page below y (inside the line
or below it, where nothing is drawn yet: a frame is drawn top to bottom),
read back from the frame buffer, and written stretched into the pages it
covers (reading pixels one by one cost 2 ms a glyph on the RP2040)."""
from array import array

from game import const

H = const(10)  # a line's rows
LIT = const(9)  # a capital's or digit's lit rows
_ROWS = (0, 1, 1, 2, 3, 4, 5, 5, 6, 7)  # each drawn row's row of the font
_COLS = bytearray(8)  # a glyph's column bytes, read from the stash


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
    p = (y + 7) >> 3  # the stash page
    if p >= pages:
        p = pages - 1
    k = p * w
    p0 = y >> 3
    sh = y & 7
    bg = 1 if inv else 0
    n = len(s)
    fb.fill_rect(x, y, n * pitch, H, bg)
    cols = _COLS
    for i in range(n - 1, -1, -1):  # from the right: a glyph's eighth column (the 4's bar)
        cx = x + pitch * i  # stays over its right neighbour's blank first one
        fb.fill_rect(cx, p * 8, 8, 8, 0)
        fb.text(s[i], cx, p * 8, 1)
        for u in range(8):
            cols[u] = buf[k + cx + u] if cx + u < w else 0
        fb.fill_rect(cx, p * 8, 8, 8, 0)
        fb.fill_rect(cx, y, 8, H, bg)  # the stash cleared its eighth column too
        for u in range(8):
            c = cx + u
            if c >= w:
                break
            t = _STRETCH[cols[u]] << sh
            for j in range(3):
                if p0 + j >= pages:
                    break
                b = (t >> (8 * j)) & 255
                if b:
                    if inv:
                        buf[(p0 + j) * w + c] &= 255 ^ b
                    else:
                        buf[(p0 + j) * w + c] |= b
    return n * pitch
