"""The board config: one JSON file with the pin map and the hardware choices,
checked at boot so a mistake stops the device with the key that is wrong."""
import json
import sys

from app.modes import BACKENDS, CONTROLS  # noqa: F401  (the config's vocabulary)
from game import const
from game.engine import SEATS as _SEATS, WINDOWS as _WINDOWS

DEFAULT = "pico_pca9685"
PANELS = ("ssd1306", "ssd1309")  # the OLED controllers drivers.ssd1306 drives
# GPIOs a Pico brings out: 23-25 and 29 drive the regulator, VBUS sense, LED, VSYS.
USABLE = tuple(range(23)) + (26, 27, 28)
ADC_PINS = (26, 27, 28)
_SH = "shutters"
_TRAVEL_US = const(300)  # the least pulse change from closed to open
_FASTEST_MS = const(30)  # a servo's ms per 60 degrees: the fastest hobby servos take 40
_SHOW = const(40)  # characters of a value or name shown in an error: a long one is cut


class ConfigError(ValueError):
    pass


# A key is named by where it sits (at: "" at the top, "shutters", "shutters.channels")
# and its own key or index, joined only for an error: no path string is kept per key.
def _path(at, key):
    if isinstance(key, int):
        return "%s[%d]" % (at, key)
    return at + "." + key if at else key


def _cut(text):
    """text, cut to _SHOW characters: an error line stays one line."""
    return text if len(text) <= _SHOW else text[:_SHOW] + "... (%d characters)" % len(text)


def _fail(at, key, why):
    raise ConfigError("board config: %s: %s" % (_cut(_path(at, key)), why))


def _get(d, key, at, kind=None):
    if isinstance(d, list):
        if not 0 <= key < len(d):
            _fail(at, key, "missing")
    elif not isinstance(d, dict) or key not in d:
        _fail(at, key, "missing")
    v = d[key]
    if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
        _fail(at, key, "must be an integer, not %s" % _cut(repr(v)))
    if kind is list and not isinstance(v, list):
        _fail(at, key, "must be a list")
    if kind is dict and not isinstance(v, dict):
        _fail(at, key, "must be an object")
    return d[key]  # not v: its narrowed type would stick to every caller


def _int(d, key, at, lo, hi, default=None):
    if default is not None and key not in d:
        return default
    v = _get(d, key, at, int)
    if not lo <= v <= hi:
        _fail(at, key, "%d is outside %d..%d" % (v, lo, hi))
    return v


def _i2c_role(pin):
    # RP2040: GPIO n is on I2C bus (n >> 1) & 1, as SDA if n is even, else SCL
    return (pin >> 1) & 1, pin & 1


def _spi_role(pin):
    # RP2040: GPIO n is on SPI bus (n >> 3) & 1; n & 3: 0 MISO (RX), 1 CS, 2 SCK, 3 MOSI (TX)
    return (pin >> 3) & 1, pin & 3


def _epaper(sh, pins):
    bus = _int(sh, "spi", _SH, 0, 1)
    for key, role, what in (("sck", 2, "SCK"), ("mosi", 3, "MOSI"), ("miso", 0, "MISO")):
        # MISO is not wired (the panel is write-only), but SPI takes a pin for it
        # anyway: named here, so that it is not the default (GP8 on SPI1: the HAT's DC)
        p = pins.claim(sh, key, _SH)
        if _spi_role(p) != (bus, role):
            _fail(_SH, key, "GP%d cannot be %s of SPI%d" % (p, what, bus))
    for key in ("cs", "dc", "rst", "busy"):
        pins.claim(sh, key, _SH)
    sh["baudrate"] = _int(sh, "baudrate", _SH, 100000, 20000000, 4000000)
    deck = _get(sh, "deck", _SH)
    if not isinstance(deck, str) or not deck:
        _fail(_SH, "deck", "must be the path of a deck file")
    sh["max_partials"] = _int(sh, "max_partials", _SH, 1, 100, 15)


