"""A stripboard (Veroboard, 0.1 in pitch) layout of the default board, generated from its netlist.

The board is COLS x ROWS holes; the copper strips run along x (the bay's width). A few parts are placed
by hand (the Pico with its USB at the bay's back wall, the ICs, the servo headers on two bus strips, the
connectors); every other part is placed where its pins land on, or nearest to, strips of their nets.
Then each strip is cut between pins of different nets, and the pieces of a net are joined by wire links
(a shortest spanning tree). `check` rebuilds the connections from the strips, cuts and links alone and
compares them with the netlist, so a lost cut or link is caught.

Coordinates are holes: x = 0..COLS-1 left to right seen from the parts' side, y = 0..ROWS-1 from the
front edge (towards the card and the cable opening) to the back edge (the USB and jack wall).
"""

import bisect

from .domains import union_find

COLS, ROWS = 70, 24
PITCH = 2.54  # mm
EDGE = 1.27   # board edge to the first hole's centre, mm

# Footprint -> ([(pin, dx, dy)], body (dx0, dy0, dx1, dy1)) in holes, before rotation. Pitches are the
# parts' own rounded to 0.1 in: XH (2.5 mm) lands on the grid; a 6 mm tactile takes 3 x 2 holes.


def _dip(n, w):
    half = n // 2
    pins = [(str(k), 0, -(k - 1)) for k in range(1, half + 1)]
    pins += [(str(n + 1 - k), w, -(k - 1)) for k in range(1, half + 1)]
    return pins, (0, -(half - 1), w, 0)


def _row(n, body=(0, 0)):
    return [(str(i + 1), 0, i) for i in range(n)], (body[0], 0, body[1], n - 1)


def _two(span, body=(0, 0, 0, None)):
    x0, y0, x1, y1 = body
    return [("1", 0, 0), ("2", 0, span)], (x0, y0, x1, span if y1 is None else y1)


FOOTPRINTS = {
    "R_Axial_DIN0207": _two(4),
    "D_DO-41": _two(4),
    "D_DO-35": _two(3),
    "C_Disc_D5.0mm": _two(2),
    "CP_Radial_D10.0mm": _two(2, (-1, -1, 1, 3)),
    "LED_D3.0mm": _two(1),
    "Fuse_Bourns_MF-RG300": _two(2),
    "L_1206": _two(1),
    "NetTie-2_THT": _two(2),
    "TerminalBlock_Phoenix_MKDS-1,5-2-5.08": _two(2, (-1, 0, 1, 2)),
    "Buzzer_12x9.5RM7.6": _two(3, (-2, -1, 2, 4)),
    "TestPoint_THTPad": ([("1", 0, 0)], (0, 0, 0, 0)),
    "TO-92_Inline": _row(3),
    "TO-220-3_Vertical": _row(3, (0, 1)),
    "SW_PUSH_6mm": ([("1", 0, 0), ("1", 3, 0), ("2", 0, 2), ("2", 3, 2)], (0, 0, 3, 2)),
    "RaspberryPi_Pico": _dip(40, 7),
    "TSSOP-28": _dip(28, 6),   # on a 0.6 in DIP adapter board
    "TSOT-23-8": _dip(8, 3),   # on a 0.3 in DIP adapter board
    "DIP-14": _dip(14, 3),
}
for _n in (2, 3, 4, 6):
    FOOTPRINTS[f"JST_XH_B{_n}B"] = _row(_n, (0, 1))
for _n in (3, 11):
    FOOTPRINTS[f"PinHeader_1x{_n:02d}"] = _row(_n)


def footprint(name):
    """Pins and body of a KiCad footprint name, on the 0.1 in grid."""
    matches = [fp for key, fp in FOOTPRINTS.items() if key in name]
    if len(matches) != 1:
        raise ValueError(f"stripboard: no grid footprint for {name!r} (add it to FOOTPRINTS)")
    return matches[0]


def _turn(dx, dy, rot):
    return {0: (dx, dy), 90: (-dy, dx), 180: (-dx, -dy), 270: (dy, -dx)}[rot]


def _servo_headers():
    # J4-J15 along the front edge: pin 3 on strip 0 (GND_SERVO), pin 2 on strip 1 (+5V_SERVO), signals on 2.
    return {f"J{4 + k}": (1 + 3 * k, 2, 180) for k in range(12)}


