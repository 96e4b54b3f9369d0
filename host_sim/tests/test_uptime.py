"""A week and more switched on with nothing pressed (host_sim.tests.uptime),
on both runtimes and both button wirings: every button, a long press, the
card switch, a message's timeout and a servo's move still work."""
import json
import subprocess
import sys

import pytest

from host_sim import ROOT

DAYS = ("3.5", "7", "13")  # past half the tick period of CircuitPython, of MicroPython, and a wrap
TAP = ["press", "short", "release"]


@pytest.mark.parametrize("board", ["pico_pca9685", "pico_direct_pwm"])  # GPIO buttons / the ladder
@pytest.mark.parametrize("runtime", ["micropython", "circuitpython"])
def test_every_button_and_the_card_after_days_idle(runtime, board):
    proc = subprocess.run([sys.executable, "-m", "host_sim.tests.uptime", runtime, board] + list(DAYS),
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    for d in DAYS:
        r = got[d]
        ev = r["events"]
        for name in ["seat%d" % i for i in range(1, 7)] + ["roll", "next", "ok", "pass"]:
            assert ev.get(name) == TAP, (d, name, ev.get(name))
        assert ev["undo"] == TAP + ["press", "long", "release"], (d, ev["undo"])
        assert ev["card"][:2] == ["release", "press"], (d, ev["card"])  # pulled out, put back
        assert r["opened"] and 0 <= r["moved_ms"] <= 20, (d, r)
        assert r["msg_cleared"], d
        assert r["wait_s"] < 10, d  # the idle days take seconds of host time
