"""The circuit's files for makers: a KiCad netlist and a bill of materials."""

import csv
import io
import re
from collections import OrderedDict

from . import sourcing
from .skidl_env import skidl

SOURCE = "hardware/schematics/circuit.py"
DATE_LINE = re.compile(r'^\s*\(date "[^"]*"\)\s*$')


OFF_BOARD = '\n      (property\n        (name "exclude_from_board"))'


def netlist(circuit):
    """KiCad netlist text (format "D", opens in KiCad 6-9 PCB editors: File > Import > Netlist).

    Off-board parts (at the end of a cable) carry KiCad's exclude_from_board property, so the PCB
    editor places only the board's own parts."""
    text = circuit.generate_netlist(tool=skidl.KICAD8)
    # SKiDL records whichever script ran it; name the circuit's source instead,
    # so the file does not depend on how it was generated.
    text = re.sub(r'\(source "[^"]*"\)', f'(source "{SOURCE}")', text)
    for part in circuit.parts:
        if getattr(part, "off_board", False):
            block = re.compile(rf'(\(comp\n\s+\(ref "{re.escape(part.ref)}"\).*?\n      \(tstamps "[^"]*"\))\)', re.S)
            text, n = block.subn(lambda m: m.group(1) + OFF_BOARD + ")", text, count=1)
            if n != 1:
                raise ValueError(f"netlist: no component block for {part.ref}")
    return text + "\n"


def without_date(netlist_text):
    """The netlist minus its generation date, for comparing two netlists."""
    return "\n".join(l for l in netlist_text.splitlines() if not DATE_LINE.match(l))


def natural_key(ref):
    """Sort key for references: R2 before R10."""
    m = re.match(r"([A-Z]+)(\d+)$", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


BOM_HEADER = ("References", "Value", "Footprint", "Quantity", "Description", "Placement", "Manufacturer", "MPN",
              "Rating", "Search")


def bom_rows(circuit):
    """[(references, value, footprint, quantity, description, placement, manufacturer, MPN, rating, search)],
    one row per buyable item, on-board and off-board apart."""
    groups = OrderedDict()
    for part in sorted(circuit.parts, key=lambda p: natural_key(p.ref)):
        key = (part.name, str(part.value), part.footprint, getattr(part, "off_board", False),
               sourcing.source(part))
        groups.setdefault(key, []).append(part)
    rows = []
    for (_, value, footprint, off, source), parts in groups.items():
        why = list(OrderedDict.fromkeys(p.description for p in parts))
        rows.append((" ".join(p.ref for p in parts), value, footprint, len(parts), "; ".join(why),
                     "off-board" if off else "board") + source)
    return sorted(rows, key=lambda r: natural_key(r[0].split()[0]))


def extra_rows(cfg, circuit):
    """BOM rows for what no netlist holds: no references, no footprint."""
    return [("", what, "", qty, what, where, maker, mpn, rating, search)
            for what, qty, where, maker, mpn, rating, search in sourcing.extras(cfg, circuit)]


def bom_csv(circuit, cfg=None):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BOM_HEADER)
    writer.writerows(bom_rows(circuit))
    if cfg is not None:
        writer.writerows(extra_rows(cfg, circuit))
    return out.getvalue()


def _sexp(text):
    """Parse an S-expression into nested lists of strings."""
    stack, tokens = [[]], re.findall(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+', text)
    for tok in tokens:
        if tok == "(":
            stack.append([])
        elif tok == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(tok[1:-1] if tok.startswith('"') else tok)
    return stack[0][0]


def _field(node, key):
    return next((item[1] for item in node[1:] if isinstance(item, list) and item[0] == key and len(item) > 1), None)


def _flags(comp):
    return {_field(item, "name") for item in comp[1:] if isinstance(item, list) and item[0] == "property"}


def off_board_refs(text):
    """References the netlist marks exclude_from_board."""
    root = _sexp(text)
    section = {item[0]: item for item in root[1:] if isinstance(item, list)}
    return {_field(c, "ref") for c in section["components"][1:] if "exclude_from_board" in _flags(c)}


def read_netlist(text):
    """({ref: (value, footprint)}, {net name: {(ref, pin)}}) from KiCad netlist text."""
    root = _sexp(text)
    section = {item[0]: item for item in root[1:] if isinstance(item, list)}
    comps = {_field(c, "ref"): (_field(c, "value"), _field(c, "footprint")) for c in section["components"][1:]}
    nets = {}
    for net in section["nets"][1:]:
        nodes = [n for n in net[1:] if isinstance(n, list) and n[0] == "node"]
        nets[_field(net, "name")] = {(_field(n, "ref"), _field(n, "pin")) for n in nodes}
    return comps, nets
