"""Put the emulated hardware under the CircuitPython build on CPython.

`install()` puts host_sim/fakes_cp (fake `board`, `microcontroller`, `busio`,
`digitalio`, `pwmio`, `analogio`, `neopixel_write`, `keypad`, `supervisor`,
`storage`, `watchdog`) and the real Adafruit libraries (pinned in
requirements-cp.txt, installed without their Blinka dependency into
<venv>/circuitpython) on sys.path, after firmware/. The fakes drive the same
emulated chips (host_sim/fakes/emu) as the MicroPython build's; the
MicroPython fakes stay off the path, so adafruit_ssd1306 draws with
adafruit_framebuf, as on a board. One runtime per process: `neopixel`
and `time` mean different things to the two."""
import os
import sys
import time

import host_sim  # noqa: F401  (puts firmware/ first on sys.path)
from host_sim import ROOT

FAKES_CP = os.path.join(ROOT, "host_sim", "fakes_cp")
LIBS = os.path.join(sys.prefix, "circuitpython")


def install():
    from host_sim import hw
    if hw.FAKES in sys.path:
        raise RuntimeError("the MicroPython fakes are installed in this process: one runtime per process")
    if not os.path.exists(os.path.join(LIBS, "adafruit_ssd1306.py")):
        raise RuntimeError("no Adafruit libraries in %s: run `make setup`" % LIBS)
    if FAKES_CP not in sys.path:
        sys.path.insert(1, FAKES_CP)
        sys.path.insert(2, LIBS)
    import _mp  # noqa: F401  (loads emu and micropython)
    from emu import clock as vclock
    from cp import clock
    clock.sleep = vclock.sleep  # CircuitPython's time.sleep: here the virtual clock's
    # what code.py does with sys.modules["time"] on the board: CPython's own
    # `time` must stay whole here, so it gets cp.clock's functions instead
    for name in ("ticks_ms", "ticks_us", "ticks_add", "ticks_diff", "sleep_ms", "sleep_us"):
        setattr(time, name, getattr(clock, name))
    return vclock
