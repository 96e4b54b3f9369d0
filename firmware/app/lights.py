"""What the NeoPixels show: while a window may be opened, the window lights in
the colour of the die that allows it (both dice: the mix; no dice: green),
and the window NEXT points at lights white. Colours go in as palette
indexes into a preallocated bytearray, so a frame allocates nothing."""
from app import modes as c
from game import engine

OFF = 0
PALETTE = ((0, 0, 0), (0, 60, 255), (255, 110, 0), (170, 0, 255), (0, 200, 60), (255, 255, 255), (255, 0, 0))
DIE1 = 1
DIE2 = 2
BOTH = 3
FREE = 4
CURSOR = 5
TEST = 6


def _allows(g, d, w):
    """Die d allows window w: w carries d, or no closed window does."""
    t = g.tokens
    if t[w] == d:
        return True
    for v in range(12):
        if t[v] == d and not g.is_open(v):
            return False
    return True


def fill(ctl, out):
    """Write each window's palette index into out (a bytearray of 12)."""
    for w in range(12):
        out[w] = OFF
    if ctl.mode == c.M_TEST:
        out[ctl.test_win] = TEST
        return
    g = ctl.game
    if ctl.mode != c.M_PLAY or g is None or ctl.blocked() or g.phase not in (engine.P_OPEN, engine.P_DECIDE):
        return
    m = ctl.allowed()
    for w in range(12):
        if not (m >> w) & 1:
            continue
        if not g.d1:
            out[w] = FREE
            continue
        k = 0
        if not g.used & 1 and _allows(g, g.d1, w):
            k |= DIE1
        if not g.used & 2 and _allows(g, g.d2, w):
            k |= DIE2
        out[w] = k
    if 0 <= ctl.cursor < 12 and (m >> ctl.cursor) & 1:
        out[ctl.cursor] = CURSOR
