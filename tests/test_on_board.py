"""On a real Raspberry Pi Pico with MicroPython, when one is plugged in
(skipped otherwise): the firmware, mounted from the host with `mpremote mount`
(nothing is copied to the board's flash), plays the same games as CPython."""
import subprocess

import pytest

import host_sim  # noqa: F401
from game import rules
from host_sim import randplay
from tools.mpy import build, tool
from tests import mpvm

GAMES = 20
PICO_MICROPYTHON = "2e8a:0005"  # USB VID:PID of MicroPython on an RP2040


def _board_port():
    try:
        p = subprocess.run([tool("mpremote"), "connect", "list"],
                           capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in p.stdout.splitlines():
        if PICO_MICROPYTHON in line:
            return line.split()[0]
    return None


PORT = _board_port()
pytestmark = pytest.mark.skipif(PORT is None, reason="no Raspberry Pi Pico with MicroPython attached")


def test_engine_on_the_board_matches_cpython(tmp_path):
    build(str(tmp_path), march="armv6m")
    mpvm.compile_randplay(str(tmp_path), march="armv6m")
    code = ("from game import rules\nimport randplay\n"
            "for s in range(%d):\n"
            "    print(randplay.summary(randplay.play(s, 0, None, rules.PRESET_NAMES[s %% 4])))\n" % GAMES)
    p = subprocess.run([tool("mpremote"), "connect", PORT, "mount", str(tmp_path), "exec", code],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    want = [randplay.summary(randplay.play(s, 0, None, rules.PRESET_NAMES[s % 4])) for s in range(GAMES)]
    assert [line for line in p.stdout.splitlines() if line.count(" ") == 4][-GAMES:] == want
