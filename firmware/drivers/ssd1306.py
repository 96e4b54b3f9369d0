"""SSD1306 128x64 OLED on I2C, drawn with framebuf. show() sends only what
changed: per page (8 rows), the span of columns that differ from what the
panel holds, widened to whole groups of 8 columns so that each send is one of
a few views made at start (show() allocates nothing). A whole frame is 1,024
data bytes, about 25 ms at 400 kHz."""
import framebuf
from micropython import const

_SET_COL = const(0x21)
_SET_PAGE = const(0x22)

# Power-on sequence (datasheet app note): horizontal addressing, segment
# remap and flipped COM scan (A1, C8: upright on the common modules, whose
# glass is mounted rotated), internal charge pump, display on last.
_INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
         0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, address=0x3C, width=128, height=64):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.pages = height // 8
        self.buffer = bytearray(width * self.pages)
        self.shown = bytearray(width * self.pages)  # what the panel's RAM holds
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        # The same memory seen a byte a pixel (GS8: a page a row), so that
        # fill() is one memset and a page's bytes are copied by blit(), in C,
        # allocating nothing (MONO_VLSB's fill sets pixel after pixel: 0.8 ms
        # on the RP2040; a loop over a page's columns, 2 ms).
        self._bytes = framebuf.FrameBuffer(self.buffer, width, self.pages, framebuf.GS8)
        self._win = bytearray((0x00, _SET_COL, 0, 0, _SET_PAGE, 0, 0))
        self._data = bytearray(width + 1)
        self._data[0] = 0x40  # control byte: the rest is display data
        mv = memoryview(self._data)
        self._bytes_data = framebuf.FrameBuffer(mv[1:], width, 1, framebuf.GS8)
        self._bytes_shown = framebuf.FrameBuffer(self.shown, width, self.pages, framebuf.GS8)
        self._views = [mv[:8 * k + 1] for k in range(1, width // 8 + 1)]  # 8k columns each
        b = memoryview(self.buffer)
        s = memoryview(self.shown)
        self._pages = [b[p * width:(p + 1) * width] for p in range(self.pages)]
        self._pages_shown = [s[p * width:(p + 1) * width] for p in range(self.pages)]
        cmds = bytearray(len(_INIT) + 1)  # control byte 0x00: a command stream
        for k in range(len(_INIT)):
            cmds[k + 1] = _INIT[k]
        if height != 64:
            cmds[7] = height - 1
            cmds[12] = 0x02
        i2c.writeto(address, cmds)
        self.show(True)

    def fill(self, c):
        self._bytes.fill(255 if c else 0)

    def command(self, *cmds):
        """Send commands (rare: power, contrast), as one command stream."""
        self.i2c.writeto(self.address, bytes((0x00,) + cmds))

    def show(self, full=False):
        """Send the changed columns of each page (all of them if full)."""
        for p in range(self.pages):
            self.show_page(p, full)

    def show_page(self, p, full=False):
        """Send page p's changed columns; False if nothing had changed. The
        device sends one page per step, so no step waits for a whole frame.
        A page is first compared whole, as two memoryviews (C speed: a loop
        over its 128 columns in Python takes 1.4 ms on the RP2040)."""
        w = self.width
        buf = self.buffer
        shown = self.shown
        base = p * w
        lo = 0 if full else -1
        hi = w - 1
        if not full:
            if self._pages[p] == self._pages_shown[p]:
                return False
            for c in range(w):
                if buf[base + c] != shown[base + c]:
                    lo = c
                    break
            while buf[base + hi] == shown[base + hi]:
                hi -= 1
        self._send(p, lo, hi)
        return True

    def _send(self, page, lo, hi):
        n = (hi - lo + 8) & ~7  # columns, rounded up to a whole view
        if lo + n > self.width:
            lo = self.width - n
        hi = lo + n - 1
        win = self._win
        win[0] = 0x00
        win[1] = _SET_COL
        win[2] = lo
        win[3] = hi
        win[4] = _SET_PAGE
        win[5] = page
        win[6] = page
        self.i2c.writeto(self.address, win)
        self._bytes_data.blit(self._bytes, -lo, -page)  # columns lo on of the page
        self._bytes_shown.blit(self._bytes_data, lo, page)  # (those after hi: unchanged already)
        self.i2c.writeto(self.address, self._views[(n >> 3) - 1])

    def power(self, on):
        self.command(0xAF if on else 0xAE)

    def contrast(self, value):
        self.command(0x81, value)
