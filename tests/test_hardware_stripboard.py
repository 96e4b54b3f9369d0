"""The stripboard layout of the default board: checked back against the netlist, and it fits the bay."""

import copy
import re

import pytest

from hardware.lid.params import Lid
from hardware.schematics import boards, stripboard

NETLIST = boards.ROOT / "hardware" / "schematics" / "pico_pca9685.net"


@pytest.fixture(scope="module")
def laid():
    text = NETLIST.read_text()
    return stripboard.layout(text), stripboard.on_board(text)[1]


def test_layout_connects_every_net_and_shorts_none(laid):
    board, nets = laid
    assert stripboard.check(board, nets) == []
    assert len(board.place) == len(board.comps) > 100


def test_every_cut_is_needed(laid):
    """Leave out any one cut and two nets meet on a strip."""
    board, nets = laid
    for cut in board.cuts:
        broken = copy.copy(board)
        broken.cuts = [c for c in board.cuts if c != cut]
        assert any("shorted" in f or "touches" in f for f in stripboard.check(broken, nets)), f"cut {cut}"


def test_every_link_is_needed(laid):
    """Leave out any one link and its net falls apart."""
    board, nets = laid
    for link in board.links:
        broken = copy.copy(board)
        broken.links = [l for l in board.links if l != link]
        faults = stripboard.check(broken, nets)
        assert any(f.startswith(f"{link[2]} is open") for f in faults), f"link {link}: {faults}"


def test_a_link_into_a_pins_hole_is_refused(laid):
    board, nets = laid
    broken = copy.copy(board)
    pin_hole = next(iter(board.pins))
    broken.links = board.links + [(pin_hole, (0, 0), "x")]
    assert any("takes" in f for f in stripboard.check(broken, nets))


def test_a_part_missing_from_the_board_is_found(laid):
    board, nets = laid
    broken = copy.copy(board)
    broken.pins = {h: v for h, v in board.pins.items() if v[0] != "R7"}
    faults = stripboard.check(broken, nets)
    assert "R7.1 is not on the board" in faults and "R7.2 is not on the board" in faults


def test_board_fits_between_the_bay_posts_with_the_usb_at_its_hole():
    lid = Lid()
    at = stripboard.in_bay(lid)
    x0, x1, y0, y1, z0, _ = at["board"]
    (bx0, bx1), (_, by1) = lid.outline()
    wall = lid.lid.wall
    # The bay's corner posts are 10 mm wide at each end of the inside (hardware/lid/model.py).
    assert bx0 + wall + 10 < x0 and x1 < bx1 - wall - 10, f"board {x0:.1f}..{x1:.1f} hits a post"
    assert lid.seam() + wall < y0 and y1 < by1 - wall
    usb_x, usb_z = at["usb"]
    hole_w, hole_h = lid.bay.usb
    hole_z = -lid.lid.thickness - lid.bay.height / 2
    w, h = stripboard.USB_SIZE
    assert abs(usb_x - lid.card.width * 0.6) + w / 2 <= hole_w / 2 - 1
    assert abs(usb_z - hole_z) + h / 2 <= hole_h / 2 - 0.5, f"USB plug at z {usb_z:.1f}, hole at {hole_z:.1f}"


def test_board_and_its_tallest_parts_clear_the_bay_mesh():
    """The board with 20 mm of parts on it (the 1000 uF capacitors, the socketed Pico) overlaps no wall,
    post or floor of the printed bay."""
    import trimesh

    from hardware.lid import checks

    bay = checks.load_meshes(["bay"])["bay"]
    x0, x1, y0, y1, z0, z1 = stripboard.in_bay(Lid())["board"]
    envelope = trimesh.creation.box(bounds=[(x0, y0, z0), (x1, y1, z1 + stripboard.TALLEST)])
    assert checks.collisions([("board", envelope), ("bay", bay)]) == []
    moved = trimesh.creation.box(bounds=[(x0 - 3, y0, z0), (x1 - 3, y1, z1 + stripboard.TALLEST)])
    assert checks.collisions([("board", moved), ("bay", bay)]), "the check cannot see a post"


def test_unknown_footprint_is_named():
    with pytest.raises(ValueError, match="no grid footprint for 'Foo:Bar'"):
        stripboard.footprint("Foo:Bar")


def test_a_link_into_a_drilled_cut_is_refused(laid):
    board, nets = laid
    broken = copy.copy(board)
    drilled = next(c for c in board.cuts if c[0] == int(c[0]))
    broken.links = board.links + [(drilled, (0, 0), "x")]
    assert any(f.startswith(f"cut at {drilled}") for f in stripboard.check(broken, nets))


