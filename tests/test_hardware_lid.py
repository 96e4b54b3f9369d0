"""The mechanical lid: its exported files are current, printable, and the shutters move freely and cover.

The checks read the STL files and assembly.json (no CAD kernel, a few seconds);
one test rebuilds the parts with build123d to prove the CAD code still makes
what is checked in."""

import math
import json

import numpy as np
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
    from hardware.lid import model, pod  # the CAD kernel: a few seconds to import and build
    lid = params.Lid()
    meshes = dict(meshes, **checks.load_meshes(pod.PARTS + pod.REFERENCE))
    for name, solid in {**model.parts(lid), **pod.parts(lid)}.items():
        assert solid.is_valid and len(solid.solids()) == 1, f"{name}: not one valid solid"
        assert solid.volume == pytest.approx(meshes[name].volume, rel=0.01), (
            f"{name}: the CAD model ({solid.volume:.0f} mm3) is not the STL ({meshes[name].volume:.0f} mm3): "
            "run make hardware")


def test_every_part_is_a_closed_solid(meshes):
    problems = [p for name, mesh in meshes.items() for p in checks.closed_problems(name, mesh)]
    assert problems == []


def test_nothing_collides_at_rest(meshes, asm):
    assert checks.collisions(checks.place(meshes, asm)) == []


def test_every_shutter_and_crank_sweep_past_both_ends_without_hitting_anything(meshes, asm):
    assert checks.sweep_collisions(meshes, asm) == []


def test_closed_shutters_cover_their_windows_with_overlap(meshes, asm):
    assert checks.uncovered(meshes, asm) == []


def test_the_shutters_swing_is_one_an_sg90_can_be_calibrated_to(asm):
    lid = params.Lid()
    assert asm["open_degrees"] == pytest.approx(lid.shutter.swing) == pytest.approx(108)
    # the swing slides the shutter its stroke: off the window, short of the next row's shutter
    assert asm["stroke"] == pytest.approx(2 * lid.shutter.crank[0] * math.sin(math.radians(54)))
    assert lid.pulse_span_us() == pytest.approx(1200)
    assert lid.pulse_span_us() + 2 * 100 <= 2400 - 600, "SG90 pulses run 600-2400 us: room to calibrate both ends"


def test_the_lids_pulse_ends_from_the_centre_pulse_are_ones_the_firmware_calibrates_to():
    from hardware.lid import pulses
    assert pulses.problems(params.Lid()) == []


def test_every_servo_boards_ends_are_the_lids():
    # the lid's travel sets the pulse ends (one place: hardware/lid/pulses.py); a board config that drifts from
    # them would leave a calibration short of the travel, or the flaps driven past their lid
    from hardware.lid import pulses
    servo_boards = {}
    for path in sorted((params.BOARD.parent).glob("*.json")):
        sh = json.loads(path.read_text()).get("shutters", {})
        if "closed_us" in sh or sh.get("backend") in ("pca9685", "pwm"):
            servo_boards[path.stem] = (sh.get("closed_us"), sh.get("open_us"))
    assert {"pico_pca9685", "pico_direct_pwm", "pico_pca9685_oled096"} <= set(servo_boards), servo_boards
    for name, (closed, opened) in servo_boards.items():
        assert (closed, opened) == pulses.ends(params.Lid(pulses={"closed_us": closed, "open_us": opened})), name


def test_the_pulse_check_names_an_end_past_the_calibrations_margin():
    from hardware.lid import pulses
    lid = lambda closed, opened: params.Lid(pulses={"closed_us": closed, "open_us": opened})  # noqa: E731
    assert pulses.ends(lid(1100, 1900)) == (900, 2100) and pulses.ends(lid(1900, 1100)) == (2100, 900)
    assert pulses.problems(lid(900, 2100)) == [] and pulses.problems(lid(2100, 900)) == []
    assert pulses.problems(lid(1100, 1900)) == [], "each end just within the 200 us margin"
    told = pulses.problems(lid(1110, 1890))
    assert len(told) == 2 and told[0].startswith("closed end 900 us is outside 910..2090"), told
    limits = pulses.firmware_limits()
    assert (limits["MIN_US"], limits["MAX_US"]) == (500, 2500)


VISIBLE_FROM_EACH_SIDE, VISIBLE_FROM_ABOVE = 0.60, 0.80


@pytest.mark.parametrize("window", range(1, 13))
def test_an_open_window_can_be_seen_from_every_side_of_the_table(meshes, asm, window):
    seen = checks.visibility(meshes, asm, window)
    assert seen["above"] >= VISIBLE_FROM_ABOVE, seen
    low = {view: round(f, 2) for view, f in seen.items() if view != "above" and f < VISIBLE_FROM_EACH_SIDE}
    assert not low, f"window {window}: under {VISIBLE_FROM_EACH_SIDE:.0%} of the card seen from {low}"


