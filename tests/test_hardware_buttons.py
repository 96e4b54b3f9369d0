"""The control buttons' bodies under the bay lid clear the board, its parts and the bay lid's own mounts."""

import math

import pytest

from hardware.lid import buttons, model, params
from hardware.schematics import stripboard

NET = stripboard.__file__.rsplit("/", 1)[0] + "/pico_pca9685.net"


@pytest.fixture(scope="module")
def board():
    return stripboard.layout(open(NET).read())


def test_every_part_on_the_board_has_a_height(board):
    heights = {ref: stripboard.height(comp[1]) for ref, comp in board.comps.items()}
    assert heights["BZ1"] >= 9.5 and max(heights.values()) <= stripboard.TALLEST
    with pytest.raises(ValueError, match="no height"):
        stripboard.height("Package_QFP:LQFP-48")


def test_each_button_clears_the_parts_under_it(board):
    p = params.Lid()
    boxes = stripboard.part_boxes(board, p)
    assert len(buttons.envelope(p)) == p.bay.buttons == 5
    assert buttons.clashes(p, boxes) == []
    assert buttons.clearance(p, boxes) >= 1.0


def test_a_button_over_the_buzzer_is_seen(board):
    p = params.Lid()
    boxes = stripboard.part_boxes(board, p)
    buzzer = [b for what, b in boxes if what == "BZ1"]
    x = (min(b[0] for b in buzzer) + max(b[1] for b in buzzer)) / 2
    y = (min(b[2] for b in buzzer) + max(b[3] for b in buzzer)) / 2
    p.bay.button_places = [[x, y]] + p.bay.button_places[1:]
    assert any(what == "BZ1" for _, what, _ in buttons.clashes(p, boxes))
    p = params.Lid()
    p.bay.height -= 7.0  # the bay as shallow as before: the body reaches the 9 mm capacitors
    assert buttons.clashes(p, stripboard.part_boxes(board, p))


def test_a_button_deeper_than_the_bay_meets_the_board(board):
    p = params.Lid()
    p.bay.button_body = [13.0, p.bay.height]
    hits = buttons.clashes(p, [(w, b) for w, b in stripboard.part_boxes(board, p) if w == "board"])
    assert {n for n, _, _ in hits} == {1, 2, 3, 4, 5}


def test_buttons_clear_each_other_the_pillars_the_oled_hooks_and_the_walls():
    p = params.Lid()
    places = [(x, y, cyl[0][0]) for x, y, cyl in buttons.envelope(p)]  # the nut: the widest part
    for i, (xa, ya, r) in enumerate(places):
        for xb, yb, _ in places[i + 1:]:
            assert math.hypot(xb - xa, yb - ya) >= 2 * r + 1.0, "two nuts overlap: no room for a spanner"
    for x, y, _, _ in model.hold_down_pillars(p):
        assert all(math.hypot(bx - x, by - y) >= r + model.PILLAR_D / 2 + 0.3 for bx, by, r in places)
    assert buttons.on_the_display(p) == []
    (x0, x1), (_, y1) = p.outline()
    wall = p.lid.wall
    for bx, by, r in places:
        assert x0 + wall + 10 + r <= bx <= x1 - wall - 10 - r and p.seam() + wall + r <= by <= y1 - wall - r


def test_the_bom_display_fits_its_window_and_no_button_sits_on_it():
    from hardware.schematics import parts
    p = params.Lid()
    aw, ah = parts.DISPLAY.active_mm
    ow, oh = p.bay.oled_window
    gw, gh, _ = p.oled.glass
    assert aw < ow <= gw and ah < oh <= gh, "the window shows the whole lit area, and only glass"
    assert p.oled.pcb[0] >= gw and p.oled.pcb[1] >= gh
    p.bay.button_places[2] = [model.oled_place(p)[0] - p.oled.pcb[0] / 2 + 4.0, 217.0]  # a nut on the module
    assert [n for n, _ in buttons.on_the_display(p)] == [3]
    p = params.Lid()
    p.oled.pcb = [27.3, 27.8, 1.2]  # the 0.96 inch module's board
    p.bay.oled_x = 45.0  # where it hung, between roll and next
    p.bay.button_places = [[20.0, 213.0], [82.5, 213.0], [126.0, 213.0], [146.0, 213.0], [166.0, 213.0]]
    assert buttons.on_the_display(p) == []
    p.oled.pcb, p.oled.glass = params.Lid().oled.pcb, params.Lid().oled.glass  # the 2.42 inch there: roll and next
    assert [n for n, _ in buttons.on_the_display(p)] == [1, 2]


def test_the_bom_asks_for_a_button_no_deeper_than_the_model_allows():
    from hardware.schematics import sourcing
    depth = params.Lid().bay.button_body[1]
    assert f"at most {depth:g} mm deep" in sourcing.BY_KIND["panel_button"][2]
