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

SOURCES = [PARAMS, HERE / "params.py", HERE / "model.py", HERE / "cardswitch.py", HERE / "routing.py", HERE / "printing.py", HERE / "slicing.py", HERE / "pod.py", BOARD,
           HERE.parent / "schematics" / "stripboard.py"]  # the board's pads in the bay
PRINTED = ("base", "foot", "bay", "lid", "top_plate", "bay_lid", "shutter", "yoke", "crank", "pillar_front",
           "pillar_back", "diffuser",
           "switch_frame", "seat_pod", "seat_pod_base")  # what you print; sg90, horn, card and the seat pod's
# button and pixel are reference bodies
SLIDING = ("shutter", "yoke")  # slide along y as the crank's pin drives the yoke
TURNING = ("crank", "horn")  # turn with the servo's shaft
PICTURE = HERE.parent / "lid.png"
CABLES_PICTURE = HERE.parent / "lid_cables.png"
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


def lever_rise(p: Lid):
    """How far the card switch's lever rises from where a card holds it to the lid recess's roof."""
    from . import cardswitch
    return round(cardswitch.roof_z(p) - cardswitch.pressed(p)[0], 3)


def assembly(p: Lid):
    """Every body's place: the shared parts once, the per-window parts at each window's offset. A shutter and
    its yoke slide back along y by crank_radius * (sin(a) - sin(closed)) as its crank turns to a (degrees
    from pointing -x, towards +y); the crank and horn turn about the shaft, the z axis, by -a."""
    first = p.cells()[0]
    sx, sy = p.shaft_xy()
    w = p.windows
    instances = [{"label": name, "part": name, "offset": [0, 0, 0]}
                 for name in ("base", "bay", "lid", "top_plate", "bay_lid", "card", "card_switch", "lever", "oled",
                              "switch_frame")]
    fx, fy = p.feet_xy()[0]
    instances += [{"label": f"foot {k}", "part": "foot", "offset": [x - fx, y - fy, 0]}
                  for k, (x, y) in enumerate(p.feet_xy(), 1)]
    windows = []
    for n, (cx, cy, cz) in enumerate(p.cells(), 1):
        offset = [cx - first[0], cy - first[1], cz - first[2]]
        for part in ("shutter", "yoke", "crank", "horn", "sg90", "pillar_front", "pillar_back", "diffuser"):
            inst = {"label": f"{part} {n}", "part": part, "offset": offset, "window": n}
            if part in SLIDING:
                inst["slide"] = [0.0, 1.0, 0.0]
            if part in TURNING:
                inst["turn"] = {"point": [cx + sx, cy + sy, 0.0], "direction": [0.0, 0.0, 1.0]}
            instances.append(inst)
        windows.append([cx - w.width / 2, cy - w.height / 2, cx + w.width / 2, cy + w.height / 2])
    closed, opened = p.swing()
    return {"source_hash": source_hash(), "swing_degrees": [closed, opened], "open_degrees": p.open_degrees(),
            "crank_radius": p.shutter.crank[0], "stroke": p.shutter.stroke, "lever_rise": lever_rise(p),
            "overtravel_degrees": p.shutter.overtravel, "window_cells": WINDOW_CELLS,
            "windows": windows, "instances": instances}


def visibility_table(alone=None, every=None):
    """Markdown: for each view, the least of an open window's card seen over the 12 windows, with that
    window open alone and with all 12 open (checks.seen_by_window's, computed here if not given)."""
    from . import checks
    if alone is None or every is None:
        asm = checks.load_assembly()
        meshes = checks.load_meshes({i["part"] for i in asm["instances"]})
        alone, every = checks.seen_by_window(meshes, asm), checks.seen_by_window(meshes, asm, all_open=True)
    lines = ["| View | One open: least seen | at window | most seen | All 12 open: least seen | at window |",
             "|---|---|---|---|---|---|"]
    for view in checks.VIEWS:
        worst = min(alone, key=lambda n: alone[n][view])
        late = min(every, key=lambda n: every[n][view])
        lines.append(f"| {view} | {alone[worst][view]:.0%} | {worst} | {max(s[view] for s in alone.values()):.0%} "
                     f"| {every[late][view]:.0%} | {late} |")
    return "\n".join(lines)


def render(path, opened=OPEN_IN_PICTURE):
    """A shaded view of the assembly with some shutters open, as PNG."""
    import numpy as np

    from . import checks, pictures

    asm = checks.load_assembly()
    meshes = checks.load_meshes({i["part"] for i in asm["instances"]})
    bodies = [(pictures.COLOURS[label.split()[0]], mesh) for label, mesh in checks.place(meshes, asm, opened)]
    lo = np.minimum(meshes["base"].bounds[0], meshes["bay"].bounds[0])
    hi = np.maximum(meshes["base"].bounds[1], meshes["bay"].bounds[1])
    hi[2] = lo[2] + (hi[1] - lo[1]) * 0.6
    pictures.draw(path, bodies, f"Lid: windows {', '.join(map(str, opened))} open (shutters slid back "
                  f"{asm['stroke']:.0f} mm)", lo, hi)


def render_cables(path=CABLES_PICTURE):
    """The lid from above with the leads in their grooves: servo leads red, the LED chain orange."""
    from . import channels, checks, pictures
    asm = checks.load_assembly()
    meshes = checks.load_meshes({i["part"] for i in asm["instances"]})
    keep = ("lid",)
    bodies = [(pictures.COLOURS[label.split()[0]], m) for label, m in checks.place(meshes, asm)
              if label.split()[0] in keep]
    for label, m in channels.lead_bodies():
        lifted = m.copy().apply_translation([0, 0, 0.05])
        bodies.append(("#e53935" if label.startswith("servo") else "#fb8c00", lifted))
    lo, hi = meshes["lid"].bounds
    pictures.draw(path, bodies, "Leads in the lid's grooves: servo leads (red), LED chain (orange)", lo, hi,
                  elev=90, azim=-90, size=(9, 9), zoom=1.0)


def main(argv):
    if "--check" in argv:
        stale = not (HERE / "assembly.json").exists() or json.loads(
            (HERE / "assembly.json").read_text())["source_hash"] != source_hash()
        print("stale: hardware/lid (run make hardware)" if stale else "lid files current")
        return 1 if stale else 0
    from build123d import Compound, export_step, export_stl

    from . import model, pod
    p = Lid()
    parts = model.parts(p)
    parts.update(pod.parts(p))
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
    render_cables()
    from . import exploded
    exploded.main()
    print("written: hardware/lid/stl/*.stl, hardware/lid/lid.step, hardware/lid/assembly.json, hardware/lid.png, "
          "hardware/lid_cables.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
