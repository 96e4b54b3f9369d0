"""The mechanical lid: its exported files are current, printable, and the flaps move freely and cover.

The checks read the STL files and assembly.json (no CAD kernel, a few seconds);
one test rebuilds the parts with build123d to prove the CAD code still makes
what is checked in."""

import pytest

from hardware.lid import build, checks, params


@pytest.fixture(scope="module")
def asm():
    return checks.load_assembly()


@pytest.fixture(scope="module")
def meshes(asm):
    return checks.load_meshes({inst["part"] for inst in asm["instances"]})


def test_lid_files_are_current(asm):
    assert asm["source_hash"] == build.source_hash(), "hardware/lid is stale: run make hardware"
    for path in [build.PICTURE, params.HERE / "lid.step"] + [checks.STL_DIR / f"{n}.stl" for n in build.PRINTED]:
        assert path.exists(), f"{path.name} missing: run make hardware"


def test_cad_code_makes_the_checked_in_parts(meshes):
    from hardware.lid import model  # the CAD kernel: a few seconds to import and build
    for name, solid in model.parts(params.Lid()).items():
        assert solid.is_valid and len(solid.solids()) == 1, f"{name}: not one valid solid"
        assert solid.volume == pytest.approx(meshes[name].volume, rel=0.01), (
            f"{name}: the CAD model ({solid.volume:.0f} mm3) is not the STL ({meshes[name].volume:.0f} mm3): "
            "run make hardware")


def test_every_part_is_a_closed_solid(meshes):
    problems = [p for name, mesh in meshes.items() for p in checks.closed_problems(name, mesh)]
    assert problems == []


def test_nothing_collides_at_rest(meshes, asm):
    assert checks.collisions(checks.place(meshes, asm)) == []


def test_every_flap_sweeps_past_both_ends_without_hitting_anything(meshes, asm):
    assert checks.sweep_collisions(meshes, asm) == []


def test_closed_flaps_cover_their_windows_with_overlap(meshes, asm):
    assert checks.uncovered(meshes, asm) == []


def test_flap_travel_follows_the_calibrated_pulses(asm):
    lid = params.Lid()
    assert asm["open_degrees"] == pytest.approx((lid.open_us - lid.closed_us) * lid.servo.degrees_per_us)
    assert 60 <= asm["open_degrees"] <= 110, "an open flap should stand up, clear of the view"
    wider = params.Lid(pulses={"closed_us": 1000, "open_us": 2000})
    assert wider.open_degrees() == pytest.approx(90)


def test_windows_are_numbered_clockwise_from_the_arrow():
    cells = params.WINDOW_CELLS
    assert sorted(cells) == sorted((c, r) for c in range(4) for r in range(3)), "each cell once"
    ring = cells[:10]
    assert ring[0] == (0, 2), "window 1 is top left, by the card's arrow"
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, f"windows {a} and {b} are not neighbours on the ring"


def test_the_checks_catch_a_collision_a_gap_and_an_open_surface(meshes, asm):
    import trimesh
    moved = dict(meshes)
    moved["sg90"] = meshes["sg90"].copy()
    moved["sg90"].apply_translation([0, -8, 0])  # servo pushed forward into the flap's path
    assert checks.collisions(checks.place(moved, asm)), "a servo inside a flap went unnoticed"
    short = dict(meshes)
    short["flap"] = meshes["flap"].copy()
    short["flap"].apply_scale([1, 0.9, 1])
    assert checks.uncovered(short, asm), "a flap too short to cover went unnoticed"
    holed = trimesh.Trimesh(meshes["flap"].vertices, meshes["flap"].faces[:-1], process=False)
    assert checks.closed_problems("flap", holed), "a flap with a face missing passed as closed"


def test_bad_params_are_named():
    text = params.PARAMS.read_text().replace("[bay]", "[bays]")
    with pytest.raises(ValueError, match=r"\[bay\]"):
        params.Lid(text)


def test_the_sweep_catches_a_flap_driven_past_either_end(meshes, asm):
    past_closed = checks.sweep_collisions(meshes, asm, -10.0, 0.0)  # the front edge dips 7 mm: into the lid
    assert any(other == "lid" for _, other, _ in past_closed), past_closed
    over_the_top = checks.sweep_collisions(meshes, asm, 110.0, 130.0)  # folded back onto its own servo
    assert any(other == f"sg90 {window}" for window, other, _ in over_the_top), over_the_top


def test_cover_needs_the_overlap_not_just_the_window(meshes, asm):
    import numpy as np
    x0, y0, x1, y1 = asm["windows"][0]
    centre = [(x0 + x1) / 2, (y0 + y1) / 2, 0]
    flap_w = meshes["flap"].bounds[1][0] - meshes["flap"].bounds[0][0]
    narrow = dict(meshes)
    narrow["flap"] = meshes["flap"].copy()
    scale = np.diag([(x1 - x0 + 3.0) / flap_w, 1, 1, 1])  # 1.5 mm past each side edge
    narrow["flap"].apply_transform(_shift(centre) @ scale @ _shift([-c for c in centre]))
    assert checks.uncovered(narrow, asm), "a flap 1.5 mm past its window passed the 2 mm overlap"
    assert checks.uncovered(narrow, asm, margin=1.0) == [], "the check is not measuring the overlap"


def _shift(v):
    import numpy as np
    m = np.eye(4)
    m[:3, 3] = v
    return m


def test_a_card_in_the_slot_holds_the_switch_lever_down(meshes, asm):
    assert checks.card_presses_switch(meshes, asm) > 1.0, "the card does not reach the card switch's lever"
    no_rise = dict(asm, lever_rise=0.0)
    assert checks.card_presses_switch(meshes, no_rise) < checks.TOUCH_MM3, "the check sees a lever it cannot"
