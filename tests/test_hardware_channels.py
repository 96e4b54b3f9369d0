"""Cable grooves, clips and exits in the lid, and the mounts for the OLED and the board (from the meshes)."""

import numpy as np
import pytest
import trimesh

from hardware.lid import channels, checks, exploded, model, params, routing
from hardware.schematics import stripboard
from tests.test_hardware_lid import asm, meshes  # noqa: F401 (the lid's meshes and assembly, as fixtures)


def test_every_lead_has_a_path_from_its_part_to_the_bay(meshes, asm):
    lay = routing.layout()
    assert sorted(lay["servo"]) == list(range(1, 13)) and len(lay["led"]) == 12
    assert channels.path_problems(meshes, asm, lay=lay) == []


def test_the_path_check_sees_a_lead_with_no_groove(meshes, asm):
    lay = routing.layout()
    lay["servo"][6] = [pt if k < 3 else (pt[0] - 8.0, pt[1], pt[2]) for k, pt in enumerate(lay["servo"][6])]
    assert any(p.startswith("servo lead 6") and p.endswith("through lid") for p in channels.path_problems(meshes, asm, lay=lay))


def test_each_groove_holds_its_leads_and_none_is_in_a_sweep_a_window_or_a_part(meshes, asm):
    assert channels.window_crossings() == []
    assert channels.lead_collisions(meshes, asm) == []


def test_a_lead_thicker_or_wider_than_its_groove_is_seen(meshes, asm):
    p = params.Lid()
    p.cables.side_clearance = -0.3  # leads 0.6 mm wider than the grooves cut in the mesh
    wide = channels.lead_collisions(meshes, asm, channels.lead_bodies(p))
    assert any(b == "lid" for _, b, _ in wide)
    p = params.Lid()
    p.cables.servo_lead = [3.4, 3.5]  # a round lead: stands 1.5 mm out of the groove, into the top plate's ribs
    thick = channels.lead_collisions(meshes, asm, channels.lead_bodies(p))
    assert any(b == "top_plate" for _, b, _ in thick), thick[:3]
    p = params.Lid()
    p.cables.led_lead = [4.2, 3.0]  # the LED chain 1.0 mm proud of its grooves: into the shutters' slide
    proud = channels.lead_collisions(meshes, asm, channels.lead_bodies(p))
    assert any(b.startswith(("shutter", "slide sweep")) for _, b, _ in proud), proud[:3]


def test_the_window_check_sees_a_groove_across_a_window():
    p = params.Lid()
    lay = routing.layout(p)
    x0, x1, y0, y1 = lay["grooves"][0][0]
    lay["grooves"].append(((x0 - 8.0, x1, y0, y1), "servo", 1, True))  # into window 11's opening
    assert channels.window_crossings(p, lay)


def test_grooves_carry_leads_side_by_side_and_clips_hold_them(meshes, asm):
    p = params.Lid()
    lay = routing.layout(p)
    for (x0, x1, y0, y1), kind, n, _ in lay["grooves"]:
        lead = p.cables.servo_lead if kind == "servo" else p.cables.led_lead
        across = x1 - x0 if kind == "servo" else min(x1 - x0, y1 - y0)  # servo grooves run along y
        assert across >= n * lead[0] + 0.6 and p.cables.groove_depth >= lead[1] + 0.5, (x0, y0, kind, n)
    clips = routing.clips(p, lay["grooves"])
    assert clips
    ribs_over = _under_a_rib(p)
    for (x0, x1, y0, y1), kind, n, clip_ok in lay["grooves"]:
        length = max(x1 - x0, y1 - y0)
        if clip_ok and length > p.cables.clip_every + 12:
            at = sorted(c[2] for c in clips if c[0] == (x0, x1, y0, y1))
            lo, hi = (x0, x1) if x1 - x0 > y1 - y0 else (y0, y1)
            ends = [lo] + at + [hi]
            for a, b in zip(ends, ends[1:]):
                # a longer stretch without a clip lies under a rib of the top plate, which holds its leads
                if b - a > p.cables.clip_every + 12:
                    line = [((x0 + x1) / 2, y) if x1 - x0 < y1 - y0 else (x, (y0 + y1) / 2)
                            for x, y in [(v, v) for v in np.arange(a, b, 1.0)]]
                    loose = [pt for pt in line if not ribs_over(*pt)]
                    assert not loose, ((x0, y0), kind, at, f"{len(loose)} mm neither clipped nor under a rib")
    assert channels.clip_problems(meshes, asm, p, lay) == []
    lid = dict(checks.place(meshes, asm))["lid"]
    (x0, x1, y0, y1), along, at = clips[0]
    mid = ((x0 + x1) / 2, at) if along == "y" else (at, (y0 + y1) / 2)
    gap = trimesh.creation.box(bounds=[(mid[0] - 0.1, mid[1] - 0.1, -0.25), (mid[0] + 0.1, mid[1] + 0.1, -0.05)])
    assert channels._inside(gap, {"lid": lid}) == [], "a clip closes its groove: no lead gets in"


