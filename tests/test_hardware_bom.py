"""The BOM is everything a maker buys: each wire gauge the guides name, the
Pico's own header pins, the stripboard at the layout's size, and as many
servo extension leads as the cable runs need."""
import csv
import re
from pathlib import Path

import pytest

from hardware.lid import cables
from hardware.schematics import stripboard

ROOT = Path(__file__).resolve().parents[1]
BOM = ROOT / "hardware" / "schematics" / "pico_pca9685_bom.csv"
GUIDES = ["hardware/README.md", "docs/hardware_assembly.md", "hardware/stripboard_pico_pca9685.md"]


def rows():
    with BOM.open() as f:
        return list(csv.DictReader(f))


def text(row):
    return " ".join(row[k] for k in ("Description", "Rating", "Search"))


def test_every_wire_gauge_the_guides_name_is_bought():
    bought = {int(g) for r in rows() for g in re.findall(r"(\d+) AWG", text(r))}
    named = {}
    for rel in GUIDES:
        for m in re.finditer(r"\b(\d+)(?:-\d+)? AWG", (ROOT / rel).read_text()):
            named.setdefault(int(m.group(1)), rel)  # "18-20 AWG": the first is the one bought
    missing = {g: where for g, where in named.items() if g not in bought}
    assert not missing, f"gauges the guides use that the BOM lacks: {missing}"


def test_the_pico_gets_its_own_pins_and_the_board_its_stripboard():
    pico_pins = [r for r in rows() if "male header 1 x 20" in r["Description"] and "Pico" in r["Description"]]
    assert pico_pins and sum(int(r["Quantity"]) for r in pico_pins) >= 2, "no 2 x 20 male pins for the Pico"
    board = [r for r in rows() if r["Description"].startswith("stripboard")]
    assert board, "the BOM has no stripboard"
    assert f"{stripboard.COLS} x {stripboard.ROWS} holes" in board[0]["Description"]


def test_servo_extension_leads_are_the_runs_longer_than_the_sg90s_lead():
    need = sum(1 for mm in cables.servo_runs().values() if mm > cables.SG90_LEAD)
    ext = [r for r in rows() if r["Description"].startswith("servo extension lead")]
    assert len(ext) == 1 and int(ext[0]["Quantity"]) == need
    assert 0 < need <= 12  # every lead runs forward over its servo first: all 12 may need one


BOARDS = ["pico_pca9685", "pico_direct_pwm", "pico_epaper", "pico_pca9685_breakout"]


def board_rows(name):
    with (ROOT / "hardware" / "schematics" / f"{name}_bom.csv").open() as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("name", BOARDS)
def test_every_board_buys_the_seat_lights_and_the_legible_oled(name):
    from hardware.schematics import parts
    got = board_rows(name)
    leds = [r for r in got if r["Value"] == "WS2812B"]
    assert len(leds) == 1 and leds[0]["Quantity"] == "18"  # 12 windows, then 6 seats
    for seat in range(1, 7):
        assert f"beside seat {seat}'s button" in leds[0]["Description"]
    cable = [r for r in got if r["Description"].startswith("3-core cable for the seat lights")]
    assert len(cable) == 1 and int(cable[0]["Quantity"]) >= 6  # metres: a hop from seat to seat
    oled = [r for r in got if r["Description"].startswith("OLED module")]
    assert [r["Description"] for r in oled] == [parts.DISPLAY.bom]
    assert "2.42 inch" in parts.DISPLAY.bom and "SSD1309" in parts.DISPLAY.bom


