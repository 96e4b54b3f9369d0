"""A whole emulated board wired as a board config says: the OLED and PCA9685 on
the I2C bus, a servo on every shutter output (or the e-paper panel on SPI),
bouncing buttons, the ladder."""
from app.modes import CONTROLS, KEY_NAMES
from emu import world
from emu.button import Button, Ladder
from emu.pca9685 import PCA9685
from emu.servo import Servo
from emu.ssd1306 import SSD1306


def _pca9685(b, sh, bus, pca, angles):
    b.pca = PCA9685(sh.get("oe"))
    if pca:
        bus.attach(sh["address"], b.pca)
    for c in sh["channels"]:
        ch = b.pca.channels[c]
        b.servos.append(Servo(ch._pulse_us, ch.listeners, _at(angles, len(b.servos))))


def _pwm(b, sh, bus, pca, angles):
    for p in sh["pins"]:
        b.servos.append(Servo(_pwm_pulse(p), world.pin(p).listeners, _at(angles, len(b.servos))))


def _gpio(b, sh, bus, pca, angles):
    b.valves = [world.pin(p) for p in sh["pins"]]


def _epaper(b, sh, bus, pca, angles):
    from emu.ssd1683 import SSD1683  # only on this board: the VM's heap is small
    b.epaper = SSD1683(sh["cs"], sh["dc"], sh["rst"], sh["busy"], sh["spi"])


# What each shutter backend a board config can name (app.modes.BACKENDS) puts on the board.
WIRING = {"pca9685": _pca9685, "pwm": _pwm, "gpio": _gpio, "epaper": _epaper}


class Board:
    def __init__(self, cfg, oled=True, pca=True, angles=None):
        """oled / pca False: leave that chip off the bus (a self-test must notice);
        angles: where each servo's horn stands at power-up (default: mid-travel)."""
        bus = world.bus(cfg["i2c"]["id"])
        self.oled = self.pca = None
        if oled:
            o = cfg["oled"]
            self.oled = SSD1306(o["width"], o["height"], o.get("panel", "ssd1306"))
            bus.attach(cfg["oled"]["address"], self.oled)
        sh = cfg["shutters"]
        self.servos = []
        self.valves = []
        self.epaper = None
        WIRING[sh["backend"]](self, sh, bus, pca, angles)
        self.buttons = {}  # by the controller's key names (app.modes.KEY_NAMES)
        for i, p in enumerate(cfg["seat_buttons"]):
            self.buttons[KEY_NAMES[i]] = Button(p)
        ctl = cfg["controls"]
        if "ladder" in ctl:
            lad = Ladder(ctl["ladder"], ctl["levels"])
            for k, name in enumerate(ctl["order"]):
                self.buttons[name] = lad.buttons[k]
        else:
            for name in CONTROLS:
                self.buttons[name] = Button(ctl[name])
        self.card = Button(cfg["card_switch"], bounce_us=1000)
        self.pixels = world.pin(cfg["pixels"]["pin"])  # .data: the last frame sent
        self.buzzer = world.pin(cfg["buzzer"])

    def angles(self):
        return [s.angle() for s in self.servos]


def _pwm_pulse(p):
    s = world.pin(p)

    def pulse():
        return s.pwm._pulse_us() if s.pwm is not None else 0
    return pulse


def _at(angles, i):
    return None if angles is None else angles[i]
