"""Records read the same on CPython and on the MicroPython VM, whatever ends
their lines: 2,400 records made from the golden games with LF, CRLF and lone
CR ends mixed line by line, stray CRs inside lines, CR CR LF, blank and
comment lines, tabs, a BOM, and some cut short or with a damaged word, are
replayed by both parsers (CPython's text files split lines at all three ends,
MicroPython's at LF only); every outcome, the end state or the refusal with
its line number, must be the same."""
import glob
import json
import os
import random

import host_sim  # noqa: F401
from game import record, state
from host_sim import ROOT
from tests import mpvm

GOLDEN = sorted(glob.glob(os.path.join(ROOT, "host_sim", "tests", "golden", "*.rec")))
COUNT = 2400
ENDS = ("\n", "\r\n", "\r")

VM_REPLAY_ALL = """
import json
from game import record, state
for path in %r:
    try:
        with open(path) as f:
            t = record.load(f)
        print(json.dumps(state.as_dict(t.game)))
    except record.RecordError as e:
        print(json.dumps("ERR %%s" %% e))
"""


def mangle(lines, rng):
    """One record's text: the lines of a game, ended and damaged at random."""
    lines = lines[:rng.randrange(len(lines) // 2, len(lines) + 1)] if rng.random() < 0.2 else list(lines)
    if rng.random() < 0.15:  # a damaged word
        i = rng.randrange(len(lines))
        w = lines[i].split(" ")
        j = rng.randrange(len(w))
        w[j] = rng.choice(["9", "x", "", "0" + w[j], w[j] + "1"])
        lines[i] = " ".join(w)
    style = rng.choice(ENDS + (None,))  # one end for the whole file, or mixed
    out = "\ufeff" if rng.random() < 0.1 else ""
    for line in lines:
        if rng.random() < 0.05:
            line = line.replace(" ", "\t", 1)
        if rng.random() < 0.04:  # a stray CR inside the line
            k = rng.randrange(len(line) + 1)
            line = line[:k] + "\r" + line[k:]
        if rng.random() < 0.03:
            line += " # a note\r"
        out += line + (style or rng.choice(ENDS))
        if rng.random() < 0.03:
            out += rng.choice(["\r", "\r\r\n", "\n", "# comment\r\n"])
    if rng.random() < 0.2:
        out = out.rstrip("\r\n")  # no end after the last line
    return out


def test_2400_records_with_any_line_ends_read_the_same_on_cpython_and_the_vm(mpy_dir, tmp_path):
    bases = []
    for path in GOLDEN:
        with open(path, encoding="utf-8") as f:
            bases.append(f.read().split("\n"))
    rng = random.Random(2026)
    paths = []
    want = []
    ends = {"cr": 0, "crlf": 0, "stray": 0}
    for i in range(COUNT):
        text = mangle([x for x in rng.choice(bases) if x], rng)
        ends["crlf"] += "\r\n" in text
        ends["cr"] += "\r" in text.replace("\r\n", "")
        path = tmp_path / ("r%d.rec" % i)
        path.write_bytes(text.encode("utf-8"))
        paths.append(str(path))
        try:
            with open(str(path), encoding="utf-8") as f:
                want.append(state.as_dict(record.load(f).game))
        except record.RecordError as e:
            want.append("ERR %s" % e)
    assert min(ends["cr"], ends["crlf"]) > COUNT // 4  # the files do mix the ends
    refused = sum(isinstance(w, str) for w in want)
    assert COUNT // 10 < refused < COUNT * 9 // 10  # both outcomes are compared
    got = []
    for k in range(0, COUNT, 400):  # a VM process per 400 files
        p = mpvm.run(VM_REPLAY_ALL % paths[k:k + 400], mpy_dir, heap="256k")
        assert p.returncode == 0, p.stderr[-2000:]
        got += [json.loads(line) for line in p.stdout.splitlines()]
    diff = [(paths[i], want[i], got[i]) for i in range(COUNT) if want[i] != got[i]]
    assert len(got) == COUNT and diff == [], (len(diff), diff[:3])
