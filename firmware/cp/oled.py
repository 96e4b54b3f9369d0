"""The SSD1306 OLED through adafruit_ssd1306, with what the shared screens and
device ask of a display beyond adafruit_framebuf: text in MicroPython's 8x8
font (adafruit_framebuf's text() is 5x8, read from a file), and show_part(p),
which sends only the changed columns of one page (8 rows), so a device step
never waits for a whole frame (the library's show() sends all 1,024 bytes)."""
from adafruit_ssd1306 import SSD1306_I2C

from cp import font8x8

# The SSD1309's power-on lines (drivers.ssd1306's): the library's own send the
# charge pump's 0x8D, which the SSD1309 does not know (see docs/hardware.md).
_INIT_1309 = (0xFD, 0x12, 0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
              0xD5, 0x80, 0xD9, 0x22, 0xDB, 0x34, 0x81, 0xFF, 0xA4, 0xA6, 0xAF)


class Oled(SSD1306_I2C):
    def __init__(self, i2c, address=0x3C, width=128, height=64, panel="ssd1306"):
        self.panel = panel  # read by init_display, which the library's __init__ calls
        # what the panel's RAM holds: the library's init cleared it
        self.shown = bytearray(width * (height // 8))
        self._page = bytearray(width + 1)
        self._page[0] = 0x40  # control byte: the rest is display data
        super().__init__(width, height, i2c, addr=address)
        self.parts = self.pages  # what show_part() sends: a page
        self.show(True)  # the RAM holds noise at power-up

    def init_display(self):
        if self.panel != "ssd1309":
            super().init_display()
            return
        for cmd in _INIT_1309:  # 128x64 only: the board config refuses other heights
            self.write_cmd(cmd)
        self.fill(0)
        self.show(True)

    def text(self, s, x, y, color=1, *args, **kwargs):
        """Draw s with the 8x8 font from (x, y), as MicroPython's framebuf does:
        only the glyphs' set pixels are drawn, in color."""
        font8x8.text(self._put, s, x, y, color)

    def _put(self, x, y, c):
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y >> 3) * self.width + x
            if c:
                self.buf[i] |= 1 << (y & 7)
            else:
                self.buf[i] &= ~(1 << (y & 7)) & 0xFF

    def show(self, full=False):
        for p in range(self.pages):
            self.show_part(p, full)

    def show_part(self, p, full=False):
        """Send page p's changed columns; False if nothing had changed."""
        w = self.width
        buf = self.buf
        shown = self.shown
        base = p * w
        lo = 0
        hi = w - 1
        if not full:
            while lo < w and buf[base + lo] == shown[base + lo]:
                lo += 1
            if lo == w:
                return False
            while buf[base + hi] == shown[base + hi]:
                hi -= 1
        for cmd in (0x21, lo, hi, 0x22, p, p):  # the column and page window
            self.write_cmd(cmd)
        d = self._page
        for c in range(lo, hi + 1):
            d[c - lo + 1] = shown[base + c] = buf[base + c]
        # adafruit_bus_device's own hints type I2CDevice.__exit__ so that pyright
        # rejects the `with` its docs and adafruit_ssd1306 use: a library hint, not our code
        with self.i2c_device:  # pyright: ignore[reportGeneralTypeIssues]
            self.i2c_device.write(d, end=hi - lo + 2)
        return True
