"""Checks on the cable grooves, from the meshes: each lead's room in its groove, its path, and that no lead
lies in a shutter's or crank's sweep, a window or another part. The leads are boxes (routing.py's grooves less their
clearance, as deep as the leads are thick); where the LED chain crosses a column groove it lies on the
servo leads there."""

import numpy as np
import trimesh

from . import checks, routing
from .params import Lid


def _box(x0, x1, y0, y1, z0, z1):
    return trimesh.creation.box(bounds=[(x0, y0, z0), (x1, y1, z1)])


def lead_bodies(p: Lid = None, lay=None):
    """[(label, trimesh)] of the leads lying in their grooves, and stacked where grooves cross."""
    p = p or Lid()
    lay = lay or routing.layout(p)
    c, floor = p.cables, lay["floor"]
    out = []
    for k, ((x0, x1, y0, y1), kind, n, _) in enumerate(lay["grooves"]):
        t = (c.servo_lead if kind == "servo" else c.led_lead)[1]
        s = c.side_clearance
        out.append((f"{kind} leads {k}", _box(x0 + s, x1 - s, y0 + s, y1 - s, floor, floor + t)))
    servo = [g for g in lay["grooves"] if g[1] == "servo"]
    for k, (led, kind, _, _) in enumerate(lay["grooves"]):
        if kind != "led":
            continue
        for rect, _, _, _ in servo:
            x0, x1 = max(led[0], rect[0]), min(led[1], rect[1])
            y0, y1 = max(led[2], rect[2]), min(led[3], rect[3])
            if x0 < x1 and y0 < y1:
                z0 = floor + c.servo_lead[1]
                out.append((f"LED over servo leads {k}", _box(x0, x1, y0, y1, z0, z0 + c.led_lead[1])))
    for n, pts in lay["servo"].items():  # down past the front tab, from over the body to the top plate
        (x, y, top), (_, _, low) = pts[1], pts[2]
        w, t = c.servo_lead
        out.append((f"servo lead {n} drop", _box(x - w / 2, x + w / 2, y - t / 2, y + t / 2, low - t / 2 + 0.05, top)))
    return out


def window_crossings(p: Lid = None, lay=None):
    """[(groove or exit rect, window)] of grooves and exits that reach into a window's opening."""
    p = p or Lid()
    lay = lay or routing.layout(p)
    w = p.windows
    rects = [g[0] for g in lay["grooves"]] + lay["exits"]
    out = []
    for n, (cx, cy, _) in enumerate(p.cells(), 1):
        win = (cx - w.width / 2, cx + w.width / 2, cy - w.height / 2, cy + w.height / 2)
        out += [(r, n) for r in rects if routing._overlap(r, win)]
    return out


_SWEPT = {}  # window 1's sweeps, made once per set of meshes


def lead_collisions(meshes, asm, leads=None):
    """[(lead, body, mm3)]: the leads against every part at rest (the lid too: a lead wider or thicker
    than its groove is inside it) and against each window's sliding and turning parts' whole sweep."""
    leads = leads if leads is not None else lead_bodies()
    bodies = [(label, m) for label, m in checks.place(meshes, asm) if label not in ("card", "card_switch", "lever")]
    out = [(a, b, v) for a, b, v in checks.collisions(leads + bodies) if a in dict(leads) and b not in dict(leads)]
    key = (id(meshes["shutter"]), id(meshes["crank"]), asm["overtravel_degrees"], tuple(asm["swing_degrees"]))
    if key not in _SWEPT:
        _SWEPT[key] = checks.sweeps(meshes, asm)
    first = next(i for i in asm["instances"] if i.get("window") == 1)
    for inst in asm["instances"]:
        if inst["part"] != "shutter":
            continue
        for kind, swept in _SWEPT[key].items():
            here = swept.copy()
            here.apply_translation(np.subtract(inst["offset"], first["offset"]))
            label = f"{kind} sweep {inst['window']}"
            out += [(a, b, v) for a, b, v in checks.collisions(leads + [(label, here)]) if b == label]
    return out


CORE = 0.4  # mm: a lead's path is followed as a bar this thick along it


def _bar(a, b):
    """A CORE-thick bar from a to b (points differing in one coordinate, or a short diagonal)."""
    lo = np.minimum(a, b) - CORE / 2
    hi = np.maximum(a, b) + CORE / 2
    return trimesh.creation.box(bounds=[lo, hi])


