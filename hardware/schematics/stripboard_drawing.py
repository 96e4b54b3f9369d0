"""The stripboard layout as an SVG, seen from the parts' side (the strips run left-right underneath)."""

from xml.sax.saxutils import escape

from .stripboard import COLS, EDGE, PADS, PITCH, ROWS

S = 6.0          # px per mm
M = 40           # margin, px
LEGEND = 85      # px under the board

# Footprint (as stripboard.FOOTPRINTS) -> (pin, what marks it on the part, mark on the drawing): the lead
# a part must not be fitted the wrong way round by. Pin numbers are KiCad's: C_Polarized 1 = +, D and
# LED 1 = K (cathode), Buzzer 1 = +, IRLB8721 1 = G, 2N3904 1 = E.
POLARITY = {
    "CP_Radial": ("1", "+ lead (the long one; the sleeve's stripe marks -)", "+"),
    "D_DO-41": ("1", "cathode band", "K"),
    "D_DO-35": ("1", "cathode band", "K"),
    "LED_D3.0mm": ("1", "cathode (the short lead, the flat on the rim)", "K"),
    "Buzzer_12x9.5": ("1", "+ (marked on the case)", "+"),
    "RaspberryPi_Pico": ("1", "pin 1 (GP0, at the USB end)", "1"),
    "TSSOP-28": ("1", "pin 1 (the chip's dimple, the adapter's pin 1)", "1"),
    "TSOT-23-8": ("1", "pin 1 (the chip's dot, the adapter's pin 1)", "1"),
    "DIP-14": ("1", "pin 1 (by the notch)", "1"),
    "JST_XH": ("1", "pin 1 (the housing's marked end)", "1"),
    "PinHeader": ("1", "pin 1", "1"),
    "TerminalBlock": ("1", "pin 1", "1"),
    "TO-220": ("1", "G (leads G D S left to right, printed face towards you)", "G"),
    "TO-92": ("1", "E (leads E B C left to right, flat face towards you)", "E"),
}
# Parts that fit either way round.
UNPOLARISED = ("R_Axial", "C_Disc", "Fuse_Bourns", "L_1206", "NetTie", "TestPoint", "SW_PUSH")


def polarity(footprint):
    """(pin, words, mark) of a footprint that has a right way round, or None; an unknown one is an error."""
    found = [v for k, v in POLARITY.items() if k in footprint]
    if found:
        return found[0]
    if any(k in footprint for k in UNPOLARISED):
        return None
    raise ValueError(f"stripboard drawing: is {footprint!r} polarised? Add it to POLARITY or UNPOLARISED")


def _xy(x, y):
    """Hole -> px: x to the right, strip 0 (the front edge) at the bottom."""
    return M + (EDGE + x * PITCH) * S, M + (EDGE + (ROWS - 1 - y) * PITCH) * S


def _cut_box(x, y):
    px, py = _xy(x, y)
    return (px - 5, py - 5, px + 5, py + 5) if x == int(x) else (px - 2, py - 7, px + 2, py + 7)


def label_box(x, y, text, size):
    """The box (x0, y0, x1, y1) of a text centred on x with its baseline at y."""
    w = len(text) * size * 0.62 + 2  # a px clear of a cut mark each side
    return x - w / 2, y - size * 0.8, x + w / 2, y + size * 0.2


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _spots(cx, cy):
    """Where a label may go, nearest first: its part's centre, then half a hole at a time around it."""
    step = PITCH * S / 2
    offsets = sorted(((i, j) for i in range(-6, 7) for j in range(-4, 5)), key=lambda o: (o[0] ** 2 + o[1] ** 2, o))
    return [(cx + i * step, cy + j * step) for i, j in offsets]


# Link colours on the links sheet: neighbours in the table differ.
LINK_COLOURS = ("#1f5fd6", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
                "#7f7f7f", "#bcbd22")


# Solid tinned wire for links: ohms per metre by AWG. A link takes 22 AWG unless its net carries more
# than LINK_HEAVY_A (the servo current, the input), then 20 AWG, as thick as the 1 mm holes take.
WIRE_OHM_PER_M = {22: 0.053, 20: 0.033, 18: 0.021}
LINK_HEAVY_A = 1.0


