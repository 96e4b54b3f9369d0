"""`make flash` and the mip package: what is copied to the board, and the
clear refusal when no board is attached (no board is needed for these)."""
import os
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from host_sim import FIRMWARE, ROOT
from tools import flash
from tools.mpy import data_files, firmware_files

ACM = "/dev/ttyACM0 e6614103e7 2e8a:0005 MicroPython Board in FS mode\n"


def test_only_usb_ports_count_as_boards():
    assert flash.boards("/dev/ttyS0 None 0000:0000 None None\n") == []
    assert flash.boards("") == []
    assert flash.boards("/dev/ttyS0 None 0000:0000 None None\n" + ACM) == ["/dev/ttyACM0"]


class Runner:
    """Stands in for subprocess.run: answers `connect list`, records the rest."""

    def __init__(self, listing, rc=0):
        self.listing = listing
        self.rc = rc
        self.calls = []

    def __call__(self, cmd, cwd=None, **kw):
        self.calls.append((cmd[1:], cwd))
        return SimpleNamespace(stdout=self.listing if cmd[1:] == ["connect", "list"] else "",
                               returncode=self.rc)


def test_no_board_exits_1_and_copies_nothing(tmp_path, capsys):
    run = Runner("/dev/ttyS0 None 0000:0000 None None\n")
    assert flash.main([str(tmp_path)], run) == 1
    assert "no MicroPython board found" in capsys.readouterr().err
    assert [c for c, _ in run.calls] == [["connect", "list"]]


def test_copies_mpy_packages_main_source_then_resets(tmp_path):
    run = Runner(ACM)
    assert flash.main([str(tmp_path)], run) == 0
    (args, cwd), = run.calls[1:]
    assert cwd == str(tmp_path) and args[:5] == ["connect", "/dev/ttyACM0", "resume", "cp", "-r"]
    dirs = args[args.index("-r") + 1:args.index(":")]
    assert dirs == ["app", "boards", "decks", "drivers", "fonts", "game", "lang"]
    copied = sorted(os.path.relpath(os.path.join(top, f), str(tmp_path))
                    for d in dirs for top, _, files in os.walk(os.path.join(str(tmp_path), d)) for f in files)
    want = sorted(r[:-3] + ".mpy" for r in firmware_files(".py") if r != "main.py") + data_files()
    assert copied == sorted(want)
    for rel in copied:  # .mpy format 6, as MicroPython 1.23+ loads
        if rel.endswith(".mpy"):
            with open(os.path.join(str(tmp_path), rel), "rb") as f:
                assert f.read(2) == b"M\x06", rel
    i = args.index(os.path.join(FIRMWARE, "main.py"))
    assert args[i + 1] == ":main.py"
    assert args[-2:] == ["+", "reset"]


def test_a_failed_copy_exits_1(tmp_path):
    port = tmp_path / "ttyACM3"  # a device file that is there
    port.write_text("")
    dest = tmp_path / "out"
    dest.mkdir()
    run = Runner("", rc=1)
    assert flash.main([str(dest), "--port", str(port)], run) == 1
    assert run.calls and run.calls[-1][0][:2] == ["connect", str(port)]


def test_a_port_that_is_not_there_is_said_before_compiling(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(flash, "build", lambda *a: pytest.fail("compiled for a port that is not there"))
    run = Runner("")
    assert flash.main([str(tmp_path), "--port", str(tmp_path / "ttyACM9")], run) == 1
    err = capsys.readouterr().err
    assert "no port %s" % (tmp_path / "ttyACM9") in err and "Flashing a board" in err and run.calls == []


def test_the_messages_name_readme_sections_that_exist():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        heads = [ln[3:].strip() for ln in f if ln.startswith("## ")]
    for msg in (flash.NO_BOARD, flash.no_port("/dev/none-here")):
        named = re.findall(r"README: ([^),]+)", msg)
        assert named and all(n in heads for n in named), (named, heads)


def test_make_flash_without_a_board_says_so():
    """The real mpremote on this machine: with no board attached, a clear
    message and exit 1 (skipped when a board is plugged in)."""
    from tools.mpy import tool
    listing = subprocess.run([tool("mpremote"), "connect", "list"], capture_output=True, text=True).stdout
    if flash.boards(listing):
        import pytest
        pytest.skip("a board is attached")
    p = subprocess.run([sys.executable, "-m", "tools.flash"], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 1
    assert "no MicroPython board found" in p.stderr


def test_package_json_is_current():
    with open(os.path.join(ROOT, "package.json")) as f:
        assert f.read() == flash.package_text(), "run: python -m tools.flash --package-json"


def test_mip_installs_the_firmware_from_package_json(tmp_path, monkeypatch):
    """mpremote's own mip installer, on a transport writing into tmp_path:
    every firmware file lands at its place on the board, main.py at the root."""
    from mpremote import mip

    class Transport:
        def fs_exists(self, p):
            return os.path.exists(str(tmp_path) + p)

        def fs_mkdir(self, p):
            os.mkdir(str(tmp_path) + p)

        def fs_writefile(self, p, data, progress_callback=None):
            with open(str(tmp_path) + p, "wb") as f:
                f.write(data)

    monkeypatch.chdir(ROOT)
    mip._install_package(Transport(), "package.json", None, "", None, False)
    got = sorted(os.path.relpath(os.path.join(top, f), str(tmp_path))
                 for top, _, files in os.walk(str(tmp_path)) for f in files)
    assert got == sorted(firmware_files(".py") + data_files())
    for rel in got:
        with open(os.path.join(str(tmp_path), rel), "rb") as a, open(os.path.join(FIRMWARE, rel), "rb") as b:
            assert a.read() == b.read(), rel