def _inside(bar, bodies, least=0.001):
    """Labels of the bodies a bar passes through (more than `least` mm3 of it inside)."""
    probe = checks._manifold(bar)
    lo, hi = bar.bounds
    return [label for label, m in bodies.items()
            if not (np.any(m.bounds[1] < lo) or np.any(hi < m.bounds[0]))
            and (probe ^ checks._manifold(m)).volume() > least]


def path_problems(meshes, asm, p: Lid = None, lay=None):
    """What breaks a lead's path, as text: a piece of it through a part (the lid, where no groove or exit
    is cut), a servo lead that does not start on its servo, a path that does not end in the bay."""
    p = p or Lid()
    lay = lay or routing.layout(p)
    bodies = dict(checks.place(meshes, asm))
    solid = {label: m for label, m in bodies.items() if label.split()[0] in (
        "lid", "top_plate", "pillar_front", "pillar_back", "sg90", "diffuser", "shutter", "yoke", "crank", "horn", "base", "bay", "bay_lid", "foot",
        "switch_frame", "oled")}
    out = []
    paths = [(f"servo lead {n}", pts) for n, pts in lay["servo"].items()]
    paths += [(f"LED piece {k}", pts) for k, pts in enumerate(lay["led"])] + [("seat feed", lay["seat_feed"])]
    paths += list(routing.other_leads(p).items())
    bay_top = -p.lid.thickness
    for name, pts in paths:
        for a, b in zip(pts, pts[1:]):
            a, b = np.array(a, float), np.array(b, float)
            if name.startswith("servo") and a[2] > routing.body_top(p) - 1 and b[2] > routing.body_top(p) - 1:
                continue  # off the top of its servo's end, in the air
            shrink = (b - a) / max(np.linalg.norm(b - a), 1e-9) * CORE  # the ends touch the parts they join
            hit = _inside(_bar(a + shrink, b - shrink), solid)
            if hit:
                a, b = (tuple(round(float(v), 1) for v in pt) for pt in (a, b))
                out.append(f"{name}: from {a} to {b} through {', '.join(hit)}")
        if name.startswith("servo"):
            n = int(name.split()[2])
            x, y, z = pts[0]
            on_face = _inside(_box(x - 1, x + 1, y - 1, y + 1, z - 0.5, z + 0.5), {"sg90": bodies[f"sg90 {n}"]}, 0.5)
            if not on_face or abs(z - routing.body_top(p)) > 0.01:
                out.append(f"{name}: starts at {pts[0]}, not on its servo's end face")
        end = pts[-1] if name != "LED piece 0" else pts[0]
        (x0, x1), (_, y1) = p.outline()
        inside = (x0 + p.lid.wall < end[0] < x1 - p.lid.wall and p.seam() + p.lid.wall < end[1] < y1 - p.lid.wall
                  and bay_top - p.bay.height + p.lid.wall < end[2] < bay_top)
        if (name.startswith("servo") or name in ("LED piece 0", "seat feed", "card switch", "seat cables")) and not inside:
            out.append(f"{name}: ends at {tuple(round(v, 1) for v in end)}, not inside the bay")
    return out


def clip_problems(meshes, asm, p: Lid = None, lay=None):
    """Clips that are not in the lid's mesh, or that a finger could not reach (a part above them)."""
    p = p or Lid()
    lay = lay or routing.layout(p)
    bodies = dict(checks.place(meshes, asm))
    # The leads are clipped into the lid's grooves before the top plate and the servos go on.
    above = {label: m for label, m in bodies.items() if label.split()[0] in ("lid",)}
    out = []
    for (x0, x1, y0, y1), along, at in routing.clips(p, lay["grooves"]):
        x, y = (x0, at) if along == "y" else (at, y0)
        lip = (x0, x0 + 0.5, at - 1.5, at + 1.5) if along == "y" else (at - 1.5, at + 1.5, y0, y0 + 0.5)
        if not _inside(_box(*lip, -0.3, -0.05), {"lid": bodies["lid"]}, least=0.3):
            out.append(f"clip at ({x:.1f}, {y:.1f}): no lip in the lid")
        cx, cy = (x0 + x1) / 2 if along == "y" else at, at if along == "y" else (y0 + y1) / 2
        if _inside(_box(cx - 0.5, cx + 0.5, cy - 0.5, cy + 0.5, 0.5, 60.0), above):
            out.append(f"clip at ({cx:.1f}, {cy:.1f}): under a part, out of reach")
    return out
