"""The firmware's board configs read as a list of signals: which Pico GPIO carries which net.

The JSON files under firmware/boards are the source of truth for pins; every
generator (circuit, drawing, Wokwi diagram, README tables) asks this module,
never hard-codes a GPIO number. Keys the hardware does not need are ignored.
"""

import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOARDS_DIR = ROOT / "firmware" / "boards"
BOARDS = ("pico_pca9685", "pico_direct_pwm", "pico_epaper")


@dataclass(frozen=True)
class Signal:
    net: str  # net name in the schematic
    gpio: int  # RP2040 GPIO number (GPn)
    role: str  # what a maker reads in the wiring table


def load(name):
    """The board config `name` as a dict (extra keys pass through untouched)."""
    path = BOARDS_DIR / f"{name}.json"
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise FileNotFoundError(f"no board config {path.relative_to(ROOT)}") from None


EPAPER_SIGNALS = (("sck", "SPI clock"), ("mosi", "SPI data (DIN)"), ("miso", "SPI MISO, unused: 10k to GND"),
                  ("cs", "chip select, 10k pull-up"), ("dc", "data/command"), ("rst", "reset"),
                  ("busy", "busy (high while refreshing)"))


def servo_count(cfg):
    sh = cfg["shutters"]
    if sh["backend"] == "epaper":
        return 0
    return len(sh["pins"] if sh["backend"] == "pwm" else sh["channels"])


def controls(cfg):
    """Control button names in ladder order (ladder board) or config order (GPIO board)."""
    c = cfg["controls"]
    return list(c["order"]) if "ladder" in c else [k for k in c if isinstance(c[k], int)]


def signals(cfg):
    """Every GPIO the board config assigns, as Signals, in a stable order."""
    sh = cfg["shutters"]
    on_bus = "OLED + PCA9685" if sh["backend"] == "pca9685" else "OLED"
    out = [
        Signal("I2C_SDA", cfg["i2c"]["sda"], f"{on_bus}, 2k2 pull-up"),
        Signal("I2C_SCL", cfg["i2c"]["scl"], f"{on_bus}, 2k2 pull-up"),
    ]
    if sh["backend"] == "epaper":
        out += [Signal(f"EPD_{key.upper()}", sh[key], f"e-paper {role}") for key, role in EPAPER_SIGNALS]
    elif sh["backend"] == "pca9685":
        out.append(Signal("SERVO_OE", sh["oe"], "PCA9685 /OE, 10k pull-up: servos off at boot"))
    else:
        out += [Signal(f"SERVO{i + 1}", pin, f"220R to servo header {i + 1}")
                for i, pin in enumerate(sh["pins"])]
    out += [Signal(f"SEAT{i + 1}", pin, f"seat {i + 1} button to GND, via 1k")
            for i, pin in enumerate(cfg["seat_buttons"])]
    c = cfg["controls"]
    if "ladder" in c:
        out.append(Signal("CONTROLS_ADC", c["ladder"], f"ladder of {len(controls(cfg))} control buttons (ADC)"))
    else:
        out += [Signal(f"BTN_{name.upper()}", c[name], f"{name} button to GND, via 1k")
                for name in controls(cfg)]
    out += [
        Signal("CARD_SW", cfg["card_switch"], "card switch to GND, via 1k"),
        Signal("PIXELS_3V3", cfg["pixels"]["pin"], f"74AHCT125 > 330R > {cfg['pixels']['count']} NeoPixels"),
        Signal("BUZZER", cfg["buzzer"], "470R > 2N3904 > buzzer"),
    ]
    return sorted(out, key=lambda s: s.gpio)
