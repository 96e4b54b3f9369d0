"""The checked-in netlists and BOMs are what the circuit code generates now, and hang together."""

import csv
import io

import pytest

from hardware.schematics import build, outputs


@pytest.fixture(scope="module", params=build.NETLISTS)
def generated(request):
    files = build.board_files(request.param)
    netlist, bom = sorted(files, key=lambda p: p.suffix != ".net")
    return {"board": request.param, "net": (netlist, files[netlist]), "bom": (bom, files[bom])}


def test_netlist_is_current(generated):
    path, text = generated["net"]
    assert path.exists(), f"{path.name} missing: run python -m hardware.schematics.build"
    assert outputs.without_date(path.read_text()) == outputs.without_date(text), (
        f"{path.name} is stale: run python -m hardware.schematics.build")


def test_bom_is_current(generated):
    path, text = generated["bom"]
    assert path.exists() and path.read_text() == text, (
        f"{path.name} is stale: run python -m hardware.schematics.build")


def test_netlist_comparison_ignores_only_the_date(generated):
    _, text = generated["net"]
    redated = text.replace('(date "', '(date "01/01/2000 00:00 AM', 1)
    assert redated != text and outputs.without_date(redated) == outputs.without_date(text)
    renamed = text.replace('(name "GND")', '(name "GROUND")', 1)
    assert outputs.without_date(renamed) != outputs.without_date(text)


def test_netlist_is_well_formed_for_the_pcb_editor(generated):
    comps, nets = outputs.read_netlist(generated["net"][1])
    for ref, (value, footprint) in comps.items():
        lib, _, name = (footprint or "").partition(":")
        assert lib and name, f"{ref} ({value}) needs a Library:Footprint, has {footprint!r}"
    for net, nodes in nets.items():
        assert len(nodes) >= 2, f"net {net} connects only {nodes}"
        assert {ref for ref, _ in nodes} <= set(comps), f"net {net} names a part not in the netlist"


def test_bom_lists_every_part_once(generated):
    comps, _ = outputs.read_netlist(generated["net"][1])
    rows = [row for row in csv.DictReader(io.StringIO(generated["bom"][1])) if row["References"]]
    refs = [ref for row in rows for ref in row["References"].split()]
    assert sorted(refs) == sorted(comps), "BOM and netlist disagree on the parts"
    for row in rows:
        assert int(row["Quantity"]) == len(row["References"].split()), row
        assert {comps[r] for r in row["References"].split()} == {(row["Value"], row["Footprint"])}, row


def test_bom_can_be_ordered_from(generated):
    rows = list(csv.DictReader(io.StringIO(generated["bom"][1])))
    for row in rows:
        assert row["MPN"] and row["Search"] and int(row["Quantity"]) > 0, f"cannot order: {row}"
        assert row["Placement"] in ("board", "off-board", "cable", "lid", "seat pod", "supply", "printed", "tool"), row
    resistors = [row for row in rows if row["Footprint"].startswith("Resistor_THT")]
    assert resistors and all("%" in row["Rating"] for row in resistors), "resistors need their tolerance"
    things = " ".join(row["Value"] + " " + row["MPN"] for row in rows)
    for needed in ("adapter", "Pico socket", "XHP-", "SXH-001T-P0.6", "OLED module", "18 AWG", "KW11 lever switch",
                   "panel button 12 mm"):
        assert needed in things, f"the BOM lacks {needed}"
    if generated["board"] != "pico_epaper":
        assert "SG90 micro servo" in things and "servo extension" in things


def test_off_board_parts_are_excluded_from_the_pcb(generated):
    _, text = generated["net"]
    flagged = outputs.off_board_refs(text)
    rows = list(csv.DictReader(io.StringIO(generated["bom"][1])))
    off = {ref for row in rows if row["Placement"] == "off-board" for ref in row["References"].split()}
    assert flagged == off and flagged, f"netlist flags {sorted(flagged - off)} / misses {sorted(off - flagged)}"
    comps, _ = outputs.read_netlist(text)
    kinds = {comps[r][0] for r in flagged}
    assert "Raspberry Pi Pico" not in kinds and "WS2812B" in kinds and "KW11 lever switch" in kinds


def test_each_process_pickles_skidls_libraries_apart():
    # two test workers on a fresh machine once read a library pickle the other was still writing
    import subprocess
    import sys
    code = "from hardware.schematics.skidl_env import skidl, PICKLES; print(skidl.config.pickle_dir == PICKLES, PICKLES)"
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(2)]
    assert [r[0] for r in runs] == ["True", "True"], runs
    assert runs[0][1] != runs[1][1], "both processes share one pickle directory"
