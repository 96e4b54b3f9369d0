"""What the NeoPixels show: while a window may be opened, the window lights in
the colour of the die that allows it (the engine's rule, Game.allows; both dice: the mix; no dice: green),
and the window NEXT points at lights white. On a chain of 18 the six after
the windows are the seats' (one by each seat button): lit while that seat
may press (app.board: 12 or 18). Colours go in as palette indexes into a
preallocated bytearray, so a frame allocates nothing."""
from game import const
from game import engine
from game.engine import WINDOWS as _WINDOWS  # the seats' pixels come after the windows'

# Palette indexes: off, each die, both (_DIE1 | _DIE2: the mix), no dice, the
# cursor and the self-test's window; private consts but TEST, the self-test's
_OFF = const(0)
_DIE1 = const(1)
_DIE2 = const(2)
_FREE = const(4)
_CURSOR = const(5)
TEST = 6
SEAT = 7  # a seat that may press: white (the dice's colours belong to the windows)
PALETTE = ((0, 0, 0), (0, 60, 255), (255, 110, 0), (170, 0, 255), (0, 200, 60), (255, 255, 255), (255, 0, 0),
           (255, 255, 255))


def fill(ctl, out):
    """Write each pixel's palette index into out (a bytearray of 12, or 18 with
    the seats'): what the device's mode lights (play: the dice and the seats
    that may press; the self-test: its window)."""
    for w in range(len(out)):
        out[w] = _OFF
    ctl.cur.light(ctl, out)


def dice(g, m, cursor, out):
    """Play: each window of mask m (the windows that may be opened) in the
    colour of the die that allows it, the cursor's white."""
    for w in range(_WINDOWS):
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
    if 0 <= cursor < _WINDOWS and (m >> cursor) & 1:
        out[cursor] = _CURSOR


def seats(g, legal, out):
    """Play: the seat pixels (if out has them) of the seats that may press now:
    the active seat in its turn (roll, open, decide), in a call each seat
    that may join, at the reveal each seat that may be named right. legal:
    the game's legal actions now (app.store's, built once per change)."""
    if len(out) <= _WINDOWS:
        return
    ph = g.phase
    if ph == engine.P_ROLL or ph == engine.P_OPEN or ph == engine.P_DECIDE:
        out[_WINDOWS + g.active] = SEAT
        return
    want = engine.GUESS if ph == engine.P_CALL else engine.REVEAL if ph == engine.P_REVEAL else -1
    for op, a in legal:
        if op == want and 0 <= a < engine.SEATS:
            out[_WINDOWS + a] = SEAT
