"""A picture deck on flash (or an SD card): per card, its name and the 12
window tiles, each a zlib stream of a 1-bit tile (1 = white, rows of bytes,
leftmost pixel in bit 7). An index of offsets lets one tile be read and
decoded without touching the rest of the card.

    0   b"MDK1"
    4   u8 windows per card, u8 tile width in bytes, u8 tile height, u8 flags
    8   u16 card count, u16 largest compressed tile (all little-endian)
    12  u32 offsets, card by card: name, tile 0 .. tile 11; then end of cards
        name: UTF-8, the card's names in English, Simplified and Traditional
        Chinese (app.lang.LANGS' order) between newlines, or one name for
        all; a tile: zlib, window of 512 bytes (wbits 9)
    flags bit 0: the glyphs of the names past ASCII follow the cards, in
        app.glyphs' format (b"CJK1", 12x12); searched on flash, not loaded"""
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
        self._pair = bytearray(8)
        self._one = bytearray(1)
        self.glyphs = 0  # where the names' glyph table starts (0: none)
        if head[7] & 1:
            self.glyphs = self._span(self.count * (windows + 1))[0]
        if self.windows != windows:
            raise DeckError("deck %s: %d windows a card, not %d" % (path, self.windows, windows))

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

    def name(self, card, lang=0):
        """The card's name in language lang (its index in app.lang.LANGS),
        or its first name if the deck has none in that language."""
        self._check(card)
        a, b = self._span(card * (self.windows + 1))
        self.f.seek(a)
        names = self.f.read(b - a).decode().split("\n")
        return names[lang] if lang < len(names) and names[lang] else names[0]

    def glyph(self, cp, buf):
        """Code point cp's 12x12 glyph into buf (24 bytes, app.glyphs'
        layout): True, or False if the deck has none. A binary search of the
        table's code points on flash: drawn at the reveal, nothing kept."""
        at = self.glyphs
        if not at:
            return False
        f = self.f
        f.seek(at + 4)
        n = int.from_bytes(f.read(2), "little")
        lo = 0
        hi = n - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            f.seek(at + 8 + 2 * mid)
            v = int.from_bytes(f.read(2), "little")
            if v == cp:
                f.seek(at + 8 + 2 * n + len(buf) * mid)
                return f.readinto(buf) == len(buf)
            if v < cp:
                lo = mid + 1
            else:
                hi = mid - 1
        return False

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
