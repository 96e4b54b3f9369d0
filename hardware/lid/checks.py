"""Checks on the exported meshes (trimesh, manifold3d): closed solids, no collisions, flap sweeps, cover.

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
MIN_OVERLAP_MM = 1.5  # a closed flap reaches this far past each window edge: the picture stays hidden at an angle


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


def _rotation(hinge, degrees):
    point, direction = hinge["point"], hinge["direction"]
    return trimesh.transformations.rotation_matrix(np.radians(degrees), direction, point)


def place(meshes, assembly, opened=None):
    """[(label, trimesh)] of every body at rest; windows in `opened` (1-based) shown open."""
    opened = opened or ()
    out = []
    for inst in assembly["instances"]:
        m = meshes[inst["part"]].copy()
        m.apply_translation(inst["offset"])
        if inst.get("window") in opened and "hinge" in inst:
            m.apply_transform(_rotation(inst["hinge"], assembly["open_degrees"]))
        out.append((inst["label"], m))
    return out


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


def sweep(flap_mesh, hinge, start, end):
    """The volume a flap passes through from `start` to `end` degrees, as a mesh."""
    steps = max(2, int(np.ceil((end - start) / SWEEP_STEP_DEG)) + 1)
    poses = []
    for deg in np.linspace(start, end, steps):
        m = flap_mesh.copy()
        m.apply_transform(_rotation(hinge, deg))
        poses.append(_manifold(m))
    union = manifold3d.Manifold.batch_boolean(poses, manifold3d.OpType.Add)
    mesh = union.to_mesh()
    return trimesh.Trimesh(vertices=mesh.vert_properties[:, :3], faces=mesh.tri_verts, process=False)


def sweep_collisions(meshes, assembly, start=None, end=None):
    """[(window, other body, volume)]: each flap swept against everything else, by default past both
    calibrated ends by the overtravel margin, else from `start` to `end` degrees.

    Every flap is the same part on a hinge at the same place relative to it, so
    the sweep is made once and moved to each window."""
    bodies = place(meshes, assembly)
    margin = assembly["overtravel_degrees"]
    start = -margin if start is None else start
    end = assembly["open_degrees"] + margin if end is None else end
    flaps = [inst for inst in assembly["instances"] if inst["part"] == "flap"]
    first = flaps[0]
    moving = {inst["part"] for inst in assembly["instances"] if "hinge" in inst}
    together = trimesh.util.concatenate([meshes[name] for name in sorted(moving)])
    swept = sweep(together, first["hinge"], start, end)
    out = []
    for inst in flaps:
        shift = np.subtract(inst["offset"], first["offset"])
        moved = np.subtract(inst["hinge"]["point"], first["hinge"]["point"])
        if not np.allclose(moved, shift) or inst["hinge"]["direction"] != first["hinge"]["direction"]:
            raise ValueError(f"window {inst['window']}: its hinge is not where flap 1's is, relative to the flap")
        here = swept.copy()
        here.apply_translation(shift)
        mine = {f"{name} {inst['window']}" for name in moving}
        others = [(label, m) for label, m in bodies if label not in mine]
        out += [(inst["window"], b, v) for a, b, v in collisions([(inst["label"], here)] + others)
                if a == inst["label"]]
    return out


def uncovered(meshes, assembly, margin=MIN_OVERLAP_MM):
    """[(window, mm2)] of the window, grown by `margin` each side, that a closed flap leaves open, seen from above."""
    out = []
    for inst in assembly["instances"]:
        if inst["part"] != "flap":
            continue
        flap = meshes["flap"].copy()
        flap.apply_translation(inst["offset"])
        shadow = _manifold(flap).project()
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
    """{view: fraction of window's card area seen}, with `opened` (default: only `window`) flaps open."""
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
    when the neighbours' open flaps are in the way too)."""
    n = len(assembly["windows"])
    every = tuple(range(1, n + 1))
    return {w: visibility(meshes, assembly, w, step, every if all_open else None) for w in every}


def shortfalls(seen, least=SEEN_FROM_EACH_SIDE):
    """[(window, view, fraction)] of the side views in `seen` (seen_by_window's) under `least`."""
    return [(w, view, round(f, 2)) for w, views in seen.items() for view, f in views.items()
            if view != "above" and f < least]
