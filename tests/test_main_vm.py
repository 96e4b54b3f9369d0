"""firmware/main.py boots the board as `make flash` leaves it: the files it
copies (the .mpy packages, their machine code built for the VM's x86-64 in
place of the board's armv6m; the board configs; main.py as source)
in the VM's working directory, the board's root, with the emulated board
beside them. main.py's loop runs on the virtual clock: asyncio.run and
asyncio.sleep_ms are stood in for, since the VM's asyncio queues its tasks
by the real clock (in C) and the fakes' time is a virtual one. An error in
the loop closes every shutter, then main.py resets the board."""
import os
import shutil

import pytest

from host_sim import press
from tools import flash
from tools.mpy import build, run_vm

# Runs on the VM in the board's root: the emulated board, then `import main`.
BOOT = """
import asyncio
from emu import clock, world
from emu.board import Board
from app import board
world.reset()
emu = Board(board.load(), pca=PCA)
emu.card.set(True, 0)
steps = 0
open_before = -1

async def sleep_ms(ms):  # main.py's pause between steps, on the virtual clock
    global steps, open_before
    clock.sleep_ms(ms)
    steps += 1
    if steps == STOP:
        open_before = sum(1 for a in emu.angles() if a > 90)
        raise ERROR("stop")


def run(coro):  # drives main.py's loop: sleep_ms above never suspends it
    while True:
        coro.send(None)

asyncio.sleep_ms = sleep_ms
asyncio.run = run
try:
    import main
    print("reset=none")  # Ctrl-C: main.py hands the board to the REPL
except SystemExit as e:
    print("reset=%s" % e)
print("steps=%d" % steps)
print("open_before=%d" % open_before)
print("open_after=%d" % sum(1 for a in emu.angles() if a > 90))
print("wdt_expired=%s" % world.state["wdt_expired"])
print("lit=%d" % sum(bin(b).count("1") for b in emu.oled.ram))
import gc
print("gc_threshold=%d" % gc.threshold())
"""


@pytest.fixture(scope="module")
def board_root(tmp_path_factory):
    """The board's flash after `make flash`, and a game with a window open
    in its journal (played on CPython), so that main.py resumes it."""
    root = str(tmp_path_factory.mktemp("board"))
    build_dir = str(tmp_path_factory.mktemp("build"))
    build(build_dir, "x64")  # as `make flash` builds, for this VM: the engine's native code runs here
    args = flash.copy_args("PORT", build_dir)
    for d in args[args.index("-r") + 1:args.index(":")]:
        shutil.copytree(os.path.join(build_dir, d), os.path.join(root, d))
    src = args[args.index(":main.py") - 1]  # main.py goes as source
    shutil.copyfile(src, os.path.join(root, "main.py"))
    s = press.start("pico_pca9685", root, {"players": 3, "rules": "standard", "seed": 5})
    s.keys("r o")
    assert s.game().closed() == 11
    return root


def boot(root, fakes_dir, stop, error, pca=True):
    p = run_vm("STOP = %d\nERROR = %s\nPCA = %s\n" % (stop, error, pca) + BOOT, [fakes_dir], "256k", cwd=root)
    assert "Traceback" not in p.stdout + p.stderr, p.stdout + p.stderr
    return dict(line.split("=", 1) for line in p.stdout.splitlines() if "=" in line)


def test_main_boots_resumes_and_steps(board_root, fakes_dir):
    out = boot(board_root, fakes_dir, 4000, "KeyboardInterrupt")  # 8 s: past the watchdog's 5 s
    assert out["steps"] == "4000" and out["reset"] == "none"
    assert out["open_before"] == "1"  # the resumed game's open window, reopened
    assert out["open_after"] == "0"  # Ctrl-C closed the lid
    assert out["wdt_expired"] == "False"
    assert int(out["lit"]) > 200  # the game's screen
    # garbage is collected every 64 KB allocated, not only once the heap is
    # full: on a littered heap every allocation, a large call frame's too,
    # searches further (on the emulated Pico a step's median took 6x as long)
    assert out["gc_threshold"] == "65536"


def test_an_error_closes_every_shutter_then_resets(board_root, fakes_dir):
    out = boot(board_root, fakes_dir, 500, "RuntimeError")
    assert out["reset"] == "machine.reset()"
    assert out["open_before"] == "1" and out["open_after"] == "0"


def test_a_missing_servo_board_is_shown_on_the_vm_and_no_reset_follows(board_root, fakes_dir):
    out = boot(board_root, fakes_dir, 4000, "KeyboardInterrupt", pca=False)  # 8 s: past the watchdog's 5 s
    assert out["steps"] == "4000" and out["reset"] == "none" and out["wdt_expired"] == "False"
    assert int(out["lit"]) > 200  # the message


@pytest.mark.parametrize("body", ["[" * 100000 + "]" * 100000, "[" * 2000 + "]" * 2000, "\xff\xfe"],
                         ids=["200KB-deep", "4KB-deep", "binary"])
def test_damaged_settings_and_calibration_resume_on_the_vm(board_root, fakes_dir, body):
    names = [os.path.join(board_root, n) for n in ("settings.json", "calib.json")]
    saved = []
    for n in names:
        saved.append(open(n, "rb").read() if os.path.exists(n) else None)
        with open(n, "w") as f:
            f.write(body)
    try:
        out = boot(board_root, fakes_dir, 1000, "KeyboardInterrupt")
    finally:
        for n, data in zip(names, saved):
            if data is None:
                os.remove(n)
            else:
                with open(n, "wb") as f:
                    f.write(data)
    assert out["steps"] == "1000" and out["reset"] == "none" and out["open_before"] == "1"
