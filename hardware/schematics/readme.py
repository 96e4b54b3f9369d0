"""The generated tables of hardware/README.md: wiring, ladder readings, power budget.

The README is hand-written prose with blocks between `<!-- BEGIN x -->` and
`<!-- END x -->` markers; build.py rewrites only those blocks.
"""

import re

from . import boards, ladder, power, wiring


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
        what = "no flap jammed" if flaps == 0 else f"{flaps} flap{'s' * (flaps > 1)} jammed against a stop"
        out.append(("steady", f"all servos holding, {what}", f"{power.jammed(cfg, flaps):.2f} A"))
    return _table(("Rail", "Load", "Current"), out)


def sections(cfgs, circuits):
    """{block name: markdown} for the README."""
    default = boards.BOARDS[0]
    ladder_board = next(name for name in boards.BOARDS if "ladder" in cfgs[name]["controls"])
    out = {f"wiring-{name}": wiring_table(cfgs[name], circuits[name]) for name in boards.BOARDS}
    out["ladder"] = ladder_table(cfgs[ladder_board])
    out["power"] = power_table(cfgs[default])
    return out


def update(text, blocks):
    """`text` with every marked block replaced; a missing marker is an error, not a silent skip."""
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- BEGIN {re.escape(name)} -->\n).*?(<!-- END {re.escape(name)} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"hardware/README.md has no <!-- BEGIN {name} --> ... <!-- END {name} --> block")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    return text
