"""`python -m bench [--write FILE]`: every benchmark's figures, one line each;
with --write (`make bench`: docs/benchmarks.md), their table as well.
A module's figures() run on CPython; its mpy_figures(), if any, on the
MicroPython VM, skipped (and said so on stderr) when it is not installed."""
import importlib
import sys

import host_sim  # noqa: F401  (firmware on the path)
from bench import report
from tools.mpy import have_vm

MODULES = ("engine", "drivers", "epaper", "device", "seat_text", "latency", "web", "rp2040", "uf2")


def main(argv):
    out = None
    if argv[:1] == ["--write"] and len(argv) == 2:
        out = argv[1]
    elif argv:
        print("usage: python -m bench [--write FILE]", file=sys.stderr)
        return 2
    vm = have_vm()
    if not vm:
        print("micropython not found: the VM figures are skipped", file=sys.stderr)
    measured = {}
    for name in MODULES:
        mod = importlib.import_module("bench." + name)
        runs = [mod.figures]
        if vm and hasattr(mod, "mpy_figures"):
            runs.append(mod.mpy_figures)
        for run in runs:
            for fig, value, unit in run():
                print("BENCH %s %s %s" % (fig, value, unit))
                sys.stdout.flush()
                measured[fig] = (value, unit)
    strays = report.unknown(measured)
    if strays:
        print("figures bench/figures.py does not describe: %s" % ", ".join(strays), file=sys.stderr)
        return 1
    if out:
        report.write(out, measured)
        print("the table: %s" % out, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