@pytest.mark.parametrize("name", BOARDS)
def test_the_netlist_chains_the_seat_lights_after_the_windows(name):
    """Each seat's LED in the netlist, its DIN on the DOUT of the LED before it: LED 13 (seat 1's)
    after window 12's, and so on."""
    net = (ROOT / "hardware" / "schematics" / f"{name}.net").read_text()
    refs = re.findall(r'\(ref "(D\d+)"\)\s*\(value "WS2812B"\)\s*\(description "([^"]*)"\)', net)
    where = [d for _, d in sorted(refs, key=lambda r: int(r[0][1:]))]  # in chain order
    assert len(where) == 18, where
    assert all("under a window" in d for d in where[:12])
    assert [d.split("beside ")[1] for d in where[12:]] == [f"seat {k}'s button" for k in range(1, 7)]
    for k in range(13, 19):  # the chain's nets, PIXEL_DIN13..18: a DOUT and a DIN each
        block = re.search(r'\(name "PIXEL_DIN%d"\)(.*?)(?=\(net\s|\Z)' % k, net, re.S)
        assert block, f"no net PIXEL_DIN{k}"
        kinds = sorted(re.findall(r'\(pintype "(\w+)"\)', block.group(1)))
        assert kinds == ["INPUT", "OUTPUT"], (k, kinds)  # one LED's DOUT to the next one's DIN


def test_the_display_figures_give_the_text_height_a_chair_needs():
    """parts.DISPLAY, the BOM's panel, is what the bench measures glyphs by: 9 pixel rows reach the
    3.5 mm read from a chair on the 2.42 inch panel; the 0.96 inch one needs 21."""
    from hardware.schematics import boards, parts, power
    big, small = parts.DISPLAYS["ssd1309"], parts.DISPLAYS["ssd1306"]
    assert parts.DISPLAY is big and parts.display(boards.load("pico_pca9685")) is big
    assert round(big.pitch_mm[1], 3) == 0.430 and round(small.pitch_mm[1], 3) == 0.170
    assert big.text_mm(8) < 3.5 <= big.text_mm(9)
    assert small.text_mm(20) < 3.5 <= small.text_mm(21)
    rows = dict((load, amps) for _, load, amps in power.budget(boards.load("pico_pca9685")))
    assert rows["SSD1309 OLED"] == big.current_a


GUIDES_ALL = GUIDES + ["docs/hardware_print.md", "hardware/lid/params.toml", "README.md"]
# A tool a guide's words call for -> the words its BOM line (placement "tool") must have.
TOOL_WORDS = {r"soldering iron|\bsolder\b": "soldering iron", r"heat-set insert": "heat-set insert tip",
              r"\bcut(s|ting)?\b.*strip|strips?' cuts|\bcuts\b": "track cutter", r"\bknife\b": "knife",
              r"\bdrill": "drill bit", r"\bcrimp": "crimp tool", r"bench supply|current limit": "bench power supply",
              r"\bmultimeter|\bmeter\b": "multimeter", r"heat-shrink": "heat gun", r"\bglue\b": "glue gun",
              r"calipers": "calipers", r"PrusaSlicer|\bprint\b": "3D printer", r"mpremote|over USB": "USB cable",
              r"\bscrews?\b": "screwdrivers", r"\bstrip(ped)?\b|\bwire\b": "wire stripper"}


def guide_text():
    return "\n".join((ROOT / rel).read_text() for rel in GUIDES_ALL)


def test_every_tool_the_guides_call_for_is_on_the_tools_list():
    tools = " ".join(r["Description"] for r in rows() if r["Placement"] == "tool")
    text = guide_text()
    missing = [need for words, need in TOOL_WORDS.items() if re.search(words, text) and need not in tools]
    assert not missing, f"the guides call for tools the BOM's tools list lacks: {missing}"
    assert sum(1 for words in TOOL_WORDS if re.search(words, text)) >= 12  # the guides name these at all


def test_every_fastener_size_the_assembly_guide_names_is_bought():
    guide = (ROOT / "docs" / "hardware_assembly.md").read_text()
    named = {f"{a} x {b}" for a, b in re.findall(r"\b(M\d|ST\d\.\d|\d\.\d) × (\d+(?:\.\d)?)\b", guide)}
    bought = " ".join(text(r) for r in rows())
    assert named and not {n for n in named if n not in bought}, f"named, not bought: {named}"


def test_every_printed_part_is_a_bom_line_with_the_print_guides_copies():
    from hardware.lid import printing
    got = {r["Search"].rsplit("/", 1)[-1][:-4]: int(r["Quantity"]) for r in rows() if r["Placement"] == "printed"}
    assert got == {name: copies for name, (copies, _) in printing.GUIDE.items()}
    table = re.findall(r"^\| `(\w+)` \| (\d+) \|", (ROOT / "docs" / "hardware_print.md").read_text(), re.M)
    assert {n: int(c) for n, c in table} == got, "the print guide and the BOM disagree on the printed parts"


