"""Put the emulated hardware under the firmware on CPython.

`install()` puts host_sim/fakes on sys.path (after firmware/), so `import machine`,
`neopixel`, `rp2` and `framebuf` find the fakes, and gives CPython's `time`
MicroPython's ticks functions, run by the virtual clock. `reset()` is a power
cycle: a fresh board at time zero."""
import os
import sys
import time

import host_sim  # noqa: F401  (puts firmware/ first on sys.path)

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes")


def install():
    if FAKES not in sys.path:
        sys.path.insert(1, FAKES)
    from emu import clock
    for name in ("ticks_ms", "ticks_us", "ticks_add", "ticks_diff", "sleep_ms", "sleep_us"):
        setattr(time, name, getattr(clock, name))
    return clock


def reset():
    install()
    from emu import world
    world.reset()
