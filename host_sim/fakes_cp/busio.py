"""A fake of CircuitPython's `busio.I2C` on the emulated RP2040 buses: the
peripheral comes from the pins, as on the chip; transfers take bus time."""
from _mp import machine


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        bus = (sda._n >> 1) & 1
        if sda._n & 1 or (scl._n >> 1) & 1 != bus or not scl._n & 1:
            raise ValueError("Invalid pins")
        self._i2c = machine.I2C(bus, scl=scl._n, sda=sda._n, freq=frequency)
        self._locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def _check(self):
        if not self._locked:
            raise RuntimeError("Function requires lock")

    def scan(self):
        self._check()
        return self._i2c.scan()

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check()
        self._i2c.writeto(address, memoryview(buffer)[start:end])

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check()
        mv = memoryview(buffer)[start:end]
        self._i2c.readfrom_into(address, mv)

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0, out_end=None,
                              in_start=0, in_end=None):
        self._check()
        self._i2c.writeto(address, memoryview(out_buffer)[out_start:out_end], False)
        self._i2c.readfrom_into(address, memoryview(in_buffer)[in_start:in_end])

    def deinit(self):
        self._i2c.deinit()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class SPI:
    """Named for the libraries' type hints; the emulated board has no SPI device."""

    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        raise ValueError("no SPI device on the emulated board")
