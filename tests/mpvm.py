"""Run code on the real MicroPython VM (the unix port), as the board would.

Firmware modules are loaded from .mpy files precompiled by mpy-cross: compiling
their source on the VM would take far more heap than the modules keep.
"""
from tools.mpy import HOST_SIM, build, compile_file, run_vm


def compile_tree(dest, march=None):
    """The firmware as .mpy in dest (host bytecode: runs on the VM; with
    march, its machine-code modules too, for that architecture)."""
    build(dest, march)
    return dest


def compile_randplay(dest, march=None):
    """The random player (a test driver in the MicroPython subset) as .mpy in dest."""
    compile_file("randplay.py", dest, march, root=HOST_SIM)
    return dest


def run(code, mpy_dir, heap="64k", extra_path=(), timeout=300):
    """Run `code` on the VM with the compiled firmware first on the path."""
    return run_vm(code, [mpy_dir] + list(extra_path), heap, timeout)
