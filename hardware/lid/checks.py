"""Checks on the exported meshes (trimesh, manifold3d): closed solids, no collisions, shutter strokes, cover.

Works from the STL files and assembly.json that `make hardware` writes, so the
tests need no CAD kernel. Volumes below TOUCH_MM3 count as parts touching
(the lid resting on the tray, a tab on its mount), not colliding.
"""

import json

import manifold3d
import numpy as np
import trimesh

from .params import HERE

STL_DIR = HERE / "stl"
ASSEMBLY = HERE / "assembly.json"
TOUCH_MM3 = 0.5
SWEEP_STEP_DEG = 3.0
MIN_OVERLAP_MM = 1.5  # a closed shutter reaches this far past each window edge: the picture stays hidden at an angle


def load_assembly():
    return json.loads(ASSEMBLY.read_text())


def load_meshes(names):
    return {name: trimesh.load_mesh(STL_DIR / f"{name}.stl") for name in names}


def closed_problems(name, mesh):
    """What keeps `mesh` from being a printable closed solid, as text (empty if none)."""
    out = []
    if not mesh.is_watertight:
        out.append(f"{name}: not watertight (open edges)")
    if not mesh.is_winding_consistent:
        out.append(f"{name}: faces wound inconsistently")
    if mesh.volume <= 0:
        out.append(f"{name}: volume {mesh.volume:.1f} mm3, inside out or empty")
    return out


def _manifold(mesh):
    m = manifold3d.Manifold(manifold3d.Mesh(vert_properties=np.asarray(mesh.vertices, dtype=np.float32),
                                            tri_verts=np.asarray(mesh.faces, dtype=np.uint32)))
    if m.status() != manifold3d.Error.NoError:
        raise ValueError(f"mesh is not a manifold solid: {m.status()}")
    return m


def _turn(turn, degrees):
    """The crank's and horn's placing at `degrees` from pointing -x: a turn of -degrees about the shaft."""
    return trimesh.transformations.rotation_matrix(np.radians(-degrees), turn["direction"], turn["point"])


def _slide(assembly, degrees):
    """How far a shutter has slid back from closed with its crank at `degrees`."""
    r, closed = assembly["crank_radius"], assembly["swing_degrees"][0]
    return r * (np.sin(np.radians(degrees)) - np.sin(np.radians(closed)))


def pose(mesh, inst, assembly, degrees):
    """A copy of an instance's mesh in place, its servo at `degrees` (ignored for a part that does not move)."""
    m = mesh.copy()
    m.apply_translation(inst["offset"])
    if "slide" in inst:
        m.apply_translation(np.multiply(inst["slide"], _slide(assembly, degrees)))
    if "turn" in inst:
        m.apply_transform(_turn(inst["turn"], degrees))
    return m


def place(meshes, assembly, opened=None):
    """[(label, trimesh)] of every body at rest; windows in `opened` (1-based) shown open."""
    opened = opened or ()
    closed, full = assembly["swing_degrees"]
    return [(inst["label"], pose(meshes[inst["part"]], inst, assembly,
                                 full if inst.get("window") in opened else closed))
            for inst in assembly["instances"]]


def collisions(bodies, skip=()):
    """[(a, b, volume)] for every pair of bodies that overlap by more than TOUCH_MM3."""
    solids = [(label, mesh.bounds, _manifold(mesh)) for label, mesh in bodies]
    out = []
    for i, (la, ba, ma) in enumerate(solids):
        for lb, bb, mb in solids[i + 1:]:
            if (la, lb) in skip or np.any(ba[1] < bb[0]) or np.any(bb[1] < ba[0]):
                continue
            vol = (ma ^ mb).volume()
            if vol > TOUCH_MM3:
                out.append((la, lb, vol))
    return out


def angles(assembly, start=None, end=None):
    """The crank's angles a sweep steps through: by default past both calibrated ends by the overtravel."""
    closed, full = assembly["swing_degrees"]
    margin = assembly["overtravel_degrees"]
    start = closed - margin if start is None else start
    end = full + margin if end is None else end
    return np.linspace(start, end, max(2, int(np.ceil((end - start) / SWEEP_STEP_DEG)) + 1))


