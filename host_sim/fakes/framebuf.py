"""`framebuf` for CPython (the MicroPython VM has its own, built in): the
MONO_VLSB format the SSD1306 uses and the MONO_HLSB of e-paper panels,
drawing pixel for pixel as MicroPython does. A colour must be an int, as
MicroPython's C reads it (a None or a float raises TypeError there): checked
once a call, where the firmware passes it in."""
from emu import font8x8

MONO_VLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4
RGB565 = 1
GS2_HMSB = 5
GS4_HMSB = 2
GS8 = 6


def _colour(c):
    if not isinstance(c, int):
        raise TypeError("can't convert %s to int" % type(c).__name__)
    return c


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in (MONO_VLSB, MONO_HLSB, GS8):
            raise ValueError("the simulator's framebuf draws MONO_VLSB, MONO_HLSB and GS8 only")
        self.format = format
        self.buf = buffer
        self.width = width
        self.height = height
        self.stride = width if stride is None else stride

    def _at(self, x, y):
        """(byte index, bit) of pixel (x, y)."""
        if self.format == MONO_HLSB:  # a row of bytes, leftmost pixel in bit 7
            return y * ((self.stride + 7) >> 3) + (x >> 3), 7 - (x & 7)
        return (y >> 3) * self.stride + x, y & 7  # a column of 8 rows per byte

    def _set(self, x, y, c):
        if 0 <= x < self.width and 0 <= y < self.height:
            if self.format == GS8:  # a byte a pixel
                self.buf[y * self.stride + x] = c & 0xFF
                return
            i, b = self._at(x, y)
            if c:
                self.buf[i] |= 1 << b
            else:
                self.buf[i] &= ~(1 << b) & 0xFF

    def pixel(self, x, y, c=None):
        if c is None:
            if 0 <= x < self.width and 0 <= y < self.height:
                if self.format == GS8:
                    return self.buf[y * self.stride + x]
                i, b = self._at(x, y)
                return (self.buf[i] >> b) & 1
            return None
        self._set(x, y, _colour(c))
        return None

    def fill_rect(self, x, y, w, h, c):
        c = _colour(c)
        for yy in range(max(0, y), min(self.height, y + h)):
            for xx in range(max(0, x), min(self.width, x + w)):
                self._set(xx, yy, c)

    def fill(self, c):
        c = _colour(c)
        v = c & 0xFF if self.format == GS8 else 0xFF if c else 0
        for i in range(len(self.buf)):
            self.buf[i] = v

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        c = _colour(c)
        # Bresenham, as framebuf's C code
        dx, dy = abs(x2 - x1), -abs(y2 - y1)
        sx = 1 if x1 < x2 else -1
        sy = 1 if y1 < y2 else -1
        err = dx + dy
        while True:
            self._set(x1, y1, c)
            if x1 == x2 and y1 == y2:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x1 += sx
            if e2 <= dx:
                err += dx
                y1 += sy

    def text(self, s, x0, y0, c=1):
        font8x8.text(self._set, s, x0, y0, _colour(c))

    def scroll(self, xstep, ystep):
        old = FrameBuffer(bytearray(self.buf), self.width, self.height, self.format, self.stride)
        for y in range(self.height):
            for x in range(self.width):
                sx, sy = x - xstep, y - ystep
                if 0 <= sx < self.width and 0 <= sy < self.height:
                    self._set(x, y, old.pixel(sx, sy))

    def blit(self, fbuf, x, y, key=-1, palette=None):
        for yy in range(fbuf.height):
            for xx in range(fbuf.width):
                c = fbuf.pixel(xx, yy)
                if palette is not None:  # as framebuf: the palette first, then the key
                    c = palette.pixel(c, 0)
                if c != key:
                    self._set(x + xx, y + yy, c)
