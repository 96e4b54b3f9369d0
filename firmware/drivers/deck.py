"""A picture deck on flash (or an SD card): per card, its name and the 12
window tiles, each a zlib stream of a 1-bit tile (1 = white, rows of bytes,
leftmost pixel in bit 7). An index of offsets lets one tile be read and
decoded without touching the rest of the card.

    0   b"MDK1"
    4   u8 windows per card, u8 tile width in bytes, u8 tile height, u8 0
    8   u16 card count, u16 largest compressed tile (all little-endian)
    12  u32 offsets, card by card: name, tile 0 .. tile 11; then end of file
        name: UTF-8; a tile: zlib, window of 512 bytes (wbits 9)"""
import deflate
from micropython import const

MAGIC = b"MDK1"
HEAD = const(12)
WBITS = const(9)


class DeckError(ValueError):
    pass


class Deck:
    def __init__(self, path, windows=12):
        self.path = path
        try:
            self.f = open(path, "rb")
        except OSError:
            raise DeckError("deck %s: no such file" % path)
        head = self.f.read(HEAD)
        if len(head) < HEAD or head[:4] != MAGIC:
            raise DeckError("deck %s: not a deck file" % path)
        self.windows = head[4]
        self.tile_wb = head[5]
        self.tile_h = head[6]
        self.count = head[8] | head[9] << 8
        if self.windows != windows:
            raise DeckError("deck %s: %d windows a card, not %d" % (path, self.windows, windows))
        self._pair = bytearray(8)
        self._one = bytearray(1)

    def _span(self, k):
        """(start, end) of index entry k."""
        f = self.f
        f.seek(HEAD + 4 * k)
        p = self._pair
        if f.readinto(p) != 8:
            raise DeckError("deck %s: index cut short" % self.path)
        return (p[0] | p[1] << 8 | p[2] << 16 | p[3] << 24,
                p[4] | p[5] << 8 | p[6] << 16 | p[7] << 24)

    def _check(self, card):
        if not 0 <= card < self.count:
            raise DeckError("deck %s: no card %d (it has %d)" % (self.path, card, self.count))

    def name(self, card):
        self._check(card)
        a, b = self._span(card * (self.windows + 1))
        self.f.seek(a)
        return self.f.read(b - a).decode()

    def tile(self, card, i, buf):
        """Decode window i of card into buf (tile_wb * tile_h bytes)."""
        self._check(card)
        a, b = self._span(card * (self.windows + 1) + 1 + i)
        self.f.seek(a)
        d = deflate.DeflateIO(self.f, deflate.ZLIB, WBITS)
        try:
            got = d.readinto(buf)
            if d.readinto(self._one):  # reading to the end checks the stream's checksum
                got += 1
        except OSError:  # EINVAL: not a zlib stream, or a damaged one
            got = -1
        d.close()
        if got != len(buf):
            raise DeckError("deck %s: card %d window %d is damaged (%s)" % (
                self.path, card, i + 1, "bad zlib data" if got < 0 else "%d bytes, not %d" % (got, len(buf))))

    def close(self):
        self.f.close()
