"""What the NeoPixels show: while a window may be opened, the window lights in
the colour of the die that allows it (the engine's rule, Game.allows; both dice: the mix; no dice: green),
and the window NEXT points at lights white. Colours go in as palette
indexes into a preallocated bytearray, so a frame allocates nothing."""
from game import const

# Palette indexes: off, each die, both (_DIE1 | _DIE2: the mix), no dice, the
# cursor and the self-test's window; private consts but TEST, the self-test's
_OFF = const(0)
_DIE1 = const(1)
_DIE2 = const(2)
_FREE = const(4)
_CURSOR = const(5)
TEST = 6
PALETTE = ((0, 0, 0), (0, 60, 255), (255, 110, 0), (170, 0, 255), (0, 200, 60), (255, 255, 255), (255, 0, 0))


def fill(ctl, out):
    """Write each window's palette index into out (a bytearray of 12): what the
    device's mode lights (play: the dice; the self-test: its window)."""
    for w in range(12):
        out[w] = _OFF
    ctl.cur.light(ctl, out)


def dice(g, m, cursor, out):
    """Play: each window of mask m (the windows that may be opened) in the
    colour of the die that allows it, the cursor's white."""
    for w in range(len(out)):
        if not (m >> w) & 1:
            continue
        if not g.d1:
            out[w] = _FREE
            continue
        k = 0
        if not g.used & 1 and g.allows(g.d1, w):
            k |= _DIE1
        if not g.used & 2 and g.allows(g.d2, w):
            k |= _DIE2
        out[w] = k
    if 0 <= cursor < 12 and (m >> cursor) & 1:
        out[cursor] = _CURSOR
