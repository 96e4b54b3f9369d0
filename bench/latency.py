"""Press-to-shutter latency of each firmware build on the emulated board: OK
pressed where a window may open, to that servo starting to move, on the
virtual clock (bus transfers and the OLED's redraw included), at 100 presses
falling at random phases of the loop. One runtime per process:

    python -m bench.latency micropython|circuitpython   prints the ms, one a line"""
import random
import subprocess
import sys
import tempfile

from host_sim import ROOT

PRESSES = 100


def _p99(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, (len(xs) * 99 + 99) // 100 - 1)]


def measure(runtime, presses=PRESSES):
    from host_sim import press
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start("pico_pca9685", flash, {"players": 3, "rules": "standard", "seed": 4}, runtime)
        from emu import clock
        s.run(1500)  # the power-up close-all is over
        s.key("r")
        rng = random.Random(1)
        out = []
        for _ in range(presses):
            s.run(rng.randrange(20))  # the press falls anywhere in a scan and a step
            w = s.dev.ctl.cursor
            servo = s.emu.servos[w]
            t0 = clock.now_us()
            s.key("o")
            starts = [a for a, b in servo.moves if a >= t0]
            out.append((starts[0] - t0) / 1000 if starts and s.game().is_open(w) else float("inf"))
            s.key("u")
        return out


def figures():
    # the MicroPython build's figure is press_to_shutter_ms_p99 (bench/device.py)
    for runtime, tag in (("circuitpython", "cp"),):
        p = subprocess.run([sys.executable, "-m", "bench.latency", runtime], cwd=ROOT,
                           capture_output=True, text=True, timeout=600)
        if p.returncode:
            raise RuntimeError(p.stderr[-2000:])
        ms = [float(x) for x in p.stdout.split()]
        yield "%s_press_to_shutter_ms_p99" % tag, "%.1f" % _p99(ms), "ms"


if __name__ == "__main__":
    for v in measure(sys.argv[1]):
        print(v)
    sys.stdout.flush()
