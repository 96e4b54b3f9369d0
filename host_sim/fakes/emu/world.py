"""The board the fakes stand on: pin levels, what drives them, and the I2C buses.

A device drives an input pin by attaching an object with `level()` (buttons)
or `read_u16()` (an ADC source); a device listens to an output by putting a
callable in the pin's `listeners`, called after every change."""
from emu import clock

# RP2040 GPIOs a Pico brings out or uses on the board (23-25, 29 are internal).
GPIO_COUNT = 30


class PinState:
    def __init__(self, n):
        self.n = n
        self.mode = -1
        self.pull = -1
        self.out = 0
        self.source = None  # object with level(): an external device driving the pin
        self.analog = None  # object with read_u16(): what an ADC on this pin reads
        self.pwm = None  # the fake PWM driving this pin, if any
        self.irq = None  # (handler, trigger)
        self.data = None  # the last bytes clocked out serially (a NeoPixel frame)
        self.listeners = []

    def level(self):
        if self.mode == 1 or self.pwm is not None:  # Pin.OUT or PWM
            return self.out
        if self.source is not None:
            return self.source.level()
        if self.pull == 1:  # PULL_UP
            return 1
        return 0

    def drive(self, source):
        """An external device (a switch) now sets the level of this input."""
        self.source = source

    def feed_adc(self, analog):
        """What an ADC on this pin reads now comes from analog.read_u16()."""
        self.analog = analog

    def attach_pwm(self, pwm):
        """A PWM takes the pin over (None: gives it back, output low)."""
        self.pwm = pwm
        self.out = 0
        self.changed()

    def set_irq(self, handler, trigger):
        self.irq = (handler, trigger) if handler else None

    def clock_out(self, data):
        self.data = data
        self.changed()

    def changed(self):
        for fn in self.listeners:
            fn()


class Bus:
    """An I2C bus: devices by address; `write`/`read` take bytes after the address."""

    def __init__(self, n):
        self.n = n
        self.devices = {}
        self.freq = 400000
        self.bytes_sent = 0  # payload bytes written (address bytes not counted)
        self.transfers = 0

    def attach(self, addr, device):
        self.devices[addr] = device

    def detach(self, addr):
        self.devices.pop(addr, None)

    def spend(self, nbytes):
        """A transfer of nbytes after the address byte: 9 clocks a byte, plus start and stop."""
        clock.advance(((nbytes + 1) * 9 + 2) * 1000000 // self.freq)


class SpiBus:
    """An SPI bus: each device listens while its chip-select pin is low."""

    def __init__(self, n):
        self.n = n
        self.devices = []  # (cs pin number, device with spi_write(bytes))
        self.baudrate = 1000000
        self.bytes_sent = 0

    def attach(self, cs, device):
        self.devices.append((cs, device))

    def write(self, data):
        clock.advance(len(data) * 8 * 1000000 // self.baudrate)
        self.bytes_sent += len(data)
        for cs, d in self.devices:
            if pin(cs).level() == 0:
                d.spi_write(data)


pins = {}
buses = {}
spi_buses = {}
slice_freq = {}  # PWM slice -> frequency: both channels of a slice share it
state = {"reset_cause": 1, "wdt_expired": False}  # 1: PWRON_RESET


def pin(n):
    p = pins.get(n)
    if p is None:
        p = pins[n] = PinState(n)
    return p


def bus(n):
    b = buses.get(n)
    if b is None:
        b = buses[n] = Bus(n)
    return b


def spi(n):
    b = spi_buses.get(n)
    if b is None:
        b = spi_buses[n] = SpiBus(n)
    return b


def reset():
    """A fresh board at time zero: nothing attached, nothing driven."""
    pins.clear()
    buses.clear()
    spi_buses.clear()
    slice_freq.clear()
    state["reset_cause"] = 1
    state["wdt_expired"] = False
    clock.reset()
    import random
    random.seed(_fresh() if pinned[0] is None else pinned[0])  # the board's hardware random source


pinned = [None]  # what seeds the emulated random source at power-up; None: the host's os.urandom


def pin_random(value=None):
    """value (a whole number): every power-up draws the same bytes, so a game
    started from the menu repeats (tests, `--secret`); None: fresh bytes at
    every power-up, as the RP2040's ring oscillator gives, so a menu game's
    deck secret never follows from its seed."""
    pinned[0] = value


def _fresh():
    """64 bits from the host's entropy (os.urandom; the browser's crypto on the web page)."""
    try:
        from os import urandom as host
        return int.from_bytes(host(8), "big")
    except (ImportError, AttributeError, OSError):  # a MicroPython without os.urandom
        pass
    import random
    try:
        random.seed()  # the port's own entropy (the browser's crypto.getRandomValues)
    except (TypeError, ValueError):  # a port with no default seed: the stream goes on
        pass
    return random.getrandbits(30) << 30 | random.getrandbits(30)


def urandom(n):
    """The emulated board's hardware random source (os.urandom on a Pico):
    from `random`, which reset() seeds at every power-up (pin_random)."""
    import random
    return bytes([random.getrandbits(8) for _ in range(n)])


def hardware_random(port):
    """Give the runtime's port (app.port, cp.port) the emulated random source
    in place of the host's, before the firmware builds its hardware."""
    port.urandom = urandom
    return port
