"""The lid as parametric CAD code (build123d), from params.toml.

World frame: the card lies in x 0..width (4 columns), y 0..height (3 rows),
the lid's top face is z = 0. Each window's parts (shutter, yoke, crank, SG90,
horn, LED diffuser) are modelled once in the window's own frame (window
centre at the origin) and placed by translation, so the exported shutter is
the one you print 12 times.

A shutter is a plate that slides along y in a channel between the lid and the
top plate: closed over its window, open under the row gap behind it. A post
on it stands up through a slot in the top plate into a yoke, a bar with a
slot across the slide; the crank on the upside-down SG90's horn runs its pin
in that slot, so the servo's turn becomes the shutter's slide (a scotch
yoke). Nothing rises over a window or stands in a 45 degree line of sight
but the servos over the crossings of the gaps. Parts: `base` (card tray with
slot guides, end stop, finger notch and card-switch slot, and the
electronics bay with jack and USB holes), `lid` (windows, the leads'
grooves, the switch lever's recess), `top_plate` (channels, slots, servo
mounts), `shutter`, `yoke`, `crank`, `diffuser`, the OLED's `bay_lid`;
`sg90`, `horn`, `card`, `card_switch` and its `lever` are reference bodies
for the checks.
"""

import math

from build123d import Align, Box, Cone, Cylinder, Location, Plane, Polygon, Pos, Rot, extrude

from ..schematics import stripboard
from . import cardswitch
from .params import Lid

C = (Align.CENTER, Align.CENTER, Align.MIN)
MIN = (Align.MIN, Align.MIN, Align.MIN)


def _box(x0, x1, y0, y1, z0, z1):
    return Pos(x0, y0, z0) * Box(x1 - x0, y1 - y0, z1 - z0, align=MIN)


def _x_cylinder(radius, x0, x1, y, z):
    """A cylinder along x from x0 to x1 through (y, z)."""
    return Pos(x0, y, z) * Rot(0, 90, 0) * Cylinder(radius, x1 - x0, align=C)


def _y_cylinder(radius, y0, y1, x, z):
    """A cylinder along y from y0 to y1 through (x, z)."""
    return Pos(x, y0, z) * Rot(-90, 0, 0) * Cylinder(radius, y1 - y0, align=C)


def _diamond(radius, a, b):
    """A square stood on its corner round (a, b) whose sides touch a circle of radius: a hole across a part
    as it prints with a diamond's 45 degree roof, which needs no support inside it."""
    d = radius * math.sqrt(2)
    return [(a + d, b), (a, b + d), (a - d, b), (a, b - d)]


def _x_diamond(radius, x0, x1, y, z):
    """A diamond (_diamond) hole along x from x0 to x1 through (y, z)."""
    pts = _counter_clockwise(_diamond(radius, y, z))
    return extrude(Plane.YZ.offset(x0) * Polygon(*pts, align=None), x1 - x0)


def _y_teardrop(radius, y0, y1, x, z):
    """A round hole along y whose top rises to a point at 45 degrees, cut flat 0.5 mm above the circle: a
    wall's hole that prints without support inside it (the flat top bridges; a panel part's nut covers it)."""
    r = radius / math.sqrt(2)
    top = radius + 0.5
    w = radius * math.sqrt(2) - top
    drop = _xz_prism([(x - r, z + r), (x + r, z + r), (x + w, z + top), (x - w, z + top)], y0, y1)
    return _y_cylinder(radius, y0, y1, x, z) + drop


def _counter_clockwise(points):
    """The polygon's points wound counter-clockwise in their own plane: a face's normal, hence the
    extrusion's direction, follows the winding."""
    area = sum(a0 * b1 - a1 * b0 for (a0, b0), (a1, b1) in zip(points, points[1:] + points[:1]))
    return points if area > 0 else points[::-1]


def _xz_prism(points, y0, y1):
    """A polygon in the x-z plane, extruded along y from y0 to y1."""
    points = _counter_clockwise(points)
    return extrude(Plane.XZ.offset(-y0) * Polygon(*points, align=None), -(y1 - y0))