def test_the_stripboard_is_cut_from_a_stock_board_it_fits():
    board = next(r for r in rows() if r["Description"].startswith("stripboard"))
    m = re.search(r"from a ([0-9.]+) x ([0-9.]+) mm board \((\d+) strips of (\d+) holes\)", board["Description"])
    assert m, board["Description"]
    width, length, strips, holes = float(m.group(1)), float(m.group(2)), int(m.group(3)), int(m.group(4))
    assert strips >= stripboard.ROWS and holes >= stripboard.COLS
    assert holes * stripboard.PITCH <= length and strips * stripboard.PITCH <= width


def test_the_seat_pods_parts_are_bought():
    from hardware.lid import pod
    got = {r["Description"]: int(r["Quantity"]) for r in rows()}
    ties = next(q for d, q in got.items() if d.startswith("cable tie"))
    assert ties >= 1 + pod.SEATS, "a cable tie at the bay's anchor and one in each pod"
    buttons = [r for r in rows() if r["Value"] == "panel button 12 mm"]
    assert buttons and "seat button" in buttons[0]["Description"]
    assert any(d.startswith("heat-shrink") for d in got), "no heat-shrink for the buttons' joints"
    assert any("2.2 x 6.5" in r["Rating"] and int(r["Quantity"]) == 4 * pod.SEATS for r in rows())


def metres(words):
    row = next(r for r in rows() if r["Description"].startswith(words))
    assert row["Rating"] == "metres", row
    return int(row["Quantity"])


def test_the_bom_has_the_boards_wire_by_gauge_and_length():
    """The bare 18 AWG along the servo-current strips and their 20 AWG links (the README's list), and
    the layout's other links in 22 AWG: each bought with a fifth to spare for the bends and the ends."""
    from tests.test_hardware_stripboard import NETLIST, SERVO_NETS, servo_wires
    wires = servo_wires((ROOT / "hardware" / "README.md").read_text())
    along = sum(x1 - x0 for pieces, _ in wires.values() for _, x0, x1 in pieces) * stripboard.PITCH / 1000
    heavy = {frozenset(lk) for _, links in wires.values() for lk in links}
    board = stripboard.layout(NETLIST.read_text())
    span = [(abs(a[0] - b[0]) + abs(a[1] - b[1])) * stripboard.PITCH / 1000 + 0.01 for a, b, _ in board.links]
    thick = sum(s for s, (a, b, n) in zip(span, board.links) if n in SERVO_NETS and frozenset((a, b)) in heavy)
    thin = sum(span) - thick
    assert along > 0.2 and thick > 0 and thin > 2.0  # the figures are the layout's
    assert metres("wire 18 AWG solid") >= 1.2 * along
    assert metres("wire 20 AWG solid") >= 1.2 * thick
    assert metres("wire 22 AWG solid") >= 1.2 * thin


def test_the_glue_for_the_yokes_and_the_pillars_is_bought():
    """One CA glue line for the parts glued on in the assembly guide: a yoke on each post, two pillars under
    each servo, as many as the print guide prints."""
    from hardware.lid import exploded, fasteners, printing
    glue = [r for r in rows() if r["Rating"] == fasteners.GLUE]
    assert len(glue) == 1 and glue[0]["Placement"] == "lid" and int(glue[0]["Quantity"]) >= 1
    joints = fasteners.glue_joints()
    assert joints == {name: printing.GUIDE[name][0] for name in joints}, "glued parts printed in another number"
    assert f"the {joints['yoke']} yokes" in glue[0]["Description"]
    assert f"the {joints['pillar_front'] + joints['pillar_back']} servo pillars" in glue[0]["Description"]
    glued_in = [title for title, parts, text, _ in exploded.STEPS if "CA glue" in text]
    assert [t for t, parts, _, _ in exploded.STEPS if {"pillar_front", "pillar_back"} & set(parts)] == glued_in[:1]
    assert any("yoke" in parts for _, parts, text, _ in exploded.STEPS if "CA glue" in text)
