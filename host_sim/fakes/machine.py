"""A fake `machine` for the RP2040: the real API (checked against the stubs),
backed by the emulated board in `emu.world` and the virtual clock."""
from emu import clock, world

PWRON_RESET = 1
WDT_RESET = 3


def _i2c_pin_ok(bus, pin, is_scl):
    # RP2040 pin functions (datasheet 1.4.3): GPIO n is I2C bus (n >> 1) & 1, SDA if n is even
    n = _pin_id(pin)
    return ((n >> 1) & 1) == bus and (n & 1) == is_scl


def _pin_id(p):
    if isinstance(p, Pin):
        return p._n
    if isinstance(p, int) and 0 <= p < world.GPIO_COUNT:
        return p
    if p == "LED":  # the Pico's own LED, on GP25
        return 25
    raise ValueError("invalid pin")


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        self._n = _pin_id(id)
        self._s = world.pin(self._n)
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        s = self._s
        before = s.level()
        if value is not None:
            s.out = 1 if value else 0  # set before the mode, as the port does: no glitch
        if mode != -1:
            s.mode = mode
            s.pwm = None
        if pull != -1:
            s.pull = pull
        if s.level() != before:
            s.changed()

    def value(self, x=None):
        s = self._s
        if x is None:
            return s.level()
        before = s.level()
        s.out = 1 if x else 0
        if s.level() != before:
            s.changed()
        return None

    def __call__(self, x=None):
        return self.value(x)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def high(self):
        self.value(1)

    def low(self):
        self.value(0)

    def toggle(self):
        self.value(1 - self._s.out)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, *, priority=1, wake=None, hard=False):
        # recorded, never fired: the firmware polls its inputs
        self._s.set_irq(handler, trigger)
        return None

    def __repr__(self):
        return "Pin(GPIO%d)" % self._n


