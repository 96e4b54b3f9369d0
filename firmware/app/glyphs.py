"""The CJK glyph file on flash (fonts/cjk12.bin, built by `python -m
tools.font`): only the characters the string tables use. The sorted code points
stay in RAM (2 bytes a glyph); a glyph is read when drawn, with seek and
readinto into one preallocated buffer, so the glyphs never fill the heap.

File: b"CJK1", count (u16), size (u8), bytes a glyph (u8), count code points
(u16, sorted), then count glyphs of size columns for rows 0-7 and size
columns for rows 8-15 (bit 0 on top: the SSD1306's page layout)."""
from array import array

_HEAD = 8
FONT = "fonts/cjk12.bin"
_font = None


class Glyphs:
    def __init__(self, path):
        from app.datafile import open_data  # the UF2's frozen copy where the filesystem has none
        self.f = open_data(path)
        head = self.f.read(_HEAD)
        if len(head) < _HEAD or head[:4] != b"CJK1":
            raise ValueError("%s: not a glyph file" % path)
        self.n = head[4] | head[5] << 8
        self.size = head[6]
        self.step = head[7]
        codes = self.f.read(2 * self.n)
        if len(codes) != 2 * self.n:
            raise ValueError("%s: cut short" % path)
        self.codes = array("H", codes)  # one subscript a probe (the file's little-endian, as the RP2040)
        self.base = _HEAD + 2 * self.n
        self.buf = bytearray(self.step)
        self.at = -1  # the glyph in buf
        self.fb = None  # buf as a bitmap, made by the OLED's driver at the first glyph drawn
        self.clear = None

    def find(self, cp):
        """The glyph number of code point cp, or -1."""
        c = self.codes
        lo = 0
        hi = self.n - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            v = c[mid]
            if v == cp:
                return mid
            if v < cp:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1

    def load(self, i):
        """Glyph i into self.buf (read from flash unless it is there)."""
        if i != self.at:
            self.f.seek(self.base + i * self.step)
            self.f.readinto(self.buf)
            self.at = i
        return self.buf

    def close(self):
        self.f.close()


def font():
    """The glyph file, opened at the first ideograph drawn."""
    global _font
    if _font is None:
        from app import lang
        _font = Glyphs(lang.root + FONT)
    return _font


def draw(fb, cp, x, y, c):
    """Code point cp's glyph ORed (c=1) or cleared (c=0) into fb's pages at
    (x, y); a box where the file has none (a test keeps that from happening)."""
    f = font()
    g = f.find(cp)
    if g < 0:
        fb.rect(x + 1, y + 1, f.size - 2, f.size - 2, c)
        return
    b = f.load(g)
    make = getattr(fb, "bitmap", None)  # drivers.ssd1306: blitted in C (the loop below: 0.6 ms a glyph on the RP2040)
    if make is not None:
        if f.fb is None:
            f.fb = make(f.buf, f.size, 16)
            f.clear = make(bytearray(2), 2, 1)  # a palette: ink 1 -> 0, and 0 -> 1, the key
            f.clear.pixel(0, 0, 1)
        fb.blit(f.fb, x, y, c ^ 1, None if c else f.clear)
        return
    buf = getattr(fb, "buf", None)  # CircuitPython's adafruit_framebuf (its .buffer leads with a control byte)
    if buf is None:
        buf = fb.buffer
    w = fb.width
    end = len(buf)
    n = f.size
    shift = y & 7
    row0 = (y >> 3) * w
    for col in range(n):
        xx = x + col
        if xx < 0 or xx >= w:
            continue
        v = (b[col] | b[n + col] << 8) << shift
        k = row0 + xx
        while v and k < end:
            if c:
                buf[k] |= v & 0xFF
            else:
                buf[k] &= ~v & 0xFF
            v >>= 8
            k += w
