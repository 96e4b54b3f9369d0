"""The setup menu on the real MicroPython VM, loaded from .mpy as on the
board: its title line says what the chosen preset changes (in Chinese too,
from the compiled text tables), and its First line sets the first player of
the game Start begins; the OLED shows what it shows on CPython."""
import json
import os

import pytest

from host_sim import press
from tools.mpy import run_vm

VM_SETUP = """
import json
from emu.session import Session
s = Session("pico_pca9685", %(root)r, %(flash)r, None)
for k in %(keys)r.split():
    s.key(k)
ctl = s.dev.ctl
g = s.game()
print("title=" + json.dumps(ctl.cur.title(ctl) if g is None else ""))
print("first=%%d" %% ctl.store.settings["first"])
print("game_first=%%d" %% (g.first + 1 if g is not None else 0))
print("active=%%d" %% (g.active + 1 if g is not None else 0))
import binascii
ram = memoryview(s.emu.oled.ram)
for page in range(len(ram) // 128):
    print("ram%%d=%%s" %% (page, binascii.hexlify(ram[page * 128:page * 128 + 128]).decode()))
"""


def on_vm(tmp_path, keys, lang, mpy_dir, fakes_dir):
    flash = str(tmp_path / "vm")
    os.makedirs(flash)
    press.choose_lang(flash, lang)
    p = run_vm(VM_SETUP % {"root": os.path.join(mpy_dir, ""), "flash": os.path.join(flash, ""), "keys": keys},
               [mpy_dir, fakes_dir], "256k")
    assert p.returncode == 0, (p.stdout + p.stderr)[-2000:]
    out = dict(line.split("=", 1) for line in p.stdout.splitlines() if "=" in line)
    out["title"] = json.loads(out["title"])
    out["ram"] = "".join(out["ram%d" % k] for k in range(8))
    return out


def on_cpython(tmp_path, keys, lang):
    from app import lang as device_lang
    flash = str(tmp_path / "cpython")
    os.makedirs(flash)
    press.choose_lang(flash, lang)
    s = press.start("pico_pca9685", flash)
    try:
        s.keys(keys)
        return bytes(s.emu.oled.ram).hex()
    finally:
        device_lang.use("en")


@pytest.mark.parametrize("lang,keys,title", [
    ("en", "n", "Rulebook rules"), ("en", "n o", "Start 0, no fees"), ("zh-hans", "n o o", "PASS每开窗+1"),
    ("zh-hant", "n o o o", "每開一窗可猜測")])
def test_the_title_line_says_what_the_chosen_preset_changes_on_the_vm(tmp_path, mpy_dir, fakes_dir, lang, keys,
                                                                      title):
    out = on_vm(tmp_path, keys, lang, mpy_dir, fakes_dir)
    assert out["title"] == title
    assert out["ram"] == on_cpython(tmp_path, keys, lang)


def test_the_first_line_sets_the_first_player_on_the_vm(tmp_path, mpy_dir, fakes_dir):
    # the First line (NEXT 5 times), OK twice: P2; then Start (NEXT 4 times from there, wrapping)
    out = on_vm(tmp_path, "n n n n n o o n n n n o", "en", mpy_dir, fakes_dir)
    assert (out["first"], out["game_first"], out["active"]) == ("2", "2", "2")
