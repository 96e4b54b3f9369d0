"""The schematic sheets (make schematic, netlistsvg) hold every part of the default board's netlist."""

import re

from hardware.schematics import boards, circuit, outputs, schematic

NAME = boards.BOARDS[0]
NETLIST = boards.ROOT / "hardware" / "schematics" / f"{NAME}.net"


def drawn(texts):
    """({part refs}, {(net, ref, pin)} of the rail and ground symbols) in the sheets' SVG texts."""
    ids = {i for text in texts for i in re.findall(r'id="cell_([^"]+)"', text)}
    rails = {m.groups() for i in ids for m in [re.fullmatch(r"(.+) at (.+):(\w+)", i)] if m}
    return {i for i in ids if " at " not in i}, rails


def missing(texts):
    comps, nets = outputs.read_netlist(NETLIST.read_text())
    parts, rails = drawn(texts)
    out = [f"{ref} is on no sheet" for ref in sorted(set(comps) - parts, key=outputs.natural_key)]
    out += [f"{ref}.{pin} on {net} has no {net} symbol" for net in schematic.GROUNDS + schematic.RAILS
            for ref, pin in sorted(nets.get(net, ())) if (net, ref, pin) not in rails]
    return out


def test_the_sheets_hold_every_part_of_the_netlist_and_its_power_pins():
    texts = [svg.read_text() for _, svg, png in schematic.files(NAME)]
    assert all(png.exists() for _, _, png in schematic.files(NAME)), "a sheet has no PNG: make schematic"
    assert missing(texts) == []


def test_a_part_left_off_the_sheets_is_found():
    texts = [svg.read_text().replace('id="cell_BZ1"', 'id="cell_gone"') for _, svg, _ in schematic.files(NAME)]
    assert "BZ1 is on no sheet" in missing(texts)


def test_the_sheets_netlists_place_each_part_once():
    """netlistsvg's input, sheet by sheet, from the circuit: every part on exactly one sheet."""
    ckt = circuit.build(boards.load(NAME))
    seen = [ref for sheet in schematic.SHEETS for ref in schematic.netlist(ckt, sheet)["modules"][sheet]["cells"]
            if " at " not in ref]
    assert sorted(seen) == sorted(p.ref for p in ckt.parts)


def test_the_hardware_readme_links_every_sheet():
    text = (boards.ROOT / "hardware" / "README.md").read_text()
    assert all(f"({svg.name})" in text and f"({png.name})" in text for _, svg, png in schematic.files(NAME))