def _horn_outline(p: Lid):
    """The horn's arm in the x-y plane, (x, y) from the shaft, pointing -x (towards the window)."""
    h = p.horn
    w0, w1 = h.arm_width
    return [(0, -w0 / 2), (-h.arm_length, -w1 / 2), (-h.arm_length, w1 / 2), (0, w0 / 2)]


def _z_prism(points, z0, z1):
    """A polygon in the x-y plane, extruded along z from z0 to z1."""
    points = _counter_clockwise(points)
    return extrude(Plane.XY.offset(z0) * Polygon(*points, align=None), z1 - z0)


def horn(p: Lid):
    """The SG90's single-arm horn on the upside-down servo's shaft, arm pointing -x (a reference body)."""
    h = p.horn
    sx, sy = p.shaft_xy()
    z0 = p.horn_z()
    hub = Pos(sx, sy, z0) * Cylinder(h.hub_diameter / 2, h.hub_height - 0.2, align=C)
    arm = _z_prism([(sx + u, sy + v) for u, v in _horn_outline(p)], z0, z0 + h.arm_thickness)
    bore = Pos(sx, sy, z0 + 1.0) * Cylinder(p.servo.shaft_diameter / 2 + 0.05, h.hub_height, align=C)
    return hub + arm - bore


def crank(p: Lid):
    """The printed crank under the horn's arm, pointing -x: two self-tapping screws down through the arm's
    holes hold it; its pin, crank radius out, runs in the yoke's slot. A bore under the shaft lets a
    screwdriver reach the horn screw while the servo is off its pillars (assembly step 6)."""
    r, _, width = p.shutter.crank
    pin_d, _ = p.shutter.pin
    sx, sy = p.shaft_xy()
    z0, z1 = p.crank_z()
    body = _box(sx - r - pin_d, sx, sy - width / 2, sy + width / 2, z0, z1)
    body += Pos(sx, sy, z0) * Cylinder(width / 2 + 0.5, z1 - z0, align=C)
    body -= Pos(sx, sy, z0 - 1) * Cylinder(2.4, z1 - z0 + 2, align=C)
    for rad in p.horn.holes:
        body -= Pos(sx - rad, sy, z0 - 1) * Cylinder(0.75, z1 - z0 + 2, align=C)
    pin = Pos(sx - r, sy, p.yoke_z()[0] + 0.3) * Cylinder(pin_d / 2, z0 - p.yoke_z()[0] - 0.3, align=C)
    return body + pin


def pin_x_range(p: Lid):
    """(least, most) x the crank's pin reaches over the swing and its overtravel, in the window's frame."""
    r = p.shutter.crank[0]
    sx, _ = p.shaft_xy()
    most = max(abs(a) for a in p.swing()) + p.shutter.overtravel
    return sx - r, sx - r * math.cos(math.radians(most))


def shutter(p: Lid):
    """One shutter, closed, in its window's frame: the plate and its post, which stands up through the top
    plate's slot into the yoke's socket."""
    s = p.shutter
    x0, x1 = p.shutter_x()
    y0, y1 = p.shutter_y()
    z0, z1 = p.shutter_z()
    px, py = s.post_x, s.post_y
    a, b = s.post[0] / 2, s.post[1] / 2
    return _box(x0, x1, y0, y1, z0, z1) + _box(px - a, px + a, py - b, py + b, z1 - 0.01, p.yoke_z()[0] + 0.8)


def yoke(p: Lid):
    """The cross-bar glued onto the post, above the top plate: a slot across the slide that the crank's pin
    runs in (a scotch yoke: the pin's turn becomes the shutter's slide)."""
    s = p.shutter
    _, width, _ = s.yoke
    pin_d, play = s.pin
    z0, z1 = p.yoke_z()
    lo, hi = pin_x_range(p)
    half = pin_d / 2 + play
    px, py = s.post_x, s.post_y
    a, b = s.post[0] / 2, s.post[1] / 2
    bar = _box(lo - half - 1.5, px + a + 1.0, py - width / 2, py + width / 2, z0, z1)
    bar -= _box(lo - half, hi + half, py - half, py + half, z0 - 1, z1 + 1)
    return bar - _box(px - a, px + a, py - b, py + b, z0 - 1, z0 + 0.8)


