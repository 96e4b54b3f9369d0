"""The rules engine on the real MicroPython VM, from .mpy files as deployed,
with a 64 KB heap: the same games as CPython for the same seeds. Each check
runs on two builds: bytecode (as the web page), and as the board's, whose
engine is native code and whose card check is viper (tools.mpy.EMIT; built
for the VM's x86-64, the board's own armv6m runs in test_rp2040.py)."""
import glob
import json
import os

import pytest

import host_sim  # noqa: F401
from game import chance, record, rules, state
from host_sim import ROOT, randplay
from host_sim.tests.vmscripts import CARDS, cards_expected, cpython_output
from tests import mpvm

GAMES = 400
GOLDEN = sorted(glob.glob(os.path.join(ROOT, "host_sim", "tests", "golden", "*.rec")))


@pytest.fixture(params=["bytecode", "machine"])
def build_dir(request, mpy_dir, machine_mpy_dir):
    """The firmware's .mpy: all bytecode, or with the board's machine-code modules."""
    return mpy_dir if request.param == "bytecode" else machine_mpy_dir


@pytest.fixture(scope="module")
def vm_path(mpy_dir, tmp_path_factory):
    """randplay (test driver, MicroPython subset) compiled beside the firmware."""
    return mpvm.compile_randplay(str(tmp_path_factory.mktemp("randplay")))


def _games_cpython():
    out = []
    for seed in range(GAMES):
        preset = rules.PRESET_NAMES[seed % 4]
        opts = randplay.random_opts(chance.Rng(seed + 9000)) if seed % 3 == 0 else None
        out.append(randplay.summary(randplay.play(seed, 0, opts, preset)))
    return out


VM_GAMES = """
import gc
from game import chance, rules
import randplay
for seed in range(%d):
    preset = rules.PRESET_NAMES[seed %% 4]
    opts = randplay.random_opts(chance.Rng(seed + 9000)) if seed %% 3 == 0 else None
    print(randplay.summary(randplay.play(seed, 0, opts, preset)))
    gc.collect()
""" % GAMES


def test_random_games_match_cpython(build_dir, vm_path):
    p = mpvm.run(VM_GAMES, build_dir, heap="64k", extra_path=[vm_path])
    assert p.returncode == 0, p.stderr[-2000:]
    vm = p.stdout.splitlines()
    assert len(vm) == GAMES
    assert vm == _games_cpython()


VM_REPLAY = """
import json
from game import record, state
try:
    with open(%r) as f:
        t = record.load(f)
    print(json.dumps(state.as_dict(t.game)))
except record.RecordError as e:
    print("ERR", e)
"""


@pytest.mark.parametrize("path", GOLDEN, ids=[os.path.basename(p) for p in GOLDEN])
def test_golden_records_on_the_vm(build_dir, path):
    p = mpvm.run(VM_REPLAY % path, build_dir, heap="64k")
    assert p.returncode == 0, p.stderr
    with open(path) as f:
        want = state.as_dict(record.load(f).game)
    assert json.loads(p.stdout) == want


def test_refusals_read_the_same_on_the_vm(build_dir, tmp_path):
    bad = tmp_path / "bad.rec"
    bad.write_text("players 3\nfirst 1\ncard 1 2 3 4 5 6 1 2 3 4 5 6\nroll 2 5\nopen 2\nopen 4\n")
    p = mpvm.run(VM_REPLAY % str(bad), build_dir, heap="64k")
    assert p.stdout.strip() == "ERR line 6: open 4: window 4 is not allowed by dice 5 (2 is used)"


def test_vm_heap_is_really_small(mpy_dir, vm_path):
    """The check above means something only if 64 KB is a real limit: a
    6-seat game's worth of work fails in a 16 KB heap."""
    p = mpvm.run(VM_GAMES.replace("range(%d)" % GAMES, "range(3)"), mpy_dir, heap="16k",
                 extra_path=[vm_path])
    assert p.returncode != 0 and "MemoryError" in p.stdout + p.stderr


VM_RECORDS = """
from game import record, state
for path in %r:
    try:
        with open(path) as f:
            t = record.load(f)
        g = t.game
        print("OK", g.n, g.first, g.d1, g.d2, g.open_mask)
    except record.RecordError as e:
        print("ERR", e)
"""


def test_the_same_records_read_the_same_on_the_vm(build_dir, tmp_path):
    from host_sim.tests.test_record import BAD_RECORDS, CARD_LINE
    texts = [text for text, _ in BAD_RECORDS]
    texts.append("\ufeffplayers 3\r\nfirst\t01\r\n" + CARD_LINE + "\r\nroll 1\t 2 \r\nopen 01\r\n")
    paths = []
    want = []
    for i, text in enumerate(texts):
        path = tmp_path / ("r%d.rec" % i)
        path.write_bytes(text.encode("utf-8"))
        paths.append(str(path))
        try:
            with open(path, encoding="utf-8") as f:
                g = record.load(f).game
            want.append("OK %d %d %d %d %d" % (g.n, g.first, g.d1, g.d2, g.open_mask))
        except record.RecordError as e:
            want.append("ERR %s" % e)
    assert want[:-1] == ["ERR " + message for _, message in BAD_RECORDS]
    assert want[-1] == "OK 3 0 1 2 1"
    p = mpvm.run(VM_RECORDS % paths, build_dir, heap="256k")  # room for the 5,000-character line
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == want


# Random games with random UNDOs (the checkpoints, and an undo across a
# deal, replay through apply): the same code on CPython and on the VM.
UNDOING = """
from game import chance, rules
from game.engine import Game
import randplay
for seed in range(%d):
    rng = chance.Rng(seed + 700)
    n = 2 + rng.below(5)
    g = Game(n, None, rng.below(n), rules.PRESET_NAMES[seed %% 4])
    undos = 0
    while not g.over():
        if g.can_undo() and rng.below(100) < 30:
            g.undo()
            undos += 1
        else:
            op, a, b = randplay.choose(g, rng)
            g.apply(op, a, b)
    print(randplay.summary(g), undos, list(g.tokens), g.phase, g.active, g.open_mask, g.cards)
""" % 60


def test_games_with_undos_match_cpython(build_dir, vm_path):
    p = mpvm.run(UNDOING, build_dir, heap="64k", extra_path=[vm_path])
    assert p.returncode == 0, p.stderr[-2000:]
    want = cpython_output(UNDOING)
    assert len(want) == 60 and sum(int(line.split()[5]) for line in want) > 1000
    assert p.stdout.splitlines() == want


def test_cards_are_checked_alike_on_the_vm(build_dir):
    p = mpvm.run(CARDS, build_dir, heap="64k")
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.splitlines() == cards_expected()