def net_current(cfg, net):
    """The most current a net carries in service, amps (power.budget's peak; a signal 50 mA at most)."""
    from . import power
    rows = power.budget(cfg)
    servo, logic, pixels = (power.rail(rows, r) for r in power.RAILS)
    by_net = {"+5V_SERVO": servo, "GND_SERVO": servo, "VIN_RAW": power.total(rows),
              "+5V_GUARDED": power.total(rows), "GUARD_SOURCE": power.total(rows), "+5V": logic + pixels,
              "GND": logic + pixels, "+5V_PIXELS": pixels, "VSYS": logic}
    return by_net.get(net, 0.05)


def link_gauge(cfg, net):
    return 20 if net_current(cfg, net) > LINK_HEAVY_A else 22


BUS_NETS = ("+5V_SERVO", "GND_SERVO")  # on strips 0 and 1, under the servo headers
BUS_STRIPS = (0, 1)


def bus_wires(board):
    """[(net, strip, first column, last column)]: the pieces of the servo bus strips that carry servo current."""
    return sorted((net, y, a, b) for net, y, a, b in board.segments() if net in BUS_NETS and y in BUS_STRIPS)


def link_order(board):
    """The links in the build list's order (by net, then first hole): their numbers on the links sheet."""
    return sorted(board.links, key=lambda l: (l[2], l[0]))


