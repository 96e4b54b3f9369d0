"""The seat pod: the box a player's button stands in, at the end of its 2 m cable.

It holds the 12 mm panel button ([bay] button_* in params.toml), the seat's light (a WS2812B on its 10 mm
carrier in a diffuser, the lid's own part, pressed into a window beside the button) and its cables: the
button's 2-core to the bay, the lights' 3-core in from the seat before and on to the next. They leave
through slots in the end wall and are tied to an anchor inside (strain relief); a base plate screwed into
four bosses closes the pod.

Frame (the print frame of the shell): x along the pod from its cable end, y across it, z = 0 the top face,
flat on the bed; +z goes into the pod, towards the base plate. The plate prints flat on its inner face.
The geometry below is plain Python; the CAD (build123d) is imported only by the solids' functions.
"""

import tomllib
from types import SimpleNamespace

from .params import PARAMS, Lid

PARTS = ("seat_pod", "seat_pod_base")  # printed, six each
REFERENCE = ("seat_button", "seat_pixel")  # bought parts, for the checks
SEATS = 6
COUNTERBORE = (2.3, 1.6)  # radius, depth: an ST2.2 pan head (4.0 x 1.6 mm) sinks into the plate
SCREW_HOLE, PILOT, BOSS = 1.2, 0.9, 3.0  # radii: ST2.2 clearance in the plate, pilot in the boss, boss
PILOT_DEPTH = 9.0
SCREW = ("ISO 7049 ST2.2 x 6.5", 2.2, 6.5)  # base plate into the bosses, 4 per pod
WINDOW_LIP = 0.8  # the diffuser stops under a lip this thick: the light's window is 11 mm across
TIE = (3.0, 2.0)  # the anchor's tunnel (along x, along z) for a 2.5 x 1.0 mm cable tie
DIFFUSER_FIT = 0.05  # the diffuser's pocket, each side: a press fit


def pod(p=None):
    """Every dimension of the pod, from params.toml's [pod] and the button and diffuser it holds."""
    p = p or Lid()
    raw = tomllib.loads(PARAMS.read_text())
    if "pod" not in raw:
        raise ValueError("params.toml: no [pod] section")
    q = SimpleNamespace(**raw["pod"])
    q.length, q.width = q.size
    q.inner = q.top + p.bay.button_body[1] + p.bay.button_wires + 1.5  # z of the plate's inner face
    q.height = q.inner + q.plate
    q.nut, q.body, q.wires = p.bay.button_nut, p.bay.button_body, p.bay.button_wires
    q.hole = p.bay.button_diameter / 2
    q.diffuser = p.diffuser
    q.pocket = p.diffuser.diameter / 2 + DIFFUSER_FIT
    q.tube = (q.top, WINDOW_LIP + p.diffuser.height + 1.0)  # the wall round the diffuser inside, z0 z1
    # Cables: (what, y, outer diameter); they lie on the plate and leave through the end wall at x = 0.
    button_cable = p.bay.seat_cables[1]
    q.cables = [("light in", -6.5, q.light_cable), ("button", 0.0, button_cable), ("light out", 6.5, q.light_cable)]
    thickest = max(d for _, _, d in q.cables)
    q.anchor = (12.0, 18.0, -9.5, 9.5, q.top, q.inner - thickest - q.cable_clearance)  # x0 x1 y0 y1 z0 z1
    inset = q.wall + BOSS - 0.8  # each boss merges into both walls of its corner (a tangent one is no solid)
    q.bosses = [(x, y) for x in (inset, q.length - inset) for y in (inset - q.width / 2, q.width / 2 - inset)]
    return q


def slots(q=None):
    """[(what, y, width, depth)] of the cable slots in the end wall, open towards the plate."""
    q = q or pod()
    return [(what, y, d + q.cable_clearance, d + q.cable_clearance) for what, y, d in q.cables]


def shell(q=None):
    """The pod without its plate: top with the button's hole and the light's window, walls, bosses,
    the cable slots and the tie anchor."""
    from build123d import Cylinder, Pos

    from .model import C, _box
    q = q or pod()
    L, W, wall = q.length, q.width, q.wall
    body = _box(0, L, -W / 2, W / 2, 0, q.inner)
    body -= _box(wall, L - wall, -W / 2 + wall, W / 2 - wall, q.top, q.inner + 1)
    for x, y in q.bosses:
        body += Pos(x, y, q.top) * Cylinder(BOSS, q.inner - q.top, align=C)
        body -= Pos(x, y, q.inner - PILOT_DEPTH) * Cylinder(PILOT, PILOT_DEPTH + 1, align=C)
    x0, x1, y0, y1, z0, z1 = q.anchor
    body += _box(x0, x1, y0, y1, z0, z1)
    xm = (x0 + x1) / 2
    body -= _box(xm - TIE[0] / 2, xm + TIE[0] / 2, y0 - 1, y1 + 1, z1 - 2.0 - TIE[1], z1 - 2.0)
    for _, y, width, depth in slots(q):
        body -= _box(-1, wall + 1, y - width / 2, y + width / 2, q.inner - depth, q.inner + 1)
    body -= Pos(q.button_x, 0, -1) * Cylinder(q.hole, q.top + 2, align=C)
    t0, t1 = q.tube
    body += Pos(q.light_x, 0, t0) * Cylinder(q.pocket + 1.6, t1 - t0, align=C)
    body -= Pos(q.light_x, 0, -1) * Cylinder(q.diffuser.cavity[0] / 2 + 0.2, WINDOW_LIP + 2, align=C)
    body -= Pos(q.light_x, 0, WINDOW_LIP) * Cylinder(q.pocket, t1, align=C)
    return body


