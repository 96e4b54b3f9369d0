"""pyright with circuitpython-stubs (pinned, board set to raspberry_pi_pico by
make setup) for the CircuitPython seam, firmware/cp: it may only use what
CircuitPython on a Pico offers. The host's fake core modules (host_sim/fakes_cp)
may offer nothing the stubs lack."""
import ast
import os
import re

import pytest

from host_sim import FIRMWARE, ROOT
from host_sim.cpy import FAKES_CP, LIBS
from tests.test_pyright import API_RULES, public_api, pyright

CP = os.path.join(FIRMWARE, "cp")
FAKED = ("analogio", "board", "busio", "digitalio", "keypad", "microcontroller", "neopixel_write",
         "pwmio", "storage", "supervisor", "watchdog")


def cp_pyright(tmp, files, rules=API_RULES):
    return pyright(tmp, files, "basic", rules, extra=[LIBS], stubs=LIBS, typeshed=None)


def test_the_circuitpython_seam_uses_only_circuitpython_api(tmp_path):
    """One pyright run: the seam must pass, and a canary of MicroPython-only
    API and pins a Pico lacks must be flagged, else the check proves nothing."""
    files = [os.path.join(CP, f) for f in sorted(os.listdir(CP)) if f.endswith(".py")]
    assert len(files) >= 10
    bad = tmp_path / "canary.py"
    bad.write_text("import board\nimport time\nimport keypad\nfrom machine import Pin\n"
                   "time.ticks_ms()\nboard.GP29\nboard.D5\nkeypad.Keys((board.GP0,), value_when_pressed=False).poll()\n")
    errors = cp_pyright(str(tmp_path), files + [str(bad)])
    canary = "\n".join(e for e in errors if e.startswith("canary.py"))
    assert 'Import "machine" could not be resolved' in canary
    assert '"ticks_ms" is not a known attribute of module "time"' in canary
    assert '"GP29" is not a known attribute of module "board"' in canary
    assert '"D5" is not a known attribute of module "board"' in canary
    assert 'Cannot access attribute "poll" for class "Keys"' in canary
    assert [e for e in errors if not e.startswith("canary.py")] == []


@pytest.mark.parametrize("module", FAKED)
def test_fakes_offer_nothing_circuitpython_lacks(module):
    """Every public class, method, property, function and constant of a fake
    exists in the stub of that module (emulation hooks start with _)."""
    d = os.path.join(LIBS, module + "-stubs")
    with open(os.path.join(d, "__init__.pyi")) as f:
        stub_src = f.read()
    stub = public_api(ast.parse(stub_src))
    stub[""] |= set(re.findall(r"^(\w+)\s*:", stub_src, flags=re.M))  # module attributes
    with open(os.path.join(FAKES_CP, module + ".py")) as f:
        src = f.read()
    fake = public_api(ast.parse(src))
    names = set(re.findall(r"^(\w+)\s*=", src, flags=re.M)) | set(re.findall(r'"(GP\d+)"', src))
    extra = []
    for cls, members in fake.items():
        if cls.startswith("_"):
            continue
        if cls and cls not in stub:
            extra.append(cls)
            continue
        extra += ["%s.%s" % (cls, m) if cls else m for m in members
                  if not m.startswith("_") and m not in stub[cls]]
    extra += [n for n in names if not n.startswith("_") and n not in stub[""] and n not in stub]
    if module == "board":  # the fake makes GP0-GP28 in a loop: each must be a Pico pin
        extra += ["GP%d" % n for n in list(range(23)) + [25, 26, 27, 28] if "GP%d" % n not in stub[""]]
    assert extra == []
    assert ROOT  # the fakes live in the repository's host_sim
