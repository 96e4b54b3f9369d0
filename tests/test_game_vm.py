"""The whole firmware plays a game on the real MicroPython VM, loaded from
.mpy as on the board: the keys of a game played on CPython, pressed on the
emulated board on the VM, end in the same rules state and the same OLED
pixels, also across a power cut (a second VM process resumes the journal)."""
import pytest

from tests import vmgame

# The firmware alone holds about 94 KB of the 64-bit VM's heap booted into a
# game (`make bench`: mpy_firmware_heap_bytes); the emulated board beside it
# (the fakes of machine and neopixel, pins, buses, servos, the OLED's RAM, their
# code) about 60 KB more, so 128 KB holds the firmware but not the two
# together. With no module dropped from sys.modules (the emulated Pico, the
# judge, keeps over 100 KB free), 256 KB since the tall text, the seat lights
# and the deck's shuffle joined (224 KB ran out: fragmentation, the OLED's 1 KB
# buffers need whole blocks).
HEAP = "256k"
GAMES = [("pico_pca9685", {"players": 6, "rules": "standard", "seed": 3}, None),
         ("pico_direct_pwm", {"players": 3, "rules": "zh-cn", "seed": 8}, None),
         ("pico_pca9685", {"players": 4, "rules": "summary", "seed": 11}, 40)]


@pytest.mark.parametrize("board,setup,cut", GAMES)
def test_whole_game_on_vm_equals_cpython(board, setup, cut, mpy_dir, fakes_dir):
    """cut: the power is cut after that many keys; the next VM process
    resumes the game from the journal the first one wrote."""
    keys, want, ram, s = vmgame.on_cpython(board, setup, setup["seed"], cut)
    assert want["over"] and not s.errors and s.reboots == (cut is not None)
    p, out = vmgame.on_vm(board, setup, keys, [mpy_dir, fakes_dir], HEAP)
    assert p.returncode == 0, (p.stdout + p.stderr)[-2000:]
    assert out["errors"] == "0 0"
    assert out["state"] == want
    assert out["ram"] == ram


def test_whole_game_needs_the_heap(mpy_dir, fakes_dir):
    """The heap limit is real: the same game in a third of it runs out of memory."""
    board, setup, _ = GAMES[0]
    p, out = vmgame.on_vm(board, setup, ["r", "o"], [mpy_dir, fakes_dir], "64k")
    assert p.returncode != 0 and "MemoryError" in p.stdout + p.stderr