def svg(board, title, sheet="parts"):
    """sheet "parts": parts, pin 1 and polarity marks, cuts, links in pale blue; sheet "links": strips,
    cuts and the links alone, each numbered as in the build list and bowed so crossing ones part."""
    w, h = COLS * PITCH * S, ROWS * PITCH * S
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * M:.0f}" height="{h + 2 * M + LEGEND:.0f}" '
           f'font-family="sans-serif">',
           f'<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{M}" y="{M - 22}" font-size="14">{escape(title)}</text>',
           f'<rect x="{M}" y="{M}" width="{w:.1f}" height="{h:.1f}" fill="#f3e6c8" stroke="#555"/>']
    for y in range(ROWS):
        x0, py = _xy(0, y)
        x1, _ = _xy(COLS - 1, y)
        out.append(f'<line x1="{x0:.1f}" y1="{py:.1f}" x2="{x1:.1f}" y2="{py:.1f}" stroke="#d9a066" '
                   f'stroke-width="{1.9 * S:.1f}"/>')
        out.append(f'<text x="{M - 6}" y="{py + 4:.1f}" font-size="10" text-anchor="end">{y}</text>')
    for x in range(0, COLS, 5):
        px, _ = _xy(x, 0)
        out.append(f'<text x="{px:.1f}" y="{M - 6}" font-size="10" text-anchor="middle">{x}</text>')
        out.append(f'<text x="{px:.1f}" y="{M + h + 14:.1f}" font-size="10" text-anchor="middle">{x}</text>')
    out += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{0.45 * S:.1f}" fill="#8a6a45"/>'
            for x in range(COLS) for y in range(ROWS) for px, py in [_xy(x, y)]]
    for x, y in PADS:  # where the bay's pads touch the copper side: no leads or links
        (ax, ay), (bx, by) = _xy(x, y + 1), _xy(x + 1, y)
        out.append(f'<rect x="{ax - 5:.1f}" y="{ay - 5:.1f}" width="{bx - ax + 10:.1f}" height="{by - ay + 10:.1f}" '
                   f'fill="#888" fill-opacity="0.35" stroke="#444" stroke-dasharray="3,2"/>')
    taken = [_cut_box(x, y) for x, y in board.cuts]  # nothing written over a cut, or over another label
    labels = []
    for ref, (x, y, rot) in sorted(board.place.items()):
        holes, body = board.geometry(ref, x, y, rot)
        xs, ys = [b[0] for b in body], [b[1] for b in body]
        (ax, ay), (bx, by) = _xy(min(xs), max(ys)), _xy(max(xs), min(ys))
        pad = 0.9 * S
        faint = ' stroke-opacity="0.35"' if sheet == "links" else ""
        out.append(f'<rect x="{ax - pad:.1f}" y="{ay - pad:.1f}" width="{bx - ax + 2 * pad:.1f}" '
                   f'height="{by - ay + 2 * pad:.1f}" rx="3" fill="#ffffff" fill-opacity="0.55" stroke="#333" '
                   f'stroke-width="1"{faint}/>')
        if sheet == "links":
            continue
        for pin, hole in holes:
            px, py = _xy(*hole)
            shape = (f'<rect x="{px - 3:.1f}" y="{py - 3:.1f}" width="6" height="6" fill="#222"/>' if pin == "1"
                     else f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="#222"/>')
            out.append(shape)
        mark = polarity(board.comps[ref][1])
        if mark:
            px, py = _xy(*dict(holes)[mark[0]])
            spot = next(s for s in _spots(px + 7, py - 3) if not any(_overlap(label_box(*s, mark[2], 9), t)
                                                                     for t in taken))
            taken.append(label_box(*spot, mark[2], 9))
            labels.append(f'<text class="polarity" data-ref="{ref}" data-pin="{mark[0]}" x="{spot[0]:.1f}" '
                          f'y="{spot[1]:.1f}" font-size="9" text-anchor="middle" font-weight="bold" '
                          f'fill="#c00">{escape(mark[2])}</text>')
        size = 9 if len(body) > 2 else 7
        spot = next(s for s in _spots((ax + bx) / 2, (ay + by) / 2 + 3)
                    if not any(_overlap(label_box(*s, ref, size), t) for t in taken))
        taken.append(label_box(*spot, ref, size))
        labels.append(f'<text class="ref" x="{spot[0]:.1f}" y="{spot[1]:.1f}" font-size="{size}" '
                      f'text-anchor="middle" fill="#003" font-weight="bold">{ref}</text>')
    for n, (a, b, _) in enumerate(link_order(board), 1):
        (ax, ay), (bx, by) = _xy(*a), _xy(*b)
        if sheet == "parts":
            out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#1f5fd6" '
                       f'stroke-width="1.5" stroke-opacity="0.45"/>')
            out += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="#1f5fd6" fill-opacity="0.6"/>'
                    for px, py in ((ax, ay), (bx, by))]
            continue
        colour = LINK_COLOURS[n % len(LINK_COLOURS)]
        # bow each link sideways by an amount of its own, so links along one line part
        length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        bow = (6 + 4 * (n % 4)) * (1 if n % 2 else -1)
        cx, cy = (ax + bx) / 2 - (by - ay) / length * bow, (ay + by) / 2 + (bx - ax) / length * bow
        out.append(f'<path class="link" data-n="{n}" d="M{ax:.1f},{ay:.1f} Q{cx:.1f},{cy:.1f} {bx:.1f},{by:.1f}" '
                   f'fill="none" stroke="{colour}" stroke-width="2"/>')
        out += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="{colour}"/>' for px, py in ((ax, ay), (bx, by))]
        mx, my = (ax + 2 * cx + bx) / 4, (ay + 2 * cy + by) / 4  # the curve's middle
        spot = next(s for s in _spots(mx, my + 3) if not any(_overlap(label_box(*s, str(n), 8), t) for t in taken))
        taken.append(label_box(*spot, str(n), 8))
        box = label_box(*spot, str(n), 8)
        labels.append(f'<rect x="{box[0]:.1f}" y="{box[1]:.1f}" width="{box[2] - box[0]:.1f}" '
                      f'height="{box[3] - box[1]:.1f}" fill="white" fill-opacity="0.8"/>')
        labels.append(f'<text class="linkno" x="{spot[0]:.1f}" y="{spot[1]:.1f}" font-size="8" '
                      f'text-anchor="middle" fill="{colour}" font-weight="bold">{n}</text>')
    for x, y in board.cuts:
        px, py = _xy(x, y)
        if x == int(x):
            out.append(f'<path class="cut" d="M{px - 4:.1f},{py - 4:.1f} l8,8 m0,-8 l-8,8" stroke="#e00" '
                       f'stroke-width="2.2"/>')
        else:
            out.append(f'<line class="cut" x1="{px:.1f}" y1="{py - 6:.1f}" x2="{px:.1f}" y2="{py + 6:.1f}" '
                       f'stroke="#e00" stroke-width="2.2"/>')
    out += labels
    ly = M + h + 34
    knife = sum(1 for x, _ in board.cuts if x != int(x))
    lines = [f"Seen from the parts side; copper strips (brown) run left-right underneath. Red X: strip cut at a "
             f"hole (drill, {len(board.cuts) - knife}); red bar: strip cut between two holes (knife, {knife}).",
             f"Strip 0 is the front edge (cable opening), strip {ROWS - 1} the back wall (USB). Grey dashed: where "
             "the bay's pads meet the copper side (keep clear of leads)."]
    if sheet == "parts":
        lines += [f"Pale blue: the {len(board.links)} wire links (the links sheet numbers them). Square pad: pin 1. "
                  "Red + / K / 1 / G / E beside a lead: the part's way round (+ lead, cathode, pin 1, gate, emitter)."]
    else:
        lines += [f"The {len(board.links)} wire links, numbered as in the build list's Links table, bowed so that "
                  "links along one line can be told apart; fit them before the parts."]
    out += [f'<text x="{M}" y="{ly + 18 * i}" font-size="12">{escape(line)}</text>' for i, line in enumerate(lines)]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _hole(h):
    return f"{h[0]}/{h[1]}"


