"""`python -m host_sim.bench`: every benchmark's figures, one line each."""
import importlib
import sys

import host_sim  # noqa: F401  (firmware on the path)

MODULES = ("engine", "drivers", "web")


def main():
    for name in MODULES:
        mod = importlib.import_module("host_sim.bench." + name)
        for fig, value, unit in mod.figures():
            print("BENCH %s %s %s" % (fig, value, unit))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
