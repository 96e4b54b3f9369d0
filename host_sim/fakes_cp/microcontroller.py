"""A fake of CircuitPython's `microcontroller` for an RP2040: Pin (board makes
them), reset, the watchdog."""
from _mp import machine
from watchdog import WatchDogMode, WatchDogTimer


class Pin:
    def __init__(self, n):
        self._n = n

    def __repr__(self):
        return "microcontroller.pin.GPIO%d" % self._n


def _wdt_mode(wd, mode):
    if mode == WatchDogMode.RESET:  # a new one: a board reset clears the old
        wd._wdt = machine.WDT(timeout=int(wd.timeout * 1000))


watchdog = WatchDogTimer(_wdt_mode)


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    BOOTLOADER = 2


def reset():
    raise SystemExit("microcontroller.reset()")


def on_next_reset(run_mode):
    pass