def _under_a_rib(p):
    """(x, y) -> is the top plate's underside within 1 mm of the lid there (a rib between two channels)?"""
    channels_ = [model.channel(p, cx) for cx in sorted({cx for cx, _, _ in p.cells()})]
    (ox0, ox1), (oy0, _) = p.outline()
    return lambda x, y: ox0 < x < ox1 and oy0 < y < p.seam() and not any(
        a <= x <= b and c <= y <= d for a, b, c, d in channels_)


def test_a_stretch_neither_clipped_nor_under_a_rib_is_seen():
    p = params.Lid()
    under = _under_a_rib(p)
    cx, cy, _ = p.cells()[0]
    assert under(cx + 24.0, cy) and not under(cx, cy), "a column gap has a rib, a window's column has a channel"


def test_the_clip_check_sees_a_clip_with_no_lip_in_the_lid(meshes, asm):
    p = params.Lid()
    lay = routing.layout(p)
    real = routing.clips
    try:
        cx, cy, _ = p.cells()[9]
        left = routing.column_left(p, cx)
        y0, y1 = cy + 10, cy + 40
        nowhere = ((left - 20.0, left - 12.0, y0, y1), "y", (y0 + y1) / 2)  # beside the groove: no lip was cut
        routing.clips = lambda p_, g: [nowhere]
        assert any("no lip" in s for s in channels.clip_problems(meshes, asm, p, lay))
    finally:
        routing.clips = real


def _box(bounds):
    return trimesh.creation.box(bounds=bounds)


def test_the_oled_hangs_in_its_hooks_under_its_window(meshes, asm):
    p = params.Lid()
    bodies = dict(checks.place(meshes, asm))
    oled, lid = bodies["oled"], bodies["bay_lid"]
    assert checks.collisions([("oled", oled), ("bay_lid", lid)]) == []
    for dz, what in ((0.4, "the glass lies against the lid"), (-0.4, "the hooks' lips hold the PCB")):
        moved = oled.copy().apply_translation([0, 0, dz])
        assert checks.collisions([("oled", moved), ("bay_lid", lid)]), what
    ow, oh = p.bay.oled_window
    gw, gh, _ = p.oled.glass
    assert ow <= gw and oh <= gh, "the window is larger than the glass behind it"
    board = stripboard.in_bay(p)["board"]
    parts = _box([(board[0], board[2], board[4]), (board[1], board[3], board[5] + stripboard.TALLEST)])
    assert checks.collisions([("oled", oled), ("board and its parts", parts)]) == []
    gap = oled.bounds[0][2] - (board[5] + stripboard.TALLEST)
    assert gap >= 0.5, f"the OLED's back {gap:.1f} mm over the board's tallest parts"
    lower = oled.copy().apply_translation([0, 0, -gap - 0.5])
    assert checks.collisions([("oled", lower), ("board and its parts", parts)]), "the check sees no board"


