"""Where the card switch stands so a card trips it with margin, from its data sheet's figures.

Plain Python (no CAD import). Heights are above the switch's mounting holes' centre, as the data
sheet gives them: the lever operates at OP (± its tolerance), releases at OP + MD, and may be pushed
OT past OP. A card in the slot rides up a pad on the tray floor, so between the pad and the lid's
underside it can lift by `hold_gap` only: the lever, which pushes the card up, stops between the
pad's top and hold_gap above it. The holes are set so that this stop lies at least `margin` past OP
and no further than OT past it. With no card the lever rises into a recess in the lid's underside
whose roof is above the release point, so an empty slot always reads empty.
"""
from types import SimpleNamespace

from .params import Lid

ROOF_ROOM = 0.2  # the recess's roof above the highest release point
LID_LEFT = 1.0  # lid kept over the recess


def slot_floor(p: Lid):
    return -p.lid.thickness - p.pocket_depth()


def pad_height(p: Lid):
    """The pad's top above the slot floor: the card's top then stands hold_gap under the lid."""
    return p.pocket_depth() - p.card.thickness - p.switch.hold_gap


def pressed(p: Lid):
    """(low, high) z the lever stops at with a card in: the card on the pad, the card lifted against the lid."""
    low = slot_floor(p) + pad_height(p)
    return low, low + p.switch.hold_gap


def hole_z(p: Lid):
    """z of the mounting holes' centre: the pressed range in the middle of what the data sheet allows."""
    s = p.switch
    op = s.operating_position[0]
    low, _ = pressed(p)
    return low - (op - (s.overtravel + s.margin + s.hold_gap) / 2)


def top_z(p: Lid):
    """z of the switch body's top face (the lever's side)."""
    return hole_z(p) + p.switch.holes[1]


def roof_z(p: Lid):
    """z of the lid recess's roof over the lever: past the release point of the highest-operating switch."""
    s = p.switch
    op, tol = s.operating_position
    return hole_z(p) + op + tol + s.differential + ROOF_ROOM


def travel(p: Lid, low=None, high=None, roof=None, hole=None):
    """The lever's travel past its operating point with a card in, least and most, and how far above its
    release point an empty slot lets it rise; from the model's heights (defaults: this module's)."""
    s = p.switch
    op, tol = s.operating_position
    lo, hi = pressed(p) if low is None else (low, high)
    hole = hole_z(p) if hole is None else hole
    roof = roof_z(p) if roof is None else roof
    return SimpleNamespace(least=op - (hi - hole), most=op - (lo - hole),
                           released=roof - hole - (op + tol + s.differential), op=op, tol=tol)


def problems(p: Lid, t=None):
    """[why not] for the card switch: empty if a card trips it with margin and an empty slot releases it."""
    s = p.switch
    t = t or travel(p)
    out = []
    if t.least < s.margin:
        out.append("a card lifted against the lid presses the lever %.2f mm past its operating point, "
                   "%.1f needed" % (t.least, s.margin))
    if t.most > s.overtravel:
        out.append("a card on the pad pushes the lever %.2f mm past its operating point: more than its "
                   "%.1f mm overtravel" % (t.most, s.overtravel))
    if t.released < 0:
        out.append("with no card the lever stops %.2f mm under its release point: it reads a card" % -t.released)
    if roof_z(p) > -LID_LEFT:
        out.append("the lever's recess leaves %.2f mm of lid" % -roof_z(p))
    if pad_height(p) < 0:
        out.append("hold_gap %.2f mm is more than the slot leaves over a card" % s.hold_gap)
    return out
