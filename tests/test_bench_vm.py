"""`make bench` runs whole, the MicroPython VM's figures included."""
import subprocess
import sys

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
    want = ("cpython_action_us", "mpy_action_us", "cpython_games_per_s", "cpython_undo_replay_ms_2000",
            "mpy_import_heap_bytes", "mpy_game_heap_bytes", "mpy_game_log_bytes", "oled_bytes_per_update",
            "close_all_ms", "epaper_open_ms", "epaper_spi_bytes_per_open", "deck_bytes_per_card",
            "deck_cards_on_flash", "press_to_shutter_ms_p99", "flash_bytes_per_game", "firmware_mpy_bytes",
            "mpy_resume_ms_300", "mpy_firmware_heap_bytes", "mpy_firmware_heap_zh_bytes", "cp_press_to_shutter_ms_p99",
            "font_cjk_bytes")
    web = ("web_boot_ms", "web_boot_first_ms", "web_step_ms_p99", "web_step_ms_p50", "web_steps", "web_idle_cpu_pct")
    assert sorted(n for n in names if n not in web) == sorted(want)
    for name in want + tuple(n for n in web if n in names):
        assert names[name] > 0, name
