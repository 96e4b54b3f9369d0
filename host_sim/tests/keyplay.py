"""Test drivers for the device: a player that picks the next key from what
the device shows (to play whole games by button presses), a random masher,
and the controller on its own with stand-in outputs (no emulated hardware).

Keys are `press` letters: 1-6 seats, r n o p u (ROLL NEXT OK PASS UNDO),
U a long UNDO, c the card."""
import os

import host_sim  # noqa: F401  (firmware/ on the path)
from app import controller
from app import modes as c
from app import journal as jn
from drivers.storage import Storage
from game import engine

KEYS = "123456rnopuUc"
KEY_CODE = {"r": c.K_ROLL, "n": c.K_NEXT, "o": c.K_OK, "p": c.K_PASS, "u": c.K_UNDO}


def next_key(ctl, rng, undo=0.03):
    """A sensible key for the device's state: plays on to the end of the game,
    guessing often enough that rounds end; now and then an undo."""
    g = ctl.game
    if ctl.mode == c.M_RELOAD:
        return "o"
    if ctl.mode != c.M_PLAY or g is None:
        return "u"
    if g.over():
        return None
    ph = g.phase
    if ph == engine.P_REVEAL:
        if ctl.must_pull():
            return "c"
        return rng.choice([str(s + 1) for s in g.call_order()] + ["o"])
    if ctl.blocked():
        return "c"
    if rng.random() < undo and g.can_undo():
        return "u"
    legal = g.legal()
    if ph == engine.P_ROLL:
        return "n" if (engine.SKIP, 0) in legal and rng.random() < 0.3 else "r"
    if ph == engine.P_OPEN:
        return rng.choice("noo")
    if ph == engine.P_DECIDE:
        if (engine.END, 0) in legal:
            return rng.choice("op" if ctl.allowed() else "p")
        options = ["p", str(g.active + 1)]
        if ctl.allowed() and rng.random() < 0.5:
            options.append("o")
        return rng.choice(options)
    # the call: seats join, ties are ordered, then OK closes it
    for code, a in legal:
        if code == engine.ORDER and rng.random() < 0.5:
            return str(a[len(ctl.order)] + 1) if ctl.order and ctl.order[0] in a else str(a[-1] + 1)
    joiners = [str(a + 1) for code, a in legal if code == engine.GUESS]
    if joiners and rng.random() < 0.6:
        return rng.choice(joiners)
    return "o"


class Out:
    """The device's outputs, recorded: what the controller asked for."""

    def __init__(self):
        self.sounds = []
        self.pulse = {}
        self.saved = 0
        self.exported = None

    def sound(self, name):
        self.sounds.append(name)

    def pulses(self, i):
        return self.pulse.get(i, (1900, 1100))

    def calibrate(self, i, open_us, closed_us):
        self.pulse[i] = (open_us, closed_us)

    def save_calibration(self):
        self.saved += 1

    def export(self, text):
        self.exported = text

    def entropy(self):
        return 1234


class Clock:
    """Ticks that never wrap, moved by hand."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_add(self, t, d):
        return t + d

    def ticks_diff(self, a, b):
        return a - b


class Bare:
    """The controller alone, on a flash folder, fed key events directly on a
    clock of its own: no buttons, no bus, no screen."""

    def __init__(self, flash, setup=None, card=True, digital=False):
        os.makedirs(str(flash), exist_ok=True)
        self.storage = Storage(os.path.join(str(flash), ""))
        self.out = Out()
        self.clock = Clock()
        self.ctl = controller.Controller(self.storage, self.out, self.clock, setup, digital)
        if card:
            self.ctl.key(c.K_CARD, 0, self.clock.now)

    def key(self, k):
        ctl = self.ctl
        self.clock.now += 50
        if k == "c":
            ctl.key(c.K_CARD, 3 if ctl.card_in else 0, self.clock.now)
        elif k == "U":
            ctl.key(c.K_UNDO, 0, self.clock.now)
            self.clock.now += 900
            ctl.key(c.K_UNDO, 2, self.clock.now)
            ctl.key(c.K_UNDO, 3, self.clock.now)
        elif k == "u":
            ctl.key(c.K_UNDO, 0, self.clock.now)
            ctl.key(c.K_UNDO, 1, self.clock.now)
            ctl.key(c.K_UNDO, 3, self.clock.now)
        else:
            code = KEY_CODE[k] if k in KEY_CODE else int(k) - 1
            ctl.key(code, 0, self.clock.now)
            ctl.key(code, 1, self.clock.now)
            ctl.key(code, 3, self.clock.now)
        self.clock.now += 50
        ctl.tick(self.clock.now)


def replay_journal(storage):
    """The game the journal on flash holds, rebuilt without the controller."""
    from game import rules
    head, entries, dropped = jn.Journal(storage).load()
    opts = rules.preset(head["rules"])
    if "dice" in head:
        opts["dice"] = head["dice"]
    g = engine.Game(head["players"], opts, head["first"], head["rules"])
    for e in entries:
        if e[0] == jn.UNDO:
            g.undo()
        elif e[0] != jn.RELOAD:
            for _, op, a, b in engine._walk(e, 0):
                g.apply(op, a, b)
    return g, dropped