# Parts placed by hand: ref -> (x, y, rotation) of pin 1.
FIXED = {
    "U1": (38, 23, 0),     # the Pico: pin 1 top left, USB over the back edge, at the bay's USB hole
    "U3": (14, 21, 0),     # PCA9685 on its adapter, beside the servo headers' signals
    "U2": (54, 7, 0),      # LTC4365 on its adapter, in the power corner
    "Q1": (61, 3, 0),
    "Q2": (64, 3, 0),
    "J2": (68, 2, 180),    # power in: VIN_RAW, GND_SERVO on the servo return strip
    "U4": (50, 20, 0),     # 74AHCT125 beside GP19
    "J24": (5, 13, 180),   # pixels: at the left, nearest LED 1 (window 1)
    "J3": (68, 14, 0),     # OLED
    "J23": (28, 20, 180),  # controls: pins on the button GPIOs' strips
    "J25": (0, 23, 180),   # spare GPIOs
    **_servo_headers(),
}


# The board rests on four printed pads on the bay's floor (hardware/lid/model.py): each under the 2 x 2
# holes from (x, y), kept clear of leads and links so the board lies flat.
PADS = [(3, 4), (3, 19), (66, 5), (66, 20)]
PAD_HOLES = {(x + i, y + j) for x, y in PADS for i in (0, 1) for j in (0, 1)}


