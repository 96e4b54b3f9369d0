"""Scripts run alike on CPython, the MicroPython VM and the emulated board,
whose printed lines are compared."""

# Cards right and wrong, each on a fresh game: a bytearray grown by appends,
# a memoryview's slice, bytes (a deal, a log), a list, numbers out of range, 0 and past 7 (a shift of 32 or more wraps in a
# machine word: 65 would pass for 1), a wrong count, another length.
CARDS = """
from game import Refused
from game.engine import CARD, Game
grown = bytearray()  # room to spare beyond its 12 bytes
for x in (3, 3, 1, 1, 2, 2, 4, 4, 5, 5, 6, 6):
    grown.append(x)
for t in (grown, memoryview(bytearray((9, 2, 1, 2, 1, 3, 3, 4, 4, 5, 5, 6, 6, 9)))[1:13],
          bytes((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)), bytearray((6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6)),
          [2, 1, 2, 1, 3, 3, 4, 4, 5, 5, 6, 6], bytes((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)),
          bytes(12), bytes((65, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)), bytes((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 72)),
          bytes((255,)) * 12, bytes((1, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6)), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, -1],
          bytes((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6)), bytes((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6)), []):
    g = Game(3)
    try:
        g.apply(CARD, t)
        print("ok", list(g.tokens), list(g.log), g.need_card)
    except Refused as e:
        print("refused", e.args, list(g.tokens), len(g.log), g.need_card)
"""


def cpython_output(code):
    """What code prints on CPython, randplay imported as the VM has it."""
    import contextlib
    import io
    import sys
    out = io.StringIO()
    from host_sim import randplay
    sys.modules.setdefault("randplay", randplay)
    with contextlib.redirect_stdout(out):
        exec(code, {})
    return out.getvalue().splitlines()


def cards_expected():
    """CARDS' lines on CPython: the first five cards taken, the rest refused."""
    want = cpython_output(CARDS)
    assert [line.split()[0] for line in want] == ["ok"] * 5 + ["refused"] * 10
    return want
