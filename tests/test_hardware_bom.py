"""The BOM is everything a maker buys: each wire gauge the guides name, the
Pico's own header pins, the stripboard at the layout's size, and as many
servo extension leads as the cable runs need."""
import csv
import re
from pathlib import Path

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
    assert 0 < need < 12
