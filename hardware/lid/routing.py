"""Where every lead runs: grooves cut into the lid's top face, with clips, to exits over the bay.

Plain Python (no CAD import): model.py cuts what this lays out, and the checks test the meshes
against it. Windows and cells as in params.py; every groove runs along x or y.

- Servo leads: an SG90 stands upside down over a crossing; its lead leaves the top of the body's
  end away from the shaft, runs forward over the body, hangs down past the front tab's end at the
  body's right half, straight through its hole over the rib, and bends into its column's groove. The column
  groove runs along y right of the windows, under the channels' right edges and the ribs, picking
  up the lead of each row's servo, to the column's exit over the bay: 1, 2, then 3 leads side by side.
- The LED chain, J24 to LED 1 and on in window order: each LED's wires go down a hole in the top
  plate beside its window; between the LEDs of a row the chain runs along the row gap in front of
  it (the front row's in the front margin), between rows straight along a column gap. Where it
  crosses or shares a column groove it lies over the servo leads, up to 0.5 mm proud of the lid,
  under the ribs or 0.1 mm under the shutters (they ride 0.6 mm above the lid). From LED 12 three
  wires go on to seat 1's light: back along the row gap and down the left margin to J24's slot.
"""

from .params import Lid

BOARD_SIDE = ("servo", "led")


def _leads(p: Lid, kind):
    return p.cables.servo_lead if kind == "servo" else p.cables.led_lead


def groove_width(p: Lid, kind, n):
    return n * _leads(p, kind)[0] + 2 * p.cables.side_clearance


def lane_y(p: Lid, cy):
    """Centre of the LED groove behind a window row: the middle of the row gap."""
    return cy + p.pitch()[1] / 2


def drop_y(p: Lid, cy):
    """y where a servo's lead goes down through its hole in the top plate into the column's groove."""
    _, _, y0, y1 = p.lead_hole()
    return cy + (y0 + y1) / 2


def hang_x(p: Lid, cx):
    """x of a servo's lead where it hangs down past the front tab's end at the body's right half, straight
    down through its hole."""
    return cx + p.shaft_xy()[0] + p.servo.body[1] / 2 - 0.3 - p.cables.servo_lead[0] / 2


def body_top(p: Lid):
    """z of the upside-down SG90's top (its bottom face), where its lead comes out of its end."""
    return p.servo_face_z() + p.servo.body[2]


def exit_y(p: Lid):
    """(y0, y1) of the exits: through the lid where it overhangs the bay, behind its front wall's top."""
    return p.seam() + 0.5, p.seam() + p.lid.wall + 5.5


class Segment:
    """A straight piece of groove from a to b (x, y), carrying `n` leads of `kind`, or a `patch` (a
    rectangle (x0, x1, y0, y1) of groove where leads change lanes)."""

    def __init__(self, kind, n, a, b, cables):
        self.kind, self.n, self.a, self.b, self.cables = kind, n, a, b, cables

    def rect(self, p: Lid, left=None):
        """(x0, x1, y0, y1) of the groove: centred on the line a-b, or from `left` for a column groove."""
        half = groove_width(p, self.kind, self.n) / 2
        (ax, ay), (bx, by) = self.a, self.b
        if ax == bx:
            x0 = ax - half if left is None else left
            return x0, x0 + 2 * half, min(ay, by) - (half if left is None else 0), max(ay, by) + (half if left is None else 0)
        return min(ax, bx) - half, max(ax, bx) + half, ay - half, ay + half

    def length(self):
        return abs(self.a[0] - self.b[0]) + abs(self.a[1] - self.b[1])


def column_left(p: Lid, cx):
    """x of a column groove's left wall: under the leads' holes, under the channel's edge by so much that
    three leads side by side stay out of the next column's windows."""
    return cx + p.lead_hole()[0] - 0.7


