"""What the device does when it cannot play: a board config that cannot be
used, a part that does not answer, a resume that failed, an error in play.
Loaded only then, so its code takes no RAM while playing."""
import time

from app import screens


def fail(hw, msg, wait_ms=3000):
    """Close every window, silence the board and show msg; never raises, and
    waits at most wait_ms for the shutters (an e-paper panel stuck busy must
    not hold up the reset). Each part is tried on its own: a lost part stops
    only itself."""
    if hw is None:
        return
    s = hw.shutters
    try:
        s.close_all()
        t = time.ticks_ms()
        while s.busy() and time.ticks_diff(time.ticks_ms(), t) < wait_ms:
            hw.watchdog.feed()
            time.sleep_ms(5)
            s.update()
    except Exception:  # noqa: BLE001 - the servo board is gone: nothing left to drive
        pass
    for off in (hw.buzzer.quiet, hw.pixels.off):
        try:
            off()
        except Exception:  # noqa: BLE001
            pass
    show_error(hw.oled, msg)


def show_error(oled, msg):
    """msg on the OLED; nothing (and no error) if the OLED is gone."""
    if oled is None:
        return
    try:
        oled.fill(0)
        for _ in screens.wrap(oled, msg, 0, 8):
            pass
        oled.show()
    except Exception:  # noqa: BLE001 - the display is unplugged: the LED says it
        pass


def describe(err):
    """An error in words a player can act on."""
    if isinstance(err, MemoryError):
        return "out of memory"
    if isinstance(err, OSError) and err.args:
        n = err.args[0]
        if n == 28:
            return "flash full"
        if n in (5, 19, 110, 116):  # EIO, ENODEV, ETIMEDOUT: a part that does not answer
            return "a part does not answer (wiring?) " + repr(err)
    if isinstance(err, ValueError) and err.args:  # a damaged file (deck, config): its own words
        return str(err)
    return repr(err)


def missing(cfg, port, err):
    """What a failed Hardware() most likely lacks: a chip the I2C scan does
    not find, else the error in words."""
    try:
        found = port.i2c(cfg["i2c"]).scan()
        sh = cfg["shutters"]
        if sh["backend"] == "pca9685" and sh["address"] not in found:
            return "no servo board (PCA9685) at I2C 0x%02x" % sh["address"]
        if cfg["oled"]["address"] not in found:
            return "no OLED at I2C 0x%02x; " % cfg["oled"]["address"] + describe(err)
    except Exception:  # noqa: BLE001 - no bus to scan: the error itself
        pass
    return describe(err)


class Broken:
    """A board that cannot play: a board config that cannot be used, a part
    that does not answer, a resume that failed. Its error on the OLED (on the
    default board's I2C pins if there is no hardware) and the Pico's LED
    blinking; hw (built before the error) has every window driven closed and
    its watchdog fed, so the board does not reset into the same error."""

    def __init__(self, msg, root="", port=None, hw=None):
        if port is None:
            from app import port
        self.msg = msg
        self.hw = hw
        self.led = port.led()
        self.at = time.ticks_ms()
        self.oled = None
        if hw is not None:
            fail(hw, msg)
            return
        try:
            from app import board
            from app.datafile import open_data
            with open_data(root + "boards/" + board.default() + ".json") as f:
                import json
                cfg = json.loads(f.read())
            self.oled = port.display(port.i2c(cfg["i2c"]), cfg["oled"])
        except Exception:  # no display either: the LED alone says it
            self.oled = None
        show_error(self.oled, msg)

    def fail(self, err):
        fail(self.hw, self.msg)

    def step(self):
        now = time.ticks_ms()
        if self.hw is not None:
            self.hw.watchdog.feed()
            self.hw.shutters.update()
        if time.ticks_diff(now, self.at) >= 250:
            self.at = now
            self.led.toggle()