def _union(meshes):
    union = manifold3d.Manifold.batch_boolean([_manifold(m) for m in meshes], manifold3d.OpType.Add)
    mesh = union.to_mesh()
    return trimesh.Trimesh(vertices=mesh.vert_properties[:, :3], faces=mesh.tri_verts, process=False)


def sweeps(meshes, assembly, window=1, start=None, end=None):
    """{"slide": mesh, "turn": mesh}: the space window's shutter and yoke, and its crank and horn, pass through."""
    mine = [inst for inst in assembly["instances"] if inst.get("window") == window]
    out = {}
    for kind in ("slide", "turn"):
        parts = [inst for inst in mine if kind in inst]
        out[kind] = _union([pose(meshes[inst["part"]], inst, assembly, a) for a in angles(assembly, start, end)
                            for inst in parts])
    return out


def sweep_collisions(meshes, assembly, start=None, end=None):
    """[(window, other body, volume)]: each window's sliding and turning parts swept over the crank's
    travel (by default past both calibrated ends by the overtravel margin) against every other body at
    rest, and, step by step, against each other (the crank's pin runs in the yoke's slot).

    Every window's parts are the same, at the same place relative to it, so the sweeps are made once
    and moved to each window."""
    bodies = place(meshes, assembly)
    first = [inst for inst in assembly["instances"] if inst.get("window") == 1]
    swept = sweeps(meshes, assembly, 1, start, end)
    out = []
    for n in sorted({inst["window"] for inst in assembly["instances"] if "window" in inst}):
        mine = [inst for inst in assembly["instances"] if inst.get("window") == n]
        shift = np.subtract(mine[0]["offset"], first[0]["offset"])
        for a, b in zip(first, mine):
            if "turn" in a and not np.allclose(np.subtract(b["turn"]["point"], a["turn"]["point"]), shift):
                raise ValueError(f"window {n}: its shaft is not where window 1's is, relative to the window")
        moving = {inst["label"] for inst in mine if "slide" in inst or "turn" in inst}
        others = [(label, m) for label, m in bodies if label not in moving]
        for kind, mesh in swept.items():
            here = mesh.copy()
            here.apply_translation(shift)
            label = f"{kind} {n}"
            out += [(n, b, v) for a, b, v in collisions([(label, here)] + others) if a == label]
    # The crank against its own yoke and shutter, pose by pose: the sweeps overlap where the pin runs.
    slide = [inst for inst in first if "slide" in inst]
    turn = [inst for inst in first if "turn" in inst]
    for deg in angles(assembly, start, end):
        posed = [(inst["label"], pose(meshes[inst["part"]], inst, assembly, deg)) for inst in slide + turn]
        out += [(1, f"{a} with {b} at {deg:.0f} degrees", v) for a, b, v in collisions(posed)
                if (a.split()[0] in ("crank", "horn")) != (b.split()[0] in ("crank", "horn"))]
    return out


def uncovered(meshes, assembly, margin=MIN_OVERLAP_MM):
    """[(window, mm2)] of the window, grown by `margin` each side, that a closed shutter leaves open, seen
    from above."""
    out = []
    for inst in assembly["instances"]:
        if inst["part"] != "shutter":
            continue
        shutter = meshes["shutter"].copy()
        shutter.apply_translation(inst["offset"])
        shadow = _manifold(shutter).project()
        x0, y0, x1, y1 = assembly["windows"][inst["window"] - 1]
        x0, y0, x1, y1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
        hole = manifold3d.CrossSection.square((x1 - x0, y1 - y0)).translate((x0, y0))
        left = (hole - shadow).area()
        if left > 0.01:
            out.append((inst["window"], left))
    return out


def card_presses_switch(meshes, assembly):
    """mm3 of the card inside the path the switch lever, released, rises through (lever_rise up from where
    the card holds it): > 0 means a card in the slot holds the lever down."""
    bodies = dict(place(meshes, assembly))
    lo, hi = bodies["lever"].bounds
    path = trimesh.creation.box(bounds=[lo, hi + [0, 0, assembly["lever_rise"]]])
    return (_manifold(path) ^ _manifold(bodies["card"])).volume()


