"""pyright with the MicroPython stubs (micropython-rp2-rpi-pico-stubs): the
firmware may only use what the board's MicroPython has, and the simulator's
fakes must keep the real API's names and signatures.

The stubs replace CPython's typeshed, and pyright gets an empty venv, so
nothing of CPython's standard library leaks in."""
import ast
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from host_sim import FIRMWARE, ROOT
from tools.mpy import firmware_files

FAKES = os.path.join(ROOT, "host_sim", "fakes")
LIB = "python%d.%d" % sys.version_info[:2]  # the venv's lib/ folder, as this Python names it
SITE = os.path.join(os.path.dirname(os.path.dirname(sys.executable)), "lib", LIB, "site-packages")
FAKED = ("machine", "neopixel", "rp2", "time", "deflate")  # fake modules with a stub of the same name

# Every firmware file: does it only use what MicroPython on the board offers?
API_RULES = {
    "reportMissingImports": "error",
    "reportAttributeAccessIssue": "error",
    "reportUndefinedVariable": "error",
}


def pyright(tmp, files, mode, rules=None, extra=(), stubs=SITE, typeshed=SITE):
    """stubs, typeshed: the MicroPython stubs by default; typeshed None: CPython's."""
    os.makedirs(os.path.join(tmp, "venv", "lib", LIB, "site-packages"), exist_ok=True)
    cfg = {
        "extraPaths": [FIRMWARE] + list(extra),
        "typeshedPath": typeshed,  # micropython-stdlib-stubs: stdlib/
        "stubPath": stubs,  # micropython-rp2-rpi-pico-stubs: machine.pyi, rp2/, ...
        "venvPath": tmp,
        "venv": "venv",
        "pythonVersion": "3.11",
        "typeCheckingMode": mode,
        "reportMissingModuleSource": "none",
    }
    if typeshed is None:
        del cfg["typeshedPath"]
    cfg.update(rules or {})
    path = os.path.join(tmp, "pyrightconfig.json")
    with open(path, "w") as f:
        json.dump(cfg, f)
    exe = os.path.join(os.path.dirname(sys.executable), "pyright")
    proc = subprocess.run([exe, "--outputjson", "-p", path] + list(files),
                          capture_output=True, text=True, cwd=tmp, timeout=600)
    try:
        out = json.loads(proc.stdout)
    except ValueError:
        pytest.fail("pyright did not run: " + proc.stdout[-2000:] + proc.stderr[-2000:])
    assert out["summary"]["filesAnalyzed"] >= len(files)
    return ["%s:%d: %s (%s)" % (os.path.relpath(d["file"], tmp if d["file"].startswith(tmp) else ROOT),
                                d["range"]["start"]["line"] + 1, d["message"].splitlines()[0],
                                d.get("rule", "")) for d in out["generalDiagnostics"] if d["severity"] == "error"]


def firmware(*rooms):
    return [os.path.join(FIRMWARE, f) for f in firmware_files()
            if not rooms or f.split(os.sep)[0] in rooms]


def test_every_firmware_file_uses_only_micropython_api(tmp_path):
    errors = pyright(str(tmp_path), firmware(), "basic", API_RULES)
    assert errors == []


def test_every_firmware_file_passes_basic_checks(tmp_path):
    """pyright's basic level, no rule turned off, over game/ too."""
    errors = pyright(str(tmp_path), firmware(), "basic")
    assert errors == []


def test_the_stubs_are_micropython_not_cpython(tmp_path):
    """A canary: CPython-only API must be flagged, else the checks above prove nothing."""
    bad = tmp_path / "canary.py"
    bad.write_text("import time\nimport dataclasses\nfrom machine import PWM, Pin\n"
                   "time.monotonic()\nPWM(Pin(2)).duty(512)\n")
    errors = "\n".join(pyright(str(tmp_path), [str(bad)], "basic", API_RULES))
    assert '"dataclasses" could not be resolved' in errors
    assert '"monotonic" is not a known attribute of module "time"' in errors
    assert 'Cannot access attribute "duty" for class "PWM"' in errors


