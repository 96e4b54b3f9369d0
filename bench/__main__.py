"""`python -m bench`: every benchmark's figures, one line each.
A module's figures() run on CPython; its mpy_figures(), if any, on the
MicroPython VM, skipped (and said so on stderr) when it is not installed."""
import importlib
import sys

import host_sim  # noqa: F401  (firmware on the path)
from tools.mpy import have_vm

MODULES = ("engine", "drivers", "epaper", "device", "latency", "web")


def main():
    vm = have_vm()
    if not vm:
        print("micropython not found: the VM figures are skipped", file=sys.stderr)
    for name in MODULES:
        mod = importlib.import_module("bench." + name)
        runs = [mod.figures]
        if vm and hasattr(mod, "mpy_figures"):
            runs.append(mod.mpy_figures)
        for run in runs:
            for fig, value, unit in run():
                print("BENCH %s %s %s" % (fig, value, unit))
                sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
