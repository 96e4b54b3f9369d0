"""make uf2 (tools/uf2.py): bad inputs stop the build with one line, exit 2,
and leave no UF2; the built UF2 (the firmware frozen into MicroPython) boots
on the emulated Pico with an empty filesystem into the setup menu, plays a
game whose state and OLED equal CPython's after every key, and resumes after
a power cut. The UF2 is built once (build/macroscope-pico.uf2, kept); these
tests skip where the toolchain or the MicroPython sources are absent."""
import os
import random
import shutil

import pytest

from host_sim import FIRMWARE, hw

hw.install()
from emu import clock  # noqa: E402
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
    if not os.path.exists(uf2.OUT):
        uf2.build()
    return uf2.OUT


@pytest.fixture
def on_uf2(built, monkeypatch):
    _uf2, rom = assets.binaries()
    monkeypatch.setenv(assets.ENV, built + ":" + rom)
    return built


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
    monkeypatch.setattr(uf2, "OUT", out)
    assert uf2.main([out]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install gcc-arm-none-eabi" in err
    assert not os.path.exists(out)


def test_data_module_holds_every_data_file_but_the_deck(tmp_path):
    rels = uf2.data_module(str(tmp_path))
    assert "boards/pico_pca9685.json" in rels and "fonts/cjk12.bin" in rels
    assert not any(r.endswith(".deck") for r in rels)  # 250 KB: on the filesystem


def _boot(p):
    oled = p.emu.oled
    while not (oled.on and any(oled.ram)):
        assert clock.now_us() < 5e6, bytes(p.link.serial[-400:])
        p.link.run(clock.now_us() + 1000)
    return clock.now_us()


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
    assert image.has(open(str(tmp_path / "pico" / "flash.img"), "rb").read(), "/boards/pico_pca9685.json")


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
