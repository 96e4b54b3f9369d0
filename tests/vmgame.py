"""A whole game played by key presses on CPython, then the same keys replayed
by the same Session (host_sim/fakes/emu/session.py) on the MicroPython VM, the
firmware and the fakes loaded from .mpy: both sides report the rules state and
the OLED's pixel memory. A power cut in the keys ends one VM process; the
next boots on the same flash and resumes the game."""
import json
import os
import tempfile

from host_sim import autoplay, press
from tools.mpy import run_vm

# Runs on the VM: boot, replay KEYS, report. `state=`/`ram=` lines are parsed.
VM_GAME = """
import gc, json
from emu.session import Session
s = Session(%(board)r, %(root)r, %(flash)r, %(setup)r)
for k in %(keys)r.split():
    s.key(k)
from game import state
gc.collect()
print("heap=%%d" %% gc.mem_alloc())
print("errors=%%d %%d" %% (len(s.errors), s.reboots))
print("state=" + json.dumps(state.as_dict(s.game())))
import binascii
ram = memoryview(s.emu.oled.ram)
for page in range(len(ram) // 128):  # a page a line: a 2 KB string may not fit
    print("ram%%d=%%s" %% (page, binascii.hexlify(ram[page * 128:page * 128 + 128]).decode()))
"""


def on_cpython(board, setup, seed=0, cut_after=None):
    """Play a whole game on CPython: (keys, state dict, OLED RAM hex, Session);
    cut_after: a power cut after that many keys (autoplay.POWER in keys)."""
    from game import state
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start(board, flash, setup)
        keys = autoplay.play(s, seed, cut_after=cut_after)
        return keys, state.as_dict(s.game()), bytes(s.emu.oled.ram).hex(), s


def on_vm(board, setup, keys, path, heap):
    """Replay keys on the VM with the .mpy folders `path` (firmware, fakes)
    first, a VM process for each stretch between power cuts, all on one
    flash; returns the last CompletedProcess and the `name=value` lines it
    printed (those of an earlier process that failed)."""
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        for part in " ".join(keys).split(autoplay.POWER):
            code = VM_GAME % {"board": board, "root": os.path.join(path[0], ""),
                              "flash": os.path.join(flash, ""), "setup": setup, "keys": part}
            p = run_vm(code, path, heap)
            if p.returncode:
                break
    out = dict(line.split("=", 1) for line in p.stdout.splitlines() if "=" in line)
    if "state" in out:
        out["state"] = json.loads(out["state"])
    out["ram"] = "".join(out.get("ram%d" % page, "") for page in range(8))
    return p, out
