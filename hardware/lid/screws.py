"""Every fastener of the lid at every place it goes, measured from the CAD:
what it clamps, the hole it goes into, the thread it engages and where its
head seats. `fit()` names each place that does not hold.

Rules: a self-tapping screw engages at least 1.5 diameters of plastic; a
machine screw in a heat-set insert reaches through the insert's whole
length with its tip at least 0.5 mm above the hole's bottom; a screw with a
nut passes right through it; a clearance hole is wider than the thread."""
from types import SimpleNamespace

from . import cardswitch, model, pod
from .fasteners import (INSERT_LENGTH, M2_NUT, M2_SWITCH, M3_BAY, M3_FEET, M3_POST, SG90_TAB, ST_FRAME, ST_HORN,
                        ST_POD, counts)
from .params import Lid

SELF_TAP_MIN = 1.5  # diameters of plastic a self-tapping screw must engage
TIP_ROOM = 0.5  # an insert screw's tip above the hole's bottom
MEASURE = 2  # lengths are compared rounded to 0.01 mm: the CAD's sums carry float noise (16 - 10.3 = 5.6999...)
HORN_DRILL = 1.8  # the horn's arm holes, drilled out from 1.0 mm so the horn screw passes


def _mm(x):
    """x rounded to the 0.01 mm the rules compare at."""
    return round(x, MEASURE)


def places(p=None):
    """[SimpleNamespace]: one per kind of place a screw goes, with count (fasteners.counts: the BOM's)."""
    p = p or Lid()
    n = counts(p)
    tray = p.pocket_depth() + p.lid.wall  # the tray under the lid at its screw points
    top = round(p.top_plate_z()[1], 3)  # the top plate over the lid: the lid's screws go through both
    frame_width = p.switch.body[1] + 2 * 0.2 + 2 * p.switch.frame_wall
    q = pod.pod(p)
    out = [
        SimpleNamespace(where="lid and tray into a foot's insert", screw=M3_FEET, count=n[M3_FEET], kind="insert",
                        clamp=round(top + p.lid.thickness + tray, 3), hole=2 * model.SCREW_HOLE, depth=model.INSERT_DEPTH),
        SimpleNamespace(where="top plate and lid into a bay front post's insert", screw=M3_POST, count=n[M3_POST],
                        kind="insert", clamp=top + p.lid.thickness, hole=2 * model.SCREW_HOLE,
                        depth=model.INSERT_DEPTH),
        SimpleNamespace(where="bay lid into a bay post's insert", screw=M3_BAY, count=n[M3_BAY], kind="insert",
                        clamp=p.lid.thickness, hole=2 * model.SCREW_HOLE, depth=model.INSERT_DEPTH),
        SimpleNamespace(where="card switch across its frame, nut outside", screw=M2_SWITCH, count=n[M2_SWITCH],
                        kind="nut", clamp=frame_width, hole=2 * model.SWITCH_HOLE, depth=None),
        SimpleNamespace(where="tray floor down into the switch frame's ends", screw=ST_FRAME, count=n[ST_FRAME],
                        kind="self-tap", clamp=cardswitch.slot_floor(p) - p.tray_floor(), hole=2 * model.FRAME_SCREW,
                        depth=model.FRAME_PILOT_DEPTH, pilot=2 * model.FRAME_PILOT),
        SimpleNamespace(where="horn arm into the crank", screw=ST_HORN, count=n[ST_HORN], kind="self-tap",
                        clamp=p.horn.arm_thickness, hole=HORN_DRILL, depth=p.shutter.crank[1], pilot=1.5),
        SimpleNamespace(where="seat pod's base plate into a boss", screw=ST_POD, count=n[ST_POD],
                        kind="self-tap", clamp=q.plate - pod.COUNTERBORE[1], hole=2 * pod.SCREW_HOLE,
                        depth=pod.PILOT_DEPTH, pilot=2 * pod.PILOT),
        SimpleNamespace(where="SG90 tab into its mount's pillar", screw=SG90_TAB, count=n[SG90_TAB], kind="self-tap",
                        clamp=p.servo.tab_thickness, hole=2.0 + 0.3, depth=model.SLAB, pilot=1.6),
    ]
    for pl in out:
        name, d, length = pl.screw
        pl.d, pl.length = d, length
        if pl.kind == "insert":
            pl.engaged = min(length - pl.clamp, INSERT_LENGTH)
            pl.tip_room = pl.depth - (length - pl.clamp)
        elif pl.kind == "nut":
            pl.engaged = length - pl.clamp
        else:
            pl.engaged = min(length - pl.clamp, pl.depth)
    return out


def fit(pl):
    """[why not] for one place: empty if the screw fits. Lengths are compared at 0.01 mm (_mm)."""
    name, d = pl.screw[0], pl.d
    why = []
    if _mm(pl.hole) <= _mm(d):
        why.append("clearance hole %.1f mm not wider than the %.1f mm thread" % (pl.hole, d))
    if pl.kind == "insert":
        if _mm(pl.length - pl.clamp) < _mm(INSERT_LENGTH):
            why.append("reaches %.2f mm of the %.1f mm insert" % (pl.length - pl.clamp, INSERT_LENGTH))
        if _mm(pl.tip_room) < _mm(TIP_ROOM):
            why.append("tip %.2f mm above the hole's bottom (%.1f deep): bottoms out" % (pl.tip_room, pl.depth))
    elif pl.kind == "nut":
        if _mm(pl.engaged) < _mm(M2_NUT):
            why.append("%.1f mm past %.1f mm clamped: the %.1f mm nut does not go on" % (pl.engaged, pl.clamp, M2_NUT))
    else:
        if _mm(pl.pilot) >= _mm(d):
            why.append("pilot %.1f mm not under the %.1f mm thread" % (pl.pilot, d))
        if _mm(pl.engaged) < _mm(SELF_TAP_MIN * d):
            why.append("engages %.1f mm of plastic, %.1f needed" % (pl.engaged, SELF_TAP_MIN * d))
    return ["%s (%s): %s" % (pl.where, name, w) for w in why]


def table(p=None):
    """The print guide's screw table (markdown)."""
    rows = ["| place | screw | count | clamped mm | hole mm | thread engaged mm |", "|---|---|---|---|---|---|"]
    for pl in places(p):
        rows.append("| %s | %s | %d | %.1f | %.1f | %.1f |" % (pl.where, pl.screw[0], pl.count, pl.clamp,
                                                             pl.depth if pl.depth else pl.clamp, pl.engaged))
    return "\n".join(rows)
