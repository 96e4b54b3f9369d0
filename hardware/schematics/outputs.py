"""The circuit's files for makers: a KiCad netlist and a bill of materials."""

import csv
import io
import re
from collections import OrderedDict

from .skidl_env import skidl

SOURCE = "hardware/schematics/circuit.py"
DATE_LINE = re.compile(r'^\s*\(date "[^"]*"\)\s*$')


def netlist(circuit):
    """KiCad netlist text (format "D", opens in KiCad 6-9 PCB editors: File > Import > Netlist)."""
    text = circuit.generate_netlist(tool=skidl.KICAD8)
    # SKiDL records whichever script ran it; name the circuit's source instead,
    # so the file does not depend on how it was generated.
    return re.sub(r'\(source "[^"]*"\)', f'(source "{SOURCE}")', text) + "\n"


def without_date(netlist_text):
    """The netlist minus its generation date, for comparing two netlists."""
    return "\n".join(l for l in netlist_text.splitlines() if not DATE_LINE.match(l))


def natural_key(ref):
    """Sort key for references: R2 before R10."""
    m = re.match(r"([A-Z]+)(\d+)$", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def bom_rows(circuit):
    """[(references, value, footprint, quantity, description)], one row per buyable item."""
    groups = OrderedDict()
    for part in sorted(circuit.parts, key=lambda p: natural_key(p.ref)):
        key = (part.name, str(part.value), part.footprint)
        groups.setdefault(key, []).append(part)
    rows = []
    for (_, value, footprint), parts in groups.items():
        why = list(OrderedDict.fromkeys(p.description for p in parts))
        rows.append((" ".join(p.ref for p in parts), value, footprint, len(parts), "; ".join(why)))
    return sorted(rows, key=lambda r: natural_key(r[0].split()[0]))


def bom_csv(circuit):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("References", "Value", "Footprint", "Quantity", "Description"))
    writer.writerows(bom_rows(circuit))
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
