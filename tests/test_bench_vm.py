"""`make bench` runs whole, the MicroPython VM's figures included."""
import os
import subprocess
import sys

from bench import figures
from host_sim import ROOT


def test_bench_prints_every_figure():
    # the emulated Pico's figures take minutes: host_sim/tests/test_rp2040.py runs them
    no_pico = dict(os.environ, MACROSCOPE_RP2040=os.path.join(ROOT, "build", "no-pico"))
    p = subprocess.run([sys.executable, "-m", "bench"], cwd=ROOT, env=no_pico,
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-2000:]
    names = {}
    for line in p.stdout.splitlines():
        tag, name, value, unit = line.split()
        assert tag == "BENCH"
        names[name] = float(value)
    optional = figures.WEB + figures.RP2040
    want = tuple(n for n in figures.NAMES if n not in optional)
    assert sorted(n for n in names if n not in optional) == sorted(want)
    for name in want + tuple(n for n in figures.WEB if n in names):
        assert names[name] > 0, name
