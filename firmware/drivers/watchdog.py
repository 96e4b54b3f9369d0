"""The hardware watchdog: once started it cannot be stopped (RP2040), so it is
started late in boot, when the main loop is about to feed it."""
from machine import WDT


class Watchdog:
    def __init__(self, timeout_ms=5000):
        self.timeout_ms = min(timeout_ms, 8388)  # the RP2040 counter's limit
        self.wdt = None

    def start(self):
        if self.wdt is None:
            self.wdt = WDT(timeout=self.timeout_ms)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def keep_fed(self, period_ms=1000):
        """The main loop has stopped on purpose (Ctrl-C over USB, to use the
        REPL): a timer feeds the watchdog from now on, so the board is not
        reset under mpremote. A soft reset ends the timer."""
        if self.wdt is not None:
            from machine import Timer
            wdt = self.wdt
            self.timer = Timer(-1, period=period_ms, callback=lambda t: wdt.feed())