# Lines of sight from an open window's card: straight down on it, and from each side of the table at 45 degrees.
VIEWS = {"above": (0.0, 0.0, 1.0), "slot side (-y)": (0.0, -1.0, 1.0), "bay side (+y)": (0.0, 1.0, 1.0),
         "left (-x)": (-1.0, 0.0, 1.0), "right (+x)": (1.0, 0.0, 1.0)}
NOT_IN_VIEW = ("card", "card_switch", "lever")  # under the card


def _hits(origins, direction, triangles):
    """Which rays origin + t * direction (t > 0) hit any of `triangles` (Moller-Trumbore, vectorised)."""
    d = np.asarray(direction, float)
    d /= np.linalg.norm(d)
    # Keep the triangles whose shadow along d overlaps the rays' bundle.
    e1 = np.cross(d, [1.0, 0, 0] if abs(d[0]) < 0.9 else [0, 1.0, 0])
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(d, e1)
    basis = np.stack([e1, e2], 1)
    lo, hi = (origins @ basis).min(0), (origins @ basis).max(0)
    proj = triangles @ basis
    keep = np.all(proj.max(1) >= lo - 1e-6, 1) & np.all(proj.min(1) <= hi + 1e-6, 1)
    keep &= (triangles @ d).max(1) > (origins @ d).min() + 1e-6
    tri = triangles[keep]
    hit = np.zeros(len(origins), bool)
    for start in range(0, len(tri), 1500):
        v0, v1, v2 = (tri[start:start + 1500, k] for k in range(3))
        a, b = v1 - v0, v2 - v0
        p = np.cross(d, b)
        det = np.einsum("ij,ij->i", a, p)
        ok = np.abs(det) > 1e-12
        v0, a, b, p, det = v0[ok], a[ok], b[ok], p[ok], det[ok]
        t_vec = origins[:, None, :] - v0[None]
        u = np.einsum("rtj,tj->rt", t_vec, p) / det
        q = np.cross(t_vec, a[None])
        v = (q @ d) / det
        t = np.einsum("rtj,tj->rt", q, b) / det
        hit |= np.any((u >= 0) & (v >= 0) & (u + v <= 1) & (t > 1e-6), 1)
    return hit


def visibility(meshes, assembly, window, step=1.0, opened=None):
    """{view: fraction of window's card area seen}, with `opened` (default: only `window`) shutters open."""
    bodies = place(meshes, assembly, opened or (window,))
    triangles = np.concatenate([m.triangles for label, m in bodies if label not in NOT_IN_VIEW])
    x0, y0, x1, y1 = assembly["windows"][window - 1]
    xs = np.arange(x0 + step / 2, x1, step)
    ys = np.arange(y0 + step / 2, y1, step)
    gx, gy = np.meshgrid(xs, ys)
    z = meshes["card"].bounds[1][2] + 0.01
    origins = np.stack([gx.ravel(), gy.ravel(), np.full(gx.size, z)], 1)
    return {view: 1.0 - _hits(origins, d, triangles).mean() for view, d in VIEWS.items()}


SEEN_FROM_EACH_SIDE = 0.60  # of an open window's card, from each side of the table at 45 degrees


def seen_by_window(meshes, assembly, all_open=False, step=1.0):
    """{window: {view: fraction seen}}: each window open alone, or with every window open (late in a card,
    when every shutter has slid back and every yoke stands behind its window)."""
    n = len(assembly["windows"])
    every = tuple(range(1, n + 1))
    return {w: visibility(meshes, assembly, w, step, every if all_open else None) for w in every}


def shortfalls(seen, least=SEEN_FROM_EACH_SIDE):
    """[(window, view, fraction)] of the side views in `seen` (seen_by_window's) under `least`."""
    return [(w, view, round(f, 2)) for w, views in seen.items() for view, f in views.items()
            if view != "above" and f < least]
