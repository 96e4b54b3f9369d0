"""The lid's parameters (params.toml) and the positions derived from them.

Plain Python (no CAD import), so the checks can use it without build123d.
"""

import json
import tomllib
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
PARAMS = HERE / "params.toml"
BOARD = HERE.parents[1] / "firmware" / "boards" / "pico_pca9685.json"
SECTIONS = ("card", "windows", "lid", "flap", "servo", "switch", "diffuser", "bay")
# Windows are numbered 1..12 clockwise from the card's arrow (top left), as the rules
# number them; the last two are the middle row's inner windows. (column, row), row 0 at the front.
WINDOW_CELLS = [(0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0), (2, 0), (1, 0), (0, 0), (0, 1), (1, 1), (2, 1)]


class Lid:
    """Parameters by section (p.card.width ...), and the layout they imply."""

    def __init__(self, text=None, pulses=None):
        raw = tomllib.loads(PARAMS.read_text() if text is None else text)
        for name in SECTIONS:
            if name not in raw:
                raise ValueError(f"params.toml: no [{name}] section")
            setattr(self, name, SimpleNamespace(**raw[name]))
        if (self.windows.columns, self.windows.rows) != (4, 3):
            raise ValueError("params.toml: [windows] must be 4 columns by 3 rows (the game's 12 windows)")
        sh = json.loads(BOARD.read_text())["shutters"] if pulses is None else pulses
        self.closed_us, self.open_us = sh["closed_us"], sh["open_us"]

    def pitch(self):
        return self.card.width / self.windows.columns, self.card.height / self.windows.rows

    def cells(self):
        """Window centres in the window order (window 1 first)."""
        px, py = self.pitch()
        return [((c + 0.5) * px, (r + 0.5) * py, 0.0) for c, r in WINDOW_CELLS]

    def flap_x(self):
        half = self.windows.width / 2 + self.flap.overlap
        return -half, half

    def flap_y(self):
        half = self.windows.height / 2 + self.flap.overlap
        return -half, half

    def axis(self):
        """(y, z) of the hinge axis in a window's frame: behind the flap, at the servo shaft's height."""
        y = self.flap_y()[1] + 1.0 + self.servo.body[1] / 2 + self.lid.wall
        return y, self.servo.lift + self.servo.shaft_from_end

    def hub_radius(self):
        return self.servo.shaft_diameter / 2 + 2.6

    def servo_face_x(self):
        """x of the SG90's top face: its dome and shaft reach the hub at the flap's right edge."""
        return self.flap_x()[1] - self.flap.arm_width - self.servo.dome - 0.5

    def diffuser_xy(self):
        return -self.pitch()[0] / 2, 0.0

    def pocket_depth(self):
        return self.card.thickness + 0.6

    def outline(self):
        m = self.lid.margin
        return (-m, self.card.width + m), (-m, self.card.height + m + self.bay.depth)

    def bay_centre_y(self):
        return self.card.height + self.lid.margin + self.bay.depth / 2

    def button_xs(self):
        step = self.bay.button_diameter + 8
        return [self.card.width * 0.5 + i * step for i in range(self.bay.buttons)]

    def open_degrees(self):
        """Flap travel from the calibrated pulses of the board config."""
        return (self.open_us - self.closed_us) * self.servo.degrees_per_us
