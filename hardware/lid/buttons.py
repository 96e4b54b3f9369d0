"""The control buttons under the bay lid: each one's body as stacked cylinders, and what it would touch.

Plain Python (no CAD import): a button is a nut under the lid, then its body with the solder lugs, then
the wires soldered to them; the board below is boxes, one per hole under a part or link, up to that
part's height (hardware/schematics/stripboard.py).
"""

import math

from .params import Lid


def envelope(p: Lid):
    """[(x, y, [(radius, z0, z1)])] of each button below the bay lid's underside, in button order."""
    b = p.bay
    under = -p.lid.thickness
    (nut_d, nut_t), (body_d, depth) = b.button_nut, b.button_body
    return [(x, y, [(nut_d / 2, under - nut_t, under), (body_d / 2, under - depth - b.button_wires, under)])
            for x, y in p.button_places()]


def _disc_meets_box(x, y, r, box):
    x0, x1, y0, y1 = box
    dx, dy = max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)
    return math.hypot(dx, dy) < r


def clashes(p: Lid, boxes, clearance=0.5):
    """[(button number, what, mm it reaches into it)] for each button whose body comes within `clearance`
    of a box [(what, (x0, x1, y0, y1, z0, z1))] below it."""
    out = []
    for n, (x, y, cylinders) in enumerate(envelope(p), 1):
        worst = {}
        for what, (x0, x1, y0, y1, z0, z1) in boxes:
            for r, c0, c1 in cylinders:
                if c0 - clearance < z1 and z0 < c1 and _disc_meets_box(x, y, r + clearance, (x0, x1, y0, y1)):
                    worst[what] = max(worst.get(what, 0.0), z1 - (c0 - clearance))
        out += [(n, what, round(d, 2)) for what, d in sorted(worst.items())]
    return out


def clearance(p: Lid, boxes):
    """The smallest gap (mm) from any part of a button down to the top of a box under it."""
    return min(c0 - z1 for x, y, cylinders in envelope(p) for r, c0, _ in cylinders
               for _, (x0, x1, y0, y1, _, z1) in boxes if _disc_meets_box(x, y, r, (x0, x1, y0, y1)))


def on_the_display(p: Lid, clearance=0.3):
    """[(button number, mm it reaches in)] for each button whose nut comes within `clearance` of the display
    module's outline or its hooks under the bay lid."""
    from . import model
    x, y = model.oled_place(p)
    pw, ph, _ = p.oled.pcb
    reach = pw / 2 + 0.2 + model.HOOK[0]
    box = (x - reach, x + reach, y - ph / 2, y + ph / 2)
    out = []
    for n, (bx, by, cylinders) in enumerate(envelope(p), 1):
        r = cylinders[0][0] + clearance
        dx, dy = max(box[0] - bx, 0, bx - box[1]), max(box[2] - by, 0, by - box[3])
        if math.hypot(dx, dy) < r:
            out.append((n, round(r - math.hypot(dx, dy), 2)))
    return out
