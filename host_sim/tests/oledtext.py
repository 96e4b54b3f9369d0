"""Read the emulated OLED's pixel memory back as text: each 8x8 cell of the
16x8 grid is matched against framebuf's font (inverted cells too), so tests
can check what the screen says, from the pixels the I2C stream left."""
from host_sim import hw

hw.install()
from emu.font8x8 import FONT  # noqa: E402

GLYPHS = {}
for _i in range(96):
    _g = bytes(FONT[_i * 8:_i * 8 + 8])
    GLYPHS.setdefault(_g, chr(32 + _i))
    GLYPHS.setdefault(bytes(255 - b for b in _g), chr(32 + _i))


def cell(panel, col, row):
    out = bytearray(8)
    for x in range(8):
        v = 0
        for y in range(8):
            if panel.lit(col * 8 + x, row * 8 + y):
                v |= 1 << y
        out[x] = v
    return GLYPHS.get(bytes(out), "?")


def read(panel):
    """The panel as 8 lines of 16 characters ('?' where no glyph fits)."""
    return "\n".join("".join(cell(panel, col, row) for col in range(16)) for row in range(8))


def shows(panel, s, x, y, mid=False):
    """The panel holds text s (Latin or Chinese, app.lines) at (x, y): its
    box's pixels are the ones s draws on a blank frame. mid: as play's
    lines draw it (12 rows, its Latin in app.tall's text)."""
    import framebuf
    from app import lines
    fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
    w = lines.draw(fb, s, x, y, False, True if mid else None, mid)
    h = 12 if mid else lines.height(s)
    return all(bool(fb.pixel(i, j)) == panel.lit(i, j) for j in range(y, y + h) for i in range(x, min(128, x + w)))
