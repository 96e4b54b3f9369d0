"""make uf2 (tools/uf2.py): bad inputs stop the build with one line, exit 2,
and leave no UF2; the built UF2s (the firmware frozen into MicroPython, one
a board) boot on the emulated Pico with an empty filesystem into the setup
menu of their board, writing nothing, play a game whose state and OLED equal
CPython's after every key, resume after a power cut, and `make flash` over
one still runs its copy. The UF2s are built once (build/macroscope-BOARD.uf2,
kept); these tests skip where the toolchain or the MicroPython sources are
absent."""
import os
import random
import shutil

import pytest

from host_sim import FIRMWARE, hw

hw.install()
from game import state  # noqa: E402
from host_sim.rp2040 import assets, image  # noqa: E402
from host_sim.tests.test_rp2040 import REACT_MS, look, on_cpython  # noqa: E402
from tools import uf2  # noqa: E402

ROOT = os.path.join(FIRMWARE, "")


def _missing():
    try:
        uf2.check_tools()
        uf2.sources({})
        assets.binaries()
    except (uf2.Stop, assets.Missing) as e:
        return str(e)
    return None


MISSING = _missing()
needs_build = pytest.mark.skipif(MISSING is not None, reason="cannot build the UF2: %s" % MISSING)


@pytest.fixture(scope="session")
def built():
    missing = [b for b in uf2.boards() if not os.path.exists(uf2.out_path(b))]
    if missing:
        uf2.build(missing)
    return uf2.OUT


def _use(monkeypatch, path):
    """The emulated Pico runs the UF2 at path."""
    _uf2, rom = assets.binaries()
    monkeypatch.setenv(assets.ENV, path + ":" + rom)
    return path


@pytest.fixture
def on_uf2(built, monkeypatch):
    return _use(monkeypatch, built)


def test_a_manifest_naming_a_missing_file_stops_with_its_name(tmp_path):
    m = tmp_path / "manifest.py"
    m.write_text('package("nosuchpkg", base_path=".")\n')
    with pytest.raises(uf2.Stop, match="nosuchpkg: no such file; fix the manifest"):
        uf2.check_manifest(str(m), str(tmp_path))


def test_the_project_manifest_names_every_firmware_package(tmp_path):
    uf2.data_module(str(tmp_path))
    named = [os.path.basename(p) for p in uf2.check_manifest(uf2.MANIFEST, str(tmp_path))]
    for pkg in ("app", "game", "drivers", "main.py", "uf2boot.py"):
        assert pkg in named


def test_another_micropython_version_stops(tmp_path):
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 26\n#define MICROPY_VERSION_MICRO 1\n")
    with pytest.raises(uf2.Stop, match="is MicroPython 1.26.1; the UF2 is built from v1.27.0"):
        uf2.sources({uf2.ENV: str(tmp_path)})


