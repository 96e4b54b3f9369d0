"""Export the lid: STL per part, a STEP of the printable parts, assembly.json and a picture.

    python -m hardware.lid.build          # rewrite the files (needs build123d)
    python -m hardware.lid.build --check  # exit 1 if the files are older than their sources

The CAD run takes a few seconds; the tests only read its output, and check
through the source hash in assembly.json that it is current.
"""

import hashlib
import json
import re
import sys

from .params import BOARD, HERE, PARAMS, WINDOW_CELLS, Lid

SOURCES = [PARAMS, HERE / "params.py", HERE / "model.py", HERE / "printing.py", BOARD]
PRINTED = ("base", "foot", "bay", "lid", "bay_lid", "flap", "diffuser")  # what you print; sg90, horn and card are reference bodies
MOVING = ("flap", "horn")  # turn with the servo shaft
PICTURE = HERE.parent / "lid.png"
GUIDE_DOC = HERE.parents[1] / "docs" / "hardware_print.md"
README = HERE.parent / "README.md"
OPEN_IN_PICTURE = (2, 5, 11)


STEP_DATE = "2000-01-01T00:00:00"  # the STEP header's time stamp, pinned: a rebuild changes no file


def pin_step_date(text):
    """The STEP text with its FILE_NAME time stamp replaced by STEP_DATE."""
    pinned, n = re.subn(r"(FILE_NAME\('[^']*',')[^']*(')", rf"\g<1>{STEP_DATE}\g<2>", text, count=1)
    if n != 1:
        raise ValueError("lid.step: no FILE_NAME header to pin")
    return pinned


def source_hash():
    h = hashlib.sha256()
    for path in SOURCES:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def assembly(p: Lid):
    """Every body's place: the shared parts once, the per-window parts at each window's offset."""
    first = p.cells()[0]
    xa, za = p.axis()
    w = p.windows
    instances = [{"label": name, "part": name, "offset": [0, 0, 0]}
                 for name in ("base", "bay", "lid", "bay_lid", "card", "card_switch", "lever")]
    fx, fy = p.feet_xy()[0]
    instances += [{"label": f"foot {k}", "part": "foot", "offset": [x - fx, y - fy, 0]}
                  for k, (x, y) in enumerate(p.feet_xy(), 1)]
    windows = []
    for n, (cx, cy, cz) in enumerate(p.cells(), 1):
        offset = [cx - first[0], cy - first[1], cz - first[2]]
        hinge = {"point": [cx + xa, cy, za], "direction": [0.0, 1.0, 0.0]}
        for part in ("flap", "horn", "sg90", "diffuser"):
            inst = {"label": f"{part} {n}", "part": part, "offset": offset, "window": n}
            if part in MOVING:
                inst["hinge"] = hinge
            instances.append(inst)
        windows.append([cx - w.width / 2, cy - w.height / 2, cx + w.width / 2, cy + w.height / 2])
    return {"source_hash": source_hash(), "open_degrees": p.open_degrees(), "lever_rise": p.switch.lever_rise,
            "overtravel_degrees": p.flap.overtravel, "window_cells": WINDOW_CELLS,
            "windows": windows, "instances": instances}


def visibility_table():
    """Markdown: for each view, the least of an open window's card seen over the 12 windows."""
    from . import checks
    asm = checks.load_assembly()
    meshes = checks.load_meshes({i["part"] for i in asm["instances"]})
    seen = {n: checks.visibility(meshes, asm, n) for n in range(1, len(asm["windows"]) + 1)}
    lines = ["| View | Least seen | at window | Most seen |", "|---|---|---|---|"]
    for view in checks.VIEWS:
        worst = min(seen, key=lambda n: seen[n][view])
        lines.append(f"| {view} | {seen[worst][view]:.0%} | {worst} | {max(s[view] for s in seen.values()):.0%} |")
    return "\n".join(lines)


def render(path, opened=OPEN_IN_PICTURE):
    """A shaded view of the assembly with some flaps open, as PNG (matplotlib, no GPU)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    import trimesh
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    from . import checks

    asm = checks.load_assembly()
    meshes = checks.load_meshes({i["part"] for i in asm["instances"]})
    colours = {"base": "#8d6e63", "foot": "#6d4c41", "bay": "#8d6e63", "lid": "#d7ccc8", "bay_lid": "#bcaaa4", "flap": "#1f6fb2",
               "sg90": "#37474f", "horn": "#fafafa",
               "diffuser": "#fff59d", "card": "#66bb6a", "card_switch": "#37474f", "lever": "#b0bec5"}
    fig = plt.figure(figsize=(9, 7), dpi=110)
    ax = fig.add_subplot(projection="3d")
    light = np.array([0.3, -0.5, 0.8]) / np.linalg.norm([0.3, -0.5, 0.8])
    triangles, face_colours = [], []
    for label, mesh in checks.place(meshes, asm, opened):
        base = np.array(matplotlib.colors.to_rgb(colours[label.split()[0]]))
        # Small faces: matplotlib sorts whole faces by their centres, long slivers sort wrong.
        verts, faces = trimesh.remesh.subdivide_to_size(mesh.vertices, mesh.faces, max_edge=6.0)
        mesh = trimesh.Trimesh(verts, faces, process=False)
        shade = 0.45 + 0.55 * np.clip(mesh.face_normals @ light, 0, 1)
        triangles.append(mesh.triangles)
        face_colours.append(base * shade[:, None])
    # One collection, so that matplotlib sorts every face by depth (it has no z-buffer).
    ax.add_collection3d(Poly3DCollection(np.concatenate(triangles), facecolors=np.concatenate(face_colours),
                                         linewidths=0, antialiased=False))
    lo = np.minimum(meshes["base"].bounds[0], meshes["bay"].bounds[0])
    hi = np.maximum(meshes["base"].bounds[1], meshes["bay"].bounds[1])
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_zlim(lo[2], lo[2] + (hi[1] - lo[1]) * 0.6)
    ax.view_init(elev=38, azim=-62)
    ax.set_box_aspect((hi[0] - lo[0], hi[1] - lo[1], (hi[1] - lo[1]) * 0.6), zoom=1.2)
    ax.set_axis_off()
    ax.set_title(f"Lid: windows {', '.join(map(str, opened))} open ({asm['open_degrees']:.0f} degrees)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv):
    if "--check" in argv:
        stale = not (HERE / "assembly.json").exists() or json.loads(
            (HERE / "assembly.json").read_text())["source_hash"] != source_hash()
        print("stale: hardware/lid (run make hardware)" if stale else "lid files current")
        return 1 if stale else 0
    from build123d import Compound, export_step, export_stl

    from . import model
    p = Lid()
    parts = model.parts(p)
    (HERE / "stl").mkdir(exist_ok=True)
    for name, solid in parts.items():
        export_stl(solid, str(HERE / "stl" / f"{name}.stl"), tolerance=0.05, angular_tolerance=0.3)
    step = HERE / "lid.step"
    export_step(Compound([parts[n] for n in PRINTED]), str(step))
    step.write_text(pin_step_date(step.read_text()))
    (HERE / "assembly.json").write_text(json.dumps(assembly(p), indent=1) + "\n")
    from . import checks, printing
    GUIDE_DOC.write_text(printing.markdown(checks.load_meshes(printing.GUIDE)))
    from ..schematics import readme
    README.write_text(readme.update(README.read_text(), {"visibility": visibility_table()}))
    render(PICTURE)
    print("written: hardware/lid/stl/*.stl, hardware/lid/lid.step, hardware/lid/assembly.json, hardware/lid.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
