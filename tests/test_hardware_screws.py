"""Every screw of the lid fits where it goes (hardware/lid/screws.py, from the
CAD's holes and plates), and the BOM and the assembly steps list those screws."""
import csv
from pathlib import Path

import pytest

pytest.importorskip("build123d")
from hardware.lid import exploded, screws  # noqa: E402

BOM = Path(__file__).resolve().parents[1] / "hardware" / "schematics" / "pico_pca9685_bom.csv"


def bom():
    with BOM.open() as f:
        return {row["Rating"]: int(row["Quantity"]) for row in csv.DictReader(f) if row["Placement"] in ("lid", "seat pod")}


@pytest.mark.parametrize("place", screws.places(), ids=lambda pl: pl.where)
def test_every_screw_fits_its_place(place):
    assert screws.fit(place) == []


def test_the_switch_frame_screws_are_measured_from_the_frame_and_the_tray():
    from hardware.lid import model, params
    p = params.Lid()
    frame = next(pl for pl in screws.places(p) if "switch frame" in pl.where)
    bb = model.switch_frame(p).bounding_box()
    assert frame.clamp == pytest.approx(p.lid.wall) and frame.depth < bb.size.Z - 1.0, "a pilot through the frame"
    assert frame.engaged >= screws.SELF_TAP_MIN * frame.d
    frame.length, frame.engaged = 4.5, min(4.5 - frame.clamp, frame.depth)  # the old ST2.2 x 4.5
    assert any("engages 1.5 mm of plastic" in w for w in screws.fit(frame))


def test_the_bom_and_the_steps_list_the_screws_that_fit():
    have = bom()
    need = {}
    for pl in screws.places():
        if not pl.screw[0].startswith("SG90"):  # the SG90's own screws come with it
            need[pl.screw[0]] = need.get(pl.screw[0], 0) + pl.count
    assert {r: have.get(r) for r in need} == need
    assert {exploded.M3, exploded.M3L, exploded.ST22, exploded.M2, exploded.ST65} <= set(need)


def test_the_rules_catch_a_screw_that_bottoms_one_too_short_and_a_tight_hole():
    feet, bay = screws.places()[:2]
    feet.length = 10.0  # the old M3 x 10 through lid and tray
    feet.tip_room = feet.depth - (feet.length - feet.clamp)
    assert any("of the 5.7 mm insert" in w for w in screws.fit(feet))
    bay.tip_room = 6.0 - (bay.length - bay.clamp)  # the old 6 mm insert holes
    assert any("bottoms out" in w for w in screws.fit(bay))
    nut = screws.places()[2]
    nut.engaged = 10.0 - nut.clamp  # the old M2 x 10
    assert any("nut does not go on" in w for w in screws.fit(nut))
    horn = screws.places()[4]
    horn.hole = 1.0  # the horn's holes as bought
    assert any("clearance hole" in w for w in screws.fit(horn))