def test_a_missing_toolchain_names_the_package_and_exits_2(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(uf2.shutil, "which", lambda exe: None if exe == "arm-none-eabi-gcc" else "/bin/" + exe)
    out = str(tmp_path / "x.uf2")
    with pytest.raises(uf2.Stop):
        uf2.build(["pico_pca9685"], out=lambda b: out)
    assert not os.path.exists(out)
    assert uf2.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install gcc-arm-none-eabi" in err


def test_a_board_with_no_config_stops_with_the_boards_there_are(tmp_path):
    with pytest.raises(uf2.Stop, match="no board config pico_nosuch: the boards are pico_direct_pwm, "):
        uf2.data_module(str(tmp_path), "pico_nosuch")


def test_there_is_one_uf2_a_board_config():
    assert uf2.boards() == sorted(n[:-5] for n in os.listdir(os.path.join(FIRMWARE, "boards")))
    assert uf2.OUT == uf2.out_path("pico_pca9685")


def test_data_module_holds_every_data_file_but_the_deck(tmp_path):
    rels = uf2.data_module(str(tmp_path), "pico_direct_pwm")
    assert "boards/pico_pca9685.json" in rels and "fonts/cjk12.bin" in rels
    assert not any(r.endswith(".deck") for r in rels)  # 250 KB: on the filesystem
    assert "BOARD = 'pico_direct_pwm'" in (tmp_path / "uf2data.py").read_text()


def _boot(p):
    return p.until_drawn()


def _flash(dirpath, setup=None):
    """An empty filesystem (MicroPython alone), with a game set up on it if setup."""
    os.makedirs(dirpath, exist_ok=True)
    data = image.empty()
    if setup is not None:
        extra = image.setup_game(setup)
        data = image.with_files(data, extra)
        shutil.rmtree(extra)
    with open(os.path.join(dirpath, "flash.img"), "wb") as f:
        f.write(data)


@needs_build
def test_the_uf2_boots_an_empty_filesystem_into_the_setup_menu(on_uf2, tmp_path):
    from host_sim.rp2040.session import Pico
    _flash(str(tmp_path / "pico"))
    p = Pico("pico_pca9685", ROOT, str(tmp_path / "pico"), blank=True)
    try:
        _boot(p)
        p.run(REACT_MS)
        assert b"uf2boot: firmware frozen" in bytes(p.link.serial)
        p.interrupt()
        assert p.exec("print(dev.ctl.store.game)").strip() == "None"  # no game: the setup menu
    finally:
        p.close()
    on_flash = image.files(open(str(tmp_path / "pico" / "flash.img"), "rb").read())
    assert not [f for f in on_flash if f.startswith(("/boards", "/lang", "/fonts"))]  # read in place, not written


@needs_build
def test_the_direct_pwm_boards_uf2_boots_that_board_with_no_board_txt(built, monkeypatch, tmp_path):
    """Its own UF2: the board config is built in, no pin is driven by a guess."""
    from host_sim.rp2040.session import Pico
    _use(monkeypatch, uf2.out_path("pico_direct_pwm"))
    _flash(str(tmp_path / "pico"))
    p = Pico("pico_direct_pwm", ROOT, str(tmp_path / "pico"), blank=True)
    try:
        _boot(p)
        p.run(REACT_MS)
        assert b"board pico_direct_pwm" in bytes(p.link.serial)
        p.interrupt()
        assert p.exec("print(dev.hw.cfg['name'], dev.ctl.store.game)").split() == ["pico_direct_pwm", "None"]
    finally:
        p.close(keep=False)


@needs_build
def test_make_flash_over_the_uf2_runs_the_copy_and_rm_main_py_goes_back(on_uf2, tmp_path):
    """`make flash PORT=LINK` (the real mpremote, over a pty) onto a board
    running the UF2: after its reset the copied .mpy files run, as make flash
    says; with main.py removed the frozen firmware runs again, the copy's
    modules ignored."""
    import subprocess
    import sys
    import time
    from host_sim import ROOT as REPO
    from tools import flash
    from tools.mpy import tool
    link = str(tmp_path / "pico")
    pico = subprocess.Popen([sys.executable, "-m", "host_sim", "pico", "--pty", link, "--flash", str(tmp_path / "fl")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)

    def mpremote(*args):
        got = subprocess.run([tool("mpremote"), "connect", link, "resume"] + list(args),
                             capture_output=True, text=True, timeout=300)
        assert got.returncode == 0, got.stdout + got.stderr
        return got.stdout.split()

    def booted():  # the device's first frame: its loop runs, `dev` is there
        t0 = time.monotonic()
        line = ""
        while "draws on the OLED" not in line:
            assert time.monotonic() - t0 < 300, line
            line = pico.stdout.readline()

    # a frozen module's __file__ is its .py name; the copy's is .mpy
    runs = "import app.device, uf2boot\nprint(uf2boot.which(), app.device.__file__, dev.ctl.store.game)"
    try:
        assert "emulated Pico on" in pico.stdout.readline()
        booted()
        assert mpremote("exec", runs) == ["frozen", "app/device.py", "None"]  # the UF2 alone
        flashed = subprocess.run([sys.executable, "-m", "tools.flash", "--port", link, str(tmp_path / "mpy")],
                                 capture_output=True, text=True, cwd=REPO, timeout=900)
        assert flashed.returncode == 0, flashed.stdout[-2000:] + flashed.stderr[-2000:]
        assert flash.RUNS in flashed.stdout
        booted()
        assert mpremote("exec", runs) == ["filesystem", "app/device.mpy", "None"]  # after its reset: the copy
        mpremote("rm", ":main.py", "+", "reset")
        booted()
        assert mpremote("exec", runs) == ["frozen", "app/device.py", "None"]  # the copy's .mpy left, ignored
    finally:
        pico.terminate()
        pico.wait(30)


@needs_build
def test_a_game_on_the_uf2_equals_cpython_after_every_key_and_resumes(on_uf2, tmp_path):
    from host_sim.rp2040.session import Pico
    setup = {"players": 2, "rules": "family", "seed": 2}
    keys, states, looks = on_cpython("pico_pca9685", setup, 2, tmp_path / "cpython")
    flash = str(tmp_path / "pico")
    _flash(flash, setup)
    p = Pico("pico_pca9685", ROOT, flash, blank=True)
    _boot(p)
    cut = random.Random(3).randrange(5, len(keys) - 5)
    for i, k in enumerate(keys):
        p.key(k, REACT_MS)
        where = "after key %d (%s)" % (i + 1, k)
        assert state.as_dict(image.resumed(p.flash())) == states[i], where + ": the board's journal"
        assert looks[i] is None or look(p.emu)[0] == looks[i][0], where + ": OLED pixels"
        if i == cut:
            break
    p.power_cut()
    p = Pico("pico_pca9685", ROOT, flash, blank=True)
    try:
        _boot(p)
        end, _ = p.outcome()
        assert end == states[cut]  # resumed from the journal
    finally:
        p.close(keep=False)
