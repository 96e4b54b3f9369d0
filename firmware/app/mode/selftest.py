"""The self-test from the menu (the REPL's is app/selftest.py): every window
opens in turn, and the screen names the last key pressed and the card
switch's state, so each button and the slot can be checked by hand."""
from app import lang, lights
from app.lang import tr
from app.mode.base import Base
from app.modes import KEY_NAMES
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
        """One layout, by the script's line height: the title (a blank line
        under it where the panel has room), the window, the last key, the
        card switch, and UNDO below them. A part a line."""
        from app import lines
        k = ctl.last_key
        h = lang.line_px
        tall = h > 8  # ideographs' lines: their Latin in app.tall's text too
        gap = h if 7 * h <= 64 else 0
        rows = (tr("SELF-TEST"), tr("window %d") % (self.win + 1),
                tr("key: %s") % (KEY_NAMES[k] if k >= 0 else "-"),
                tr("card: %s") % (tr("in") if ctl.slot.card_in else tr("out")), tr("UNDO: back"))
        y = 0
        for i in range(len(rows)):
            lines.draw(fb, rows[i], 0, y, False, tall, tall)
            y += h + (gap if i == 0 or i == 3 else 0)
            yield