def _tab_z(p: Lid):
    return p.servo_face_z() + p.servo.tab_from_top


def sg90(p: Lid):
    """An SG90 upside down over the crossing, shaft down, its length along y (a reference body)."""
    s = p.servo
    _, width, height = s.body
    sx, sy = p.shaft_xy()
    y0, y1 = p.servo_y()
    face = p.servo_face_z()
    body = _box(sx - width / 2, sx + width / 2, y0, y1, face, face + height)
    yc = (y0 + y1) / 2
    tz = _tab_z(p)
    tabs = _box(sx - width / 2, sx + width / 2, yc - s.tab_span / 2, yc + s.tab_span / 2, tz, tz + s.tab_thickness)
    dome = Pos(sx, sy, face - s.dome) * Cylinder(width / 2 - 0.3, s.dome, align=C)
    shaft = Pos(sx, sy, p.horn_z() + 1.2) * Cylinder(s.shaft_diameter / 2, face - s.dome - p.horn_z() - 1.2, align=C)
    return body + tabs + dome + shaft


SLAB = 3.0  # the pillars' tops the tabs lie on: the tab screws' pilot holes go through them


def tab_holes(p: Lid):
    """[(x, y)] of the SG90's two tab screws in the window's frame."""
    sx, _ = p.shaft_xy()
    y0, y1 = p.servo_y()
    yc = (y0 + y1) / 2
    return [(sx, yc - p.servo.hole_spacing / 2), (sx, yc + p.servo.hole_spacing / 2)]


PEG = (2.0, 0.8, 0.1)  # a pillar's square peg: side, length down into the top plate, clearance each side


def _pillar_shapes(p: Lid):
    """[(y0, y1, leg (x0, x1), slab (x0, x1))]: the front pillar, then the back one, in the window's frame.
    The front leg stands right of the shaft, where the crank never points; behind the body, where the crank
    cannot reach, the leg keeps to the body's left, clear of the next row's LED."""
    s = p.servo
    _, width, _ = s.body
    sx, _ = p.shaft_xy()
    y0, y1 = p.servo_y()
    yc = (y0 + y1) / 2
    left, right = sx - width / 2, sx + width / 2
    return [(yc - s.tab_span / 2 + 0.2, y0 - 0.5, (sx + 1.0, right), (left + 0.6, right)),
            (y1 + 0.5, yc + s.tab_span / 2 - 0.2, (left, sx - 2.5), (left, sx + 1.5))]


def pegs(p: Lid):
    """[(x0, x1, y0, y1)] of the pillars' pegs, front then back: under the middle of each leg, along its
    front face (the face it prints on)."""
    out = []
    for ya, _, (lx0, lx1), _ in _pillar_shapes(p):
        x = (lx0 + lx1) / 2
        out.append((x - PEG[0] / 2, x + PEG[0] / 2, ya, ya + PEG[0]))
    return out


def pillars(p: Lid):
    """[front, back]: the two pillars the SG90's tabs screw onto, each a leg outside the crank's swing and a
    slab under the tab. Each prints on its front face (leg and slab are one profile along y: nothing hangs)
    and is glued onto the top plate, its square peg in a hole: so the top plate prints top face down, flat."""
    tz = _tab_z(p)
    base = p.top_plate_z()[1]
    out = []
    for (ya, yb, leg, slab), (px0, px1, py0, py1) in zip(_pillar_shapes(p), pegs(p)):
        pillar = _box(leg[0], leg[1], ya, yb, base, tz - SLAB + 0.01)
        pillar += _box(slab[0], slab[1], ya, yb, tz - SLAB, tz)
        pillar += _box(px0, px1, py0, py1, base - PEG[1], base + 0.01)
        for x, y in tab_holes(p):
            if ya < y < yb:
                pillar -= _z_prism(_diamond(0.8, x, y), tz - SLAB - 1, tz + 1)  # across the pillar as it prints
        out.append(pillar)
    return out


