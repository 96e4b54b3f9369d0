"""The benchmark still runs and reports what the README quotes (figures are
printed by `make bench`, not asserted here)."""
import subprocess
import sys

from host_sim import ROOT
from host_sim.mpy import have_vm

CPYTHON = ("cpython_action_us", "cpython_games_per_s", "oled_bytes_per_update", "close_all_ms",
           "press_to_shutter_ms_p99", "flash_bytes_per_game", "firmware_mpy_bytes",
           "epaper_open_ms", "epaper_spi_bytes_per_open", "deck_bytes_per_card", "deck_cards_on_flash",
           "cp_press_to_shutter_ms_p99")
VM = ("mpy_action_us", "mpy_import_heap_bytes", "mpy_game_heap_bytes", "mpy_game_log_bytes",
      "mpy_resume_ms_300", "mpy_firmware_heap_bytes")


def test_bench_prints_every_figure():
    p = subprocess.run([sys.executable, "-m", "host_sim.bench"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    names = {}
    for line in p.stdout.splitlines():
        tag, name, value, unit = line.split()
        assert tag == "BENCH"
        names[name] = float(value)
    # the VM's figures only where the VM is (`pytest host_sim` needs none)
    want = CPYTHON + (VM if have_vm() else ())
    assert sorted(names) == sorted(want)
    for name in want:
        assert names[name] > 0, name
    if not have_vm():
        assert "VM figures are skipped" in p.stderr