def layout(p: Lid = None):
    """{"grooves": [(rect, kind, n, clip_ok)], "exits": [rect], "servo": {window: [points]},
    "led": [[points] per piece: J24 to LED 1, then LED n to n + 1]} in the lid's frame (z 0 = top).

    Points of a lead's path run from its part to the board; those at z < 0 on the lid lie in a groove."""
    p = p or Lid()
    from . import params
    cells = p.cells()
    (x0, x1), _ = p.outline()
    e0, e1 = exit_y(p)
    floor = -p.cables.groove_depth
    grooves, exits = [], []
    servo = {}
    rows = {}
    for n, (c, r) in enumerate(params.WINDOW_CELLS, 1):
        rows.setdefault(c, {})[r] = n
    s = p.servo
    top = body_top(p)
    for c, by_row in sorted(rows.items()):
        cx = cells[by_row[0] - 1][0]
        left = column_left(p, cx)
        ys = [drop_y(p, cells[by_row[r] - 1][1]) for r in range(3)] + [e0]
        for r in range(3):
            start = ys[r] - (3.0 if r == 0 else 0.0)  # past the first lead's drop
            seg = Segment("servo", r + 1, (left, start), (left, ys[r + 1]), [by_row[k] for k in range(r + 1)])
            grooves.append((seg.rect(p, left), "servo", r + 1, True))
        for r in range(3):  # where each lead comes down, right of the column groove: it bends into it
            y = drop_y(p, cells[by_row[r] - 1][1])
            w = p.cables.servo_lead[0] / 2 + p.cables.side_clearance + 0.3
            grooves.append(((left, hang_x(p, cx) + w, y - w, y + w), "servo", 1, False))
        width = groove_width(p, "servo", 3)
        # The exit: a slot through the lid over the bay; it stays left of the bay's back corner post.
        post = x1 - p.lid.wall - 10
        ex1 = min(left + width, post - 0.5)
        ex0 = ex1 - max(width - 1.0, 3 * p.cables.servo_lead[0] + 0.2)
        exits.append((ex0, ex1, e0, e1))
        grooves.append(((min(ex0, left), max(ex1, left + width), e0 - 1.0, e0 + 0.5), "servo", 3, False))
        for r in range(3):
            n = by_row[r]
            cy = cells[n - 1][1]
            y = drop_y(p, cy)
            hx = hang_x(p, cx)
            end_y = cy + p.servo_y()[1]  # the body's end away from the shaft
            mid = floor + p.cables.servo_lead[1] / 2
            lane = left + p.cables.side_clearance + (r + 0.5) * p.cables.servo_lead[0]  # side by side, row order
            servo[n] = [(hx, end_y, top), (hx, y, top), (hx, y, mid), (lane, y, mid),
                        (lane, e0 - 0.25, mid), ((ex0 + ex1) / 2, e0 - 0.25, mid), ((ex0 + ex1) / 2, (e0 + e1) / 2, mid),
                        ((ex0 + ex1) / 2, (e0 + e1) / 2, -p.lid.thickness - 1.0)]
    led, feed = _led_chain(p, cells, grooves, exits, floor)
    return {"grooves": grooves, "exits": exits, "servo": servo, "led": led, "seat_feed": feed, "floor": floor}


