"""The direct-PWM board's control buttons: five buttons on one ADC pin.

A 10k pull-up from ADC_VREF holds the pin high; each button pulls it down
through its own resistor, so one pressed button gives
    read_u16() = 65535 * R / (R_PULLUP + R)
Because the pull-up goes to the ADC's own reference the reading does not depend
on the exact 3.3 V. Values are E96 (1 %), picked for steps of a fifth of full
scale (13107 counts, ~0.66 V), so neighbours stay >= 6000 counts apart after
tolerances, and each reading sits within 0.5 % of the config's nominal level.
"""

R_PULLUP = 10_000
# Ohms to GND behind each button, in the order of the config's "order" list;
# 0 means the button shorts the pin straight to GND.
RESISTORS = (0, 2_490, 6_650, 15_000, 40_200)
FULL_SCALE = 65535


def reading(r):
    """The expected read_u16() with a button of resistor `r` held."""
    return round(FULL_SCALE * r / (R_PULLUP + r))


def table(order):
    """[(button, resistor, reading, lower threshold, upper threshold)] plus 'none'.

    Thresholds are midpoints between neighbouring readings, so a reading
    belongs to the button whose window it falls in.
    """
    if len(order) > len(RESISTORS):
        raise ValueError(f"the ladder has {len(RESISTORS)} steps, the config names {len(order)} buttons")
    levels = [(name, r, reading(r)) for name, r in zip(order, RESISTORS)]
    levels.append(("none", None, FULL_SCALE))
    rows = []
    for i, (name, r, value) in enumerate(levels):
        lo = 0 if i == 0 else (levels[i - 1][2] + value) // 2 + 1
        hi = FULL_SCALE if i == len(levels) - 1 else (value + levels[i + 1][2]) // 2
        rows.append((name, r, value, lo, hi))
    return rows
