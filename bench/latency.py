"""Press-to-shutter latency of both firmware builds (host_sim/latency.py: the
same measurement the tests bound), each in a process of its own: one runtime
per process."""
import subprocess
import sys

from host_sim import ROOT
from host_sim.latency import PRESSES, percentile


def measured(runtime, presses=PRESSES):
    p = subprocess.run([sys.executable, "-m", "host_sim.latency", runtime, str(presses)], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    return [float(x) for x in p.stdout.split()]


def figures():
    for runtime, name in (("micropython", "press_to_shutter_ms_p99"),
                          ("circuitpython", "cp_press_to_shutter_ms_p99")):
        yield name, round(percentile(measured(runtime), 99), 2), "ms"
