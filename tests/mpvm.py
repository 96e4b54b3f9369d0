"""Run code on the real MicroPython VM (the unix port), as the board would.

Firmware modules are loaded from .mpy files precompiled by mpy-cross: compiling
their source on the VM would take far more heap than the modules keep.
"""
import os
import subprocess

from host_sim import ROOT
from host_sim.mpy import build, tool

FAKES = os.path.join(ROOT, "host_sim", "fakes")


def compile_tree(dest):
    """The firmware as .mpy in dest (host bytecode: runs on the VM)."""
    build(dest)
    return dest


def run(code, mpy_dir, heap="64k", extra_path=(), timeout=300):
    """Run `code` on the VM with the compiled firmware first on the path.

    MICROPYPATH must keep `.frozen`, where the VM's own modules live.
    Returns the CompletedProcess (text output)."""
    path = [mpy_dir] + list(extra_path) + [".frozen"]
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(path))
    return subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + heap, "-c", code],
        capture_output=True, text=True, env=env, timeout=timeout,
    )