def slot(p: Lid):
    """The post's slot through the top plate, over its stroke and overtravel."""
    s = p.shutter
    a = s.post[0] / 2 + s.slot_clearance
    b = s.post[1] / 2 + s.slot_clearance
    return (s.post_x - a, s.post_x + a, s.post_y - b - p.overrun(), s.post_y + s.stroke + b + p.overrun())


def channel(p: Lid, cx):
    """(x0, x1, y0, y1) of the channel a column's three shutters slide in, under the top plate."""
    s = p.shutter
    c = s.clearance[0]
    x0, x1 = p.shutter_x()
    y0, y1 = p.shutter_y()
    rows = sorted({cy for _, cy, _ in p.cells()})
    return cx + x0 - c, cx + x1 + c, rows[0] + y0 - c - p.overrun(), rows[-1] + y1 + s.stroke + c + p.overrun()


def top_plate(p: Lid):
    """The plate over the shutters' channels, screwed down with the lid: windows, the posts' slots, the
    pillars' peg holes, the LEDs' wire holes, the leads' holes. It prints top face down: the channels'
    ceilings lie on the bed, the ribs between the channels stand up."""
    from . import routing
    (x0, x1), (y0, _) = p.outline()
    z0, z1 = p.top_plate_z()
    plate = _box(x0, x1, y0, _seam(p) + p.lid.wall + 8, 0, z1)
    for cx in sorted({cx for cx, _, _ in p.cells()}):
        a, b, c, d = channel(p, cx)
        plate -= _box(a, b, c, d, -1, z0)
    lay = routing.layout(p)
    for (gx0, gx1, gy0, gy1), _, _, _ in lay["grooves"]:
        plate -= _box(gx0, gx1, gy0, gy1, -1, 0.8)  # the ribs stand clear of any lead proud of a groove
    w = p.windows
    dx, dy = p.diffuser_xy()
    for cx, cy, _ in p.cells():
        plate -= _box(cx - w.width / 2, cx + w.width / 2, cy - w.height / 2, cy + w.height / 2, -1, z1 + 1)
        a, b, c, d = slot(p)
        plate -= _box(cx + a, cx + b, cy + c, cy + d, -1, z1 + 1)
        a, b, c, d = p.lead_hole()
        plate -= _box(cx + a, cx + b, cy + c, cy + d, -1, z1 + 1)
        plate -= Pos(cx + dx, cy + dy, -1) * Cylinder(p.diffuser.wire_hole / 2, z1 + 2, align=C)
        for x0, x1, y0, y1 in pegs(p):  # through: a blind hole's roof would want support as the plate prints
            c = PEG[2]
            plate -= _box(cx + x0 - c, cx + x1 + c, cy + y0 - c, cy + y1 + c, -1, z1 + 1)
    return _drill(plate, screw_points(p)["lid"], SCREW_HOLE, -1, z1 + 1)


def diffuser(p: Lid):
    """A cap over the WS2812B's round carrier in front of a window, printed in clear or white."""
    d = p.diffuser
    x, y = p.diffuser_xy()
    z = p.top_plate_z()[1]
    cap = Pos(x, y, z) * Cylinder(d.diameter / 2, d.height, align=C)
    cavity = Pos(x, y, z) * Cylinder(d.cavity[0] / 2, d.cavity[1], align=C)
    return cap - cavity


SCREW_HOLE, INSERT_HOLE, INSERT_DEPTH = 1.7, 2.0, 8.0  # M3 clearance; insert hole: radius, depth (5.7 mm insert + tip room)


def _seam(p: Lid):
    return p.seam()


def screw_points(p: Lid):
    return p.screw_points()


def _drill(solid, points, radius, z0, z1):
    for x, y in points:
        solid -= Pos(x, y, z0) * Cylinder(radius, z1 - z0, align=C)
    return solid


def lid(p: Lid):
    """The lid plate over the card, reaching onto the bay's front wall: the windows, the leads' grooves under
    the shutters' channels, the card switch lever's recess."""
    (x0, x1), (y0, _) = p.outline()
    plate = _box(x0, x1, y0, _seam(p) + p.lid.wall + 8, -p.lid.thickness, 0)
    w = p.windows
    for cx, cy, _ in p.cells():
        plate -= _box(cx - w.width / 2, cx + w.width / 2, cy - w.height / 2, cy + w.height / 2,
                      -p.lid.thickness - 1, 1)
    plate = _cables(p, plate) - lever_recess(p)
    return _drill(plate, screw_points(p)["lid"], SCREW_HOLE, -p.lid.thickness - 1, 1)


