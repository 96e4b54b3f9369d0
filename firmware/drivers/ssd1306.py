"""SSD1306 or SSD1309 128x64 OLED on I2C, drawn with framebuf. show() sends
only what changed: each half page (8 rows, 64 columns) that differs from what
the panel holds, allocating nothing. A whole frame is 1,024 data bytes, about
25 ms at 400 kHz.

The SSD1309 (the 2.42 inch modules) takes the SSD1306's addressing, scan and
display commands, but has no charge pump: its panel voltage comes from the
module's own boost converter, and 0x8D is no command of it (its argument
would be read as a command of its own). So it gets its own power-on lines:
the command lock opened (0xFD 0x12: locked, it ignores every command), no
0x8D, and the pre-charge and VCOMH its datasheet gives for its external VCC."""
import framebuf
from micropython import const

_SET_COL = const(0x21)
_SET_PAGE = const(0x22)

# Power-on sequence (datasheet app note): horizontal addressing, segment
# remap and flipped COM scan (A1, C8: upright on the common modules, whose
# glass is mounted rotated), internal charge pump, display on last.
_INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
         0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)
# The SSD1309's: unlocked first; pre-charge 0x22 (its reset value, for external
# VCC), VCOMH 0x34 (0.78 VCC); no charge pump.
_INIT_1309 = (0xFD, 0x12, 0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
              0xD5, 0x80, 0xD9, 0x22, 0xDB, 0x34, 0x81, 0xFF, 0xA4, 0xA6, 0xAF)
INITS = {"ssd1306": _INIT, "ssd1309": _INIT_1309}  # by the board config's oled.panel


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, address=0x3C, width=128, height=64, panel="ssd1306"):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.pages = height // 8
        self.parts = 2 * self.pages  # what show_part() sends: half a page, 64 columns
        h = width // 2
        self.buffer = bytearray(width * self.pages)
        self.shown = bytearray(width * self.pages)  # what the panel's RAM holds
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._win = bytearray((0x00, _SET_COL, 0, 0, _SET_PAGE, 0, 0))
        self._data = bytearray(h + 1)
        self._data[0] = 0x40  # control byte: the rest is display data
        mv = memoryview(self._data)
        # The same memory seen a byte a pixel (GS8: half a page a row), so
        # that fill() is one memset and half a page's bytes are copied by
        # blit(), in C, allocating nothing (MONO_VLSB's fill sets pixel after
        # pixel: 0.8 ms on the RP2040; a loop over a page's columns, 2 ms).
        self._bytes = framebuf.FrameBuffer(self.buffer, h, self.parts, framebuf.GS8)
        self._bytes_data = framebuf.FrameBuffer(mv[1:], h, 1, framebuf.GS8)
        self._bytes_shown = framebuf.FrameBuffer(self.shown, h, self.parts, framebuf.GS8)
        b = memoryview(self.buffer)
        s = memoryview(self.shown)
        self._parts = [b[k * h:(k + 1) * h] for k in range(self.parts)]
        self._parts_shown = [s[k * h:(k + 1) * h] for k in range(self.parts)]
        init = INITS[panel]
        cmds = bytearray(len(init) + 1)  # control byte 0x00: a command stream
        for k in range(len(init)):
            cmds[k + 1] = init[k]
        if height != 64:  # the arguments of multiplex (0xA8) and COM pins (0xDA)
            cmds[init.index(0xA8) + 2] = height - 1
            cmds[init.index(0xDA) + 2] = 0x02
        i2c.writeto(address, cmds)
        self.show(True)

    def fill(self, c):
        self._bytes.fill(255 if c else 0)

    def bitmap(self, buf, w, h):
        """A w x h framebuf over buf in the panel's format, to blit from
        (app.glyphs' glyphs)."""
        return framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)

    def command(self, *cmds):
        """Send commands (rare: power, contrast), as one command stream."""
        self.i2c.writeto(self.address, bytes((0x00,) + cmds))

    def show(self, full=False):
        """Send what changed (everything if full)."""
        for k in range(self.parts):
            self.show_part(k, full)

    def show_part(self, k, full=False):
        """Send half a page (k // 2, its left half if k is even) if it
        changed; False if not. The device sends one a step: 1.5 ms of bus at
        400 kHz. It is compared whole, as two memoryviews (C speed), and sent
        whole: finding the changed columns in Python (1.4 ms a page on the
        RP2040) cost more than sending them."""
        if not full and self._parts[k] == self._parts_shown[k]:
            return False
        h = self.width // 2
        win = self._win
        win[2] = (k & 1) * h
        win[3] = win[2] + h - 1
        win[5] = win[6] = k >> 1
        self.i2c.writeto(self.address, win)
        self._bytes_data.blit(self._bytes, 0, -k)  # row k: that half page
        self._bytes_shown.blit(self._bytes_data, 0, k)
        self.i2c.writeto(self.address, self._data)
        return True

    def power(self, on):
        self.command(0xAF if on else 0xAE)

    def contrast(self, value):
        self.command(0x81, value)
