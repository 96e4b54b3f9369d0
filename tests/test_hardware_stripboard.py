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


# What fixes each polarised kind's way round, by the circuit's pin names: (footprint key, pin name).
MARKED_PIN = {"D_DO-41": "K", "D_DO-35": "K", "LED_D3.0mm": "K", "Buzzer": "+", "TO-220": "G", "TO-92": "E"}
EITHER_WAY = ("R_Axial", "C_Disc", "Fuse_", "L_1206", "NetTie", "TestPoint", "SW_PUSH")


@pytest.fixture(scope="module")
def pin_names():
    from hardware.schematics import circuit
    ckt = circuit.build(boards.load("pico_pca9685"))
    return {p.ref: {q.num: q.name for q in p.pins} for p in ckt.parts}


def test_every_polarised_part_shows_its_way_round_in_the_table_and_the_drawing(laid, pin_names):
    """Electrolytics (+, KiCad's pin 1), diodes and the LED (cathode), the buzzer (+), the FETs (gate), the
    transistor (emitter), the Pico, the ICs and the connectors (pin 1): a column of the parts table names the
    lead's hole, and the drawing marks that lead."""
    from hardware.schematics import stripboard_drawing
    board, _ = laid
    table = {row[0]: row for row in ([c.strip() for c in line.strip().strip("|").split("|")]
                                     for line in stripboard_drawing.text(board, "pico_pca9685").splitlines()
                                     if line.startswith("| ") and line.count(" | ") == 4)}  # the parts table
    marks = dict(re.findall(r'class="polarity" data-ref="([^"]+)" data-pin="([^"]+)"',
                            stripboard_drawing.svg(board, "x")))
    faults = []
    for ref, (_, fp) in board.comps.items():
        if any(k in fp for k in EITHER_WAY):
            continue
        key = next((k for k in MARKED_PIN if k in fp), None)
        pin = next(n for n, name in pin_names[ref].items() if name == MARKED_PIN[key]) if key else "1"
        holes = dict(board.geometry(ref, *board.place[ref])[0])
        hole = f"{holes[pin][0]}/{holes[pin][1]}"
        if not table[ref][4].endswith(f" at {hole}"):
            faults.append(f"{ref}: the table says {table[ref][4]!r}, its pin {pin} is at {hole}")
        if marks.get(ref) != pin:
            faults.append(f"{ref}: the drawing marks pin {marks.get(ref)}, not {pin}")
    assert faults == []


def _boxes(svg_text):
    """(labels, cut marks) of a stripboard drawing: boxes (x0, y0, x1, y1) from the SVG's own coordinates."""
    labels = []
    for cls, x, y, size, text in re.findall(r'<text class="(ref|polarity|linkno)"[^>]* x="([\d.]+)" y="([\d.]+)" '
                                            r'font-size="(\d+)"[^>]*>([^<]+)</text>', svg_text):
        x, y, size = float(x), float(y), float(size)
        half = len(text) * size * 0.3
        labels.append((text, (x - half, y - 0.75 * size, x + half, y + 0.15 * size)))
    cuts = [(float(x) - 0.5, float(y) - 0.5, float(x) + 8.5, float(y) + 8.5)
            for x, y in re.findall(r'<path class="cut" d="M([\d.]+),([\d.]+)', svg_text)]
    cuts += [(float(x) - 1.1, float(y0), float(x) + 1.1, float(y1))
             for x, y0, y1 in re.findall(r'<line class="cut" x1="([\d.]+)" y1="([\d.]+)" x2="[\d.]+" y2="([\d.]+)"',
                                         svg_text)]
    return labels, cuts