LIP_BASE = 1.2  # the lip meets the groove's wall this far down, its tip 0.2 mm down: steeper than 45 degrees


def _lip(p: Lid, along, wall, inward, at):
    """One lip of a clip: a wedge on a groove's wall at `wall`, reaching `inward` (+1 or -1) over it."""
    c = p.cables
    tip = wall + inward * c.lip
    pts = [(wall, -LIP_BASE), (tip, -0.2), (tip, 0.0), (wall, 0.0)]
    lo, hi = at - c.clip_length / 2, at + c.clip_length / 2
    if along == "y":
        return _xz_prism(pts, lo, hi)
    pts = _counter_clockwise(pts)
    return extrude(Plane.YZ.offset(lo) * Polygon(*pts, align=None), hi - lo)


def _cables(p: Lid, plate):
    """Cut the grooves and exits (routing.py) into the lid's top and add the clips' lips."""
    from . import routing
    lay = routing.layout(p)
    for (x0, x1, y0, y1), _, _, _ in lay["grooves"]:
        plate -= _box(x0, x1, y0, y1, lay["floor"], 1)
    for x0, x1, y0, y1 in lay["exits"]:
        plate -= _box(x0, x1, y0, y1, -p.lid.thickness - 1, 1)
    for (x0, x1, y0, y1), along, at in routing.clips(p, lay["grooves"]):
        walls = (x0, x1) if along == "y" else (y0, y1)
        plate += _lip(p, along, walls[0], 1, at) + _lip(p, along, walls[1], -1, at)
    return plate


def bay_lid(p: Lid):
    """The lid over the bay: the OLED window and the control buttons' holes."""
    (x0, x1), (_, y1) = p.outline()
    plate = _box(x0, x1, _seam(p) + p.lid.wall + 8, y1, -p.lid.thickness, 0)
    b = p.bay
    ow, oh = b.oled_window
    ox, by = b.oled_x, p.bay_centre_y()
    plate -= _box(ox - ow / 2, ox + ow / 2, by - oh / 2, by + oh / 2, -p.lid.thickness - 1, 1)
    for bx, by_ in p.button_places():
        plate -= Pos(bx, by_, -p.lid.thickness - 1) * Cylinder(b.button_diameter / 2, p.lid.thickness + 2, align=C)
    for hook in oled_hooks(p):
        plate += hook
    for x, y, z0, z1 in hold_down_pillars(p):
        plate += Pos(x, y, z0) * Cylinder(PILLAR_D / 2, z1 - z0, align=C)
    return _drill(plate, screw_points(p)["bay_lid"], SCREW_HOLE, -p.lid.thickness - 1, 1)


PILLAR_D, PILLAR_GAP = 4.0, 0.2  # the bay lid's pillars stop this far above the board: it cannot rattle off its pads


def oled_place(p: Lid):
    """(x, y) of the OLED module's PCB centre: its glass under the bay lid's window, pins towards the back."""
    return p.bay.oled_x, p.bay_centre_y() + p.oled.glass_offset


def oled_module(p: Lid):
    """The OLED module as it hangs in its clips: glass against the lid, PCB, the solder and lead behind it
    (a reference body)."""
    o = p.oled
    x, y = oled_place(p)
    gw, gh, gt = o.glass
    pw, ph, pt = o.pcb
    top = -p.lid.thickness
    gy = p.bay_centre_y()
    out = _box(x - gw / 2, x + gw / 2, gy - gh / 2, gy + gh / 2, top - gt, top)
    out += _box(x - pw / 2, x + pw / 2, y - ph / 2, y + ph / 2, top - gt - pt, top - gt)
    return out + _box(x - pw / 2, x + pw / 2, y + ph / 2 - 6, y + ph / 2, top - gt - pt - o.back, top - gt - pt)


