"""Builds the device a board config describes, on either runtime: one assembly
from the runtime's port (app.port: MicroPython's `machine`; cp.port:
CircuitPython's busio, keypad and the Adafruit drivers), which makes the
primitives by GPIO number; everything above them is shared."""
from app.modes import BACKENDS, CONTROLS, KEY_NAMES
from drivers.buzzer import Buzzer
from drivers.pixels import Pixels
from drivers.shutters import Shutters
from game.engine import SEATS as _SEATS, WINDOWS as _WINDOWS



def _scheduled(sh, storage, outputs):
    """One output a window, its moves staggered and timed (every window closes)."""
    return Shutters(outputs, _WINDOWS, sh["closed_us"], sh["open_us"], sh["max_moving"],
                    sh["ms_per_60deg"], sh["settle_ms"], storage, sh.get("hold", ()))


def _pca9685(sh, port, i2c, storage):
    from drivers.shutter_outputs import PcaServos
    oe = port.output(sh["oe"], 1) if "oe" in sh else None  # high first: no servo powered
    return _scheduled(sh, storage, PcaServos(port.pca9685(i2c, sh["address"]), sh["channels"], oe))


def _pwm(sh, port, i2c, storage):
    from drivers.shutter_outputs import PwmServos
    return _scheduled(sh, storage, PwmServos([port.pwm(p, 50) for p in sh["pins"]]))


def _gpio(sh, port, i2c, storage):
    from drivers.shutter_outputs import GpioShutters
    return _scheduled(sh, storage, GpioShutters([port.output(p, 0) for p in sh["pins"]]))


def _epaper(sh, port, i2c, storage):
    from drivers.deck import Deck
    from drivers.shutter_epaper import EpaperShutters
    from drivers.ssd1683 import SSD1683
    pin = port.pin
    spi = port.spi(sh["spi"], sh["baudrate"], sh["sck"], sh["mosi"], sh["miso"])
    panel = SSD1683(spi, pin(sh["cs"]), pin(sh["dc"]), pin(sh["rst"]), pin(sh["busy"]))
    return EpaperShutters(panel, Deck(sh["deck"]), _WINDOWS, sh["max_partials"], _name_index)


def _name_index():
    """The deck's card name in the language the device speaks (the deck holds
    one per language of app.lang.LANGS, in that order)."""
    from app import lang  # loaded already: the controller speaks through it
    return lang.LANGS.index(lang.code)


# The shutter backends by their name in a board config (app.modes.BACKENDS):
# what the runtime's port must offer for it, how it is built, and the chip it
# puts on the I2C bus, if any (the self-test looks for it).
SHUTTERS = {
    "pca9685": ("pca9685", _pca9685, "servo driver (PCA9685)"),
    "pwm": ("pwm", _pwm, None),
    "gpio": ("output", _gpio, None),
    "epaper": ("spi", _epaper, None),
}


def _backend(cfg):
    return SHUTTERS[cfg["shutters"]["backend"]]


def unsupported(cfg, port):
    """Why this runtime cannot build the board cfg describes, or None."""
    name = cfg["shutters"]["backend"]
    if hasattr(port, SHUTTERS[name][0]):
        return None
    return "board config: shutters.backend: %s cannot drive %r shutters (it drives %s)" % (
        port.NAME, name, ", ".join(b for b in BACKENDS if hasattr(port, SHUTTERS[b][0])))


def i2c_chips(cfg):
    """{I2C address: what should answer there} for this board."""
    want = {cfg["oled"]["address"]: "OLED (SSD1306)"}
    chip = _backend(cfg)[2]
    if chip is not None:
        want[cfg["shutters"]["address"]] = chip
    return want


class Parts:
    """The device's hardware as Hardware() builds it."""

    def __init__(self, cfg, storage, i2c, shutters, oled, buttons, pixels, buzzer, watchdog, urandom):
        self.cfg = cfg  # the board config
        self.storage = storage  # where calibration lives
        self.i2c = i2c
        self.shutters = shutters
        self.oled = oled  # None: no display answers
        self.buttons = buttons
        self.pixels = pixels
        self.buzzer = buzzer
        self.watchdog = watchdog
        self.urandom = urandom  # the hardware random source: urandom(n), n bytes


def Hardware(cfg, port, storage, oled=True):
    """The Parts of a validated board config cfg on the runtime's port
    (app.port, cp.port); storage: where calibration lives; oled False: run
    without a display (a missing OLED must not stop play)."""
    i2c = port.i2c(cfg["i2c"])
    shutters = _backend(cfg)[1](cfg["shutters"], port, i2c, storage)  # first: every window closes
    display = None
    if oled:
        try:
            display = port.display(i2c, cfg["oled"])
        except OSError:  # not answering: play goes on without it (the device buzzes)
            pass
    ctl = cfg["controls"]
    pins = cfg["seat_buttons"]
    if "ladder" in ctl:
        # GPIO inputs first (seats, card), then the ladder's steps in their order
        buttons = port.buttons(KEY_NAMES[:_SEATS] + ("card",) + tuple(ctl["order"]),
                               pins + [cfg["card_switch"]], ctl["ladder"], ctl["levels"])
    else:
        buttons = port.buttons(KEY_NAMES, pins + [ctl[n] for n in CONTROLS] + [cfg["card_switch"]])
    px = cfg["pixels"]
    return Parts(cfg, storage, i2c, shutters, display, buttons,
                 Pixels(port.strip(px["pin"], px["count"]), px["brightness"]),
                 Buzzer(port.pwm(cfg["buzzer"], 2000, True)), port.watchdog(), port.urandom)