def checked_copy(src, stub):
    """The fake, as pyright sees it: each class subclasses the stub's class of its
    name, so every method is checked as an override of the real one. Constants
    are checked by value in a test of their own; returns are left to Any, since
    MicroPython's getter-setters (value(), freq()) are one function each."""
    text = re.sub(r"^class (\w+):", lambda m: "class %s(_stub.%s):" % (m.group(1), m.group(1)), src, flags=re.M)
    consts = []  # class constants move out, as module names the defaults can still use
    for cls, body in re.findall(r"^class (\w+)\(.*?\n((?:\n|    .*\n)*)", text, flags=re.M):
        consts += ["%s = _stub.%s.%s" % (n, cls, n) for n in re.findall(r"^    ([A-Z][A-Z_0-9]*) = ", body, flags=re.M)]
    text = re.sub(r"^    [A-Z][A-Z_0-9]* = .*$", "", text, flags=re.M)
    text = "\n".join(consts) + "\n" + text
    text = re.sub(r"^(\s+def [^_]\w*\(.*\)):$", r"\1 -> Any:", text, flags=re.M)
    text = re.sub(r"^(\s+def __call__\(.*\)):$", r"\1 -> Any:", text, flags=re.M)
    return "from typing import Any\nimport %s as _stub\n" % stub + text


def test_fakes_keep_the_stubs_signatures(tmp_path):
    tmp = str(tmp_path)
    shutil.copytree(os.path.join(FAKES, "emu"), os.path.join(tmp, "emu"))
    os.makedirs(os.path.join(tmp, "fk"))
    files = []
    for m in FAKED:
        with open(os.path.join(FAKES, m + ".py")) as f:
            src = f.read()
        path = os.path.join(tmp, "fk", m + ".py")
        with open(path, "w") as f:
            f.write(checked_copy(src, m))
        files.append(path)
    # the emulated devices too: they must run on the VM, so only MicroPython's library
    files += [os.path.join(tmp, "emu", f) for f in sorted(os.listdir(os.path.join(tmp, "emu"))) if f.endswith(".py")]
    rules = {"reportIncompatibleMethodOverride": "error", "reportIncompatibleVariableOverride": "error"}
    errors = pyright(tmp, files, "standard", rules, extra=[tmp])
    assert errors == []


def public_api(tree):
    """{name: set of member names} for top-level classes, and '' for functions."""
    api = {"": set()}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            api[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                t.id for n in node.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
        elif isinstance(node, ast.FunctionDef):
            api[""].add(node.name)
    return api


@pytest.mark.parametrize("module", FAKED)
def test_fakes_offer_nothing_the_board_lacks(module, monkeypatch):
    """Every public class, method, function and constant of a fake exists in the
    stub (emulation hooks start with _), and constants have the board's values."""
    with open(os.path.join(SITE, module + ".pyi") if os.path.exists(os.path.join(SITE, module + ".pyi"))
              else os.path.join(SITE, module, "__init__.pyi")) as f:
        stub = public_api(ast.parse(f.read()))
    with open(os.path.join(FAKES, module + ".py")) as f:
        fake_tree = ast.parse(f.read())
    fake = public_api(fake_tree)
    extra = []
    for cls, members in fake.items():
        if cls and cls.startswith("_"):
            continue
        if cls and cls not in stub:
            extra.append(cls)
            continue
        for m in members:
            if not m.startswith("_") and m not in stub[cls] and m not in stub.get("_NeoPixelBase", ()):
                extra.append("%s.%s" % (cls, m) if cls else m)
    assert extra == []
    if module == "machine":
        monkeypatch.syspath_prepend(FAKES)
        import machine as fake_machine
        stub_src = open(os.path.join(SITE, "machine.pyi")).read()
        for cls in ("Pin", "Timer", "ADC"):
            body = stub_src.split("class %s" % cls, 1)[1].split("\nclass ", 1)[0]
            for name, value in re.findall(r"^    ([A-Z_0-9]+): Final\[int\] = (-?\d+)", body, flags=re.M):
                if hasattr(getattr(fake_machine, cls), name):
                    assert getattr(getattr(fake_machine, cls), name) == int(value), (cls, name)