HOOK = (1.6, 5.0, 0.8, 1.0)  # post thickness, width; lip reach under the PCB, lip height


def oled_hooks(p: Lid):
    """Four snap hooks on the bay lid's underside, two each side of the module, their lips under its PCB."""
    o = p.oled
    x, y = oled_place(p)
    pw, ph, pt = o.pcb
    t, w, reach, lip = HOOK
    top = -p.lid.thickness
    back = top - o.glass[2] - pt  # the PCB's back face
    out = []
    for side in (-1, 1):
        edge = x + side * (pw / 2 + 0.2)
        for dy in (-ph / 4, ph / 4):
            post = _box(min(edge, edge + side * t), max(edge, edge + side * t), y + dy - w / 2, y + dy + w / 2,
                        back - lip, top)
            wedge = [(edge + side * t, back - lip - 0.6), (edge - side * reach, back), (edge, back)]
            out.append(post + _xz_prism(wedge, y + dy - w / 2, y + dy + w / 2))
    return out


def hold_down_pillars(p: Lid):
    """[(x, y, z0, z1)] of the bay lid's pillars that hold the board down, one over each of its pads
    (the holes there carry no lead, link or part)."""
    board = stripboard.in_bay(p)
    z1 = -p.lid.thickness
    return [(x, y, board["board"][5] + PILLAR_GAP, z1) for x, y in board["pads"]]


def base(p: Lid):
    """The card tray: slot, guides, end stop, finger notch, card-switch slot, and four feet that take the
    lid's screws."""
    c, b, wall = p.card, p.bay, p.lid.wall
    (x0, x1), (y0, _) = p.outline()
    seam = _seam(p)
    top = -p.lid.thickness
    floor = top - p.pocket_depth() - wall
    tray = _box(x0, x1, y0, seam, floor, top)
    # The slot: open at the front edge, guides at the sides, end stop at the back.
    tray -= _box(-c.clearance, c.width + c.clearance, y0 - 1, c.height + c.clearance,
                 top - p.pocket_depth(), top + 1)
    tray -= Pos(c.width / 2, y0, floor - 1) * Cylinder(c.finger_notch / 2, wall + p.pocket_depth() + 2, align=C)
    # The card switch's body comes up through this opening, near the end stop; the card rides over it on a pad.
    sx0, sx1, sy0, sy1 = _switch_box(p)
    tray -= _box(sx0, sx1, sy0, sy1, floor - 1, top)
    tray += _hold_down_pad(p) - _box(sx0, sx1, sy0, sy1, floor - 1, top)
    # The lid's screws pass through the tray into the feet below it (printed apart: no supports).
    points = [pt for pt in screw_points(p)["lid"] if pt[1] < seam]
    tray = _drill(tray, points, SCREW_HOLE, floor - 1, top + 1)
    # The switch frame's two countersunk screws go down through the floor, heads flush with the slot's floor.
    seat = cardswitch.slot_floor(p)
    tray = _drill(tray, frame_screws(p), FRAME_SCREW, floor - 1, seat)
    for x, y in frame_screws(p):
        tray -= Pos(x, y, seat - SINK_DEPTH) * Cone(FRAME_SCREW, FRAME_SCREW + SINK_DEPTH, SINK_DEPTH, align=C)
        tray -= Pos(x, y, seat - 0.01) * Cylinder(FRAME_SCREW + SINK_DEPTH, top + 1 - seat, align=C)
    return tray


PAD_HALF, PAD_RAMP = 12.0, 5.0  # the pad reaches this far each side of the switch; its ramp's length


def _hold_down_pad(p: Lid):
    """The pad on the slot's floor round the card switch: a card rides up its ramp and then runs hold_gap
    under the lid, so the lever cannot lift it further."""
    x, _ = p.switch_xy()
    _, _, _, y1 = _switch_box(p)
    y_front = lever_span(p)[0] - 1.0
    z0, h = cardswitch.slot_floor(p), cardswitch.pad_height(p)
    end = p.card.height + p.card.clearance
    pts = [(y_front - PAD_RAMP, z0 - 0.01), (end, z0 - 0.01), (end, z0 + h), (y_front, z0 + h)]
    return extrude(Plane.YZ.offset(x - PAD_HALF) * Polygon(*pts, align=None), 2 * PAD_HALF)


