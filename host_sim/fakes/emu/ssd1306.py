"""An SSD1306 or SSD1309 128x64 OLED on I2C: decodes the control byte, command
and data stream into its 1,024-byte display RAM, as the controller does
(SSD1306 datasheet 8.1.5, 9, 10; SSD1309 datasheet 9, 10).

Each chip refuses what the real one does not know: the SSD1309 has no charge
pump (0x8D), the SSD1306 no command lock (0xFD). Such a byte is kept in
`refused` and, as on the chip, taken for a command without arguments, so
the argument after it is read as a command of its own. While the SSD1309 is
locked (0xFD 0x16) it ignores every command but the unlock. A control byte
whose six low bits are not 0 (they are, on the chip) is kept in `bad_control`."""

# commands followed by n argument bytes
_ARGS = {0x20: 1, 0xAD: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
         0xDA: 1, 0xDB: 1, 0x8D: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2, 0xFD: 1}
# what each chip does not know
UNKNOWN = {"ssd1306": (0xFD,), "ssd1309": (0x8D,)}
CHIPS = tuple(UNKNOWN)


class SSD1306:
    def __init__(self, width=128, height=64, chip="ssd1306"):
        if chip not in UNKNOWN:
            raise ValueError("no such OLED controller %r (one of %s)" % (chip, ", ".join(CHIPS)))
        self.chip = chip
        self._unknown = UNKNOWN[chip]
        self.refused = []  # the command bytes this chip does not know, as sent
        self.bad_control = []  # control bytes with their six low bits not 0 (datasheet 8.1.5.2)
        self.locked = False  # SSD1309: commands ignored until 0xFD 0x12
        self.width = width
        self.pages = height // 8
        self.ram = bytearray(width * self.pages)
        self.on = False
        self.inverted = False
        self.contrast = 0x7F
        self.charge_pump = False
        self.seg_remap = False
        self.com_flip = False
        self.mux = 63  # multiplex ratio - 1: rows driven
        self.com_pins = 0x12  # COM pins hardware configuration (0xDA)
        self.mode = 2  # page addressing after reset
        self.col = self.col_lo = 0
        self.col_hi = width - 1
        self.page = self.page_lo = 0
        self.page_hi = self.pages - 1
        self.data_bytes = 0  # display RAM bytes received
        self._cmd = []  # a command waiting for its arguments

    # I2C device interface: a write is a control byte, then commands or data.
    def i2c_write(self, data):
        i = 0
        while i < len(data):
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.bad_control.append(ctrl)
            if ctrl & 0x80:  # Co=1: one byte follows, then another control byte
                if i < len(data):
                    self._byte(data[i], ctrl & 0x40)
                i += 1
                continue
            for b in data[i:]:  # Co=0: the rest of the transfer is all data or all commands
                self._byte(b, ctrl & 0x40)
            return

    def wired_right(self):
        """Do multiplex and COM pins match the glass? 128x64 modules wire the
        COM lines alternately (0x12), 128x32 ones in sequence (0x02); the wrong
        setting shows every other row, or half the picture."""
        return self.mux == self.pages * 8 - 1 and self.com_pins == (0x12 if self.pages == 8 else 0x02)

    def i2c_read(self, n):
        return bytes([0x03 if self.on else 0x43]) * n  # status byte

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command(b)

    def _command(self, b):
        cmd = self._cmd
        if not cmd and b in self._unknown:
            self.refused.append(b)
            return
        cmd.append(b)
        need = _ARGS.get(cmd[0], 0)
        if len(cmd) <= need:
            return
        self._cmd = []
        c = cmd[0]
        if c == 0xFD:
            self.locked = cmd[1] == 0x16
            return
        if self.locked:
            return
        if c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif c == 0x20:
            self.mode = cmd[1] & 3
        elif c == 0x21:
            self.col_lo, self.col_hi = cmd[1] & 0x7F, cmd[2] & 0x7F
            self.col = self.col_lo
        elif c == 0x22:
            self.page_lo, self.page_hi = cmd[1] & 7, cmd[2] & 7
            self.page = self.page_lo
        elif c == 0x81:
            self.contrast = cmd[1]
        elif c == 0xA6 or c == 0xA7:
            self.inverted = c == 0xA7
        elif c == 0xA0 or c == 0xA1:
            self.seg_remap = c == 0xA1
        elif c == 0xC0 or c == 0xC8:
            self.com_flip = c == 0xC8
        elif c == 0x8D:
            self.charge_pump = cmd[1] == 0x14
        elif c == 0xA8:
            self.mux = cmd[1] & 0x3F
        elif c == 0xDA:
            self.com_pins = cmd[1]
        elif c <= 0x0F:  # page mode: lower nibble of the column
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7

    def _data(self, b):
        if self.page < self.pages and self.col < self.width:
            self.ram[self.page * self.width + self.col] = b
        self.data_bytes += 1
        if self.mode == 0:  # horizontal: column first, then page, inside the windows
            if self.col >= self.col_hi:
                self.col = self.col_lo
                self.page = self.page_lo if self.page >= self.page_hi else self.page + 1
            else:
                self.col += 1
        elif self.mode == 1:  # vertical
            if self.page >= self.page_hi:
                self.page = self.page_lo
                self.col = self.col_lo if self.col >= self.col_hi else self.col + 1
            else:
                self.page += 1
        elif self.col < self.width - 1:  # page mode: stays on the page
            self.col += 1

    # What a viewer sees, after the panel's remapping.
    def lit(self, x, y):
        """Whether the pixel at (x, y) of the module, seen from the front, is lit.
        The common 0.96" modules mount the glass rotated: segment remap (A1) and
        flipped COM scan (C8) are what show the picture upright."""
        col = x if self.seg_remap else self.width - 1 - x
        row = y if self.com_flip else self.pages * 8 - 1 - y
        v = (self.ram[(row >> 3) * self.width + col] >> (row & 7)) & 1
        return bool(v) != self.inverted and self.on

    def text(self, blank=".", ink="#"):
        """The panel as lines of text, one character a pixel."""
        rows = []
        for y in range(self.pages * 8):
            rows.append("".join(ink if self.lit(x, y) else blank for x in range(self.width)))
        return "\n".join(rows)