def _over(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_no_label_lies_under_a_cut_mark_or_another_label(laid):
    from hardware.schematics import stripboard_drawing
    for sheet in ("parts", "links"):
        labels, cuts = _boxes(stripboard_drawing.svg(laid[0], "x", sheet=sheet))
        assert len(cuts) == len(laid[0].cuts) and len(labels) > 100, sheet
        under = sorted({text for text, box in labels if any(_over(box, c) for c in cuts)})
        assert under == [], f"{sheet} sheet: labels under a cut mark"
        crowded = sorted({a for i, (a, box) in enumerate(labels) for b, other in labels[i + 1:] if _over(box, other)})
        assert crowded == [], f"{sheet} sheet: labels over each other"


def test_the_links_sheet_numbers_every_link_as_the_build_list_does(laid):
    from hardware.schematics import stripboard_drawing
    board = laid[0]
    drawn = re.findall(r'<path class="link" data-n="(\d+)" d="M([\d.]+),([\d.]+) Q[\d.,]+ ([\d.]+),([\d.]+)"',
                       stripboard_drawing.svg(board, "x", sheet="links"))
    rows = re.findall(r"^\| (\d+) \| (\d+)/(\d+) \| (\d+)/(\d+) \|", stripboard_drawing.text(board, "pico_pca9685"), re.M)
    assert len(drawn) == len(rows) == len(board.links)
    for (n, ax, ay, bx, by), (m, *holes) in zip(drawn, rows):
        a, b = stripboard_drawing._xy(int(holes[0]), int(holes[1])), stripboard_drawing._xy(int(holes[2]), int(holes[3]))
        assert n == m and (float(ax), float(ay)) == (round(a[0], 1), round(a[1], 1)) and \
            (float(bx), float(by)) == (round(b[0], 1), round(b[1], 1)), f"link {n}"


def test_each_link_is_thick_enough_for_its_nets_current(laid):
    """Every link row names its gauge; at its net's peak current (the power budget) the link drops at most
    10 mV, and a net carrying over 1 A (the servo current) is never on 22 AWG."""
    from hardware.schematics import power, stripboard_drawing
    board = laid[0]
    rows = power.budget(boards.load("pico_pca9685"))
    amps = {"+5V_SERVO": power.rail(rows, "servo"), "GND_SERVO": power.rail(rows, "servo"),
            "VIN_RAW": power.total(rows), "+5V_GUARDED": power.total(rows)}
    ohm_per_m = {22: 0.053, 20: 0.033, 18: 0.021}
    table = re.findall(r"^\| \d+ \| [\d/]+ \| [\d/]+ \| `([^`]+)` \| (\d+) mm \| (\d+) AWG \|$",
                       stripboard_drawing.text(board, "pico_pca9685"), re.M)
    assert len(table) == len(board.links)
    faults = []
    for net, mm, awg in table:
        current = amps.get(net, 1.0 if net in ("+5V", "GND") else 0.05)
        drop = current * ohm_per_m[int(awg)] * int(mm) / 1000
        if drop > 0.010 or (current > 1.0 and int(awg) > 20):
            faults.append(f"{net}: {mm} mm of {awg} AWG at {current:.2f} A drops {drop * 1000:.1f} mV")
    assert faults == []
    servo = [awg for net, _, awg in table if net in SERVO_NETS]
    assert servo and set(servo) == {"20"}, "the README's servo-current links are 20 AWG"


def test_the_build_list_gives_the_readmes_bus_wires(laid):
    """The build list's bus wires are the README's servo-current pieces, by net, strip and columns."""
    from hardware.schematics import stripboard_drawing
    listed = re.findall(r"^\| `([^`]+)` \| (\d+) \| (\d+)-(\d+) \| 18 AWG bare \|$",
                        stripboard_drawing.text(laid[0], "pico_pca9685"), re.M)
    readme = servo_wires((boards.ROOT / "hardware" / "README.md").read_text())
    assert sorted((n, int(y), int(a), int(b)) for n, y, a, b in listed) == \
        sorted((n, *piece) for n, (pieces, _) in readme.items() for piece in pieces)
    assert wire_faults(laid[0], {n: ([(int(y), int(a), int(b)) for m, y, a, b in listed if m == n], readme[n][1])
                                 for n in SERVO_NETS}) == []
