"""The self-test from the menu (the REPL's is app/selftest.py): every window
opens in turn, and the screen names the last key pressed and the card
switch's state, so each button and the slot can be checked by hand."""
from app import lang, lights
from app.lang import tr
from app.mode.base import Base
from app.modes import KEY_NAMES
from app.screens import text
from game.engine import WINDOWS

STEP_MS = 700  # one window after another


class Mode(Base):
    QUIET = True  # the last key shows, not the refusals' messages

    def __init__(self):
        self.win = 0
        self.at = 0

    def start(self, ctl, now):
        self.win = 0
        self.at = ctl.clock.ticks_add(now, STEP_MS)

    def tick(self, ctl, now):
        c = ctl.clock
        if c.ticks_diff(now, self.at) >= 0:
            self.win = (self.win + 1) % WINDOWS
            self.at = c.ticks_add(now, STEP_MS)
            ctl.version += 1

    def windows(self, ctl):
        return (1 << self.win) if not ctl.slot.card_in else 0

    def light(self, ctl, out):
        out[self.win] = lights.TEST

    def draw(self, fb, ctl):
        k = ctl.last_key
        if lang.script == "latin":
            text("SELF-TEST", fb, 0, 0)
            text("window %d" % (self.win + 1), fb, 0, 2)
            yield
            text("key: %s" % (KEY_NAMES[k] if k >= 0 else "-"), fb, 0, 3)
            text("card: %s" % ("in" if ctl.slot.card_in else "out"), fb, 0, 4)
            text("UNDO: back", fb, 0, 6)
            return
        from app import lines
        from app.screens_zh import block  # loaded already: Chinese is drawn with it
        yield from block(fb, (tr("SELF-TEST"), tr("window %d") % (self.win + 1),
                   tr("key: %s") % (KEY_NAMES[k] if k >= 0 else "-"),
                   tr("card: %s") % (tr("in") if ctl.slot.card_in else tr("out"))), 0, 0, 48)
        lines.draw(fb, tr("UNDO: back"), 0, 50)
