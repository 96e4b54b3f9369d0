"""Every screw of the lid fits where it goes (hardware/lid/screws.py, from the
CAD's holes and plates), and the BOM and the assembly steps list those screws,
by the names and counts hardware/lid/fasteners.py gives them."""
import csv
from pathlib import Path

import pytest

pytest.importorskip("build123d")
from hardware.lid import exploded, fasteners, screws  # noqa: E402

BOM = Path(__file__).resolve().parents[1] / "hardware" / "schematics" / "pico_pca9685_bom.csv"


def bom():
    with BOM.open() as f:
        return {row["Rating"]: int(row["Quantity"]) for row in csv.DictReader(f) if row["Placement"] in ("lid", "seat pod")}


def place(screw):
    """The one place screws.places() puts `screw`, fresh (a test may change it)."""
    (found,) = [pl for pl in screws.places() if pl.screw == screw]
    return found


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


def test_the_lids_screws_clamp_the_top_plate_and_reach_through_their_inserts():
    """M3 x 16 through top plate, lid and tray into the feet, M3 x 12 through top plate and lid into the
    bay's front posts, M3 x 10 through the bay lid: each reaches through the whole 5.7 mm insert."""
    from hardware.lid import params
    p = params.Lid()
    feet, post, bay = place(fasteners.M3_FEET), place(fasteners.M3_POST), place(fasteners.M3_BAY)
    assert (feet.count, post.count, bay.count) == (4, 2, 4)
    assert feet.clamp == pytest.approx(p.top_plate_z()[1] + p.lid.thickness + p.pocket_depth() + p.lid.wall)
    assert post.clamp == pytest.approx(p.top_plate_z()[1] + p.lid.thickness) and bay.clamp == p.lid.thickness
    for pl in (feet, post, bay):
        assert pl.length - pl.clamp >= fasteners.INSERT_LENGTH - 0.01, pl.where


def test_the_rules_compare_at_a_hundredth_of_a_mm():
    """5.7 of the 5.7 mm insert fits however the floats fall; 0.01 mm short does not."""
    feet = place(fasteners.M3_FEET)
    feet.clamp = 10.3
    assert feet.length - feet.clamp < fasteners.INSERT_LENGTH  # 5.699999...: the float noise the rounding hides
    feet.tip_room = feet.depth - (feet.length - feet.clamp)
    assert screws.fit(feet) == []
    feet.clamp = 10.31
    feet.tip_room = feet.depth - (feet.length - feet.clamp)
    assert any("reaches 5.69 mm of the 5.7 mm insert" in w for w in screws.fit(feet))


def test_the_bom_lists_the_screws_that_fit_with_their_counts():
    have = bom()
    need = {}
    for pl in screws.places():
        if pl.screw != fasteners.SG90_TAB:  # the SG90's own screws come with it
            need[pl.screw.name] = need.get(pl.screw.name, 0) + pl.count
    assert {r: have.get(r) for r in need} == need
    assert have.get(fasteners.INSERT) == fasteners.inserts() == sum(
        pl.count for pl in screws.places() if pl.kind == "insert"), "an insert under every M3 screw"
    assert fasteners.GLUE in have, "no glue for the yokes and the pillars"


def test_the_steps_use_every_screw_that_fits_as_often_as_it_goes():
    """The assembly guide's fasteners, summed over its steps: every bought screw screws.places() checks, with
    its count; every insert; nothing else."""
    used = {}
    for _, _, _, used_here in exploded.STEPS:
        for name, count in used_here.items():
            used[name] = used.get(name, 0) + count
    need = {pl.screw.name: pl.count for pl in screws.places() if pl.screw != fasteners.SG90_TAB}
    need[fasteners.INSERT] = fasteners.inserts()
    assert used == need
    step5 = next(f for title, _, _, f in exploded.STEPS if title.startswith("Shutters, top plate"))
    assert step5 == {"ISO 7380 M3 x 16": 4, "ISO 7380 M3 x 12": 2}


def test_the_fasteners_are_named_once():
    """exploded.py and screws.py hold fasteners.py's names, not copies of their own."""
    import inspect
    names = [s.name for s in vars(fasteners).values() if isinstance(s, fasteners.Screw)] + [fasteners.INSERT]
    for module in (exploded, screws):
        source = inspect.getsource(module)
        assert not [n for n in names if f'"{n}"' in source], f"{module.__name__} restates a fastener's name"


def test_the_rules_catch_a_screw_that_bottoms_one_too_short_and_a_tight_hole():
    feet = place(fasteners.M3_FEET)
    feet.length = 10.0  # the old M3 x 10 through lid and tray
    feet.tip_room = feet.depth - (feet.length - feet.clamp)
    assert any("of the 5.7 mm insert" in w for w in screws.fit(feet))
    post = place(fasteners.M3_POST)
    post.tip_room = 6.0 - (post.length - post.clamp)  # the old 6 mm insert holes
    assert any("bottoms out" in w for w in screws.fit(post))
    bay = place(fasteners.M3_BAY)
    bay.length = 16.0  # the feet's screw in the bay lid
    bay.tip_room = bay.depth - (bay.length - bay.clamp)
    assert any("bottoms out" in w for w in screws.fit(bay))
    nut = place(fasteners.M2_SWITCH)
    nut.engaged = 10.0 - nut.clamp  # the old M2 x 10
    assert any("nut does not go on" in w for w in screws.fit(nut))
    horn = place(fasteners.ST_HORN)
    horn.hole = 1.0  # the horn's holes as bought
    assert any("clearance hole" in w for w in screws.fit(horn))
    tab = place(fasteners.SG90_TAB)
    tab.engaged = 2.9  # a slab thinner than 1.5 diameters of the tab screw
    assert any("engages 2.9 mm of plastic, 3.0 needed" in w for w in screws.fit(tab))


def test_the_guide_sets_the_pillars_the_way_the_tab_screws_go_in():
    """Step 3's words for the pillars are the model's: each peg at the pillar's front face, the front pillar
    the wider with its slab reaching left of its leg, the back one's reaching right, the slabs' pilot holes
    hole_spacing apart on the shaft's line, over both slabs."""
    from hardware.lid import model, params
    p = params.Lid()
    (fy0, _, fleg, fslab), (by0, _, bleg, bslab) = model._pillar_shapes(p)
    assert [y0 for _, _, y0, _ in model.pegs(p)] == [fy0, by0], "a peg not at its pillar's front face"
    assert fslab[0] < fleg[0] and fslab[1] == fleg[1], "the front pillar's slab does not reach left of its leg"
    assert bslab[1] > bleg[1] and bslab[0] == bleg[0], "the back pillar's slab does not reach right of its leg"
    assert fslab[1] - fslab[0] > bslab[1] - bslab[0], "the front pillar is not the wide one"
    (x0, y0), (x1, y1) = model.tab_holes(p)
    assert x0 == x1 and y1 - y0 == pytest.approx(p.servo.hole_spacing)
    assert all(slab[0] < x0 < slab[1] for slab in (fslab, bslab))
    text = next(t for title, _, t, _ in exploded.STEPS if title.startswith("Servos and LEDs"))
    for words in ("that face towards the lid's front", "The wide front pillar then reaches back from its hole, its "
                  "slab reaching left", "the narrow back pillar, behind it, reaches back from its hole, its slab "
                  "reaching right", f"{p.servo.hole_spacing:g} mm apart"):
        assert words in text
