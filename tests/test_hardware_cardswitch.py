"""The card switch trips with margin (hardware/lid/cardswitch.py): heights measured on the exported meshes,
judged by the switch's data-sheet figures (params.toml [switch], the BOM's line)."""
import numpy as np
import pytest

from hardware.lid import cardswitch, checks, params
from hardware.schematics import sourcing


@pytest.fixture(scope="module")
def bodies():
    asm = checks.load_assembly()
    meshes = checks.load_meshes({"base", "lid", "card_switch", "lever"})  # each placed at offset 0
    return asm, meshes


def _first_hit(mesh, x, y, z, up):
    """z where a vertical ray from (x, y, z) first meets `mesh`: the faces over (x, y), by barycentrics."""
    t = mesh.triangles
    a, b, c = t[:, 0], t[:, 1], t[:, 2]
    det = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (c[:, 0] - a[:, 0]) * (b[:, 1] - a[:, 1])
    ok = np.abs(det) > 1e-12
    a, b, c, det = a[ok], b[ok], c[ok], det[ok]
    u = ((x - a[:, 0]) * (c[:, 1] - a[:, 1]) - (c[:, 0] - a[:, 0]) * (y - a[:, 1])) / det
    v = ((b[:, 0] - a[:, 0]) * (y - a[:, 1]) - (x - a[:, 0]) * (b[:, 1] - a[:, 1])) / det
    inside = (u >= 0) & (v >= 0) & (u + v <= 1)
    zs = (a[:, 2] + u * (b[:, 2] - a[:, 2]) + v * (c[:, 2] - a[:, 2]))[inside]
    zs = zs[zs > z] if up else zs[zs < z]
    return zs.min() if up else zs.max()


def test_a_card_trips_the_switch_with_margin_and_an_empty_slot_releases_it(bodies):
    asm, b = bodies
    p = params.Lid()
    lever = b["lever"].bounds
    x, y = lever[:, 0].mean(), lever[:, 1].mean()
    pad = _first_hit(b["base"], x + p.switch.lever[0], y, 5.0, up=False)  # beside the switch's opening
    ceiling = _first_hit(b["lid"], x + p.switch.lever[0] + 2.0, y, -10.0, up=True)  # beside the recess
    roof = _first_hit(b["lid"], x, y, -10.0, up=True)
    hole = b["card_switch"].bounds[1][2] - p.switch.holes[1]
    t = cardswitch.travel(p, pad, ceiling - p.card.thickness, roof, hole)
    assert cardswitch.problems(p, t) == []
    assert t.least >= p.switch.margin and t.most <= p.switch.overtravel and t.released >= 0
    assert t.least == pytest.approx(cardswitch.travel(p).least, abs=0.02), "the meshes are not the model's"
    assert lever[1][2] == pytest.approx(pad, abs=0.02), "the lever drawn where the card holds it"


def test_the_released_lever_rises_into_its_recess_and_no_further(bodies):
    asm, b = bodies
    up = b["lever"].copy().apply_translation([0, 0, asm["lever_rise"] - 0.05])
    assert checks.collisions([("lever", up), ("lid", b["lid"])]) == []
    up.apply_translation([0, 0, 0.5])
    assert checks.collisions([("lever", up), ("lid", b["lid"])]), "the recess has no roof"


def test_the_check_sees_a_loose_card_a_low_roof_and_a_switch_that_is_pressed_too_far():
    p = params.Lid()
    low, high = cardswitch.pressed(p)
    t = cardswitch.travel(p, low - cardswitch.pad_height(p), high)  # no pad: a card flat on the slot's floor
    assert any("overtravel" in w for w in cardswitch.problems(p, t))
    t = cardswitch.travel(p, roof=cardswitch.roof_z(p) - 0.5)
    assert any("reads a card" in w for w in cardswitch.problems(p, t))
    t = cardswitch.travel(p, low + 0.6, high + 0.6)  # the old slot: the lid 1.2 mm over the floor, no pad
    assert any("past its operating point" in w for w in cardswitch.problems(p, t))


def test_the_bom_names_the_figures_the_lid_is_built_for():
    s = params.Lid().switch
    rating = sourcing.BY_KIND["lever_switch"][2]
    op, tol = s.operating_position
    assert f"OP {op:g} +- {tol:g} mm, OT {s.overtravel:g} mm min, MD {s.differential:g} mm max" in rating
    assert np.isclose(cardswitch.pressed(params.Lid())[1] - cardswitch.pressed(params.Lid())[0], s.hold_gap)
