"""An SSD1683 e-paper controller with its 400x300 panel on SPI: decodes the
command stream (DC low: a command byte, DC high: its arguments or RAM data)
into both RAM planes, as the controller does, and shows them on the glass
when told to refresh. BUSY stays high for the refresh time on the virtual
clock; a byte sent while busy is refused (counted, and lost, as on the chip).

Mistakes a driver could make are counted in `errors` (unknown command,
wrong argument count, data outside a RAM command) instead of raised, so a
test can check them all at the end."""
from emu import clock, world

WIDTH = 400
HEIGHT = 300
ROW = WIDTH // 8

# Times on the virtual clock, in us: the slow end of what is published for the
# Pico-ePaper-4.2 V2 (full 1.1-3 s, partial 0.36-0.75 s).
FULL_US = 3000000
PARTIAL_US = 750000
RESET_US = 2000

# command -> argument bytes (None: RAM data follows, any length)
_ARGS = {0x01: 3, 0x10: 1, 0x11: 1, 0x12: 0, 0x18: 1, 0x20: 0, 0x21: 2, 0x22: 1,
         0x24: None, 0x26: None, 0x3C: 1, 0x44: 2, 0x45: 4, 0x4E: 1, 0x4F: 2}


class SSD1683:
    def __init__(self, cs, dc, rst, busy, spi=1):
        """Wired as a board config says: the pin numbers of CS, DC, RST and
        BUSY, on SPI bus `spi`."""
        self.width = WIDTH
        self.height = HEIGHT
        self.dc = world.pin(dc)
        world.spi(spi).attach(cs, self)
        world.pin(rst).listeners.append(self._rst_changed)
        self._rst = world.pin(rst)
        world.pin(busy).drive(self)
        self.new = bytearray(b"\xff" * (ROW * HEIGHT))  # RAM 0x24
        self.old = bytearray(b"\xff" * (ROW * HEIGHT))  # RAM 0x26
        self.glass = bytearray(b"\xff" * (ROW * HEIGHT))  # what the panel shows
        self.busy_until = 0
        self.asleep = True  # powered up: needs a reset before it listens
        self.full_refreshes = 0
        self.partial_refreshes = 0
        self.partials_since_full = 0
        self.refused = 0  # bytes sent while BUSY was high
        self.errors = []
        self.data_bytes = 0  # RAM bytes received
        self.on_byte = None  # test hook: called after every byte taken in
        self.written = -1  # RAM index the last byte went to (-1: it was no RAM data)
        self.written_new = False  # ... in "new" (else in "old")
        self._registers()

    def _registers(self):
        self.entry = 0x03
        self.x0, self.x1, self.y0, self.y1 = 0, ROW - 1, 0, HEIGHT - 1
        self.x = self.y = 0
        self.ctrl1 = 0x00
        self.seq = 0xFF
        self.gates = HEIGHT
        self._cmd = -1
        self._args = []

    # pins
    def level(self):
        """BUSY, as the firmware reads it."""
        return 1 if clock.now_us() < self.busy_until else 0

    def next_change(self, now):
        """When BUSY falls, if it is high (an emulator running ahead samples it then)."""
        return self.busy_until if self.busy_until > now else None

    def _rst_changed(self):
        if self._rst.level() == 0:  # hardware reset: registers to defaults, RAM kept
            self._registers()
            self.asleep = False
            self.busy_until = 0

    # SPI device interface
    def spi_write(self, data):
        is_data = self.dc.level() == 1
        for b in data:
            self.written = -1
            if self.asleep:
                continue  # deep sleep: only RST wakes it
            if self.level():
                self.refused += 1
            elif is_data:
                self._data(b)
            else:
                self._command(b)
            if self.on_byte is not None:
                self.on_byte(self)

    def _error(self, what):
        self.errors.append(what)

    def _command(self, c):
        if self._cmd >= 0 and self._args is not None and len(self._args) < _ARGS[self._cmd]:
            self._error("0x%02x: %d argument bytes, needs %d" % (self._cmd, len(self._args), _ARGS[self._cmd]))
        if c not in _ARGS:
            self._error("unknown command 0x%02x" % c)
            self._cmd = -1
            return
        self._cmd = c
        need = _ARGS[c]
        self._args = None if need is None else []
        if c == 0x24 or c == 0x26:
            return
        if need == 0:
            self._run(c, ())

    def _data(self, b):
        c = self._cmd
        if c < 0:
            self._error("data 0x%02x without a command" % b)
        elif self._args is None:
            self._ram(self.new if c == 0x24 else self.old, b)
        elif len(self._args) >= _ARGS[c]:
            self._error("0x%02x: extra argument byte 0x%02x" % (c, b))
        else:
            self._args.append(b)
            if len(self._args) == _ARGS[c]:
                self._run(c, self._args)

    def _ram(self, plane, b):
        if self.x < ROW and self.y < HEIGHT:
            self.written = self.y * ROW + self.x
            self.written_new = plane is self.new
            plane[self.written] = b
        self.data_bytes += 1
        # data entry mode 0x03: x increases, then y (other modes are not used)
        if self.x >= self.x1:
            self.x = self.x0
            self.y = self.y0 if self.y >= self.y1 else self.y + 1
        else:
            self.x += 1

    def _run(self, c, a):
        if c == 0x12:
            self._registers()
            self.busy_until = clock.now_us() + RESET_US
        elif c == 0x01:
            self.gates = (a[0] | a[1] << 8) + 1
        elif c == 0x11:
            self.entry = a[0]
            if a[0] != 0x03:
                self._error("data entry mode 0x%02x is not emulated" % a[0])
        elif c == 0x44:
            self.x0, self.x1 = a[0] & 0x3F, a[1] & 0x3F
        elif c == 0x45:
            self.y0, self.y1 = a[0] | (a[1] & 1) << 8, a[2] | (a[3] & 1) << 8
        elif c == 0x4E:
            self.x = a[0] & 0x3F
        elif c == 0x4F:
            self.y = a[0] | (a[1] & 1) << 8
        elif c == 0x21:
            self.ctrl1 = a[0]
        elif c == 0x22:
            self.seq = a[0]
        elif c == 0x10:
            if a[0] & 3:
                self.asleep = True
        elif c == 0x20:
            self._refresh()

    def _refresh(self):
        if not self.seq & 0x04:  # no "display" step: power or clock only
            return
        if self.gates != HEIGHT:
            self._error("driver output set to %d gates, not %d" % (self.gates, HEIGHT))
        if self.seq & 0x08:  # display mode 2: only where new differs from old
            g, n, o = self.glass, self.new, self.old
            for i in range(len(g)):
                d = n[i] ^ o[i]
                if d:
                    g[i] = (g[i] & ~d | n[i] & d) & 0xFF
            self.partial_refreshes += 1
            self.partials_since_full += 1
            self.busy_until = clock.now_us() + PARTIAL_US
        else:
            self.glass[:] = self.new
            self.full_refreshes += 1
            self.partials_since_full = 0
            self.busy_until = clock.now_us() + FULL_US

    # what a viewer sees
    def white(self, x, y):
        return (self.glass[y * ROW + (x >> 3)] >> (7 - (x & 7))) & 1
