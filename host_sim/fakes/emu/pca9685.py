"""A PCA9685 16-channel PWM controller on I2C: a register file with auto-increment,
sleep, prescale and the OE pin; each channel's pulse width comes from its registers."""
from emu import world

MODE1, PRESCALE, LED0, ALL_LED = 0x00, 0xFE, 0x06, 0xFA
_SLEEP, _AI, _RESTART = 0x10, 0x20, 0x80
OSC_HZ = 25000000


class Channel:
    """One output as a servo sees it: `_pulse_us()`, with listeners told of changes."""

    def __init__(self, chip, n):
        self.chip = chip
        self.n = n
        self.listeners = []

    def _pulse_us(self):
        return self.chip.pulse_us(self.n)


class PCA9685:
    def __init__(self, oe_pin=None):
        self.reg = bytearray(256)
        self.reg[MODE1] = _SLEEP | 0x01  # power-on: asleep, answers ALLCALL
        self.reg[PRESCALE] = 0x1E  # 200 Hz
        for ch in range(16):
            self.reg[LED0 + 4 * ch + 3] = 0x10  # full off
        self.ptr = 0
        self.oe = oe_pin  # GPIO number: high disables every output
        self.channels = [Channel(self, n) for n in range(16)]
        if oe_pin is not None:
            world.pin(oe_pin).listeners.append(self._changed)

    def period_us(self):
        return (self.reg[PRESCALE] + 1) * 4096 * 1000000 // OSC_HZ

    def enabled(self):
        if self.reg[MODE1] & _SLEEP:
            return False
        if self.oe is not None:
            p = world.pin(self.oe)
            # the board pulls OE up: outputs off until the firmware drives it low
            if p.mode != 1 or p.out:
                return False
        return True

    def ticks(self, ch):
        """(on, off) counts of a channel, 0-4096 (4096: full on or full off)."""
        r = LED0 + 4 * ch
        on = self.reg[r] | (self.reg[r + 1] & 0x0F) << 8
        off = self.reg[r + 2] | (self.reg[r + 3] & 0x0F) << 8
        if self.reg[r + 3] & 0x10:
            return 0, 0
        if self.reg[r + 1] & 0x10:
            return 0, 4096
        return on, off

    def pulse_us(self, ch):
        if not self.enabled():
            return 0
        on, off = self.ticks(ch)
        return ((off - on) % 4096 if off != 4096 else 4096) * self.period_us() // 4096

    def i2c_write(self, data):
        if not data:
            return
        self.ptr = data[0]
        for b in data[1:]:
            self._store(self.ptr, b)
            if self.reg[MODE1] & _AI:
                self.ptr = (self.ptr + 1) & 0xFF
        self._changed()

    def i2c_read(self, n):
        out = bytearray(n)
        for i in range(n):
            out[i] = self.reg[self.ptr]
            if self.reg[MODE1] & _AI:
                self.ptr = (self.ptr + 1) & 0xFF
        return bytes(out)

    def _store(self, r, b):
        if r == PRESCALE and not self.reg[MODE1] & _SLEEP:
            return  # writes to PRE_SCALE are blocked unless asleep (datasheet 7.3.5)
        if ALL_LED <= r < ALL_LED + 4:
            for ch in range(16):
                self.reg[LED0 + 4 * ch + r - ALL_LED] = b
            return
        if r == MODE1:
            b &= ~_RESTART & 0xFF
        self.reg[r] = b

    def _changed(self):
        for c in self.channels:
            for fn in c.listeners:
                fn()