def _pwm_channel(pin):
    # RP2040: GPIO n drives PWM slice (n >> 1) & 7, channel A or B by n & 1
    return (pin >> 1) & 7, pin & 1


class _Pins:
    """Claims each GPIO for one key, so a pin used twice names both keys."""

    def __init__(self):
        self.owner = {}

    def claim(self, d, key, at, job=None):
        p = _get(d, key, at, int)
        if p not in USABLE:
            _fail(at, key, "GP%d is not a usable Pico GPIO" % p)
        if job == "adc" and p not in ADC_PINS:
            _fail(at, key, "GP%d cannot read analog (ADC is on GP26-28)" % p)
        if p in self.owner:
            _fail(at, key, "GP%d is already used by %s" % (p, self.owner[p]))
        self.owner[p] = _path(at, key)
        return p


def validate(cfg):
    """Check cfg (a dict from JSON); return it with defaults filled in, or raise
    ConfigError naming the first key that is wrong."""
    if not isinstance(cfg, dict):
        _fail("", "(top)", "must be a JSON object")
    pins = _Pins()
    _get(cfg, "name", "")

    i2c = _get(cfg, "i2c", "", dict)
    bus = _int(i2c, "id", "i2c", 0, 1)
    sda = pins.claim(i2c, "sda", "i2c")
    scl = pins.claim(i2c, "scl", "i2c")
    if _i2c_role(sda) != (bus, 0):
        _fail("i2c", "sda", "GP%d cannot be SDA of I2C%d" % (sda, bus))
    if _i2c_role(scl) != (bus, 1):
        _fail("i2c", "scl", "GP%d cannot be SCL of I2C%d" % (scl, bus))
    _int(i2c, "freq", "i2c", 10000, 1000000)

    oled = _get(cfg, "oled", "", dict)
    # the controller: the 2.42 inch modules' SSD1309 takes the SSD1306's commands but
    # the charge pump's (drivers.ssd1306); a config from before the key is a 0.96 inch SSD1306
    panel = oled["panel"] = _get(oled, "panel", "oled") if "panel" in oled else "ssd1306"
    if panel not in PANELS:
        _fail("oled", "panel", "unknown panel %s (one of %s)" % (_cut(repr(panel)), ", ".join(PANELS)))
    _int(oled, "address", "oled", 0x08, 0x77)
    _int(oled, "width", "oled", 128, 128)
    h = _get(oled, "height", "oled", int)
    if h != 64:  # the drivers could show a 32-row panel; the screens could not
        _fail("oled", "height", "must be 64 (the screens are drawn for 128x64), not %d" % h)

    sh = _get(cfg, _SH, "", dict)
    backend = _get(sh, "backend", _SH)
    if backend not in BACKENDS:
        _fail(_SH, "backend", "unknown backend %s (one of %s)" % (_cut(repr(backend)), ", ".join(BACKENDS)))
    servo_slices = {}
    if backend == "pca9685":
        addr = _int(sh, "address", _SH, 0x40, 0x7F)
        if addr == oled["address"]:
            _fail(_SH, "address", "0x%02x is the OLED's address" % addr)
        if "oe" in sh:
            pins.claim(sh, "oe", _SH)
        chans = _get(sh, "channels", _SH, list)
        if len(chans) != _WINDOWS:
            _fail(_SH, "channels", "needs %d channels, has %d" % (_WINDOWS, len(chans)))
        seen = []
        for i in range(_WINDOWS):
            c = _int(chans, i, "shutters.channels", 0, 15)
            if c in seen:
                _fail("shutters.channels", i, "channel %d is used twice" % c)
            seen.append(c)
    elif backend == "epaper":
        _epaper(sh, pins)
    else:
        lst = _get(sh, "pins", _SH, list)
        if len(lst) != _WINDOWS:
            _fail(_SH, "pins", "needs %d pins, has %d" % (_WINDOWS, len(lst)))
        for i in range(_WINDOWS):
            p = pins.claim(lst, i, "shutters.pins")
            if backend == "pwm":
                ch = _pwm_channel(p)
                if ch in servo_slices:
                    _fail("shutters.pins", i, "GP%d shares PWM channel %d%s with %s" % (
                        p, ch[0], "AB"[ch[1]], servo_slices[ch]))
                servo_slices[ch] = _path("shutters.pins", i)
    sh["max_moving"] = _int(sh, "max_moving", _SH, 1, _WINDOWS, 3)
    sh["closed_us"] = _int(sh, "closed_us", _SH, 500, 2500, 1100)
    sh["open_us"] = _int(sh, "open_us", _SH, 500, 2500, 1900)
    if abs(sh["open_us"] - sh["closed_us"]) < _TRAVEL_US:  # drivers.calibration's MIN_TRAVEL_US
        _fail(_SH, "open_us", "%d is within %d us of closed_us %d: the shutters would not move" % (
            sh["open_us"], _TRAVEL_US, sh["closed_us"]))
    if "ms_per_100us" in sh:  # the old figure: its moves were released too soon
        _fail(_SH, "ms_per_100us", "replaced by ms_per_60deg: the servo's time for 60 degrees (see the bring-up)")
    # the servo's time for 60 degrees at the lowest rail voltage: the SG90's 0.12 s at 4.8 V, at 4.6 V
    # (a servo is never that fast: 0 would release each move at once; a light valve has no travel)
    sh["ms_per_60deg"] = _int(sh, "ms_per_60deg", _SH, 0 if backend == "gpio" else _FASTEST_MS, 1000, 125)
    sh["settle_ms"] = _int(sh, "settle_ms", _SH, 0, 5000, 10)
    # windows whose shutter needs its pulse kept after a move (e.g. a heavy flap that sags)
    hold = sh["hold"] = _get(sh, "hold", _SH, list) if "hold" in sh else []
    for i in range(len(hold)):
        w = _int(hold, i, "shutters.hold", 1, _WINDOWS)
        if hold.index(w) != i:
            _fail("shutters.hold", i, "window %d is named twice" % w)

    seats = _get(cfg, "seat_buttons", "", list)
    if len(seats) != _SEATS:
        _fail("", "seat_buttons", "needs %d pins, has %d" % (_SEATS, len(seats)))
    for i in range(_SEATS):
        pins.claim(seats, i, "seat_buttons")

    ctl = _get(cfg, "controls", "", dict)
    if "ladder" in ctl:
        pins.claim(ctl, "ladder", "controls", "adc")
        order = _get(ctl, "order", "controls", list)
        if not all(isinstance(n, str) for n in order):
            _fail("controls", "order", "must be a list of names")
        if sorted(order) != sorted(CONTROLS):
            _fail("controls", "order", "must name each of %s once" % ", ".join(CONTROLS))
        levels = _get(ctl, "levels", "controls", list)
        if len(levels) != len(order):
            _fail("controls", "levels", "needs one level per button in controls.order")
        last = -1
        for i in range(len(levels)):
            v = _int(levels, i, "controls.levels", 0, 60000)
            if v <= last:
                _fail("controls.levels", i, "levels must rise")
            last = v
    else:
        for name in CONTROLS:
            pins.claim(ctl, name, "controls")
    pins.claim(cfg, "card_switch", "")

    px = _get(cfg, "pixels", "", dict)
    pins.claim(px, "pin", "pixels")
    n = _get(px, "count", "pixels", int)
    if n != _WINDOWS and n != _WINDOWS + _SEATS:  # app.lights: the windows', then a seat's each
        _fail("pixels", "count", "must be %d (a light a window) or %d (then a light a seat), not %d" % (
            _WINDOWS, _WINDOWS + _SEATS, n))
    px["brightness"] = _int(px, "brightness", "pixels", 0, 255, 64)

    bz = pins.claim(cfg, "buzzer", "")
    # a slice has one frequency: the buzzer's tone would change the servos' 50 Hz
    for ch in servo_slices:
        if ch[0] == _pwm_channel(bz)[0]:
            _fail("", "buzzer", "GP%d is on PWM slice %d with the servo of %s" % (
                bz, ch[0], servo_slices[ch]))
    return cfg


