"""Cable runs: each servo lead and the LED chain from its part on the lid to the board in the bay.

A lead runs along the lid's top (x, then y) to the bay's cable opening in its front wall, through it,
and down to its connector on the board (the stripboard layout's hole). Lengths are Manhattan paths
plus SLACK at each end: no channels are modelled yet, so this is the shortest a lead can be.
"""

from ..schematics import stripboard
from .params import Lid

SLACK = 30.0           # mm: a loop at each plug and around the servo body
SG90_LEAD = 250.0      # mm, the SG90's own lead
EXTENSION = 300.0      # mm, the BOM's servo extension lead
LED_HOP = 60.0         # mm, the README's LED-to-LED wire ("5-6 cm each")
PIXELS_LEAD = 200.0    # mm, J24 to LED 1 (the README's wire table)


def _board_xyz(lid, hole):
    x0, _, y0, _, _, z1 = stripboard.in_bay(lid)["board"]
    return (x0 + stripboard.EDGE + hole[0] * stripboard.PITCH,
            y0 + stripboard.EDGE + hole[1] * stripboard.PITCH, z1)


def _run(lid, start, end):
    """Path length (mm) from `start` on the lid's top over the bay's front wall to `end` on the board."""
    (x0, x1), _ = lid.outline()
    wall = lid.lid.wall
    # The opening spans the front wall's top between its posts (hardware/lid/model.py, bay()).
    ox = min(max(start[0], x0 + wall + 10), x1 - wall - 10)
    oy, oz = lid.seam() + wall / 2, -lid.lid.thickness - 4
    return (abs(start[0] - ox) + abs(start[1] - oy) + abs(start[2] - oz)
            + abs(ox - end[0]) + abs(oy - end[1]) + abs(oz - end[2]) + 2 * SLACK)


def servo_runs(lid=None):
    """{window: mm} from each SG90 (its lead leaves the body's lower end, on the lid) to its header's
    signal pin, J(3 + window) on the stripboard."""
    lid = lid or Lid()
    xa, _ = lid.axis()
    out = {}
    for n, (cx, cy, _) in enumerate(lid.cells(), 1):
        x, y, rot = stripboard.FIXED[f"J{3 + n}"]
        out[n] = _run(lid, (cx + xa, cy, 0.0), _board_xyz(lid, (x, y)))
    return out


def pixel_runs(lid=None):
    """(mm from J24 to LED 1, [mm from LED n to LED n + 1]) in window order."""
    lid = lid or Lid()
    dx, dy = lid.diffuser_xy()
    leds = [(cx + dx, cy + dy, 0.0) for cx, cy, _ in lid.cells()]
    first = _run(lid, leds[0], _board_xyz(lid, stripboard.FIXED["J24"][:2]))
    hops = [abs(a[0] - b[0]) + abs(a[1] - b[1]) + 2 * 5.0 for a, b in zip(leds, leds[1:])]
    return first, hops
