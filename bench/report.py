"""docs/benchmarks.md, written by `make bench` from its figures and
bench/figures.py's descriptions and goals, so the table cannot drift from what
the benchmarks measure. A figure this run could not measure (no MicroPython VM,
no Chromium) keeps the value of the file it replaces, marked as earlier."""
import os
import re

from bench.figures import DESCRIBED, GROUPS, meets

HEAD = """# Benchmarks

`make bench` prints one line per figure, `BENCH <name> <value> <unit>`, and
writes this file: do not edit it by hand (what each figure measures and its
goal are in `bench/figures.py`). The values are the last run's, on the machine
that ran it. The MicroPython VM here is the 64-bit unix port: its heap figures
are about 1.5-3x an RP2040's and do not vary between runs; the time figures
vary with the load of the machine.
"""
EARLIER = " (earlier run)"
MISSING = "not measured"
ROW = re.compile(r"^\| `(\w+)` \| .* \| (.+?) \| [^|]* \| [^|]* \|$")


def number(value):
    """1234 -> 1,234; 7.125 -> 7.125; as the value was printed otherwise."""
    v = float(value)
    if v == int(v) and "." not in str(value):
        return "{:,}".format(int(v))
    return str(value)


def goal_text(goal):
    if goal is None:
        return ""
    op, limit = goal
    return "%s %s" % (op, number(limit))


def read(path):
    """{name: "value unit"} of the figures in a file this module wrote."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return read_text(f.read())


def read_text(text):
    out = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            out[m.group(1)] = m.group(2).replace(EARLIER, "")
    return out


def render(measured, earlier=None):
    """The file's text. measured: {name: (value, unit)} from this run;
    earlier: read() of the file it replaces."""
    earlier = earlier or {}
    out = [HEAD]
    for title, rows in GROUPS:
        out += ["## " + title, "", "| figure | what it measures | last run | goal | met |", "|---|---|---|---|---|"]
        for name, what, goal in rows:
            if name in measured:
                value, unit = measured[name]
                shown = "%s %s" % (number(value), unit)
                ok = "yes" if meets(name, float(value)) else "**no**"
            elif name in earlier and earlier[name] != MISSING:
                shown = earlier[name] + EARLIER
                v = float(earlier[name].split()[0].replace(",", ""))
                ok = "yes" if meets(name, v) else "**no**"
            else:
                shown, ok = MISSING, ""
            out.append("| `%s` | %s | %s | %s | %s |" % (name, what, shown, goal_text(goal), ok if goal else ""))
        out.append("")
    return "\n".join(out)


def write(path, measured):
    text = render(measured, read(path))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return text


def unknown(measured):
    """Figures printed that bench/figures.py does not describe."""
    return sorted(n for n in measured if n not in DESCRIBED)
