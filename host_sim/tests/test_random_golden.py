"""Random games whose outcome is kept: 48 games (every preset, and random
option mixes) played by seed, each summed up as seats, round, cards,
crystals, a hash of the action log and a hash of what `legal()` offered and
the refusals of random actions said along the way. Any change to what the engine allows
or scores changes a line; after an intended rules change, regenerate with
`python -m host_sim.tests.test_random_golden` and review the difference.
Fast enough to run once per mutant in `make mutate`."""
import os
import sys

import host_sim  # noqa: F401
from game import Refused, chance, rules
from game.engine import CARD, ROLL
from host_sim import randplay

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "random_games.txt")


def summaries():
    out = []
    for seed in range(48):
        preset = rules.PRESET_NAMES[seed % 4]
        opts = randplay.random_opts(chance.Rng(seed + 4242)) if seed % 2 else None
        probe = chance.Rng(seed + 99)
        seen = []

        def hook(g, op, a, b):
            seen.append(repr(g.legal()))
            after = bytes(g.log)
            for _ in range(3):  # any action, legal or not
                op = 1 + probe.below(10)
                a = bytes(probe.below(7) for _ in range(12)) if op == CARD else probe.below(14) - 1
                if op == 8:
                    a = bytes([probe.below(6), probe.below(6)])
                try:
                    g.apply(op, a, 1 + probe.below(6) if op == ROLL else 0)
                except Refused as e:
                    seen.append(str(e))
                    continue
                seen.append("ok")
                g.replay(after)  # back to where the game was

        g = randplay.play(seed, 0, opts, preset, hook=hook)
        h = 0
        for ch in "".join(seen):
            h = (h * 31 + ord(ch)) & 0xFFFFFF
        out.append("%s %s %s %06x" % (preset, "mix" if opts else "-", randplay.summary(g), h))
    return out


def test_random_games_end_as_recorded():
    with open(GOLDEN) as f:
        want = f.read().splitlines()
    got = summaries()
    bad = [i for i in range(len(want)) if got[i] != want[i]]
    assert got == want, "games %s differ" % bad


if __name__ == "__main__":
    with open(GOLDEN, "w") as f:
        f.write("\n".join(summaries()) + "\n")
    sys.exit(0)
