"""`make bench` runs whole, the MicroPython VM's figures included."""
import subprocess
import sys

from bench import figures
from host_sim import ROOT


def test_bench_prints_every_figure():
    p = subprocess.run([sys.executable, "-m", "bench"], cwd=ROOT,
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-2000:]
    names = {}
    for line in p.stdout.splitlines():
        tag, name, value, unit = line.split()
        assert tag == "BENCH"
        names[name] = float(value)
    want = tuple(n for n in figures.NAMES if n not in figures.WEB)
    assert sorted(n for n in names if n not in figures.WEB) == sorted(want)
    for name in want + tuple(n for n in figures.WEB if n in names):
        assert names[name] > 0, name
