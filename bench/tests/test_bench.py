"""The CPython benchmarks still run and report what the README quotes
(figures are printed by `make bench`, not asserted here). No MicroPython
needed: the whole bench, VM figures included, is run by tests/test_bench_vm.py."""
import host_sim  # noqa: F401
from bench import drivers, engine


def test_cpython_figures():
    got = dict((name, value) for name, value, _ in engine.cpython_figures() + drivers.figures())
    for name in ("cpython_action_us", "cpython_games_per_s", "cpython_undo_replay_ms_2000",
                 "oled_bytes_per_update", "close_all_ms"):
        assert got[name] > 0, name


def test_the_undo_record_takes_back_every_open():
    lines = engine.undo_record(12)
    assert lines.count("undo") == 12 and sum(ln.startswith("open") for ln in lines) == 36