def _led_chain(p: Lid, cells, grooves, exits, floor):
    dx, dy = p.diffuser_xy()
    leds = [(cx + dx, cy + dy) for cx, cy, _ in cells]
    e0, e1 = exit_y(p)
    half = groove_width(p, "led", 1) / 2
    rows = sorted({cy for _, cy, _ in cells})
    # Each LED's wire goes down its hole in the top plate; pieces between LEDs of a row run along the row gap
    # in front of it (the front row's in the front margin), between rows straight along the column gap.
    lane = {rows[0]: rows[0] - p.pitch()[1] / 2, rows[1]: lane_y(p, rows[0]), rows[2]: lane_y(p, rows[1])}
    L = leds
    left_x = L[0][0]

    def along(a, b, row):
        return [L[a], (L[a][0], lane[row]), (L[b][0], lane[row]), L[b]]
    pieces = [[(left_x, (e0 + e1) / 2), L[0]],                                      # J24 -> 1, down the left margin
              along(0, 1, rows[2]), along(1, 2, rows[2]), along(2, 3, rows[2]),
              [L[3], L[4]], [L[4], L[5]],                                           # 4 -> 5 -> 6, down column 3's gap
              along(5, 6, rows[0]), along(6, 7, rows[0]), along(7, 8, rows[0]),
              [L[8], L[9]],                                                         # 9 -> 10
              along(9, 10, rows[1]), along(10, 11, rows[1])]
    # LED 12's DOUT goes on to seat 1's light: three wires back along the row gap in front of it and down the
    # left margin to J24's slot, joined in the bay to the seat lights' 3-core cable.
    feed = [L[11], (L[11][0], lane[rows[1]]), (left_x, lane[rows[1]]), (left_x, (e0 + e1) / 2)]
    # Each straight piece is a groove; where two pieces share a line they share a wider groove.
    count = {}
    for piece in pieces + [feed]:
        for a, b in zip(piece, piece[1:]):
            for unit in _units(a, b):
                count[unit] = count.get(unit, 0) + 1
    for (a, b), n in _merge(count).items():
        grooves.append((Segment("led", n, a, b, []).rect(p), "led", n, True))
    half = groove_width(p, "led", 2) / 2  # J24's lead and the seat feed side by side
    exits.append((left_x - half, left_x + half, e0, e1))
    mid = floor + p.cables.led_lead[1] / 2
    up = p.top_plate_z()[1]  # the carrier on the top plate: its wires go down the hole to the groove
    out = []
    for k, piece in enumerate(pieces):
        pts = [(x, y, mid) for x, y in piece]
        if k == 0:
            pts = [(left_x, (e0 + e1) / 2, -p.lid.thickness - 1.0)] + pts
        else:
            pts = [(piece[0][0], piece[0][1], up)] + pts
        pts.append((piece[-1][0], piece[-1][1], up))
        out.append(pts)
    feed = [(feed[0][0], feed[0][1], up)] + [(x, y, mid) for x, y in feed] + [
        (left_x, (e0 + e1) / 2, -p.lid.thickness - 1.0)]
    return out, feed


STEP = 0.25  # mm: pieces of a line shared by two leads are found on this grid


def _units(a, b):
    """The line a-b cut into STEP-long units (keys), so that overlapping pieces can be counted."""
    (ax, ay), (bx, by) = a, b
    if ax == bx:
        lo, hi = sorted((ay, by))
        return [("y", round(ax, 3), round(lo + k * STEP, 3)) for k in range(round((hi - lo) / STEP))]
    lo, hi = sorted((ax, bx))
    return [("x", round(ay, 3), round(lo + k * STEP, 3)) for k in range(round((hi - lo) / STEP))]


def _merge(count):
    """{(a, b): n} of maximal straight runs with the same number of leads."""
    out = {}
    for axis in ("x", "y"):
        keys = sorted(k for k in count if k[0] == axis)
        run = None
        for key in keys:
            _, line, at = key
            n = count[key]
            if run and run[0] == line and abs(run[2] - at) < 1e-6 and run[3] == n:
                run[2] = round(at + STEP, 3)
                continue
            if run:
                out[_ends(axis, run)] = run[3]
            run = [line, at, round(at + STEP, 3), n]
        if run:
            out[_ends(axis, run)] = run[3]
    return out


def _ends(axis, run):
    line, lo, hi, _ = run
    return ((lo, line), (hi, line)) if axis == "x" else ((line, lo), (line, hi))


