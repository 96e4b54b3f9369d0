"""The device: one non-blocking step() that polls the buttons, advances the
controller and drives the outputs. main.py calls it from an asyncio loop;
the simulator, `press` and the tests call the same step() on a virtual clock.

A step never sleeps or waits: the shutters move on their own schedule, the
buzzer plays its tune a note per step, and the OLED gets at most one changed
page (128 bytes, about 3 ms at 400 kHz) per step, so a press is never held
up behind a whole frame."""
import time
from micropython import const

from app import controller as ctl_mod
from app import lights, screens
from app.controller import Controller, KEY_NAMES

EXPORT = "game.rec"
TUNES = {
    "roll": ((988, 40), (0, 30), (1319, 60)),
    "open": ((1568, 30),),
    "refuse": ((196, 160),),
    "reveal": ((784, 90), (988, 90), (1319, 200)),
}
_PAGES = const(8)


class Outputs:
    """What the controller may ask of the hardware."""

    def __init__(self, hw, storage):
        self.hw = hw
        self.storage = storage

    def sound(self, name):
        self.hw.buzzer.play(TUNES[name])

    def pulses(self, i):
        s = self.hw.shutters
        return s.open_us[i], s.closed_us[i]

    def calibrate(self, i, open_us, closed_us):
        self.hw.shutters.calibrate(i, open_us, closed_us)

    def save_calibration(self):
        self.hw.shutters.save_calibration()

    def export(self, text):
        self.storage.write(EXPORT, text.encode())

    def entropy(self):
        """A seed for a new game: the microsecond counter when OK was pressed."""
        try:
            import os
            r = os.urandom(4)
            return (r[0] << 24 | r[1] << 16 | r[2] << 8 | r[3]) ^ int(time.ticks_us())
        except (ImportError, AttributeError, OSError):
            return int(time.ticks_us())


class Device:
    def __init__(self, hw, storage, setup=None):
        """hw: app.hardware.Hardware (its shutters closed all at power-up);
        setup: start this game if there is none to resume (simulator flags)."""
        self.hw = hw
        self.out = Outputs(hw, storage)
        hw.watchdog.start()  # from here a stalled loop resets the board, and the game resumes
        self.ctl = Controller(storage, self.out, time, setup)
        # the controller's key for each of the driver's buttons
        names = hw.buttons.names
        self.keys = bytearray(len(names))
        for i in range(len(names)):
            n = names[i]
            self.keys[i] = int(n[4:]) if n.startswith("seat") else KEY_NAMES.index(n)
        self.shown_version = -1
        self.dirty = False
        self.next_page = 0
        self.mask = -1  # the windows asked open, as last sent to the shutters
        self.colours = bytearray(12)
        self.lit = bytearray(12)
        self.lit[0] = 255  # differs from any palette index: the first step lights
        if self.ctl.report:
            self.ctl.say(self.ctl.report)
        self.steps = 0

    def step(self):
        """One pass: inputs, controller, outputs. Never blocks."""
        hw = self.hw
        hw.watchdog.feed()
        now = time.ticks_ms()
        b = hw.buttons
        b.poll()
        ctl = self.ctl
        while True:
            e = b.get()
            if e < 0:
                break
            ctl.key(self.keys[e >> 2], e & 3, now)
        ctl.tick(now)
        self._shutters()
        hw.buzzer.update()
        self._pixels()
        self._oled()
        self.steps += 1

    def _shutters(self):
        s = self.hw.shutters
        m = self.ctl.windows()
        if m != self.mask:
            for i in range(12):
                if (m >> i) & 1:
                    if not s.is_open(i):
                        s.open(i)
                elif s.is_open(i):
                    s.close(i)
            self.mask = m
        s.update()

    def _pixels(self):
        lights.fill(self.ctl, self.colours)
        if self.colours != self.lit:
            px = self.hw.pixels
            for i in range(12):
                k = self.colours[i]
                self.lit[i] = k
                r, g, b = lights.PALETTE[k]
                px.set(i, r, g, b)
            px.show()

    def _oled(self):
        oled = self.hw.oled
        if oled is None:
            return
        if self.ctl.version != self.shown_version:
            self.shown_version = self.ctl.version
            screens.draw(oled, self.ctl)
            self.dirty = True
        if not self.dirty:
            return
        for k in range(_PAGES):  # the next page that changed, if any
            p = (self.next_page + k) % _PAGES
            if oled.show_page(p):
                self.next_page = (p + 1) % _PAGES
                return
        self.dirty = False  # the panel holds the whole frame

    def stop(self):
        """The loop stops on purpose (Ctrl-C over USB): close the lid and keep
        the watchdog fed while the REPL is used."""
        self.hw.shutters.close_all()
        self.hw.shutters.wait()
        self.hw.buzzer.quiet()
        self.hw.watchdog.keep_fed()

    def fail(self, err):
        """An unexpected error: every window closes and the error is shown;
        main.py resets the board a few seconds later and the game resumes."""
        hw = self.hw
        hw.shutters.close_all()
        hw.shutters.wait()  # blocking is right here: nothing else may run
        hw.buzzer.quiet()
        hw.pixels.off()
        show_error(hw.oled, "ERROR, restarting: " + repr(err))


def show_error(oled, msg):
    if oled is None:
        return
    oled.fill(0)
    screens.wrap(oled, msg, 0, 8)
    oled.show()


def start(name=None, root="", storage=None, setup=None, seam=None):
    """Boot as the board does: load and check the board config, build the
    drivers (the shutters close all first), then resume or set up a game.
    seam: the runtime's hardware module (app.hardware on MicroPython,
    cp.hardware on CircuitPython). Returns the Device, or a Broken that
    shows what is wrong and blinks."""
    from app import board
    from drivers.storage import Storage
    if seam is None:
        from app import hardware as seam
    storage = storage if storage is not None else Storage(root)
    try:
        cfg = board.load(name, root)
    except board.ConfigError as e:
        return Broken(str(e), root, seam)
    return Device(seam.Hardware(cfg, storage), storage, setup)


class Broken:
    """A board config that cannot be used: its error on the OLED (on the
    default board's I2C pins) and the Pico's LED blinking; no shutter moves."""

    def __init__(self, msg, root="", seam=None):
        if seam is None:
            from app import hardware as seam
        self.msg = msg
        self.led = seam.status_led()
        self.at = time.ticks_ms()
        self.oled = None
        try:
            from app import board
            with open(root + "boards/" + board.DEFAULT + ".json") as f:
                import json
                cfg = json.load(f)
            self.oled = seam.display(cfg, seam.i2c_bus(cfg))
        except Exception:  # no display either: the LED alone says it
            self.oled = None
        show_error(self.oled, msg)

    def fail(self, err):
        pass  # nothing moves: there is nothing to make safe

    def step(self):
        now = time.ticks_ms()
        if time.ticks_diff(now, self.at) >= 250:
            self.at = now
            self.led.toggle()