def test_the_view_check_sees_a_closed_flap_and_a_servo_in_the_way(meshes, asm):
    closed = checks.visibility(meshes, asm, 6, opened=(99,))  # nothing open
    assert max(closed.values()) < 0.05, closed
    moved = dict(meshes)
    moved["sg90"] = meshes["sg90"].copy()
    moved["sg90"].apply_translation([-12.0, -24.0, 0])  # each servo stood beside its window, in its sight line
    assert checks.visibility(moved, asm, 6)["right (+x)"] < checks.visibility(meshes, asm, 6)["right (+x)"] - 0.2


def test_the_shutter_is_driven_through_the_crank_pin_in_the_yokes_slot(meshes, asm):
    lid = params.Lid()
    closed, full = asm["swing_degrees"]
    assert checks._slide(asm, full) == pytest.approx(lid.shutter.stroke)
    by_label = {i["label"]: i for i in asm["instances"]}
    crank, yoke = by_label["crank 1"], by_label["yoke 1"]
    for deg in (closed, 0.0, full):
        pin = checks.pose(meshes["crank"], crank, asm, deg)
        bar = checks.pose(meshes["yoke"], yoke, asm, deg)
        assert checks.collisions([("crank", pin), ("yoke", bar)]) == [], deg
        late = checks.pose(meshes["yoke"], yoke, asm, deg + (8.0 if deg < full else -8.0))  # where the pin is not
        assert checks.collisions([("crank", pin), ("yoke", late)]), f"the pin is not in the slot at {deg:.0f}"


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
    moved["sg90"].apply_translation([0, 0, -4])  # servo sunk onto its horn and crank
    assert checks.collisions(checks.place(moved, asm)), "a servo inside its horn went unnoticed"
    short = dict(meshes)
    short["shutter"] = meshes["shutter"].copy()
    short["shutter"].apply_scale([1, 0.9, 1])
    assert checks.uncovered(short, asm), "a shutter too short to cover went unnoticed"
    holed = trimesh.Trimesh(meshes["shutter"].vertices, meshes["shutter"].faces[:-1], process=False)
    assert checks.closed_problems("shutter", holed), "a shutter with a face missing passed as closed"


def test_bad_params_are_named():
    text = params.PARAMS.read_text().replace("[bay]", "[bays]")
    with pytest.raises(ValueError, match=r"\[bay\]"):
        params.Lid(text)


def test_the_sweep_catches_a_shutter_driven_past_either_end(meshes, asm):
    closed, full = asm["swing_degrees"]
    past_open = checks.sweep_collisions(meshes, asm, full, 90.0)  # the post runs into its slot's end
    assert any(other == "top_plate" for _, other, _ in past_open), past_open
    past_closed = checks.sweep_collisions(meshes, asm, -90.0, closed)
    assert any(other == "top_plate" for _, other, _ in past_closed), past_closed


def test_cover_needs_the_overlap_not_just_the_window(meshes, asm):
    import numpy as np
    x0, y0, x1, y1 = asm["windows"][0]
    centre = [(x0 + x1) / 2, (y0 + y1) / 2, 0]
    sy0, sy1 = params.Lid().shutter_y()
    short = dict(meshes)
    short["shutter"] = meshes["shutter"].copy()
    scale = np.diag([1, (y1 - y0 + 2.0) / (sy1 - sy0), 1, 1])  # 1 mm past the front and back edges
    short["shutter"].apply_transform(_shift(centre) @ scale @ _shift([-c for c in centre]))
    assert checks.uncovered(short, asm), "a shutter 1 mm past its window passed the 1.5 mm overlap"
    assert checks.uncovered(short, asm, margin=0.5) == [], "the check is not measuring the overlap"


def _shift(v):
    import numpy as np
    m = np.eye(4)
    m[:3, 3] = v
    return m


def test_a_card_in_the_slot_holds_the_switch_lever_down(meshes, asm):
    assert checks.card_presses_switch(meshes, asm) > 1.0, "the card does not reach the card switch's lever"
    no_rise = dict(asm, lever_rise=0.0)
    assert checks.card_presses_switch(meshes, no_rise) < checks.TOUCH_MM3, "the check sees a lever it cannot"


def test_every_printed_part_fits_the_bed_and_prints_without_supports(meshes):
    from hardware.lid import printing, slicing
    sliced = slicing.load()
    for name, _, size, fits, _, *_, how in printing.rows(dict(meshes, **checks.load_meshes(printing.GUIDE))):
        assert fits, f"{name} ({size} mm) does not fit a {printing.BED_MM} mm bed"
        # PrusaSlicer, free to support where it judges a part needs it, laid none (or where the guide says)
        support = sliced[name][2]
        if name in printing.SUPPORTED:
            assert 0 < support and "supported under" in how, f"{name}: the guide must say where it is supported"
        else:
            assert support == 0, f"{name}: PrusaSlicer lays {support} g of support under it"


