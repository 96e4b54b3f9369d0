"""The self-test: scan the I2C bus and name what is missing, move every
shutter, light every pixel, and show each button as it is pressed.
Run it from the REPL: `import app.selftest as t; t.run()`."""
import time

from app import board
from app.hardware import Hardware, i2c_chips


def missing(cfg, port):
    """The I2C addresses this board needs that do not answer."""
    found = port.i2c(cfg["i2c"]).scan()
    return [a for a in sorted(i2c_chips(cfg)) if a not in found]


class SelfTest:
    def __init__(self, cfg, storage, out=print, port=None):
        """port: the runtime's (app.port by default)."""
        if port is None:
            from app import port
        self.cfg = cfg
        self.out = out
        gone = missing(cfg, port)
        want = i2c_chips(cfg)
        self.problems = ["missing on I2C at 0x%02x: %s" % (a, want[a]) for a in gone]
        for p in self.problems:
            out(p)
        self.hw = None
        if cfg["shutters"].get("address") in gone:
            return  # no servo driver: nothing else can be trusted to be safe
        self.hw = Hardware(cfg, port, storage, oled=cfg["oled"]["address"] not in gone)

    def say(self, line):
        self.out(line)
        oled = self.hw.oled if self.hw else None
        if oled is not None:
            oled.fill_rect(0, 56, oled.width, 8, 0)
            oled.text(line[:16], 0, 56)
            oled.show()

    def _hw(self):
        if self.hw is None:
            raise RuntimeError("self-test: no hardware to test")
        return self.hw

    def shutters(self):
        s = self._hw().shutters
        for i in range(s.n):
            self.say("window %d" % (i + 1))
            s.open(i)
            s.wait()
            s.close(i)
        s.wait()

    def pixels(self):
        px = self._hw().pixels
        for colour in ((255, 0, 0), (0, 255, 0), (0, 0, 255)):
            for i in range(px.n):
                px.fill(0, 0, 0)
                px.set(i, *colour)
                px.show()
                time.sleep_ms(40)
        px.off()
        self.say("pixels done")

    def buttons(self, ms=20000):
        """Show each button as it is pressed until all were seen or ms passed;
        returns the names never pressed."""
        b = self._hw().buttons
        left = list(b.names)
        self.say("press each button")
        start = time.ticks_ms()
        while left and time.ticks_diff(time.ticks_ms(), start) < ms:
            b.poll()
            e = b.get()
            if e >= 0:
                self.say(b.describe(e))
                name = b.names[e >> 2]
                if name in left:
                    left.remove(name)
            time.sleep_ms(5)
        for name in left:
            self.problems.append("button never pressed: " + name)
        return left

    def run(self, button_ms=20000):
        if self.hw is not None:
            self.shutters()
            self.pixels()
            self.buttons(button_ms)
            self.hw.buzzer.tone(1000 if not self.problems else 300, 200)  # high: good, low: look
            self.hw.buzzer.wait()  # nothing else ends the tone
        self.out("self-test: " + ("all good" if not self.problems else "%d problem(s)" % len(self.problems)))
        return self.problems


def run(name=None, button_ms=20000):
    from drivers.storage import Storage
    return SelfTest(board.load(name), Storage()).run(button_ms)