def feet(p: Lid):
    """The four feet under the tray's corners, down to the bay's floor: the device stands level and the
    card switch clears the table. Each takes a heat-set insert for the lid's screw."""
    c, b, wall = p.card, p.bay, p.lid.wall
    top = -p.lid.thickness
    floor = top - p.pocket_depth() - wall
    out = []
    for x, y in (pt for pt in screw_points(p)["lid"] if pt[1] < _seam(p)):
        foot = _box(x - 5, x + 5, y - 5, y + 5, top - b.height, floor)
        out.append(_drill(foot, [(x, y)], INSERT_HOLE, floor - INSERT_DEPTH, floor + 1))
    return out


def bay(p: Lid):
    """The electronics bay: a box behind the tray, with the jack and USB holes, a cable opening to the lid,
    corner posts that take the lids' screws, and pads for the board."""
    c, b, wall = p.card, p.bay, p.lid.wall
    (x0, x1), (_, y1) = p.outline()
    seam = _seam(p)
    top = -p.lid.thickness
    box = _box(x0, x1, seam, y1, top - b.height, top)
    box -= _box(x0 + wall, x1 - wall, seam + wall, y1 - wall, top - b.height + wall, top + 1)
    # The front wall is open at the top for the cables to the lid.
    box -= _box(x0 + wall + 10, x1 - wall - 10, seam - 1, seam + wall + 1, top - 8, top + 1)
    for x in (x0 + wall, x1 - wall - 10):
        for y0_, y1_ in ((seam + wall, seam + wall + 16), (y1 - wall - 8, y1 - wall)):
            box += _box(x, x + 10, y0_, y1_, top - b.height, top)
    # Pads the stripboard rests on, under holes its layout keeps clear of leads and links.
    board = stripboard.in_bay(p)
    half = stripboard.PITCH * 0.9
    for px, py in board["pads"]:
        box += _box(px - half, px + half, py - half, py + half, board["floor"] - 0.5, board["board"][4])
    # The seat buttons' cables come in through a slot in the left wall and are tied to an anchor.
    from . import routing
    sy0, sy1, sz0, sz1 = routing.seat_slot(p)
    box -= _box(x0 - 1, x0 + wall + 1, sy0, sy1, sz0, sz1)
    (a0, a1, ay0, ay1, az0, az1), (tz0, tz1) = routing.tie_anchor(p)
    box += _box(a0, a1, ay0, ay1, az0 - 0.5, az1) - _box(a0 + 1.5, a1 - 1.5, ay0 - 1, ay1 + 1, tz0, tz1)
    zc = top - b.height / 2
    box -= _y_teardrop(b.jack_diameter / 2, y1 - wall - 1, y1 + 1, c.width * 0.2, zc)
    uw, uh = b.usb
    box -= _box(c.width * 0.6 - uw / 2, c.width * 0.6 + uw / 2, y1 - wall - 1, y1 + 1, zc - uh / 2, zc + uh / 2)
    points = [pt for pts in screw_points(p).values() for pt in pts if pt[1] > seam]
    return _drill(box, points, INSERT_HOLE, top - INSERT_DEPTH, top + 1)


def _switch_box(p: Lid):
    """(x0, x1, y0, y1) of the opening in the tray floor the card switch's body stands in."""
    x, y = p.switch_xy()
    length, width, _ = p.switch.body
    return x - width / 2 - 0.2, x + width / 2 + 0.2, y - length / 2 - 0.2, y + length / 2 + 0.2


def card_switch(p: Lid):
    """The hinge-lever microswitch (SS-5GL, KW11 size) in its frame under the tray, its length along the slot
    (lever hinge towards the slot's mouth, so a card slides up the lever) (reference)."""
    length, width, height = p.switch.body
    x, y = p.switch_xy()
    top = cardswitch.top_z(p)
    return _box(x - width / 2, x + width / 2, y - length / 2, y + length / 2, top - height, top)