def text(board, name):
    """The layout as lists to build from: parts, cuts strip by strip, links."""
    from .outputs import natural_key
    knife = sum(1 for x, _ in board.cuts if x != int(x))
    length = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b, _ in board.links) * PITCH
    out = [f"# Stripboard layout: {name}", "",
           f"Generated from the netlist (`make hardware`); drawing: [stripboard_{name}.svg](stripboard_{name}.svg).",
           f"A {COLS} x {ROWS} hole board ({COLS * PITCH:.1f} x {ROWS * PITCH:.1f} mm, 0.1 in pitch), strips "
           "along the long side. Holes are written column/strip: column 0 at the left seen from the parts "
           f"side, strip 0 at the front edge (the cable opening), strip {ROWS - 1} at the back wall (USB).",
           "",
           f"{len(board.cuts)} cuts ({len(board.cuts) - knife} drilled at a hole, {knife} with a knife between two "
           f"holes, written x.5), {len(board.links)} wire links ({length / 1000:.2f} m of wire). Cut first, then "
           "fit the links, then the parts from the lowest up; check each strip against the netlist with a meter "
           "before fitting the Pico and the ICs. The board rests on four pads on the bay's floor, under the "
           "2 x 2 holes from " + ", ".join(_hole(p) for p in PADS) + ": nothing is soldered there.", "",
           "## Parts", "",
           "| Ref | Value | Pin 1 at | Lie | Right way round |", "|---|---|---|---|---|"]
    for ref in sorted(board.place, key=natural_key):
        x, y, rot = board.place[ref]
        holes, _ = board.geometry(ref, x, y, rot)
        last = max(holes, key=lambda ph: int(ph[0]))
        lie = "one pin" if len(holes) == 1 else ", ".join(f"{p}: {_hole(h)}" for p, h in holes) \
            if len(holes) <= 4 else f"pin 2 at {_hole(dict(holes)['2'])}, pin {last[0]} at {_hole(last[1])}"
        mark = polarity(board.comps[ref][1])
        way = f"{mark[1]} at {_hole(dict(holes)[mark[0]])}" if mark else "either way"
        out.append(f"| {ref} | {board.comps[ref][0]} | {_hole((x, y))} | {lie} | {way} |")
    out += ["", "## Bus wires", "",
            "The servo current runs along the servo headers' two strips: lay a bare 18 AWG wire on the copper "
            "along each of these pieces, soldered every few holes and never past the piece's ends (a wire along "
            "a whole strip would join the other nets on it).", "",
            "| Net | Strip | Columns | Wire |", "|---|---|---|---|"]
    out += [f"| `{net}` | {y} | {a}-{b} | 18 AWG bare |" for net, y, a, b in bus_wires(board)]
    out += ["", "## Cuts, strip by strip", "", "| Strip | Cut at columns |", "|---|---|"]
    for y in range(ROWS):
        xs = sorted(x for x, cy in board.cuts if cy == y)
        if xs:
            out.append(f"| {y} | {', '.join(f'{x:g}' for x in xs)} |")
    out += ["", "## Links", "", f"Numbered as on the links sheet, [stripboard_{name}_links.svg](stripboard_{name}_links.svg).",
            f"Wire: solid tinned, 20 AWG where the net carries over {LINK_HEAVY_A:g} A (the servo current, the "
            "input), else 22 AWG; insulated where longer than 3 holes.",
            "", "| No. | From | To | Net | Length | Wire |", "|---|---|---|---|---|---|"]
    from . import boards
    cfg = boards.load(name)
    for n, (a, b, net) in enumerate(link_order(board), 1):
        out.append(f"| {n} | {_hole(a)} | {_hole(b)} | `{net}` | "
                   f"{(abs(a[0] - b[0]) + abs(a[1] - b[1])) * PITCH:.0f} mm | {link_gauge(cfg, net)} AWG |")
    return "\n".join(out) + "\n"
