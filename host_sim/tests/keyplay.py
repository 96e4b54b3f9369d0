"""Test drivers for the device: the player of host_sim.autoplay (to play
whole games by button presses), and the controller on its own with
stand-in outputs (no emulated hardware).

Keys are `press` letters: 1-6 seats, r n o p u (ROLL NEXT OK PASS UNDO),
U a long UNDO, c the card."""
import os

import host_sim  # noqa: F401  (firmware/ on the path)
from app import controller
from app import modes as c
from app import journal as jn
from drivers.storage import Storage
from game import engine
from host_sim.autoplay import next_key  # noqa: F401  (the tests' player)
from host_sim.tests import journal_util

KEYS = "123456rnopuUc"
KEY_CODE = {"r": c.K_ROLL, "n": c.K_NEXT, "o": c.K_OK, "p": c.K_PASS, "u": c.K_UNDO}


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

    def entropy(self, n=4):
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
            ctl.key(c.K_CARD, 3 if ctl.slot.card_in else 0, self.clock.now)
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
    head, log, dropped, _, _ = journal_util.load(jn.Journal(storage))
    if "opts" in head:  # the resolved options, in rules.NAMES' order
        opts = dict(zip(rules.NAMES, head["opts"]))
    else:  # a header from before they were written in it
        opts = rules.preset(head["rules"])
        if "dice" in head:
            opts["dice"] = head["dice"]
    g = engine.Game(head["players"], opts, head["first"], head["rules"])
    g.replay(log)
    return g, dropped