def base_plate(q=None):
    """The plate that closes the pod, as printed: inner face down (z = 0), the screws' counterbores up."""
    from build123d import Cylinder, Pos

    from .model import C, _box
    q = q or pod()
    plate = _box(0, q.length, -q.width / 2, q.width / 2, 0, q.plate)
    r, depth = COUNTERBORE
    for x, y in q.bosses:
        plate -= Pos(x, y, -1) * Cylinder(SCREW_HOLE, q.plate + 2, align=C)
        plate -= Pos(x, y, q.plate - depth) * Cylinder(r, depth + 1, align=C)
    return plate


def button(q=None):
    """The panel button as it stands in the pod (a reference body): its cap above the top, the thread in
    the hole, then nut, body with lugs and the wires soldered on, inside."""
    from build123d import Cylinder, Pos

    from .model import C
    q = q or pod()
    (nut_d, nut_t), (body_d, depth) = q.nut, q.body
    at = Pos(q.button_x, 0, 0)
    out = at * Pos(0, 0, -6.0) * Cylinder(8.0, 6.0, align=C)  # the cap, outside
    out += at * Cylinder(q.hole - 0.25, q.top, align=C)
    out += at * Pos(0, 0, q.top) * Cylinder(nut_d / 2, nut_t, align=C)
    out += at * Pos(0, 0, q.top) * Cylinder(body_d / 2, depth + q.wires, align=C)
    return out


def pixel(q=None):
    """The WS2812B's 10 mm carrier in the diffuser's cavity, and its three soldered wires behind it
    (a reference body)."""
    from build123d import Cylinder, Pos

    from .model import C
    q = q or pod()
    back = WINDOW_LIP + q.diffuser.height  # the diffuser's open face, the carrier's back
    at = Pos(q.light_x, 0, 0)
    return (at * Pos(0, 0, back - q.diffuser.cavity[1]) * Cylinder(5.0, q.diffuser.cavity[1], align=C)
            + at * Pos(0, 0, back) * Cylinder(3.0, 3.0, align=C))


def parts(p=None):
    """{name: solid} for build.py's export."""
    q = pod(p)
    return {"seat_pod": shell(q), "seat_pod_base": base_plate(q), "seat_button": button(q), "seat_pixel": pixel(q)}


def placed(meshes, diffuser, q=None):
    """[(label, trimesh)] of a whole pod in the shell's frame: the plate on the shell, the lid's diffuser
    turned over into the light's pocket, the button, the carrier and the cables' first 20 mm in their
    slots (lying on the plate, 0.1 mm clear of it)."""
    import numpy as np
    import trimesh
    q = q or pod()
    plate = meshes["seat_pod_base"].copy().apply_translation([0, 0, q.inner])
    d = diffuser.copy().apply_transform(trimesh.transformations.rotation_matrix(np.pi, [1, 0, 0]))
    (x0, y0, z0), (x1, y1, _) = d.bounds
    d.apply_translation([q.light_x - (x0 + x1) / 2, -(y0 + y1) / 2, WINDOW_LIP - z0])
    out = [("seat_pod", meshes["seat_pod"]), ("seat_pod_base", plate), ("diffuser", d),
           ("seat_button", meshes["seat_button"]), ("seat_pixel", meshes["seat_pixel"])]
    for what, y, dia in q.cables:
        cable = trimesh.creation.cylinder(radius=dia / 2, segment=[(-8.0, y, q.inner - dia / 2 - 0.1),
                                                                   (12.0, y, q.inner - dia / 2 - 0.1)], sections=24)
        out.append((f"{what} cable", cable))
    return out


COLOURS = {"seat_pod": "#8d6e63", "seat_pod_base": "#6d4c41", "diffuser": "#fff59d", "seat_button": "#e53935",
           "seat_pixel": "#2e7d32", "cable": "#263238"}
EXPLODE = {"seat_pod_base": -45.0, "cable": -12.0, "seat_pixel": -6.0}  # mm, in use (top up)


def render(path, meshes, diffuser, title, elev=28):
    """A picture of a pod the way up it stands on the table, the plate and the cables drawn apart below."""
    import numpy as np
    import trimesh

    from . import pictures
    turn = trimesh.transformations.rotation_matrix(np.pi, [1, 0, 0])  # the print frame has its top face down
    bodies = []
    for label, m in placed(meshes, diffuser):
        key = "cable" if label.endswith("cable") else label
        m = m.copy().apply_transform(turn).apply_translation([0, 0, EXPLODE.get(key, 0.0)])
        bodies.append((COLOURS[key], m))
    lo = np.min([m.bounds[0] for _, m in bodies], axis=0)
    hi = np.max([m.bounds[1] for _, m in bodies], axis=0)
    pictures.draw(path, bodies, title, lo, hi, elev=elev, azim=-58, size=(7, 5.5), zoom=1.0)
