"""The stripboard layout as an SVG, seen from the parts' side (the strips run left-right underneath)."""

from xml.sax.saxutils import escape

from .stripboard import COLS, EDGE, PADS, PITCH, ROWS

S = 6.0          # px per mm
M = 40           # margin, px
LEGEND = 85      # px under the board


def _xy(x, y):
    """Hole -> px: x to the right, strip 0 (the front edge) at the bottom."""
    return M + (EDGE + x * PITCH) * S, M + (EDGE + (ROWS - 1 - y) * PITCH) * S


def svg(board, title):
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
    for ref, (x, y, rot) in sorted(board.place.items()):
        holes, body = board.geometry(ref, x, y, rot)
        xs, ys = [b[0] for b in body], [b[1] for b in body]
        (ax, ay), (bx, by) = _xy(min(xs), max(ys)), _xy(max(xs), min(ys))
        pad = 0.9 * S
        out.append(f'<rect x="{ax - pad:.1f}" y="{ay - pad:.1f}" width="{bx - ax + 2 * pad:.1f}" '
                   f'height="{by - ay + 2 * pad:.1f}" rx="3" fill="#ffffff" fill-opacity="0.55" stroke="#333" '
                   f'stroke-width="1"/>')
        for pin, hole in holes:
            px, py = _xy(*hole)
            shape = (f'<rect x="{px - 3:.1f}" y="{py - 3:.1f}" width="6" height="6" fill="#222"/>' if pin == "1"
                     else f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="#222"/>')
            out.append(shape)
        size = 9 if len(body) > 2 else 7
        out.append(f'<text x="{(ax + bx) / 2:.1f}" y="{(ay + by) / 2 + 3:.1f}" font-size="{size}" '
                   f'text-anchor="middle" fill="#003" font-weight="bold">{ref}</text>')
    for a, b, _ in board.links:
        (ax, ay), (bx, by) = _xy(*a), _xy(*b)
        out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#1f5fd6" '
                   f'stroke-width="2" stroke-opacity="0.8"/>')
        out += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="#1f5fd6"/>' for px, py in ((ax, ay), (bx, by))]
    for x, y in board.cuts:
        px, py = _xy(x, y)
        if x == int(x):
            out.append(f'<path d="M{px - 4:.1f},{py - 4:.1f} l8,8 m0,-8 l-8,8" stroke="#e00" stroke-width="2.2"/>')
        else:
            out.append(f'<line x1="{px:.1f}" y1="{py - 6:.1f}" x2="{px:.1f}" y2="{py + 6:.1f}" stroke="#e00" '
                       f'stroke-width="2.2"/>')
    ly = M + h + 34
    knife = sum(1 for x, _ in board.cuts if x != int(x))
    out.append(f'<text x="{M}" y="{ly}" font-size="12">Seen from the parts side; copper strips (brown) run '
               f'left-right underneath. Red X: strip cut at a hole (drill, {len(board.cuts) - knife}); red bar: '
               f'strip cut between two holes (knife, {knife}).</text>')
    out.append(f'<text x="{M}" y="{ly + 18}" font-size="12">Blue: wire links ({len(board.links)}; insulated '
               f'wire where longer than 3 holes; fit them before the parts). Square pad: pin 1. Strip 0 is the '
               f'front edge (cable opening), strip {ROWS - 1} the back wall (USB).</text>')
    out.append(f'<text x="{M}" y="{ly + 36}" font-size="12">Grey dashed: where the bay\'s pads meet the copper '
               f'side (keep clear of leads).</text>')
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
           "| Ref | Value | Pin 1 at | Lie |", "|---|---|---|---|"]
    for ref in sorted(board.place, key=natural_key):
        x, y, rot = board.place[ref]
        holes, _ = board.geometry(ref, x, y, rot)
        lie = "one pin" if len(holes) == 1 else ", ".join(f"{p}: {_hole(h)}" for p, h in holes) \
            if len(holes) <= 4 else f"pin 2 at {_hole(dict(holes)['2'])}, last pin at {_hole(holes[-1][1])}"
        out.append(f"| {ref} | {board.comps[ref][0]} | {_hole((x, y))} | {lie} |")
    out += ["", "## Cuts, strip by strip", "", "| Strip | Cut at columns |", "|---|---|"]
    for y in range(ROWS):
        xs = sorted(x for x, cy in board.cuts if cy == y)
        if xs:
            out.append(f"| {y} | {', '.join(f'{x:g}' for x in xs)} |")
    out += ["", "## Links", "", "| From | To | Net | Length |", "|---|---|---|---|"]
    for a, b, net in sorted(board.links, key=lambda l: (l[2], l[0])):
        out.append(f"| {_hole(a)} | {_hole(b)} | `{net}` | {(abs(a[0] - b[0]) + abs(a[1] - b[1])) * PITCH:.0f} mm |")
    return "\n".join(out) + "\n"