def clips(p: Lid, grooves):
    """[(rect of the groove, along 'x' or 'y', centre)] of the clips: along each groove, none within 6 mm
    of its ends or where grooves join, cross or share a stretch (there the LED chain lies over the servo
    leads, above a lip's reach: the top plate's ribs over them hold them), each as far from the last as
    clip_every allows. The leads are clipped in before the top plate and its servos go on."""
    out = []
    every, keep, half = p.cables.clip_every, 6.0, p.cables.clip_length / 2
    for rect, kind, n, ok in grooves:
        x0, x1, y0, y1 = rect
        if not ok:
            continue
        along = "x" if x1 - x0 > y1 - y0 else "y"
        lo, hi = (x0, x1) if along == "x" else (y0, y1)
        others = [g[0] for g in grooves if g[0] != rect]
        allowed = []
        for k in range(int((hi - lo - 2 * keep) / 0.5) + 1):
            at = lo + keep + 0.5 * k
            foot = (at - half - 1, at + half + 1, y0, y1) if along == "x" else (x0, x1, at - half - 1, at + half + 1)
            if not any(_overlap(foot, o) for o in others):
                allowed.append(at)
        last = lo
        while hi - last > every:
            ahead = [a for a in allowed if last < a <= last + every]
            later = [a for a in allowed if a > last]
            if not later:
                break
            last = max(ahead) if ahead else later[0]
            out.append((rect, along, last))
    return out


def seat_slot(p: Lid):
    """(y0, y1, z0, z1) of the slot in the bay's left wall the seat buttons' cables come in through, two
    rows of cables high, between the wall's corner posts and beside the board."""
    n, d = p.bay.seat_cables
    per_row = (n + 1) // 2
    yc, zc = p.bay_centre_y() + 4.0, -p.lid.thickness - 10.0
    return yc - per_row * d / 2 - 1.5, yc + per_row * d / 2 + 1.5, zc - d - 1.0, zc + d + 1.0


def tie_anchor(p: Lid):
    """(x0, x1, y0, y1, z0, z1) of the block on the bay's floor inside the slot, and (z0, z1) of the tunnel
    across it (along y) a cable tie passes through: strain relief for the seat cables."""
    (x0, _), _ = p.outline()
    y0, y1, _, _ = seat_slot(p)
    _, _, top, _ = seat_slot(p)
    floor = -p.lid.thickness - p.bay.height + p.lid.wall
    inner = x0 + p.lid.wall
    return (inner + 2.0, inner + 8.0, y0, y1, floor, top), (top - 4.0, top - 2.0)


def other_leads(p: Lid = None):
    """{name: [points]} of the leads that do not run on the lid: the card switch's, from its terminals
    under the tray through the bay's front opening; the seat cables, in through the left wall's slot,
    tied to the anchor, up into the bay over the board."""
    p = p or Lid()
    xc, yc = p.switch_xy()
    from . import cardswitch
    bottom = cardswitch.top_z(p) - p.switch.body[2]  # its terminals
    (x0, _), _ = p.outline()
    seam, wall = p.seam(), p.lid.wall
    opening = (p.tray_floor() - p.lid.thickness - 8.0) / 2  # the bay's front opening, below the tray's underside
    under = bottom - 3.0
    y0, y1, z0, z1 = seat_slot(p)
    ys, zs = (y0 + y1) / 2, (z0 + z1) / 2
    (a0, a1, _, _, _, top), _ = tie_anchor(p)
    return {"card switch": [(xc, yc, bottom), (xc, yc, under), (xc, seam - 2.0, under), (xc, seam - 2.0, opening),
                            (xc, seam + wall + 1.5, opening)],
            "seat cables": [(x0 - 10.0, ys, zs), (x0 + wall + 1.0, ys, zs), ((a0 + a1) / 2, ys, top + 1.0),
                            ((a0 + a1) / 2, ys, -p.lid.thickness - 3.0)]}


def _overlap(a, b):
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def path_length(points):
    return sum(sum(abs(a[i] - b[i]) for i in range(3)) for a, b in zip(points, points[1:]))