def test_the_print_checks_see_a_part_too_big_and_one_needing_supports(meshes):
    import trimesh
    from hardware.lid import printing
    wide = meshes["base"].copy()
    wide.apply_scale([1.1, 1.0, 1.0])
    assert not np.all(wide.bounds[1] - wide.bounds[0] <= printing.BED_MM), "a 229 mm part fitted a 220 mm bed"
    table = trimesh.util.concatenate([trimesh.creation.box([100, 100, 2]),
                                      trimesh.creation.box([10, 10, 20]).apply_translation([0, 0, -10])])
    assert printing.overhang_mm2(table) > 90 * 90, "a table top printed on one leg needs supports"


def test_print_guide_is_current():
    from hardware.lid import build, printing
    meshes = checks.load_meshes(printing.GUIDE)  # the seat pods' parts too: they are in no lid assembly
    assert build.GUIDE_DOC.read_text() == printing.markdown(meshes), "docs/hardware_print.md is stale"


def test_the_step_file_carries_no_build_time():
    text = (params.HERE / "lid.step").read_text()
    assert f"'{build.STEP_DATE}'" in text.split("ENDSEC;")[0]
    assert build.pin_step_date("FILE_NAME('x','2031-05-06T07:08:09',('A'));") == \
        f"FILE_NAME('x','{build.STEP_DATE}',('A'));"


@pytest.fixture(scope="module")
def seen(meshes, asm):
    """{"alone": ..., "all": ...}: checks.seen_by_window with each window open alone, and with all 12 open."""
    return {"alone": checks.seen_by_window(meshes, asm), "all": checks.seen_by_window(meshes, asm, all_open=True)}


def test_readme_states_the_visibility_the_model_gives(seen):
    table = build.visibility_table(seen["alone"], seen["all"])
    assert table in build.README.read_text(), "hardware/README.md: visibility table is stale"


def test_with_all_12_open_every_window_is_seen_from_every_side_of_the_table(seen):
    assert checks.shortfalls(seen["all"]) == []
    assert min(s["above"] for s in seen["all"].values()) >= VISIBLE_FROM_ABOVE


def test_the_all_open_view_counts_the_neighbours_open_shutters(meshes, asm, seen):
    # Open, a shutter lies under the top plate and its yoke stands behind its window: the neighbours cost
    # window 12 (in the middle) next to nothing.
    for view, alone in seen["alone"][12].items():
        assert seen["all"][12][view] >= alone - 0.02, (view, alone, seen["all"][12][view])
    # A part standing up where an open neighbour's is, is seen by the same check: window 7's yoke, open,
    # stands 4 mm in front of window 12.
    moved = dict(meshes)
    moved["yoke"] = meshes["yoke"].copy()
    z0 = meshes["yoke"].bounds[0][2]
    moved["yoke"].apply_transform(_shift([0, 0, z0]) @ np.diag([1, 1, 8, 1]) @ _shift([0, 0, -z0]))  # 10 mm tall
    front = "slot side (-y)"
    assert checks.visibility(moved, asm, 12, opened=tuple(range(1, 13)))[front] < seen["all"][12][front] - 0.02
    assert checks.shortfalls(seen["alone"]) == []


def test_each_servo_sits_on_its_mount_and_each_led_carrier_fits_its_diffuser(meshes, asm):
    import trimesh
    bodies = dict(checks.place(meshes, asm))
    pushed = bodies["sg90 6"].copy()
    pushed.apply_translation([0, 0, -0.5])  # its tabs lie on the mount's pillars: any lower is inside them
    both = [("sg90 6", pushed), ("pillar_front 6", bodies["pillar_front 6"]), ("pillar_back 6", bodies["pillar_back 6"])]
    assert {a for pair in checks.collisions(both) for a in pair[:2]} >= {"pillar_front 6", "pillar_back 6"}, \
        "the servo's tabs do not reach both its pillars"
    # and each pillar stands on the top plate, its peg in its hole: any lower is inside the plate
    for name in ("pillar_front 6", "pillar_back 6"):
        assert not checks.collisions([(name, bodies[name]), ("top_plate", bodies["top_plate"])]), name
        sunk = bodies[name].copy().apply_translation([0, 0, -0.3])
        assert checks.collisions([(name, sunk), ("top_plate", bodies["top_plate"])]), f"{name} stands in the air"
    lid = params.Lid()
    x, y = lid.diffuser_xy()
    cx, cy, _ = lid.cells()[5]
    z = lid.top_plate_z()[1]
    carrier = trimesh.creation.cylinder(radius=10.0 / 2, height=2.0)  # WS2812B on a 10 mm round board
    carrier.apply_translation([cx + x, cy + y, z + 1.0])
    assert checks.collisions([("carrier", carrier), ("diffuser 6", bodies["diffuser 6"])]) == []
    bigger = trimesh.creation.cylinder(radius=12.0 / 2, height=2.0)
    bigger.apply_translation([cx + x, cy + y, z + 1.0])
    assert checks.collisions([("carrier", bigger), ("diffuser 6", bodies["diffuser 6"])]), "the check sees no cap"