def _whole(v):
    """The port reads these arguments with mp_obj_get_int: a float is a TypeError."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError("can't convert %s to int" % type(v).__name__)
    return v


class PWM:
    """One RP2040 PWM channel: GPIO n is slice (n >> 1) & 7, channel n & 1.
    Both channels of a slice share its frequency, as on the chip."""

    def __init__(self, dest, *, freq=-1, duty_u16=-1, duty_ns=-1, invert=False):
        self._n = _pin_id(dest)
        self._slice = (self._n >> 1) & 7
        self._duty = 0
        world.pin(self._n).attach_pwm(self)
        self.init(freq=freq, duty_u16=duty_u16, duty_ns=duty_ns)

    def init(self, *, freq=-1, duty_u16=-1, duty_ns=-1, invert=False):
        for v in (freq, duty_u16, duty_ns):
            _whole(v)
        if freq != -1:
            self.freq(freq)
        if duty_u16 != -1:
            self.duty_u16(duty_u16)
        if duty_ns != -1:
            self.duty_ns(duty_ns)

    def freq(self, value=None):
        if value is None:
            return world.slice_freq.get(self._slice, 0)
        if not 8 <= value <= 62500000:
            raise ValueError("freq out of range")
        world.slice_freq[self._slice] = value
        for s in world.pins.values():  # the other channel of the slice changes too
            if s.pwm is not None and s.pwm._slice == self._slice:
                s.changed()
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = max(0, min(65535, _whole(value)))
        world.pin(self._n).changed()
        return None

    def duty_ns(self, value=None):
        f = self.freq()
        if value is None:
            return self._duty * 1000000000 // (65536 * f) if f else 0
        self.duty_u16(int(value) * f * 65536 // 1000000000)
        return None

    def deinit(self):
        self._duty = 0
        world.pin(self._n).attach_pwm(None)

    def _pulse_us(self):
        """Emulation: the high time of each period, what a servo measures."""
        f = self.freq()
        return self._duty * 1000000 // (65536 * f) if f else 0


class I2C:
    def __init__(self, id, *, scl=None, sda=None, freq=400000, timeout=50000):
        if id not in (0, 1):
            raise ValueError("I2C(%r) doesn't exist" % (id,))
        if sda is not None and not _i2c_pin_ok(id, sda, 0):
            raise ValueError("bad SDA pin")
        if scl is not None and not _i2c_pin_ok(id, scl, 1):
            raise ValueError("bad SCL pin")
        self._bus = world.bus(id)
        self._bus.freq = freq

    def init(self, *, scl=None, sda=None, freq=400000):
        self._bus.freq = freq

    def deinit(self):
        pass

    def _dev(self, addr):
        d = self._bus.devices.get(addr)
        if d is None:
            self._bus.spend(0)  # the address byte goes out and nobody answers
            raise OSError(5)  # EIO, what the rp2 port raises on a NACK
        return d

    def scan(self):
        found = []
        for addr in range(0x08, 0x78):
            self._bus.spend(0)
            if addr in self._bus.devices:
                found.append(addr)
        return found

    def writeto(self, addr, buf, stop=True):
        d = self._dev(addr)
        n = len(buf)
        self._bus.spend(n)
        self._bus.bytes_sent += n
        self._bus.transfers += 1
        d.i2c_write(bytes(buf))
        return n

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(b) for b in vector)
        return self.writeto(addr, data, stop)

    def readfrom_into(self, addr, buf, stop=True):
        d = self._dev(addr)
        self._bus.spend(len(buf))
        data = d.i2c_read(len(buf))
        for i in range(len(buf)):
            buf[i] = data[i]

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        self.writeto(addr, bytes([memaddr & 0xFF]) + bytes(buf))

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        self.writeto(addr, bytes([memaddr & 0xFF]), False)
        self.readfrom_into(addr, buf)

    def readfrom_mem(self, addr, memaddr, nbytes, *, addrsize=8):
        buf = bytearray(nbytes)
        self.readfrom_mem_into(addr, memaddr, buf)
        return bytes(buf)


# RP2040 defaults when a pin is not given (the rp2 port's board defaults)
_SPI_DEFAULT = {0: (18, 19, 16), 1: (10, 11, 8)}  # sck, mosi, miso


def _spi_pin_ok(bus, pin, role):
    # RP2040 pin functions: GPIO n is SPI bus (n >> 3) & 1; n & 3 is 0 RX (MISO), 2 SCK, 3 TX (MOSI)
    n = _pin_id(pin)
    return ((n >> 3) & 1) == bus and (n & 3) == role


class SPI:
    LSB = 0
    MSB = 1

    def __init__(self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=MSB,
                 sck=None, mosi=None, miso=None, pins=None):
        if id not in (0, 1):
            raise ValueError("SPI(%r) doesn't exist" % (id,))
        self._id = id
        self._bus = world.spi(id)
        self.init(baudrate, polarity=polarity, phase=phase, bits=bits, firstbit=firstbit,
                  sck=sck, mosi=mosi, miso=miso)

    def init(self, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=MSB,
             sck=None, mosi=None, miso=None, pins=None):
        d = _SPI_DEFAULT[self._id]
        for pin, role, default in ((sck, 2, d[0]), (mosi, 3, d[1]), (miso, 0, d[2])):
            if pin is None:
                pin = default
            elif not _spi_pin_ok(self._id, pin, role):
                raise ValueError("bad %s pin" % ("MISO", "", "SCK", "MOSI")[role])
            # the pin now belongs to the SPI: a GPIO output there (DC on GP8) stops working
            s = world.pin(_pin_id(pin))
            s.mode = Pin.ALT
            s.pwm = None
        self._bus.baudrate = baudrate

    def deinit(self):
        pass

    def write(self, buf):
        self._bus.write(buf)  # not copied: a 15 kB frame would not fit twice in the VM's heap
        return None

    def read(self, nbytes, write=0x00):
        self._bus.write(bytes([write]) * nbytes)
        return bytes(nbytes)  # MISO is not wired: the panel is write-only

    def readinto(self, buf, write=0x00):
        self.read(len(buf), write)
        for i in range(len(buf)):
            buf[i] = 0
        return None

    def write_readinto(self, write_buf, read_buf):
        self.write(write_buf)
        for i in range(len(read_buf)):
            read_buf[i] = 0
        return None


_GPIO_IN = 0xD0000004  # the SIO's GPIO_IN: every pin's level, GPn bit n


class _Mem(object):  # (object): the stubs have no class of this name to check it against
    """machine.mem32: of the RP2040's registers the fake board has only
    GPIO_IN, what a port may read."""

    def __getitem__(self, addr):
        if addr != _GPIO_IN:
            raise ValueError("the fake board has no register at 0x%08x (only GPIO_IN, 0x%08x)" % (addr, _GPIO_IN))
        w = 0
        for n in range(world.GPIO_COUNT):
            p = world.pins.get(n)  # a pin nothing has touched reads 0 (no pull); none is made here
            if p is not None and p.level():
                w |= 1 << n
        return w


mem32 = _Mem()


class ADC:
    CORE_TEMP = 4

    def __init__(self, id, *, sample_ns=0, atten=0):
        n = _pin_id(id) if isinstance(id, Pin) or (isinstance(id, int) and id > 4) else 26 + id
        if n not in (26, 27, 28, 29):
            raise ValueError("Pin doesn't have ADC capabilities")
        self._s = world.pin(n)

    def read_u16(self):
        clock.advance(2)  # one 500 ksps conversion
        a = self._s.analog
        if a is not None:
            return a.read_u16()
        return 65535 if self._s.level() else 0


class Timer:
    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id=-1, *, mode=PERIODIC, period=None, freq=None, tick_hz=None, callback=None, hard=None):
        self._cb = None
        self._due = 0
        self._period = 0
        self._mode = mode
        if callback is not None:
            self.init(mode=mode, period=period, freq=freq, tick_hz=tick_hz, callback=callback, hard=hard)

    def init(self, *, mode=PERIODIC, period=None, freq=None, tick_hz=None, callback=None, hard=None):
        self._mode = mode
        if freq:
            self._period = 1000000 // freq
        else:  # period counts ticks of tick_hz (ms by default)
            self._period = max(1, (period or 0) * 1000000 // (tick_hz or 1000))
        self._cb = callback
        self._due = clock.now_us() + self._period
        clock.add_timer(self)

    def deinit(self):
        clock.remove_timer(self)

    def _fire(self):
        if self._mode == Timer.PERIODIC:
            self._due += self._period
        else:
            clock.remove_timer(self)
        if self._cb is not None:
            self._cb(self)


class WDT:
    """Emulation: if not fed within timeout the board resets; the fake records it
    in world.state (and reset_cause() gives WDT_RESET) instead of restarting."""

    def __init__(self, *, id=0, timeout=5000):
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout out of range")  # the RP2040 counter's limit
        self._timeout = timeout * 1000
        self.feed()
        clock.add_timer(self)

    def feed(self):
        self._due = clock.now_us() + self._timeout

    def _fire(self):
        world.state["wdt_expired"] = True
        world.state["reset_cause"] = WDT_RESET
        clock.remove_timer(self)


def reset_cause():
    return world.state["reset_cause"]


def freq(hz=None):
    return 125000000 if hz is None else None


def unique_id():
    return b"\xe6\x60\x58\x38\x83\x2f\x1c\x2a"


def idle():
    clock.advance(1)


def disable_irq():
    return 0


def enable_irq(state):
    pass


def reset():
    raise SystemExit("machine.reset()")
