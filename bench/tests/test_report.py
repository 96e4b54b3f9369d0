"""docs/benchmarks.md is what `make bench` writes: its rows are exactly the
figures of bench/figures.py with their current descriptions and goals."""
import os

from bench import figures, report
from host_sim import ROOT

DOC = os.path.join(ROOT, "docs", "benchmarks.md")


def test_the_doc_is_what_make_bench_writes():
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    values = report.read(DOC)
    assert sorted(values) == sorted(figures.NAMES), "run `make bench`: the figures changed"
    assert report.render({}, values).replace(report.EARLIER, "") == text.replace(report.EARLIER, ""), \
        "docs/benchmarks.md is not what `make bench` writes: run it"


def test_a_missed_goal_shows_and_a_new_value_replaces_the_old():
    earlier = {"close_all_ms": "551 ms", "mpy_game_heap_bytes": "4,000 bytes"}
    text = report.render({"close_all_ms": (700, "ms")}, earlier)
    row = [ln for ln in text.splitlines() if ln.startswith("| `close_all_ms`")][0]
    assert "| 700 ms | <= 600 | **no** |" in row
    heap = [ln for ln in text.splitlines() if ln.startswith("| `mpy_game_heap_bytes`")][0]
    assert "| 4,000 bytes (earlier run) | <= 4,096 | yes |" in heap
    assert report.read_text(text) == {"close_all_ms": "700 ms", "mpy_game_heap_bytes": "4,000 bytes",
                                      **{n: "not measured" for n in figures.NAMES
                                         if n not in ("close_all_ms", "mpy_game_heap_bytes")}}


def test_a_figure_the_table_does_not_describe_is_named():
    assert report.unknown({"close_all_ms": (1, "ms"), "new_thing_ms": (2, "ms")}) == ["new_thing_ms"]
