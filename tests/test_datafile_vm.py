"""The UF2's data files on the real MicroPython VM: with uf2data (the module
tools/uf2.py freezes into a board's UF2) importable, the board config, the
text tables and the glyphs are read from it where the filesystem has none,
a file on the filesystem comes first, and the board named in it is the
default that board.txt overrides. Without it (make flash, the simulator)
nothing changes."""
import os

import pytest

from tests import mpvm
from tools import uf2

HEAP = "190k"
CODE = """
from app import board
try:
    cfg = board.load(None, "")
    print("name=%s" % cfg["name"])
    print("brightness=%d" % cfg["pixels"]["brightness"])
except board.ConfigError as e:
    print("error=%s" % e)
print("default=%s" % board.default())
from app.table import Table
from app.glyphs import Glyphs
from app import datafile
try:
    print("texts=%d" % Table("lang/zh-hans.bin").n)
    print("glyphs=%d" % Glyphs("fonts/cjk12.bin").n)
except OSError as e:
    print("oserror=%s" % e)
try:
    datafile.open_data("boards/nosuch.json")
except OSError:
    print("nosuch=OSError")
"""


@pytest.fixture(scope="module")
def gen(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("gen"))
    uf2.data_module(d, "pico_direct_pwm")
    return d


def vm(mpy_dir, cwd, extra=()):
    code = ("import uf2data  # as the UF2's boot (uf2boot) does first\n" if extra else "") + CODE
    proc = mpvm.run_vm(code, [mpy_dir] + list(extra), HEAP, cwd=str(cwd))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return dict(line.split("=", 1) for line in proc.stdout.splitlines() if "=" in line)


def test_an_empty_filesystem_reads_the_frozen_files_and_board(mpy_dir, gen, tmp_path):
    out = vm(mpy_dir, tmp_path, [gen])
    assert out["default"] == "pico_direct_pwm" and out["name"] == "pico_direct_pwm"
    assert int(out["texts"]) > 100 and int(out["glyphs"]) > 100
    assert out["nosuch"] == "OSError"  # what is in neither place is still a missing file
    assert os.listdir(str(tmp_path)) == []  # nothing written


def test_a_file_on_the_filesystem_comes_first_and_board_txt_overrides(mpy_dir, gen, tmp_path):
    (tmp_path / "boards").mkdir()
    with open(os.path.join(uf2.FIRMWARE, "boards", "pico_direct_pwm.json")) as f:
        text = f.read()
    (tmp_path / "boards" / "pico_direct_pwm.json").write_text(text.replace('"brightness": 64', '"brightness": 32'))
    assert vm(mpy_dir, tmp_path, [gen])["brightness"] == "32"  # the maker's edit
    (tmp_path / "board.txt").write_text("pico_pca9685\n")
    assert vm(mpy_dir, tmp_path, [gen])["name"] == "pico_pca9685"


def test_without_uf2data_the_files_are_the_filesystems_alone(mpy_dir, tmp_path):
    out = vm(mpy_dir, tmp_path)
    assert out["default"] == "pico_pca9685"
    assert out["error"] == "board config: boards/pico_pca9685.json: no such file"
    assert "oserror" in out
