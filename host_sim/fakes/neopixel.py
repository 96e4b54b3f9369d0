"""A fake of MicroPython's `neopixel`: the frame goes to the pin's `data`, and
the write takes the time the 800 kHz WS2812 stream would (30 us a pixel)."""
from emu import clock, world


class NeoPixel:
    ORDER = (1, 0, 2, 3)  # WS2812 takes green first

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self._s = world.pin(pin._n if hasattr(pin, "_n") else pin)

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        off = i * self.bpp
        for k in range(self.bpp):
            self.buf[off + self.ORDER[k]] = v[k]

    def __getitem__(self, i):
        off = i * self.bpp
        return tuple(self.buf[off + self.ORDER[k]] for k in range(self.bpp))

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        clock.advance(self.n * self.bpp * 10 + 50)  # 8 bits x 1.25 us a byte, then the latch
        self._s.clock_out(bytes(self.buf))