def _leading_zero(text):
    """The line (from 1) of the first number outside a string that starts
    with a 0 followed by a digit, or 0 if there is none. Only a 0 that could
    start such a number is scanned for (str.find): a scan of every character
    took 63 ms of the boot on the RP2040 (rp2040_boot_resumed_ms)."""
    n = len(text)
    k = text.find("0")
    while k >= 0:
        if k + 1 < n and text[k + 1].isdigit() and (k == 0 or text[k - 1] not in "0123456789.eE+"):
            line = _unquoted_line(text, k)
            if line:
                return line
        k = text.find("0", k + 1)
    return 0


def _unquoted_line(text, at):
    """The line (from 1) of text's character at, if it lies outside a
    string; 0 inside one."""
    quoted = False
    line = 1
    k = 0
    while k < at:
        ch = text[k]
        if ch == "\n":
            line += 1
        elif quoted:
            if ch == "\\":
                k += 1  # an escaped character, a quote included
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        k += 1
    return 0 if quoted else line


def default():
    """The board this firmware is for: a UF2's, built for one board with its
    name frozen in (tools/uf2.py; no pin is driven to guess it), else DEFAULT."""
    uf2 = sys.modules.get("uf2data")  # imported by the UF2's boot (uf2boot); absent elsewhere: no file looked for
    return uf2.BOARD if uf2 is not None else DEFAULT


