"""A fake of CircuitPython's `neopixel_write`: the bytes go to the emulated pin,
taking the time the 800 kHz stream would, as the MicroPython fake's write()."""
from emu import clock, world


def neopixel_write(digitalinout, buf):
    clock.advance(len(buf) * 10 + 50)
    world.pin(digitalinout._p._n).clock_out(bytes(buf))
