"""The generated tables of hardware/README.md: wiring, ladder readings, power budget.

The README is hand-written prose with blocks between `<!-- BEGIN x -->` and
`<!-- END x -->` markers; build.py rewrites only those blocks.
"""

import re

from . import boards, ladder, outputs, power, sourcing, wiring
from .outputs import natural_key
from ..lid.params import WINDOW_CELLS

ROWS = {2: "top (by the end stop)", 1: "middle", 0: "bottom (by the slot)"}


def _table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def wiring_table(cfg, circuit):
    rows = [(pad, gp, f"`{net}`", role, "; ".join(dest)) for pad, gp, net, role, dest in wiring.rows(cfg, circuit)]
    return _table(("Pico pad", "GPIO", "Net", "Job", "Connects to"), rows)


def ladder_table(cfg):
    rows = []
    for name, r, value, lo, hi in ladder.table(boards.controls(cfg)):
        resistor = "none pressed" if r is None else ("0 (straight to GND)" if r == 0 else f"{r:,} Ω")
        rows.append((name, resistor, f"{value / ladder.FULL_SCALE * 3.3:.2f} V", value, f"{lo}-{hi}"))
    return _table(("Button", "Resistor to GND", "Volts at 3.3 V", "read_u16()", "Accept window"), rows)


def power_table(cfg):
    rows = power.budget(cfg)
    out = [(rail, load, f"{amps * 1000:.0f} mA") for rail, load, amps in rows]
    for name in power.RAILS:
        out.append((f"**{name} total**", "", f"**{power.rail(rows, name) * 1000:.0f} mA**"))
    out.append(("**all rails, peak**", "", f"**{power.total(rows):.2f} A**"))
    for flaps in (0, 1, 3):
        what = "no shutter jammed" if flaps == 0 else f"{flaps} shutter{'s' * (flaps > 1)} jammed against a stop"
        out.append(("steady", f"all servos holding, {what}", f"{power.jammed(cfg, flaps):.2f} A"))
    return _table(("Rail", "Load", "Current"), out)


def _off_board(part):
    return str(part.description).startswith("off-board")


def connectors_table(circuit):
    """Every connector on the board: which net each pin carries, what it goes to."""
    rows = []
    for part in sorted(circuit.parts, key=lambda p: natural_key(p.ref)):
        fp = str(part.footprint)
        if not (fp.startswith(("Connector_JST", "TerminalBlock")) or "PinHeader" in fp and part.value != "SG90 servo"
                or part.name == "Barrel_Jack"):
            continue
        pins = ", ".join(f"{pin.num} `{pin.net.name}`" for pin in sorted(part.pins, key=lambda p: int(p.num))
                         if pin.net is not None)
        rows.append((part.ref, part.value, pins, part.description))
    return _table(("Ref", "Name", "Pin: net", "What"), rows)


def windows_table(cfg, circuit):
    """Window number (the rules' order) -> place on the card, servo, header, pixel."""
    sh = cfg["shutters"]
    headers = [p for p in circuit.parts if p.value == "SG90 servo"]
    rows = []
    for n, (col, row) in enumerate(WINDOW_CELLS, 1):
        drive = f"PCA9685 LED{sh['channels'][n - 1]}" if sh["backend"] == "pca9685" else f"GP{sh['pins'][n - 1]}"
        rows.append((n, f"{ROWS[row]}, column {col + 1} from the left", drive, headers[n - 1].ref, n))
    return _table(("Window", "Place on the card", "Servo driven by", "Servo header", "Pixel in the chain"), rows)


def point_to_point(cfg, circuit):
    """Markdown: every on-board net and the pins it joins, for wiring a perfboard by hand."""
    lines = [f"# Point-to-point wiring: {cfg['name']}", "",
             "Generated from the circuit code (`make hardware`); references as in the BOM. Tick each net",
             "off as you wire it. Parts marked off-board in the BOM are reached through the connectors",
             "and are not listed. Power nets (`+5V_SERVO`, `GND_SERVO`, `VIN_RAW`) carry amps: 2 mm",
             "tracks or 18 AWG wire; `GND` and `GND_SERVO` meet only at NT1.", ""]
    for net in sorted(circuit.nets, key=lambda n: n.name):
        pins = [p for p in net.pins if not _off_board(p.part)]
        if net is circuit.NC or len(pins) < 2:
            continue
        text = ", ".join(sorted(f"{p.part.ref}.{p.num}" + (f" ({p.name})" if not p.name.isdigit()
                                                            and p.name not in ("~",) and not p.name.startswith("Pin_")
                                                            else "") for p in pins))
        lines.append(f"- [ ] `{net.name}`: {text}")
    return "\n".join(lines) + "\n"


def bom_table(cfg, circuit):
    """The default board's shopping list: one row per part number to order, quantities summed.

    Header strips are ordered by the 40-pin strip the headers are broken off."""
    groups = {}
    for refs, value, _, qty, _, where, maker, mpn, rating, search in outputs.bom_rows(circuit) + \
            outputs.extra_rows(cfg, circuit):
        if "order none" in mpn or mpn == "(a wire)":
            continue
        generic = mpn.startswith("(")
        row = groups.setdefault((maker, mpn, value if generic else ""), {
            "qty": 0, "what": value, "rating": rating, "where": where, "refs": [],
            "number": f"any ({search})" if generic else f"{maker} {mpn}"})
        if row["what"] != value:
            row["what"] = search  # several values, one part number: name the part, not one value
        row["qty"] += qty
        row["refs"] += refs.split()
    strip_pins = sum(len(p.pins) for p in circuit.parts if sourcing.source(p)[1] == sourcing.HEADER_STRIP)
    rows = []
    for (_, mpn, _), row in groups.items():
        if mpn == sourcing.HEADER_STRIP:
            row.update(qty=-(-strip_pins // 40), what=f"pin header strip 1 x 40 ({strip_pins} pins used)",
                       rating="2.54 mm, break to length")
        refs = row["refs"]
        shown = " ".join(refs) if len(refs) <= 3 else f"{refs[0]} ... {refs[-1]} ({len(refs)})"
        rows.append((row["qty"], row["what"], row["number"], row["rating"], row["where"], shown))
    return _table(("Qty", "Part", "Part number", "Rating", "Where", "Refs"), rows)


def sections(cfgs, circuits):
    """{block name: markdown} for the README."""
    default = boards.BOARDS[0]
    ladder_board = next(name for name in boards.BOARDS if "ladder" in cfgs[name]["controls"])
    out = {f"wiring-{name}": wiring_table(cfgs[name], circuits[name]) for name in boards.BOARDS}
    out["ladder"] = ladder_table(cfgs[ladder_board])
    out["power"] = power_table(cfgs[default])
    out["connectors"] = connectors_table(circuits[default])
    out["windows"] = windows_table(cfgs[default], circuits[default])
    out["bom"] = bom_table(cfgs[default], circuits[default])
    return out


def update(text, blocks):
    """`text` with every marked block replaced; a missing marker is an error, not a silent skip."""
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- BEGIN {re.escape(name)} -->\n).*?(<!-- END {re.escape(name)} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"hardware/README.md has no <!-- BEGIN {name} --> ... <!-- END {name} --> block")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    return text
