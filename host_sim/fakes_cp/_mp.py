"""The emulation under these fakes: the MicroPython fakes' `machine` (loaded
here under a private name, never importable as `machine`), so a CircuitPython
pin, bus or PWM drives the very same emulated chips as the MicroPython build."""
import importlib.util
import os
import sys

_FAKES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fakes")


def load(name, rel):
    """host_sim/fakes/<rel> as module `name` (once)."""
    if name not in sys.modules:
        path = os.path.join(_FAKES, rel)
        pkg = os.path.basename(path) == "__init__.py"
        spec = importlib.util.spec_from_file_location(
            name, path, submodule_search_locations=[os.path.dirname(path)] if pkg else None)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


load("emu", os.path.join("emu", "__init__.py"))
load("micropython", "micropython.py")
machine = load("_mp_machine", "machine.py")
