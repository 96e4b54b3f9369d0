"""Power budget from the board config (servos allowed to move at once, NeoPixel brightness cap).

Per-part figures are typical datasheet / measured values, rounded up:
- SG90: ~0.75 A peak while starting or stalled at 5 V, ~6 mA idle.
- WS2812B: 20 mA per colour channel at full PWM (60 mA white), ~1 mA quiescent.
- Pico (RP2040 running MicroPython): <= 50 mA; SSD1306 module <= 20 mA all pixels lit;
  PCA9685 <= 10 mA; magnetic buzzer <= 40 mA; 74AHCT125 negligible.
"""

from . import boards

SG90_PEAK_A = 0.75
SG90_IDLE_A = 0.006
PIXEL_CHANNEL_A = 0.020
PIXEL_IDLE_A = 0.001
LOGIC_A = {"Raspberry Pi Pico": 0.050, "SSD1306 OLED": 0.020, "buzzer": 0.040}
PCA9685_A = 0.010
SUPPLY_A = 4.0  # what to buy: 5 V, 4 A


def budget(cfg):
    """[(rail, load, amps)] worst case, plus the total."""
    sh, px = cfg["shutters"], cfg["pixels"]
    servos, moving = boards.servo_count(cfg), sh.get("max_moving", 3)
    brightness = px.get("brightness", 64)
    rows = [
        ("servo", f"{moving} SG90 moving (firmware limit), peak", moving * SG90_PEAK_A),
        ("servo", f"{servos - moving} SG90 holding", (servos - moving) * SG90_IDLE_A),
    ]
    rows += [("logic", name, amps) for name, amps in LOGIC_A.items()]
    if sh["backend"] == "pca9685":
        rows.append(("logic", "PCA9685", PCA9685_A))
    rows.append(("pixels", f"{px['count']} WS2812B, white at brightness {brightness}/255",
                 px["count"] * (3 * PIXEL_CHANNEL_A * brightness / 255 + PIXEL_IDLE_A)))
    return rows


def total(rows):
    return sum(a for *_, a in rows)


def rail(rows, name):
    return sum(a for r, _, a in rows if r == name)