class Layout:
    """Parts on the grid, then cuts and links. pins: {(x, y): (ref, pin, net)}."""

    def __init__(self, comps, nets):
        self.comps = comps
        self.net_of = {(r, p): n for n, nodes in nets.items() for r, p in nodes}
        self.place = {}    # ref -> (x, y, rot)
        self.pins = {}     # hole -> (ref, pin, net)
        self.body = {}     # hole -> ref, every hole under a part (its pins' holes too)
        self.strips = {y: [] for y in range(ROWS)}  # y -> sorted [(x, net)]
        self.cuts = []     # (x, y): x whole = a hole drilled out, x + 0.5 = a knife cut between holes
        self.links = []    # ((x, y), (x, y), net)
        self.reserved = set(PAD_HOLES)  # holes kept free: beside the hand-placed parts' pins, for links; pads

    def reserve_beside(self, ref):
        """Keep the holes just outside ref's pins free (an IC's or connector's pin then always has a
        hole on its strip for a link)."""
        holes, body = self.geometry(ref, *self.place[ref])
        for _, (x, y) in holes:
            self.reserved.update((x + d, y) for d in (-1, 1) if (x + d, y) not in body and 0 <= x + d < COLS)

    def net(self, ref, pin):
        return self.net_of.get((ref, pin), f"NC:{ref}.{pin}")

    def geometry(self, ref, x, y, rot):
        """([(pin, hole)], [body holes]) of ref at (x, y, rot)."""
        pins, (bx0, by0, bx1, by1) = footprint(self.comps[ref][1])
        holes = [(p, (x + t[0], y + t[1])) for p, dx, dy in pins for t in [_turn(dx, dy, rot)]]
        corners = [_turn(bx0, by0, rot), _turn(bx1, by1, rot)]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        body = [(x + i, y + j) for i in range(xs[0], xs[1] + 1) for j in range(ys[0], ys[1] + 1)]
        return holes, body

    def fits(self, ref, x, y, rot):
        holes, body = self.geometry(ref, x, y, rot)
        return all(0 <= hx < COLS and 0 <= hy < ROWS for hx, hy in body) and \
            all(h not in self.body and h not in self.reserved for h in body)

    def spaced(self, ref, x, y, rot):
        """No pin right beside a pin of another net on its strip: a cut needs a hole between them."""
        holes, _ = self.geometry(ref, x, y, rot)
        mine = {h: self.net(ref, p) for p, h in holes}
        for (hx, hy), net in mine.items():
            for side in ((hx - 1, hy), (hx + 1, hy)):
                other = mine.get(side) or (self.pins[side][2] if side in self.pins else net)
                if other != net:
                    return False
        return True

    def put(self, ref, x, y, rot):
        if not self.fits(ref, x, y, rot):
            raise ValueError(f"stripboard: {ref} does not fit at ({x}, {y}) turned {rot}")
        holes, body = self.geometry(ref, x, y, rot)
        self.place[ref] = (x, y, rot)
        for h in body:
            self.body[h] = ref
        for p, h in holes:
            net = self.net(ref, p)
            self.pins[h] = (ref, p, net)
            self.body[h] = ref
            bisect.insort(self.strips[h[1]], (h[0], net))

    def _pin_cost(self, net, hole, own):
        """How dear a pin of `net` at `hole` is: 0 if it joins its net along the strip, else about the
        length of the link it will need; more if it splits another net's strip or needs a knife cut."""
        x, y = hole
        row = sorted(self.strips[y] + [o for o in own if o[0] != x and o[2] == y])
        row = [(ox, on) for ox, on, *_ in row]
        i = bisect.bisect_left(row, (x, ""))
        left = row[i - 1] if i > 0 else None
        right = row[i] if i < len(row) else None
        cost = 0.0
        if not ((left and left[1] == net) or (right and right[1] == net)):
            others = self.holes_of.get(net, [])
            if others:
                cost += 1 + min(abs(ox - x) + abs(oy - y) for ox, oy in others)
                if not any(self.free((x + d, y)) and 0 <= x + d < COLS for d in (-1, 1)):
                    cost += 6  # a link needs a free hole beside the pin
        if left and right and left[1] == right[1] != net:
            cost += 4
        if (left and left[0] == x - 1 and left[1] != net) or (right and right[0] == x + 1 and right[1] != net):
            cost += 30  # a knife cut between neighbouring holes, and no hole left for a link
        return cost

    def cost(self, ref, x, y, rot):
        holes, _ = self.geometry(ref, x, y, rot)
        own = [(h[0], self.net(ref, p), h[1]) for p, h in holes]
        return sum(self._pin_cost(self.net(ref, p), h, own) for p, h in holes)

    def place_rest(self, refs):
        """Place each part in turn (most pins on nets already placed first) where it costs least."""
        self.holes_of = {}
        for h, (_, _, net) in self.pins.items():
            self.holes_of.setdefault(net, []).append(h)
        todo = set(refs)
        while todo:
            def known(r):
                ps, _ = footprint(self.comps[r][1])
                return sum(self.net(r, p) in self.holes_of for p, _, _ in ps), r
            ref = max(sorted(todo), key=known)
            todo.discard(ref)
            ps, _ = footprint(self.comps[ref][1])
            near = {h for p, _, _ in ps for h in self.holes_of.get(self.net(ref, p), [])}
            everywhere = [(i, j) for i in range(COLS) for j in range(ROWS)]
            anchors = sorted({(hx + i, hy + j) for hx, hy in near for i in range(-6, 7) for j in range(-5, 6)})
            best = None
            for holes in (anchors, everywhere):
                best = min(((self.cost(ref, x, y, rot), x, y, rot) for x, y in holes for rot in (0, 90, 180, 270)
                            if self.fits(ref, x, y, rot) and self.spaced(ref, x, y, rot)), default=None)
                if best:
                    break
            if best is None:
                raise ValueError(f"stripboard: no room left for {ref}")
            self.put(ref, *best[1:])
            for p, (x, y) in self.geometry(ref, *best[1:])[0]:
                net = self.net(ref, p)
                row = self.strips[y]
                i = row.index((x, net))
                joined = any(0 <= k < len(row) and row[k][1] == net for k in (i - 1, i + 1))
                spare = [(x + d, y) for d in (-1, 1) if 0 <= x + d < COLS and self.free((x + d, y))]
                if not joined and spare and not net.startswith("NC:"):
                    self.reserved.add(spare[0])  # where its link will land
                self.holes_of.setdefault(net, []).append((x, y))

    def free(self, hole):
        return hole not in self.body and hole not in self.pins

    def cut_strips(self):
        """Cut each strip between neighbouring pins of different nets: drilled at the middle hole of a
        gap of three or more, else with a knife between holes, leaving each piece a hole for a link."""
        for y, row in self.strips.items():
            has_hole = any((x, y) not in self.pins for x in range(0, row[0][0])) if row else True
            for (xa, na), (xb, nb) in zip(row, row[1:]):
                gap = [x for x in range(xa + 1, xb) if (x, y) not in self.pins]
                if na == nb:
                    has_hole = has_hole or bool(gap)
                elif len(gap) >= 3:
                    self.cuts.append((gap[len(gap) // 2], y))
                    has_hole = True
                elif gap and not has_hole:
                    self.cuts.append((gap[0] + 0.5, y))
                    has_hole = len(gap) > 1
                else:
                    self.cuts.append((xa + 0.5, y))
                    has_hole = bool(gap)

    def segments(self):
        """[(net, y, x0, x1)]: the pieces of strip between cuts that carry a pin."""
        out = []
        for y, row in self.strips.items():
            cuts = {c[0] for c in self.cuts if c[1] == y}
            pieces, start = [], 0
            for x in range(COLS + 1):
                if x == COLS or x in cuts or x - 0.5 in cuts:
                    if x > start:
                        pieces.append((start, x - 1))
                    start = x + 1 if x in cuts else x
            for a, b in pieces:
                nets = {n for x, n in row if a <= x <= b}
                if nets:
                    out.append((nets.pop(), y, a, b))
        return out

    def link_nets(self):
        """Join the pieces of each net with wire links: repeatedly the shortest link between two empty
        holes of pieces not yet joined (Kruskal). Links go in first, so they may pass under a part."""
        cut_holes = {c for c in self.cuts if c[0] == int(c[0])}
        blocked = set(self.pins) | cut_holes | PAD_HOLES  # no link end in a lead's hole, a cut or on a pad
        by_net = {}
        for seg in self.segments():
            by_net.setdefault(seg[0], []).append(seg)
        for net in sorted(by_net):
            segs = by_net[net]
            find, join = union_find()
            while len({find(i) for i in range(len(segs))}) > 1:
                best = None
                for i, (_, ya, a0, a1) in enumerate(segs):
                    fa = [x for x in range(a0, a1 + 1) if (x, ya) not in blocked]
                    for j in range(i + 1, len(segs)):
                        if find(i) == find(j):
                            continue
                        _, yb, b0, b1 = segs[j]
                        fb = [x for x in range(b0, b1 + 1) if (x, yb) not in blocked]
                        for xa in fa:
                            k = bisect.bisect_left(fb, xa)
                            for xb in fb[max(0, k - 1):k + 1]:
                                d = abs(xa - xb) + abs(ya - yb)
                                if best is None or d < best[0]:
                                    best = (d, i, j, (xa, ya), (xb, yb))
                if best is None:
                    raise ValueError(f"stripboard: no free holes left to link the pieces of {net}")
                _, i, j, ha, hb = best
                join(i, j)
                blocked.update((ha, hb))
                self.links.append((ha, hb, net))


def on_board(netlist_text):
    """(comps, nets) of the parts that sit on the board (not the ones at the end of a cable)."""
    from . import outputs  # imports SKiDL: not needed by the lid's model, which reads only the pads
    comps, nets = outputs.read_netlist(netlist_text)
    off = outputs.off_board_refs(netlist_text)
    comps = {r: c for r, c in comps.items() if r not in off}
    nets = {n: {(r, p) for r, p in nodes if r in comps} for n, nodes in nets.items()}
    return comps, {n: nodes for n, nodes in nets.items() if nodes}


def layout(netlist_text):
    comps, nets = on_board(netlist_text)
    board = Layout(comps, nets)
    for ref, at in FIXED.items():
        board.put(ref, *at)
    for ref in FIXED:
        board.reserve_beside(ref)
    board.place_rest(r for r in comps if r not in FIXED)
    board.cut_strips()
    board.link_nets()
    return board


def check(board, nets):
    """Faults of a layout against the netlist, from its strips, cuts and links alone: [message]."""
    faults = []
    leads = {}
    for hole, (ref, pin, _) in board.pins.items():
        leads.setdefault(hole, []).append(f"{ref}.{pin}")
    for a, b, _ in board.links:
        for h in (a, b):
            leads.setdefault(h, []).append("link")
            if not (0 <= h[0] < COLS and 0 <= h[1] < ROWS):
                faults.append(f"link end {h} is off the board")
    faults += [f"hole {h} takes {' and '.join(v)}" for h, v in sorted(leads.items()) if len(v) > 1]
    faults += [f"cut at {c} is in {' and '.join(leads[c])}'s hole" for c in board.cuts if c in leads]
    find, join = union_find()
    for y in range(ROWS):
        cuts = {c[0] for c in board.cuts if c[1] == y}
        for x in range(COLS - 1):
            if x not in cuts and x + 1 not in cuts and x + 0.5 not in cuts:
                join((x, y), (x + 1, y))
    for a, b, _ in board.links:
        join(a, b)
    where = {(ref, pin): hole for hole, (ref, pin, _) in board.pins.items()}
    for ref in board.comps:
        pins, _ = footprint(board.comps[ref][1])
        for pin in {p for p, _, _ in pins}:
            if (ref, pin) not in where:
                faults.append(f"{ref}.{pin} is not on the board")
    group_net = {}
    for net, nodes in sorted(nets.items()):
        groups = {find(where[n]) for n in nodes if n in where}
        if len(groups) > 1:
            faults.append(f"{net} is open: its pins lie on {len(groups)} unconnected pieces")
        for g in groups:
            if g in group_net and group_net[g] != net:
                faults.append(f"{net} is shorted to {group_net[g]}")
            group_net[g] = net
    for hole, (ref, pin, net) in board.pins.items():
        if net.startswith("NC:") and find(hole) in group_net:
            faults.append(f"{ref}.{pin} (not connected) touches {group_net[find(hole)]}")
    return faults


# Height: the board on 2 mm pads above the bay's floor, the Pico in 8.5 mm sockets.
STANDOFF, BOARD_T, SOCKET, PICO_T, USB_Z, USB_SIZE = 2.0, 1.6, 8.5, 1.0, 1.5, (8.0, 2.6)
TALLEST = 20.0  # mm above the board: a 1000 uF 10 V capacitor (10 x 16-20 mm), the Pico in its sockets
# mm above the board, by footprint (as FOOTPRINTS): nominal seated heights, with the mating plug and its
# wires' bend over a connector; parts lie flat where they can. Measure yours.
HEIGHTS = {
    "R_Axial_DIN0207": 2.5, "D_DO-41": 2.7, "D_DO-35": 2.0, "C_Disc_D5.0mm": 9.0, "CP_Radial_D10.0mm": 20.0,
    "LED_D3.0mm": 6.0, "Fuse_Bourns_MF-RG300": 13.0, "L_1206": 1.5, "NetTie-2_THT": 1.0,
    "TerminalBlock_Phoenix_MKDS-1,5-2-5.08": 11.0, "Buzzer_12x9.5RM7.6": 10.0, "TestPoint_THTPad": 10.0,
    "TO-92_Inline": 8.0, "TO-220-3_Vertical": 20.0, "SW_PUSH_6mm": 5.0,
    "RaspberryPi_Pico": SOCKET + PICO_T + 3.5,  # its BOOTSEL switch and USB plug on top
    "TSSOP-28": 6.0, "TSOT-23-8": 6.0, "DIP-14": 5.5,  # the adapters on their header pins; the DIP soldered in
    "JST_XH": 15.0,      # a vertical XH with its housing plugged in and the wires bending over
    "PinHeader": 20.0,   # a servo extension's plug on its pins
}
LINK = 1.0  # a wire link lying on the board


def height(name):
    """Height above the board of a part with footprint `name`."""
    matches = [h for key, h in HEIGHTS.items() if key in name]
    if len(matches) != 1:
        raise ValueError(f"stripboard: no height for {name!r} (add it to HEIGHTS)")
    return matches[0]


def part_boxes(board, lid):
    """[(what, (x0, x1, y0, y1, z0, z1))] in the lid's frame, mm: one box per hole a part or link covers
    (a hole's whole 2.54 mm square), up to its height over the board; and the board itself."""
    x0, x1, y0, y1, _, top = in_bay(lid)["board"]
    half = PITCH / 2

    def box(hole, h):
        cx, cy = x0 + EDGE + hole[0] * PITCH, y0 + EDGE + hole[1] * PITCH
        return cx - half, cx + half, cy - half, cy + half, top, top + h

    out = [("board", in_bay(lid)["board"])]
    out += [(ref, box(hole, height(board.comps[ref][1]))) for hole, ref in sorted(board.body.items())]
    for a, b, net in board.links:
        for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
            for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
                out.append((f"link {net}", box((x, y), LINK)))
    return out
PICO = FIXED["U1"][0] + 3.5   # the Pico's centre line, in holes


def in_bay(lid):
    """Where the board sits in the lid's coordinates (mm), from the lid's parameters: the Pico's USB
    plug at the bay's USB hole, the back edge 0.5 mm off the back wall, on pads on the floor.
    {"board": (x0, x1, y0, y1, z0, z1), "usb": (x, z)}."""
    w, d = COLS * PITCH, ROWS * PITCH
    x0 = lid.card.width * 0.6 - (EDGE + PICO * PITCH)
    (_, _), (_, y1) = lid.outline()
    y1 -= lid.lid.wall + 0.5
    floor = -lid.lid.thickness - lid.bay.height + lid.lid.wall
    z0 = floor + STANDOFF
    usb_z = z0 + BOARD_T + SOCKET + PICO_T + USB_Z
    pads = [(x0 + EDGE + (x + 0.5) * PITCH, y1 - d + EDGE + (y + 0.5) * PITCH) for x, y in PADS]
    return {"board": (x0, x0 + w, y1 - d, y1, z0, z0 + BOARD_T), "usb": (x0 + EDGE + PICO * PITCH, usb_z),
            "pads": pads, "floor": floor}
