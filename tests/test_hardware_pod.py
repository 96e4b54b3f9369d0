"""The seat pod (hardware/lid/pod.py): a closed printable shell and base plate that hold the seat's
button, its light and its cables without a collision, with exits the BOM's cables fit through, screws
that fit, and a place in the print and assembly guides. Reads the exported STLs: no CAD kernel."""
import csv
import re
from pathlib import Path

import numpy as np
import pytest

from hardware.lid import checks, exploded, pod, printing, slicing

ROOT = Path(__file__).resolve().parents[1]
BOM = ROOT / "hardware" / "schematics" / "pico_pca9685_bom.csv"


@pytest.fixture(scope="module")
def meshes():
    return checks.load_meshes(pod.PARTS + pod.REFERENCE + ("diffuser",))


def bom_diameter(prefix):
    """The largest outer diameter the BOM allows for the cable whose line starts with `prefix`."""
    with BOM.open() as f:
        row = next(r for r in csv.DictReader(f) if r["Description"].startswith(prefix))
    m = re.search(r"([0-9.]+) mm outside at most", row["Rating"])
    assert m, f"the BOM's {prefix!r} line gives no outer diameter: {row['Rating']}"
    return float(m.group(1))


def test_the_pod_and_its_plate_are_closed_solids_that_fit_the_bed(meshes):
    for name in pod.PARTS:
        assert checks.closed_problems(name, meshes[name]) == []
        size = meshes[name].bounds[1] - meshes[name].bounds[0]
        assert np.all(size <= printing.BED_MM), (name, size)
        assert meshes[name].bounds[0][2] == pytest.approx(0.0), f"{name}: not on the bed (z = 0) as exported"


def test_button_light_diffuser_and_cables_fit_inside_without_a_collision(meshes):
    bodies = pod.placed(meshes, meshes["diffuser"])
    assert checks.collisions(bodies) == []
    q = pod.pod()
    shell = meshes["seat_pod"].bounds
    lo, hi = meshes["seat_button"].bounds
    assert hi[2] < q.inner and np.all(lo[:2] > shell[0][:2]) and np.all(hi[:2] < shell[1][:2]), (
        "the button's body and wires do not stay inside the pod above its plate")
    lo, hi = meshes["seat_pixel"].bounds
    assert hi[2] < q.inner and lo[2] > 0.0


def test_the_check_sees_a_button_that_does_not_fit(meshes):
    """A button 3 mm deeper than the pod allows reaches into the plate."""
    moved = dict(meshes)
    moved["seat_button"] = meshes["seat_button"].copy().apply_translation([0, 0, 3.0])
    hit = {(a, b) for a, b, _ in checks.collisions(pod.placed(moved, moved["diffuser"]))}
    assert ("seat_pod_base", "seat_button") in hit


@pytest.mark.parametrize("what, prefix", [("button", "2-core cable for the seat buttons"),
                                          ("light in", "3-core cable for the seat lights"),
                                          ("light out", "3-core cable for the seat lights")])
def test_each_cable_exit_fits_the_bom_cable(what, prefix):
    """The slot takes the thickest cable the BOM allows, with under 1 mm to spare (the tie holds it)."""
    d = bom_diameter(prefix)
    _, _, width, depth = next(s for s in pod.slots() if s[0] == what)
    assert d + 0.2 <= width <= d + 1.0 and depth >= d, (what, d, width, depth)


def test_the_cables_pass_the_anchor_and_the_tie_its_tunnel():
    q = pod.pod()
    x0, x1, y0, y1, z0, z1 = q.anchor
    assert q.inner - z1 >= max(d for _, _, d in q.cables), "the cables do not pass between anchor and plate"
    assert y0 < min(y - d / 2 for _, y, d in q.cables) and y1 > max(y + d / 2 for _, y, d in q.cables)
    assert pod.TIE[0] >= 2.5 + 0.4 and pod.TIE[1] >= 1.0 + 0.4, "a 2.5 x 1.0 mm cable tie does not pass"
    assert q.width / 2 - q.wall - y1 >= 3.0, "no room beside the anchor for the tie to go round the cables"


def test_the_plate_screws_are_bought_and_their_pilots_stop_in_the_boss():
    """Their fit (thread engaged, clearance, pilot) is test_hardware_screws.py's, with every screw's."""
    q = pod.pod()
    assert pod.PILOT_DEPTH < q.inner - q.top, "the pilot holes go through the top"
    assert pod.SCREW[2] - (q.plate - pod.COUNTERBORE[1]) < pod.PILOT_DEPTH, "the screw bottoms in its pilot"
    with BOM.open() as f:
        row = next(r for r in csv.DictReader(f) if r["Rating"] == pod.SCREW[0])
    assert int(row["Quantity"]) == 4 * pod.SEATS


def test_the_print_guide_and_the_assembly_guide_have_the_pod():
    for name in pod.PARTS:
        assert printing.GUIDE[name][0] == pod.SEATS
        assert name in slicing.PARTS and name in slicing.load()
        assert f"| `{name}` | {pod.SEATS} |" in (ROOT / "docs" / "hardware_print.md").read_text()
    assert printing.GUIDE["diffuser"][0] == 12 + pod.SEATS, "a diffuser in each pod as well"
    step = next(s for s in exploded.STEPS if "seat_pod" in s[1])
    assert set(step[1]) == set(pod.PARTS + pod.REFERENCE)
    assert step[3] == {pod.SCREW[0]: 4 * pod.SEATS}
