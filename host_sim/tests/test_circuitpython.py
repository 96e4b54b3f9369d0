"""The CircuitPython build (firmware/cp with the Adafruit libraries, on the
fake CircuitPython core of host_sim/fakes_cp) against the MicroPython build,
on the same emulated chips: the same keys must give the same game, the same
OLED pixels, the same NeoPixel frames and the same shutter moves. One runtime
per process, so each runs in its own (host_sim.tests.runtimes)."""
import json
import os
import subprocess
import sys

import pytest

from game import rules
from host_sim import ROOT

# one whole game a preset, on both boards (PCA9685 + GPIO buttons; PWM servos + ladder)
GAMES = [{"board": ("pico_pca9685", "pico_direct_pwm")[i % 2],
          "setup": {"players": 3 + i, "rules": p, "seed": 11 + i}, "seed": 11 + i}
         for i, p in enumerate(rules.PRESET_NAMES)]


def run(args, stdin=None):
    proc = subprocess.run([sys.executable, "-m"] + args, input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def trace(runtime, games):
    return json.loads(run(["host_sim.tests.runtimes", runtime], json.dumps(games)))


@pytest.fixture(scope="module")
def both():
    mp = trace("micropython", GAMES)
    replay = [{"board": g["board"], "setup": g["setup"], "keys": t["keys"]} for g, t in zip(GAMES, mp)]
    return mp, trace("circuitpython", replay)


@pytest.mark.parametrize("i", range(len(GAMES)), ids=[g["setup"]["rules"] for g in GAMES])
def test_same_keys_same_game_screens_lights_and_shutters(both, i):
    mp, cp = both[0][i], both[1][i]
    assert mp["trace"][-1]["state"]["over"] and len(mp["keys"]) > 40
    assert cp["keys"] == mp["keys"]
    assert cp["end"]["errors"] == [] and cp["end"]["reboots"] == 0
    assert cp["end"]["oled"] == ["ssd1309"]  # the 2.42 inch module, sent nothing it does not know
    for k, (a, b) in enumerate(zip(mp["trace"], cp["trace"])):
        assert a == b, "after key %d (%s): %s differ" % (k, mp["keys"][k - 1] if k else "boot",
                                                        [n for n in a if a[n] != b[n]])
    assert len(cp["trace"]) == len(mp["trace"])
    # The servo angles within one PCA9685 tick (4.9 us, 0.44 degrees, inside an SG90's dead band): the
    # Adafruit driver rounds some pulses (750, 1000 us) to a tick the other way, though the board
    # configs' 900 and 2100 us land on the same tick in both. Then moves per servo and the last screen.
    assert cp["end"]["angles"] == pytest.approx(mp["end"]["angles"], abs=0.45)
    assert dict(cp["end"], angles=None) == dict(mp["end"], angles=None)
    assert sum(cp["end"]["moves"]) > 12


def press(runtime, flash, *args):
    return json.loads(run(["host_sim", "press", "--runtime", runtime, "--flash", flash] + list(args)).splitlines()[-1])


def test_journal_resume_on_circuitpython_even_torn(tmp_path):
    """A game on CircuitPython's flash resumes after a power-off, and after a
    cut inside the last append, as the MicroPython build's does."""
    setup = ["--players", "4", "--rules", "family", "--seed", "3"]
    first, rest = ["r", "o", "o", "n", "r", "o"], ["p", "r", "o", "2", "o"]
    whole = press("micropython", str(tmp_path / "mp"), *(setup + first + rest))
    a = str(tmp_path / "cp")
    press("circuitpython", a, *(setup + first))
    assert press("circuitpython", a, *rest) == whole
    # a power cut inside the last entry (the last window opened): both runtimes drop it alike
    untorn = press("micropython", str(tmp_path / "mp-first"), *(setup + first))
    torn = {}
    for runtime in ("micropython", "circuitpython"):
        d = str(tmp_path / ("torn-" + runtime))
        press(runtime, d, *(setup + first))
        with open(os.path.join(d, "game.jnl"), "rb+") as f:
            f.truncate(len(f.read()) - 1)
        torn[runtime] = press(runtime, d)
    assert torn["circuitpython"] == torn["micropython"]
    assert torn["circuitpython"]["open"] == untorn["open"][:-1] and untorn["open"]


def test_press_runtime_flag_is_checked():
    proc = subprocess.run([sys.executable, "-m", "host_sim", "press", "--runtime", "pyboard"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "--runtime" in proc.stderr


@pytest.mark.parametrize("seat1, flash", [("held", "readonly"), ("free", "writable")])
def test_boot_gives_the_flash_to_the_firmware_unless_seat_1_is_held(seat1, flash):
    assert run(["host_sim.tests.cpboot", seat1]).split() == [flash]


def test_fat_storage_writes_where_rename_cannot_replace(tmp_path, monkeypatch):
    """CIRCUITPY is FAT: its rename refuses an existing target. A write still
    replaces the file (the whole .tmp renamed .new, the old file removed, the
    .new renamed over), and a cut before the .tmp is known whole keeps the old
    file: read() removes the .tmp."""
    from cp.storage import FatStorage
    real_rename = os.rename

    def fat_rename(src, dst):
        if os.path.exists(dst):
            raise OSError(17, "EEXIST")
        real_rename(src, dst)
    monkeypatch.setattr(os, "rename", fat_rename)
    st = FatStorage(str(tmp_path) + os.sep)
    st.write("settings.json", b"old")
    st.write("settings.json", b"new")
    assert st.read("settings.json") == b"new" and not os.path.exists(st.path("settings.json.tmp"))
    monkeypatch.setattr(os, "rename", lambda src, dst: (_ for _ in ()).throw(OSError(5, "power cut")))
    with pytest.raises(OSError):
        st.write("settings.json", b"newer")
    monkeypatch.setattr(os, "rename", fat_rename)  # the power back
    assert st.read("settings.json") == b"new"  # the cut .tmp is never promoted: the old file stays
    assert not os.path.exists(st.path("settings.json.tmp"))
    assert st.read("missing.json") is None


def test_usb_drive_mode_says_so_on_the_oled_with_a_bad_board_config(tmp_path):
    import shutil
    from host_sim import FIRMWARE
    msg, lit = run(["host_sim.tests.cpboot", "usb"]).splitlines()
    assert msg.startswith("USB drive mode") and int(lit) > 200
    shutil.copytree(os.path.join(FIRMWARE, "boards"), str(tmp_path / "boards"))
    (tmp_path / "board.txt").write_text("nosuch")
    msg, lit = run(["host_sim.tests.cpboot", "usb", str(tmp_path)]).splitlines()
    assert msg.startswith("board config: boards/nosuch.json: no such file") and "USB drive mode" in msg
    assert int(lit) > 200


def test_the_circuitpy_drive_holds_every_module_the_build_imports_and_no_machine(tmp_path):
    """make cp's layout: following the imports from code.py and boot.py, every
    firmware module is on the drive; none of the files there imports
    MicroPython's `machine`, `framebuf` or `rp2`."""
    import ast
    from host_sim import FIRMWARE
    from tools import circuitpy
    dest = str(tmp_path)
    written = circuitpy.build(dest)
    assert "code.py" in written and "boot.py" in written and "boards/pico_pca9685.json" in written
    todo, seen, missing = ["code.py", "boot.py"], set(), []
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        with open(os.path.join(dest, rel)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                mods = [node.module] + [node.module + "." + a.name for a in node.names]
            else:
                continue
            for m in mods:
                assert m.split(".")[0] not in ("machine", "framebuf", "rp2"), (rel, m)
                path = m.replace(".", "/") + ".py"
                if os.path.exists(os.path.join(dest, path)):
                    todo.append(path)
                elif os.path.exists(os.path.join(FIRMWARE, path)):
                    missing.append((rel, m))
    # device.start's and Broken's default port, MicroPython's, only imported when none is given;
    # the e-paper board's drivers, only built where the port has SPI
    assert sorted(set(missing)) == [("app/broken.py", "app.port"), ("app/device.py", "app.port"),
                                    ("app/hardware.py", "drivers.deck"),
                                    ("app/hardware.py", "drivers.shutter_epaper"),
                                    ("app/hardware.py", "drivers.ssd1683")]
    assert {"app/device.py", "app/controller.py", "app/hardware.py", "cp/port.py", "drivers/shutters.py",
            "drivers/shutter_outputs.py", "game/engine.py"} <= seen
    assert "app/port.py" not in written and "main.py" not in written


def test_a_bad_board_config_on_circuitpython_is_shown_and_blinks_and_nothing_moves():
    msg, lit, changes = run(["host_sim.tests.cpboot", "broken"]).splitlines()
    led, moves, spi = changes.split()
    assert msg == "board config: boards/nosuch.json: no such file"
    assert int(lit) > 200 and int(led) >= 7 and int(moves) == 0  # 250 ms a blink


def test_a_backend_circuitpython_lacks_is_a_board_config_error_on_the_oled():
    """The e-paper board on CircuitPython (no SPI in its port): said on the
    OLED, the LED blinks, the panel is never driven; `press` exits 2 with it."""
    msg, lit, changes = run(["host_sim.tests.cpboot", "broken", "pico_epaper"]).splitlines()
    led, moves, spi = changes.split()
    want = "board config: shutters.backend: CircuitPython cannot drive 'epaper' shutters (it drives pca9685, pwm, gpio)"
    assert msg == want
    assert int(lit) > 200 and int(led) >= 7 and int(spi) == 0
    p = subprocess.run([sys.executable, "-m", "host_sim", "press", "--runtime", "circuitpython", "--board",
                        "pico_epaper", "r"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert (p.returncode, p.stderr, p.stdout) == (2, want + "\n", "")


def test_circuitpython_watchdog_resets_a_stalled_loop_and_the_game_resumes():
    """microcontroller.watchdog at 5 s: a 4 s stall passes, a 6 s one resets
    the board, and the game comes back from the journal with its windows open."""
    assert run(["host_sim.tests.cpboot", "watchdog"]).split() == ["0", "1", "True", "True"]
