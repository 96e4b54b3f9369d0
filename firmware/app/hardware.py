"""Builds the drivers a board config asks for: the one place that knows pins."""
from machine import ADC, I2C, PWM, SPI, Pin
from neopixel import NeoPixel

from app.modes import CONTROLS, SEATS, WINDOWS
from drivers.buttons import Buttons
from drivers.buzzer import Buzzer
from drivers.pixels import Pixels
from drivers.shutters import Shutters
from drivers.storage import Storage
from drivers.watchdog import Watchdog

BUTTONS = tuple("seat%d" % i for i in range(SEATS)) + CONTROLS + ("card",)


def i2c_bus(cfg):
    """The I2C bus of a validated board config."""
    c = cfg["i2c"]
    return I2C(c["id"], sda=Pin(c["sda"]), scl=Pin(c["scl"]), freq=c["freq"])


def display(cfg, i2c):
    """The OLED of a validated board config, on bus i2c; None if it does not answer."""
    from drivers.ssd1306 import SSD1306
    o = cfg["oled"]
    try:
        return SSD1306(i2c, o["address"], o["width"], o["height"])
    except OSError:  # not answering: play goes on without it (the device buzzes)
        return None


def status_led():
    """The Pico's own LED."""
    return Pin("LED", Pin.OUT)


class Hardware:
    def __init__(self, cfg, storage=None, oled=True):
        """cfg: a validated board config; storage: where calibration lives.
        oled False: run without a display (a missing OLED must not stop play)."""
        self.cfg = cfg
        self.storage = storage if storage is not None else Storage()
        self.i2c = i2c_bus(cfg)
        self.shutters = self._shutters(cfg["shutters"])  # first: every window closes
        self.oled = display(cfg, self.i2c) if oled else None
        self.buttons = self._buttons(cfg)
        px = cfg["pixels"]
        self.pixels = Pixels(NeoPixel(Pin(px["pin"], Pin.OUT), px["count"]), px["brightness"])
        self.buzzer = Buzzer(PWM(Pin(cfg["buzzer"]), freq=2000, duty_u16=0))
        self.watchdog = Watchdog()

    def _shutters(self, sh):
        b = sh["backend"]
        if b == "epaper":
            return self._epaper(sh)
        if b == "pca9685":
            from drivers.pca9685 import PCA9685
            from drivers.servo_pca9685 import PcaServos
            oe = Pin(sh["oe"]) if "oe" in sh else None
            backend = PcaServos(PCA9685(self.i2c, sh["address"]), sh["channels"], oe)
        elif b == "pwm":
            from drivers.servo_pwm import PwmServos
            backend = PwmServos([Pin(p) for p in sh["pins"]])
        else:
            from drivers.shutter_gpio import GpioShutters
            backend = GpioShutters([Pin(p) for p in sh["pins"]])
        return Shutters(backend, WINDOWS, sh["closed_us"], sh["open_us"], sh["max_moving"],
                        sh["ms_per_100us"], sh["settle_ms"], self.storage, sh.get("hold", ()))

    def _epaper(self, sh):
        from drivers.deck import Deck
        from drivers.shutter_epaper import EpaperShutters
        from drivers.ssd1683 import SSD1683
        spi = SPI(sh["spi"], sh["baudrate"], sck=Pin(sh["sck"]), mosi=Pin(sh["mosi"]), miso=Pin(sh["miso"]))
        panel = SSD1683(spi, Pin(sh["cs"]), Pin(sh["dc"]), Pin(sh["rst"]), Pin(sh["busy"]))
        return EpaperShutters(panel, Deck(sh["deck"]), WINDOWS, sh["max_partials"])

    def _buttons(self, cfg):
        ctl = cfg["controls"]
        seats = [Pin(p) for p in cfg["seat_buttons"]]
        card = Pin(cfg["card_switch"])
        if "ladder" in ctl:
            # GPIO inputs first (seats, card), then the ladder's steps in their order
            names = BUTTONS[:SEATS] + ("card",) + tuple(ctl["order"])
            return Buttons(names, seats + [card], ADC(Pin(ctl["ladder"])), ctl["levels"])
        pins = seats + [Pin(ctl[n]) for n in CONTROLS] + [card]
        return Buttons(BUTTONS, pins)
