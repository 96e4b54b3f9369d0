"""Cable runs: each servo lead and the LED chain from its part on the lid to the board in the bay.

A lead follows its path in the lid's grooves (routing.py) to its exit over the bay, then drops to its
connector on the board (the stripboard layout's hole); SLACK is added at each end.
"""

from ..schematics import stripboard
from . import routing
from .params import Lid

SLACK = 30.0           # mm: a loop at each plug and around the servo body
SG90_LEAD = 250.0      # mm, the SG90's own lead
EXTENSION = 300.0      # mm, the BOM's servo extension lead
LED_HOP = 140.0        # mm, the longest LED-to-LED wire in the README's wire table
PIXELS_LEAD = 250.0    # mm, J24 to LED 1 (the README's wire table)


def _board_xyz(lid, hole):
    x0, _, y0, _, _, z1 = stripboard.in_bay(lid)["board"]
    return (x0 + stripboard.EDGE + hole[0] * stripboard.PITCH,
            y0 + stripboard.EDGE + hole[1] * stripboard.PITCH, z1)


def _drop(start, end):
    """From a lead's exit under the lid to its pin on the board: down, across, along (mm)."""
    return sum(abs(a - b) for a, b in zip(start, end))


def servo_runs(lid=None):
    """{window: mm} from each SG90 (its lead leaves the end of its body away from the shaft) to its
    header's signal pin, J(3 + window) on the stripboard."""
    lid = lid or Lid()
    lay = routing.layout(lid)
    out = {}
    for n, pts in lay["servo"].items():
        x, y, rot = stripboard.FIXED[f"J{3 + n}"]
        out[n] = routing.path_length(pts) + _drop(pts[-1], _board_xyz(lid, (x, y))) + 2 * SLACK
    return dict(sorted(out.items()))


def pixel_runs(lid=None):
    """(mm from J24 to LED 1, [mm from LED n to LED n + 1]) in window order, along their grooves."""
    lid = lid or Lid()
    pieces = routing.layout(lid)["led"]
    first = routing.path_length(pieces[0]) + _drop(pieces[0][0], _board_xyz(lid, stripboard.FIXED["J24"][:2]))
    return first + 2 * SLACK, [routing.path_length(pts) + 2 * 5.0 for pts in pieces[1:]]


def seat_feed(lid=None):
    """mm of each of the three wires from LED 12's DOUT, through the lid, into the bay where they are joined
    to the 3-core cable on to seat 1's light; a SLACK loop at each end."""
    lid = lid or Lid()
    return routing.path_length(routing.layout(lid)["seat_feed"]) + 2 * SLACK
