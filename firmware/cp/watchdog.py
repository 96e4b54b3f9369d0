"""The watchdog through microcontroller.watchdog, as drivers.watchdog on
MicroPython: started late in boot, fed by every step."""
import microcontroller
from watchdog import WatchDogMode


class Watchdog:
    def __init__(self, timeout_ms=5000):
        self.timeout = min(timeout_ms, 8388) / 1000  # the RP2040 counter's limit, in s
        self.on = False
        self.wdt = microcontroller.watchdog  # None on a port without one

    def start(self):
        wdt = self.wdt
        if not self.on and wdt is not None:
            wdt.timeout = self.timeout
            wdt.mode = WatchDogMode.RESET
            self.on = True

    def feed(self):
        wdt = self.wdt
        if self.on and wdt is not None:
            wdt.feed()

    def keep_fed(self, period_ms=1000):
        """The loop stopped on purpose (Ctrl-C at the REPL): CircuitPython has no
        timer to feed it, so the watchdog is stopped instead, where the port
        allows; elsewhere it resets the board and the game resumes."""
        wdt = self.wdt
        if self.on and wdt is not None:
            try:
                wdt.mode = None
                self.on = False
            except (ValueError, NotImplementedError):
                pass