SWITCH_HOLE, FRAME_SCREW, FRAME_PILOT = 1.1, 1.2, 0.9  # radii: M2 and ST2.2 clearance, ST2.2 pilot
SINK_DEPTH = 0.8  # the 90 degree countersink under an ST2.2 countersunk head (3.8 mm across)
FRAME_END, FRAME_PILOT_DEPTH = 7.0, 4.5  # the frame's ends, along the slot; the pilot holes' depth in them


def switch_frame(p: Lid):
    """The printed frame the card switch sits in, against the tray's underside: two M2 screws through its
    side walls and the switch's holes (nuts outside), and two countersunk ST2.2 x 6.5 screws down through
    the tray floor into pilot holes in its ends."""
    s = p.switch
    x, y = p.switch_xy()
    floor = p.tray_floor()
    length, width, height = s.body
    gap = 0.2
    outer_x, outer_y = width / 2 + gap + s.frame_wall, length / 2 + gap + FRAME_END
    bottom = cardswitch.top_z(p) - height
    frame = _box(x - outer_x, x + outer_x, y - outer_y, y + outer_y, bottom, floor)
    frame -= _box(x - width / 2 - gap, x + width / 2 + gap, y - length / 2 - gap, y + length / 2 + gap,
                  bottom - 1, floor + 1)
    zh = cardswitch.hole_z(p)
    for dy in (-s.holes[0] / 2, s.holes[0] / 2):
        frame -= _x_diamond(SWITCH_HOLE, x - outer_x - 1, x + outer_x + 1, y + dy, zh)
    return _drill(frame, frame_screws(p), FRAME_PILOT, floor - FRAME_PILOT_DEPTH, floor + 1)


def frame_screws(p: Lid):
    """[(x, y)] of the two screws that hold the switch frame to the tray floor, in the middle of its ends."""
    x, y = p.switch_xy()
    reach = p.switch.body[0] / 2 + 0.2 + FRAME_END / 2
    return [(x, y - reach), (x, y + reach)]


def lever_span(p: Lid):
    """(y0, y1) of the lever's free end, which the lid's recess takes: towards the end stop."""
    _, y = p.switch_xy()
    tip = y + p.switch.body[0] / 2 - 1.0
    return tip - p.switch.lever[1], tip


def lever_recess(p: Lid):
    """The recess in the lid's underside the lever rises into with no card: its roof above the release point."""
    x, _ = p.switch_xy()
    y0, y1 = lever_span(p)
    half = p.switch.lever[0] / 2 + 0.7
    return _box(x - half, x + half, y0 - 0.5, y1 + 0.5, -p.lid.thickness - 1, cardswitch.roof_z(p))


def switch_lever(p: Lid):
    """The switch's lever as a card on the pad holds it down: its top at the pad's top (a reference body).
    Released, it rises lever_rise (assembly.json) to the recess's roof."""
    x, _ = p.switch_xy()
    y0, y1 = lever_span(p)
    half = p.switch.lever[0] / 2
    return _box(x - half, x + half, y0, y1, cardswitch.top_z(p), cardswitch.pressed(p)[0])


def card(p: Lid):
    """The picture card in its slot, on the pad round the card switch (a reference body)."""
    c = p.card
    z0 = cardswitch.pressed(p)[0]
    return _box(0, c.width, 0, c.height, z0, z0 + c.thickness)


def parts(p: Lid):
    """{name: solid} of every distinct part, the per-window ones in window 1's place."""
    first = Location(p.cells()[0])
    front_left = feet(p)[0]
    return {"base": base(p), "foot": front_left, "bay": bay(p), "lid": lid(p), "bay_lid": bay_lid(p),
            "top_plate": top_plate(p), "shutter": first * shutter(p), "yoke": first * yoke(p),
            "crank": first * crank(p), "diffuser": first * diffuser(p),
            "pillar_front": first * pillars(p)[0], "pillar_back": first * pillars(p)[1],
            "sg90": first * sg90(p), "horn": first * horn(p), "card": card(p), "card_switch": card_switch(p),
            "lever": switch_lever(p), "oled": oled_module(p),
            "switch_frame": switch_frame(p)}