def test_the_bay_lid_pillars_hold_the_board_on_its_pads_clear_of_its_parts():
    p = params.Lid()
    board = stripboard.in_bay(p)
    net = (stripboard.__file__.rsplit('/', 1)[0] + '/pico_pca9685.net')
    layout = stripboard.layout(open(net).read())
    pillars = model.hold_down_pillars(p)
    assert len(pillars) == len(board["pads"]) == 4
    for (x, y, z0, z1), (px, py), (hx, hy) in zip(pillars, board["pads"], stripboard.PADS):
        assert (x, y) == (px, py), "a pillar is not over its pad"
        assert z0 - board["board"][5] == pytest.approx(model.PILLAR_GAP) and model.PILLAR_GAP <= 0.3
        under = {(hx + i, hy + j) for i in (0, 1) for j in (0, 1)}
        taken = under & (set(layout.body) | set(layout.pins) | {h for a, b, _ in layout.links for h in (a, b)})
        assert not taken, f"the pillar at {(hx, hy)} presses on {sorted(taken)}"
    assert model.PILLAR_D <= 2 * stripboard.PITCH - 0.5, "a pillar wider than the two holes it stands on"


def test_mounts_are_put_together_in_an_order_that_reaches_them():
    order = {p: n for n, (_, parts, _, _) in enumerate(exploded.STEPS) for p in parts}
    assert order["oled"] == order["bay_lid"] > order["board"], "the OLED clips in before the bay lid closes over the board"
    assert order["sg90"] < order["lid"] < order["shutter"], \
        "the servos' leads are laid in the lid's grooves before the shutters and the top plate cover them"


NOZZLE_WALL = 1.2  # three 0.4 mm perimeters


def test_screw_holes_have_printable_sizes_and_walls():
    p = params.Lid()
    assert 2.2 <= 2 * model.SWITCH_HOLE <= 2.6, "M2 clearance hole (the switch's screws)"
    assert 2.3 <= 2 * model.FRAME_SCREW <= 2.8, "ST2.2 clearance hole (the frame's ends)"
    assert 1.6 <= 2 * model.FRAME_PILOT <= 2.0, "pilot hole an ST2.2 can cut its thread in"
    assert 2 * (model.FRAME_SCREW + model.SINK_DEPTH) >= 3.8, "an ST2.2 countersunk head (3.8 mm) in its countersink"
    assert (model.FRAME_END - 2 * model.FRAME_PILOT) / 2 >= NOZZLE_WALL, "wall round the frame's pilot holes"
    assert p.switch.frame_wall >= NOZZLE_WALL
    assert p.lid.thickness - p.cables.groove_depth >= 1.0, "lid left under a groove"
    assert model.HOOK[0] >= NOZZLE_WALL and model.PILLAR_D >= 2 * NOZZLE_WALL
    frame = model.switch_frame(p)
    bb = frame.bounding_box()
    assert bb.size.Y == pytest.approx(p.switch.body[0] + 0.4 + 2 * model.FRAME_END)
    x0, x1, y0, y1 = model._switch_box(p)
    for x, y in model.frame_screws(p):  # each screw in the middle of its end, off the switch and its opening
        assert abs(abs(y - (y0 + y1) / 2) - (p.switch.body[0] / 2 + 0.2 + model.FRAME_END / 2)) < 1e-9
        assert not y0 - model.FRAME_SCREW - model.SINK_DEPTH < y < y1 + model.FRAME_SCREW + model.SINK_DEPTH


def test_the_switch_sits_in_its_frame_under_the_tray(meshes, asm):
    bodies = dict(checks.place(meshes, asm))
    frame, switch, base = bodies["switch_frame"], bodies["card_switch"], bodies["base"]
    assert checks.collisions([("frame", frame), ("switch", switch), ("base", base)]) == []
    for shift, what in (([0, 0, 0.5], "the frame lies against the tray"), ([3.5, 0, 0], "the frame's walls hold the switch")):
        moved = frame.copy().apply_translation(shift)
        assert checks.collisions([("frame", moved), ("switch", switch), ("base", base)]), what
