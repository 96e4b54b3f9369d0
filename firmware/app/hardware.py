"""Builds the device a board config describes, on either runtime: one assembly
from the runtime's port (app.port: MicroPython's `machine`; cp.port:
CircuitPython's busio, keypad and the Adafruit drivers), which makes the
primitives by GPIO number; everything above them is shared."""
from app.modes import BACKENDS, CONTROLS, KEY_NAMES
from drivers.buzzer import Buzzer
from drivers.pixels import Pixels
from drivers.shutters import Shutters
from game import const

# game.engine's SEATS and WINDOWS, copied (a test checks them): the boot's
# config check and assembly load no engine
_SEATS = const(6)
_WINDOWS = const(12)


def _scheduled(sh, hw, outputs):
    """One output a window, its moves staggered and timed (every window closes)."""
    return Shutters(outputs, _WINDOWS, sh["closed_us"], sh["open_us"], sh["max_moving"],
                    sh["ms_per_60deg"], sh["settle_ms"], hw.storage, sh.get("hold", ()))


def _pca9685(sh, port, hw):
    from drivers.shutter_outputs import PcaServos
    oe = port.output(sh["oe"], 1) if "oe" in sh else None  # high first: no servo powered
    return _scheduled(sh, hw, PcaServos(port.pca9685(hw.i2c, sh["address"]), sh["channels"], oe))


def _pwm(sh, port, hw):
    from drivers.shutter_outputs import PwmServos
    return _scheduled(sh, hw, PwmServos([port.pwm(p, 50) for p in sh["pins"]]))


def _gpio(sh, port, hw):
    from drivers.shutter_outputs import GpioShutters
    return _scheduled(sh, hw, GpioShutters([port.output(p, 0) for p in sh["pins"]]))


def _epaper(sh, port, hw):
    from drivers.deck import Deck
    from drivers.shutter_epaper import EpaperShutters
    from drivers.ssd1683 import SSD1683
    pin = port.pin
    spi = port.spi(sh["spi"], sh["baudrate"], sh["sck"], sh["mosi"], sh["miso"])
    panel = SSD1683(spi, pin(sh["cs"]), pin(sh["dc"]), pin(sh["rst"]), pin(sh["busy"]))
    return EpaperShutters(panel, Deck(sh["deck"]), _WINDOWS, sh["max_partials"])


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
    """The device's hardware as Hardware() builds it: cfg, storage, i2c, shutters,
    oled, buttons, pixels, buzzer, watchdog, urandom. It has no methods, so it keeps
    nothing of this module alive: the device drops the assembly once built."""


def Hardware(cfg, port, storage, oled=True):
    """The hardware of a validated board config cfg on the runtime's port
    (app.port, cp.port); storage: where calibration lives; oled False: run
    without a display (a missing OLED must not stop play)."""
    hw = Parts()
    hw.cfg = cfg
    hw.storage = storage
    hw.i2c = port.i2c(cfg["i2c"])
    sh = cfg["shutters"]
    hw.shutters = _backend(cfg)[1](sh, port, hw)  # first: every window closes
    hw.oled = None
    if oled:
        try:
            hw.oled = port.display(hw.i2c, cfg["oled"])
        except OSError:  # not answering: play goes on without it (the device buzzes)
            pass
    ctl = cfg["controls"]
    pins = cfg["seat_buttons"]
    if "ladder" in ctl:
        # GPIO inputs first (seats, card), then the ladder's steps in their order
        hw.buttons = port.buttons(KEY_NAMES[:_SEATS] + ("card",) + tuple(ctl["order"]),
                                  pins + [cfg["card_switch"]], ctl["ladder"], ctl["levels"])
    else:
        hw.buttons = port.buttons(KEY_NAMES, pins + [ctl[n] for n in CONTROLS] + [cfg["card_switch"]])
    px = cfg["pixels"]
    hw.pixels = Pixels(port.strip(px["pin"], px["count"]), px["brightness"])
    hw.buzzer = Buzzer(port.pwm(cfg["buzzer"], 2000, True))
    hw.watchdog = port.watchdog()
    hw.urandom = port.urandom  # the hardware random source: n bytes
    return hw
