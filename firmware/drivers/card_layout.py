"""Where the 12 windows of a digital card lie on the 400x300 e-paper panel,
and what a closed window (its lid) looks like.

A 4x3 grid of 88x88 tiles, x on byte boundaries (partial refreshes and tile
rows are whole bytes), 16 px gutters between columns and 8 px between rows;
a strip below the grid shows the card's name once every window is open.
The gutters are white: the picture's lines read across them at the reveal.
Region 12 is that strip. A closed window's lid shows a hatch and, as the
cardboard's token on it does, its token's number as die pips (none while
no card is in): nothing on it depends on the picture."""
import framebuf
from micropython import const

TILE_WB = const(11)  # tile width in bytes: 88 px
TILE_H = const(88)
TILE_BYTES = const(968)
NAME = const(12)  # the region index of the name strip
NAME_Y = const(284)
NAME_H = const(16)
ROW = const(50)  # bytes in a panel row
_COLS = (0, 13, 26, 39)  # byte column of each grid column
_ROWS = (0, 96, 192)
BOX = const(8)  # the white box of the pips: BOX..TILE-BOX on both axes
PIP = const(20)  # between pip centres; a pip is 14 px across (3 mm on the 4.2" panel)
# each face's pips, as (column, row) in a 3x3 grid: bit 3 * row + column
_FACES = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)


def region(i):
    """(x in bytes, y, width in bytes, height) of window i, or of the name strip (12)."""
    if i == NAME:
        return 0, NAME_Y, ROW, NAME_H
    return _COLS[i % 4], _ROWS[i // 4], TILE_WB, TILE_H


class Painter:
    """Draws lids and the name into a tile-sized buffer, allocating nothing
    after it is made (the buffers and framebuffers are made here once)."""

    def __init__(self, tile):
        self.tile = framebuf.FrameBuffer(tile, TILE_WB * 8, TILE_H, framebuf.MONO_HLSB)
        self.strip = framebuf.FrameBuffer(tile, ROW * 8, NAME_H, framebuf.MONO_HLSB)
        self._glyph = bytearray(24)  # one 12x12 glyph of a name (drivers.deck.glyph)

    def lid(self, i, token=0):
        """Window i closed: a diagonal hatch and, on a white box, its token
        number (1-6) as a die's pips; token 0 (no card): the hatch alone."""
        fb = self.tile
        fb.fill(1)
        for k in range(-TILE_H, TILE_WB * 8, 8):
            fb.line(k, TILE_H - 1, k + TILE_H - 1, 0, 0)
        fb.rect(0, 0, TILE_WB * 8, TILE_H, 0)
        if not 1 <= token <= 6:
            return
        side = TILE_H - 2 * BOX
        fb.fill_rect(BOX, BOX, side, side, 1)
        fb.rect(BOX, BOX, side, side, 0)
        pips = _FACES[token]
        for k in range(9):
            if pips >> k & 1:
                x = TILE_H // 2 + PIP * (k % 3 - 1)
                y = TILE_H // 2 + PIP * (k // 3 - 1)
                fb.fill_rect(x - 7, y - 4, 14, 8, 0)  # a round pip: a square, its corners cut twice
                fb.fill_rect(x - 4, y - 7, 8, 14, 0)
                fb.fill_rect(x - 6, y - 6, 12, 12, 0)

    def gutter(self):
        """The name strip while the card is hidden: white, like the gutters."""
        self.strip.fill(1)

    def name(self, text, glyph=None):
        """The name strip at the reveal: the name in black on white, centred;
        Latin in framebuf's 8x8 font, anything else 12x12 from glyph(cp, buf)
        (the deck's glyphs), a box where there is none."""
        fb = self.strip
        fb.fill(1)
        w = 0
        for ch in text:
            w += 8 if ord(ch) < 128 else 12
        x = (ROW * 8 - w) // 2
        if x < 0:
            x = 0
        b = self._glyph
        for ch in text:
            cp = ord(ch)
            if cp < 128:
                fb.text(ch, x, 4, 0)
                x += 8
                continue
            if glyph is not None and glyph(cp, b):
                for col in range(12):
                    v = b[col] | b[12 + col] << 8
                    for row in range(12):
                        if v >> row & 1:
                            fb.pixel(x + col, 2 + row, 0)
            else:
                fb.rect(x + 1, 3, 10, 10, 0)
            x += 12
