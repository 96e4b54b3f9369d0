"""Power budget from the board config (servos allowed to move at once, NeoPixel brightness cap).

Per-part figures are typical datasheet / measured values, rounded up:
- SG90 at 5 V: ~0.75 A while starting, and for as long as it is stalled (a shutter
  driven against its stop draws that without end); ~50 mA holding a light shutter
  with its pulses on (it hunts around the set point); ~6 mA with the pulses off.
- WS2812B: 20 mA per colour channel at full PWM (60 mA white), ~1 mA quiescent.
- Pico (RP2040 running MicroPython): <= 50 mA; the OLED module all pixels lit: the
  board config's panel (parts.DISPLAYS: SSD1306 20 mA, the 2.42 inch SSD1309's boost 100 mA);
  PCA9685 <= 10 mA; magnetic transducer: 5 V over its 42 ohm coil, ~120 mA while
  the pin is high; power LED 3 mA; 74AHCT125 and LTC4365 negligible.
"""

from . import boards, parts

SG90_PEAK_A = 0.75  # starting, or stalled against a stop
SG90_HOLD_A = 0.05  # pulses on, holding a shutter
PIXEL_CHANNEL_A = 0.020
PIXEL_IDLE_A = 0.001
LOGIC_A = {"Raspberry Pi Pico": 0.050, "buzzer (42 ohm magnetic transducer)": 0.120, "power LED": 0.003}
PCA9685_A = 0.010
SUPPLY_A = 6.0  # what to buy: 5 V, 6 A
FUSE_HOLD_A, FUSE_TRIP_A = 3.0, 5.1  # F1, Bourns MF-RG300: trips below what the supply gives
RAILS = ("servo", "logic", "pixels")


def budget(cfg):
    """[(rail, load, amps)] worst case in service (no fault)."""
    sh, px = cfg["shutters"], cfg["pixels"]
    servos, moving = boards.servo_count(cfg), sh.get("max_moving", 3)
    brightness = px.get("brightness", 64)
    rows = [
        ("servo", f"{moving} SG90 moving (firmware limit), peak", moving * SG90_PEAK_A),
        ("servo", f"{servos - moving} SG90 holding, pulses on", (servos - moving) * SG90_HOLD_A),
    ]
    rows += [("logic", name, amps) for name, amps in LOGIC_A.items()]
    oled = cfg["oled"].get("panel", "ssd1306")
    rows.insert(3, ("logic", f"{oled.upper()} OLED", parts.display(cfg).current_a))
    if sh["backend"] == "pca9685":
        rows.append(("logic", "PCA9685", PCA9685_A))
    rows.append(("pixels", f"{px['count']} WS2812B, white at brightness {brightness}/255",
                 px["count"] * (3 * PIXEL_CHANNEL_A * brightness / 255 + PIXEL_IDLE_A)))
    return rows


def jammed(cfg, flaps):
    """Steady current with every servo holding and `flaps` of them stalled against a stop."""
    rows = budget(cfg)
    servos = boards.servo_count(cfg)
    rest = total(rows) - rail(rows, "servo")
    return rest + (servos - flaps) * SG90_HOLD_A + flaps * SG90_PEAK_A


def total(rows):
    return sum(a for *_, a in rows)


def rail(rows, name):
    return sum(a for r, _, a in rows if r == name)
