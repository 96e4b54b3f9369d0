"""Speed and memory of the rules engine, on CPython and on the MicroPython VM."""
import os
import resource
import subprocess
import sys
import tempfile
import time

from game import chance, record
from game.engine import Game
from host_sim import randplay
from tools.mpy import HOST_SIM, build, compile_file, run_vm

SEEDS = range(200)


def _recorded_games():
    """Random 2-6 seat games of every preset, as (players, first, preset, actions)."""
    out = []
    for seed in SEEDS:
        preset = ("standard", "family", "summary", "zh-cn")[seed % 4]
        g = randplay.play(seed, 0, None, preset)
        out.append((g.n, g.first, preset, list(g.actions())))
    return out


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def cpython_figures():
    games = _recorded_games()
    per_action = []
    for n, first, preset, acts in games:
        g = Game(n, None, first, preset)
        t0 = time.perf_counter()
        for op, a, b in acts:
            g.apply(op, a, b)
        per_action.append((time.perf_counter() - t0) * 1e6 / len(acts))
    t0 = time.perf_counter()
    count = 0
    while time.perf_counter() - t0 < 2.0:
        randplay.play(count, 0, None, "standard")
        count += 1
    games_per_s = count / (time.perf_counter() - t0)
    return [("cpython_action_us", round(_median(per_action), 2), "us"),
            ("cpython_games_per_s", int(games_per_s), "games/s"),
            ("cpython_undo_replay_ms_2000", undo_replay_ms(2000), "ms"),
            ("cpython_replay_s_1mb", replay_s(1 << 20), "s")]


def undo_record(pairs):
    """A long record (dice off, void cards, so it never ends) with an `open`
    taken back by `undo` on every turn: `pairs` open/undo pairs."""
    lines = ["players 2", "set dice off", "first 1"]
    for t in range(pairs):
        w = (t % 6) * 2 + 1
        lines += ["open %d" % w, "undo", "open %d" % w, "open %d" % (w + 1), "pass", "close"]
    return lines


def undo_replay_ms(pairs):
    """Milliseconds to read the record of undo_record(pairs): undo must cost
    the actions since the current card, not the whole game."""
    lines = undo_record(pairs)
    t0 = time.perf_counter()
    g = record.load(lines).game
    ms = (time.perf_counter() - t0) * 1000
    assert g.cards == pairs // 6 + 1
    return int(ms)


def deal_undo_record(size):
    """A record of about `size` bytes that never ends (dice off, void cards)
    where every card dealt is taken back once by an `undo` across the deal,
    and a window on every turn by an `undo` within the card."""
    rng = chance.Rng(1)
    lines = ["players 2", "set dice off", "first 1"]
    n = 0
    while n < size:
        card = "card " + " ".join(str(t) for t in chance.card(rng))
        block = [card]
        for t in range(6):
            w = t * 2 + 1
            block += ["open %d" % w, "undo", "open %d" % w, "open %d" % (w + 1), "pass", "close"]
        block += [card, "undo", "close"]
        lines += block
        n += sum(len(ln) + 1 for ln in block)
    return lines


def replay_s(size):
    """CPU seconds of `python -m host_sim replay` on a record of deal_undo_record(size)."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "big.rec")
        with open(path, "w") as f:
            f.write("\n".join(deal_undo_record(size)) + "\n")
        t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([sys.executable, "-m", "host_sim", "replay", path], capture_output=True, text=True)
        t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode or '"card": ' not in p.stdout:
        raise RuntimeError("replay: " + (p.stdout + p.stderr)[-500:])
    return round((t1.ru_utime + t1.ru_stime) - (t0.ru_utime + t0.ru_stime), 2)


# Memory, in a fresh VM: the heap the imports take, then what a finished
# 6-seat game still holds (its state and action log) after a collection.
VM_MEMORY = """
import gc
gc.collect()
before = gc.mem_alloc()
from game import engine, record
gc.collect()
print("import", gc.mem_alloc() - before)
import randplay
gc.collect()
before = gc.mem_alloc()
game = randplay.play(6, 6, None, "standard")
gc.collect()
print("game", gc.mem_alloc() - before, len(game.log))
"""

# Speed: replay recorded random games; µs per action, median over games.
VM_SPEED = """
import time
from game import record
from game.engine import Game
import randplay
per = []
for seed in range(%(n)d):
    preset = ("standard", "family", "summary", "zh-cn")[seed %% 4]
    g = randplay.play(seed, 0, None, preset)
    acts = list(g.actions())
    h = Game(g.n, None, g.first, preset)
    t0 = time.ticks_us()
    for op, a, b in acts:
        h.apply(op, a, b)
    per.append(time.ticks_diff(time.ticks_us(), t0) / len(acts))
per.sort()
print("action_us", per[len(per) // 2])
"""


def _vm(d, script, heap):
    p = run_vm(script, [d], heap)
    if p.returncode:
        raise RuntimeError("micropython: " + (p.stdout + p.stderr)[-500:])
    return dict((w[0], w[1:]) for w in (line.split() for line in p.stdout.splitlines()))


def mpy_figures():
    with tempfile.TemporaryDirectory() as d:
        build(d)
        compile_file("randplay.py", d, root=HOST_SIM)
        got = _vm(d, VM_MEMORY, "64k")
        got.update(_vm(d, VM_SPEED % {"n": len(SEEDS)}, "1m"))
    return [("mpy_action_us", round(float(got["action_us"][0]), 2), "us"),
            ("mpy_import_heap_bytes", int(got["import"][0]), "bytes"),
            ("mpy_game_heap_bytes", int(got["game"][0]), "bytes"),
            ("mpy_game_log_bytes", int(got["game"][1]), "bytes")]


def figures():
    return cpython_figures()
