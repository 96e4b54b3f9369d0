"""`make bench` runs whole, the MicroPython VM's figures included."""
import subprocess
import sys

from host_sim import ROOT


def test_bench_prints_every_figure():
    p = subprocess.run([sys.executable, "-m", "host_sim.bench"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    names = {}
    for line in p.stdout.splitlines():
        tag, name, value, unit = line.split()
        assert tag == "BENCH"
        names[name] = float(value)
    for name in ("cpython_action_us", "mpy_action_us", "cpython_games_per_s",
                 "cpython_undo_replay_ms_2000", "mpy_import_heap_bytes", "mpy_game_heap_bytes",
                 "mpy_game_log_bytes", "oled_bytes_per_update", "close_all_ms"):
        assert names[name] > 0, name
