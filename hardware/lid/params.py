"""The lid's parameters (params.toml) and the positions derived from them.

Plain Python (no CAD import), so the checks can use it without build123d.
"""

import json
import math
import tomllib
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
PARAMS = HERE / "params.toml"
BOARD = HERE.parents[1] / "firmware" / "boards" / "pico_pca9685.json"
SECTIONS = ("card", "windows", "lid", "shutter", "servo", "horn", "switch", "diffuser", "bay", "cables", "oled")
# Windows are numbered 1..12 clockwise from the card's arrow (top left), as the rules
# number them; the last two are the middle row's inner windows. (column, row), row 0 at the front.
PLUG = (8.0, 3.2)  # the lead's hole: the servo lead's 3-pin plug (7.6 x 2.5 mm) passes it
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
        # the stroke the swing gives the crank's pin (a scotch yoke)
        self.shutter.stroke = 2 * self.shutter.crank[0] * math.sin(math.radians(self.shutter.swing / 2))

    def pitch(self):
        return self.card.width / self.windows.columns, self.card.height / self.windows.rows

    def cells(self):
        """Window centres in the window order (window 1 first)."""
        px, py = self.pitch()
        return [((c + 0.5) * px, (r + 0.5) * py, 0.0) for c, r in WINDOW_CELLS]

    def shutter_x(self):
        """(x0, x1) of a shutter in its window's frame: past the left edge, and past the right edge to carry the post."""
        o = self.shutter.overlap
        return -self.windows.width / 2 - o[0], self.windows.width / 2 + o[1]

    def shutter_y(self):
        """(y0, y1) of a closed shutter in its window's frame."""
        half = self.windows.height / 2 + self.shutter.overlap[2]
        return -half, half

    def shutter_z(self):
        """(z0, z1) of a shutter: it rides gap above the lid's top face (z 0)."""
        s = self.shutter
        return s.gap, s.gap + s.thickness

    def top_plate_z(self):
        """(z0, z1) of the top plate over the channels."""
        s = self.shutter
        z0 = self.shutter_z()[1] + s.clearance[1]
        return z0, z0 + s.top_plate

    def yoke_z(self):
        t, _, air = self.shutter.yoke
        z0 = self.top_plate_z()[1] + air
        return z0, z0 + t

    def crank_z(self):
        """(z0, z1) of the crank under the horn's arm, 0.2 mm over the yoke."""
        z0 = self.yoke_z()[1] + 0.2
        return z0, z0 + self.shutter.crank[1]

    def horn_z(self):
        """z of the horn's outer face (its arm's underside, on the crank): the servo stands upside down."""
        return self.crank_z()[1]

    def servo_face_z(self):
        """z of the SG90's shaft face, facing down."""
        return self.horn_z() + self.horn.hub_height + self.servo.dome

    def shaft_xy(self):
        return tuple(self.servo.shaft_xy)

    def swing(self):
        """(closed, open) of the crank, in degrees from pointing -x (towards the window) turning to +y: the pin
        moves the yoke by crank_radius * sin(angle), stroke in all, symmetric about the shaft's y."""
        half = self.shutter.swing / 2
        return -half, half

    def slide_at(self, degrees):
        """How far a shutter has slid back from closed with its crank at `degrees`."""
        r = self.shutter.crank[0]
        return r * (math.sin(math.radians(degrees)) - math.sin(math.radians(self.swing()[0])))

    def overrun(self):
        """How far past its stroke a shutter slides at the open end's overtravel: its slot and channel take it."""
        return self.slide_at(self.swing()[1] + self.shutter.overtravel) - self.shutter.stroke

    def servo_y(self):
        """(y0, y1) of the SG90's body in a window's frame: its length along y, the shaft near its front end."""
        y0 = self.shaft_xy()[1] - self.servo.shaft_from_end
        return y0, y0 + self.servo.body[0]

    def lead_hole(self):
        """(x0, x1, y0, y1) of the hole the servo's lead goes down through the top plate, over the rib right
        of the channel, into the column's groove in the lid; its plug goes through first. The lead leaves the
        body's back end at the top, runs forward over the body and hangs down past the front tab's end: behind
        the back tab the next row's LED stands, and beside the body the rib has no room."""
        y0, y1 = self.servo_y()
        tab_front = (y0 + y1) / 2 - self.servo.tab_span / 2
        x0 = self.shutter_x()[1] + self.shutter.clearance[0] + 0.4
        return x0, x0 + PLUG[0], tab_front - 0.5 - PLUG[1], tab_front - 0.5

    def diffuser_xy(self):
        """The LED's place: on the top plate left of its window, over the rib between two channels."""
        return tuple(self.diffuser.place)

    def pocket_depth(self):
        return self.card.thickness + 0.6

    def outline(self):
        m = self.lid.margin
        return (-m, self.card.width + m), (-m, self.card.height + m + self.bay.depth)

    def seam(self):
        """y where the card's parts end and the bay's begin (tray | bay box; lid | bay lid): each part
        then fits a 220 x 220 mm bed."""
        return self.card.height + self.lid.margin

    def screw_points(self):
        """{part: [(x, y)]} of the M3 screws that hold each lid part down, into heat-set inserts below
        (in the feet under the tray, in the bay's corner posts)."""
        (x0, x1), (y0, y1) = self.outline()
        seam, wall = self.seam(), self.lid.wall
        xs = (x0 + 5, x1 - 5)
        return {"lid": [(x, y) for x in xs for y in (y0 + 6, seam - 6, seam + wall + 4)],
                "bay_lid": [(x, y) for x in xs for y in (seam + wall + 12, y1 - wall - 4)]}

    def feet_xy(self):
        return [pt for pt in self.screw_points()["lid"] if pt[1] < self.seam()]

    def switch_xy(self):
        """(x, y) of the card switch's centre, its length along the slot and its lever's free end near the
        end stop: over the middle column, clear of the lid's grooves and tab slots above (the lever's recess)."""
        return self.card.width * 3 / 8, self.card.height + 0.5 - self.switch.body[0] / 2

    def tray_floor(self):
        """z of the tray's underside."""
        return -self.lid.thickness - self.pocket_depth() - self.lid.wall

    def bay_centre_y(self):
        return self.card.height + self.lid.margin + self.bay.depth / 2

    def button_places(self):
        """[(x, y)] of the control buttons, in button order."""
        places = [tuple(xy) for xy in self.bay.button_places]
        if len(places) != self.bay.buttons or any(len(xy) != 2 for xy in places):
            raise ValueError(f"params.toml: [bay] button_places has {len(places)} (x, y) places for "
                             f"{self.bay.buttons} buttons")
        return places

    def open_degrees(self):
        """The servo's swing, closed to open, that slides a shutter its stroke."""
        lo, hi = self.swing()
        return hi - lo

    def pulse_span_us(self):
        """open_us - closed_us that gives open_degrees on an SG90."""
        return self.open_degrees() / self.servo.degrees_per_us