def test_readme_figures_are_the_layouts(laid):
    board, _ = laid
    knife = sum(1 for x, _ in board.cuts if x != int(x))
    text = " ".join((boards.ROOT / "hardware" / "README.md").read_text().split())
    assert (f"{len(board.cuts)} cuts ({len(board.cuts) - knife} drilled, {knife} with a knife between holes) "
            f"and {len(board.links)} links") in text


def test_the_board_rests_on_the_bays_pads_where_it_has_no_leads(laid):
    """Each pad under the board is printed in the bay, reaches the board's underside, and lies under holes
    that carry no lead or link (a solder joint there would tip the board)."""
    import trimesh

    from hardware.lid import checks

    board, _ = laid
    ends = {h for a, b, _ in board.links for h in (a, b)}
    assert not stripboard.PAD_HOLES & (set(board.pins) | ends)
    bay = checks._manifold(checks.load_meshes(["bay"])["bay"])
    at = stripboard.in_bay(Lid())
    z0 = at["board"][4]
    for px, py in at["pads"]:
        probe = trimesh.creation.box(bounds=[(px - 1, py - 1, at["floor"] + 0.1), (px + 1, py + 1, z0 - 0.05)])
        solid = (checks._manifold(probe) ^ bay).volume()
        assert solid > 0.95 * probe.volume, f"no pad at ({px:.1f}, {py:.1f}) under the board"
        above = trimesh.creation.box(bounds=[(px - 1, py - 1, z0 + 0.05), (px + 1, py + 1, z0 + 1)])
        assert (checks._manifold(above) ^ bay).volume() < 0.01, "a pad stands into the board"


SERVO_NETS = ("+5V_SERVO", "GND_SERVO")


def servo_wires(text):
    """{net: ([(strip, x0, x1)], [((x, y), (x, y))])} from the README's list of servo-current wires."""
    out = {}
    for net, body in re.findall(r"^- `([^`]+)`: (strip .*?)(?=\n- |\n\n)", text, re.M | re.S):
        pieces = [tuple(int(v) for v in m) for m in re.findall(r"strip (\d+), columns (\d+)-(\d+)", body)]
        links = [((int(a), int(b)), (int(c), int(d))) for a, b, c, d in re.findall(r"link (\d+)/(\d+)-(\d+)/(\d+)", body)]
        out[net] = (pieces, links)
    return out


def wire_faults(board, wires):
    segs = board.segments()
    faults = []
    for net, (pieces, links) in wires.items():
        for y, x0, x1 in pieces:
            if not any(n == net and sy == y and a <= x0 and x1 <= b for n, sy, a, b in segs):
                faults.append(f"{net}: strip {y}, columns {x0}-{x1} is not on one piece of {net}")
        have = {frozenset((a, b)) for a, b, n in board.links if n == net}
        for a, b in links:
            if frozenset((a, b)) not in have:
                faults.append(f"{net}: no link {a}-{b} of {net} in the layout")
    for n, y, a, b in segs:
        if n in SERVO_NETS and y <= 1 and (y, a, b) not in wires.get(n, ([], []))[0]:
            faults.append(f"{n}: strip {y}, columns {a}-{b} carries servo current and has no wire")
    for a, b, n in board.links:
        if n in SERVO_NETS and [a, b] not in [list(lk) for lk in wires.get(n, ([], []))[1]] and \
                [b, a] not in [list(lk) for lk in wires.get(n, ([], []))[1]]:
            faults.append(f"{n}: link {a}-{b} is not listed with its gauge")
    return faults


def test_each_servo_wire_and_link_lies_on_one_piece_of_its_net(laid):
    wires = servo_wires((boards.ROOT / "hardware" / "README.md").read_text())
    assert set(wires) == set(SERVO_NETS)
    assert wire_faults(laid[0], wires) == []


def test_a_wire_along_a_whole_strip_is_refused(laid):
    wires = servo_wires((boards.ROOT / "hardware" / "README.md").read_text())
    pieces, links = wires["+5V_SERVO"]
    wires["+5V_SERVO"] = ([(1, 0, 69)] + pieces[1:], links)  # the old "18 AWG along strip 1"
    assert any("columns 0-69 is not on one piece" in f for f in wire_faults(laid[0], wires))
    wires["+5V_SERVO"] = (pieces, links[1:])
    assert any("is not listed with its gauge" in f for f in wire_faults(laid[0], wires))