def load(name=None, root=""):
    """Read and validate boards/<name>.json; name defaults to the one in
    board.txt (the device's choice, written at install), else default().
    Files the config names (the e-paper deck) are found under root too."""
    told = ""
    if name is None:
        try:
            with open(root + "board.txt", "rb") as f:
                name = f.read(64).decode().lstrip("\ufeff").strip()  # a BOM, as some editors write
        except OSError:
            name = ""
        except UnicodeError:  # a binary file: named, not a crash
            raise ConfigError("board.txt: not a board name")
        for k in range(len(name)):  # a file name: a NUL or a slash would name no config, or another place
            if not (name[k].isalpha() or name[k].isdigit() or name[k] in "_-."):
                raise ConfigError("board.txt: character %d is %s: a board name has letters, digits, _ - . only" % (
                    k + 1, _cut(repr(name[k]))))
        if name:
            told = " (board.txt names %s)" % _cut(repr(name))
        else:
            name = default()
    path = "boards/" + name + ".json"
    try:
        with open(root + path) as f:
            text = f.read()
    except OSError:
        from app.datafile import frozen  # the UF2's copy: loaded only where the filesystem has none
        data = frozen(root + path)
        if data is None:
            raise ConfigError("board config: %s: no such file%s" % (path, told))
        text = data.decode()
    except UnicodeError:
        raise ConfigError("board config: %s: not text (UTF-8)" % path)
    line = _leading_zero(text)
    if line:  # JSON has none; MicroPython's json reads 0064 as 64, CPython's refuses it: refused alike, said so
        raise ConfigError("board config: %s: line %d: a number with leading zeros (write 64, not 064)" % (path, line))
    try:
        cfg = json.loads(text)
    except ValueError as e:
        raise ConfigError("board config: %s: not valid JSON (%s)" % (path, _cut(str(e))))
    cfg = validate(cfg)
    sh = cfg["shutters"]
    if "deck" in sh:  # a path in the config is relative to the same root
        sh["deck"] = root + sh["deck"]
    return cfg
