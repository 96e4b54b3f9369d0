"""The CircuitPython hardware seam: builds from the same validated board config
the same device objects as app/hardware.py does with MicroPython's `machine`,
with busio, keypad, analogio, pwmio, neopixel and the Adafruit drivers. The
controller, screens, journal and engine cannot tell the two apart."""
import analogio
import board
import busio
import digitalio
import neopixel
import pwmio

from app.modes import CONTROLS, SEATS, WINDOWS
from cp.keys import KeypadButtons
from cp.storage import FatStorage
from cp.watchdog import Watchdog
from drivers.buzzer import Buzzer
from drivers.pixels import Pixels
from drivers.shutters import Shutters

BUTTONS = tuple("seat%d" % i for i in range(SEATS)) + CONTROLS + ("card",)


def gpio(n):
    """The Pico's pin GPn (the board config's numbering)."""
    return getattr(board, "GP%d" % n)


def i2c_bus(cfg):
    """The I2C bus of a validated board config (busio picks the peripheral)."""
    c = cfg["i2c"]
    return busio.I2C(gpio(c["scl"]), gpio(c["sda"]), frequency=c["freq"])


def display(cfg, i2c):
    """The OLED of a validated board config, on bus i2c; None if it does not answer."""
    from cp.oled import Oled
    o = cfg["oled"]
    try:
        return Oled(i2c, o["address"], o["width"], o["height"])
    except OSError:  # not answering: play goes on without it (the device buzzes)
        return None


def status_led():
    """The Pico's own LED (GP25), with toggle() as machine.Pin has."""
    return _Led(board.LED)


class _Led:
    def __init__(self, pin):
        self.io = digitalio.DigitalInOut(pin)
        self.io.switch_to_output(value=False)

    def toggle(self):
        self.io.value = not self.io.value


class Tone:
    """A pwmio.PWMOut as drivers.buzzer drives a machine.PWM: freq(), duty_u16()."""

    def __init__(self, pin):
        self.out = pwmio.PWMOut(pin, frequency=2000, duty_cycle=0, variable_frequency=True)

    def freq(self, hz):
        self.out.frequency = hz

    def duty_u16(self, d):
        self.out.duty_cycle = min(d, 65535)


class Strip(neopixel.NeoPixel):
    """neopixel.NeoPixel as drivers.pixels drives MicroPython's: write() sends."""

    def write(self):
        self.show()


class Hardware:
    def __init__(self, cfg, storage=None, oled=True):
        """As app.hardware.Hardware: cfg a validated board config; storage: where
        calibration lives; oled False: run without a display."""
        self.cfg = cfg
        self.storage = storage if storage is not None else FatStorage()
        self.i2c = i2c_bus(cfg)
        self.shutters = self._shutters(cfg["shutters"])  # first: every window closes
        self.oled = display(cfg, self.i2c) if oled else None
        self.buttons = self._buttons(cfg)
        px = cfg["pixels"]
        self.pixels = Pixels(Strip(gpio(px["pin"]), px["count"], auto_write=False), px["brightness"])
        self.buzzer = Buzzer(Tone(gpio(cfg["buzzer"])))
        self.watchdog = Watchdog()

    def _shutters(self, sh):
        from cp import servos
        b = sh["backend"]
        if b == "pca9685":
            oe = gpio(sh["oe"]) if "oe" in sh else None
            backend = servos.PcaServos(self.i2c, sh["address"], sh["channels"], oe)
        elif b == "pwm":
            backend = servos.PwmServos([gpio(p) for p in sh["pins"]])
        else:
            backend = servos.GpioShutters([gpio(p) for p in sh["pins"]])
        return Shutters(backend, WINDOWS, sh["closed_us"], sh["open_us"], sh["max_moving"],
                        sh["ms_per_100us"], sh["settle_ms"], self.storage, sh.get("hold", ()))

    def _buttons(self, cfg):
        ctl = cfg["controls"]
        seats = [gpio(p) for p in cfg["seat_buttons"]]
        card = gpio(cfg["card_switch"])
        if "ladder" in ctl:
            names = BUTTONS[:SEATS] + ("card",) + tuple(ctl["order"])
            return KeypadButtons(names, seats + [card], analogio.AnalogIn(gpio(ctl["ladder"])), ctl["levels"])
        return KeypadButtons(BUTTONS, seats + [gpio(ctl[n]) for n in CONTROLS] + [card])
