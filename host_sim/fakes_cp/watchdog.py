"""A fake of CircuitPython's `watchdog`: a RESET-mode timer that, unfed, makes
the emulated board reset (the MicroPython fake WDT's world.state flag)."""
from emu import clock


class WatchDogMode:
    RAISE = 1
    RESET = 2


class WatchDogTimeout(Exception):
    pass


class WatchDogTimer:
    def __init__(self, on_mode):
        self._on_mode = on_mode
        self._wdt = None
        self._mode = None
        self.timeout = 0.0

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, m):
        if m is None:  # disabled (the RP2040 allows it)
            if self._wdt is not None:
                clock.remove_timer(self._wdt)
                self._wdt = None
        elif not 0 < self.timeout <= 8.388:
            raise ValueError("timeout out of range")
        self._mode = m
        self._on_mode(self, m)

    def feed(self):
        if self._wdt is not None:  # silently nothing when inactive, as the core
            self._wdt.feed()
