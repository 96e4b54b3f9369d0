"""Shutter calibration: one window at a time, its open or closed pulse nudged
by OK and PASS while the flap moves there. A short UNDO asks whether to keep
the changes: OK saves them to flash, UNDO again leaves them unsaved; leaving
unsaved in any way (a long UNDO too) puts every window's ends back as they
were. It runs with the card out, so no flap ever moves over a card."""
from app import lang
from app.lang import tr
from app.mode.base import Base
from app.modes import K_NEXT, K_OK, K_PASS, K_ROLL, M_MENU
from app.screens import text, wrap
from game.engine import WINDOWS

STEP = 20  # us per press


class Mode(Base):
    def __init__(self):
        self.cal = 0  # the window
        self.end = 1  # which pulse: 1 open, 0 closed
        self.asking = False  # UNDO pressed with changes: OK saves, UNDO leaves them
        self.was = None  # every window's (open, closed) pulses when calibration began

    def start(self, ctl):
        self.was = [ctl.out.pulses(w) for w in range(WINDOWS)]

    def key(self, ctl, k, now):
        if self.asking:  # any other key goes back to nudging
            self.asking = False
            if k == K_OK:
                self.was = None  # kept: stop() restores nothing
                ctl.out.save_calibration()
                ctl.enter(M_MENU)
                ctl.say("Calibration saved", now)
            return
        if k == K_NEXT:
            self.cal = (self.cal + 1) % WINDOWS
        elif k == K_ROLL:
            self.end ^= 1
        elif k == K_OK or k == K_PASS:
            if ctl.slot.card_in:  # a window moves only with the card out: never over a card
                ctl.refuse("Take the card out first")
                return
            o, c = ctl.out.pulses(self.cal)
            d = STEP if k == K_OK else -STEP
            if self.end:
                o = min(2500, max(500, o + d))
            else:
                c = min(2500, max(500, c + d))
            ctl.out.calibrate(self.cal, o, c)

    def _differ(self, ctl, put_back):
        """Whether a window's ends differ from when calibration began;
        put_back: set them as they were."""
        was = self.was
        diff = False
        if was is None:  # saved
            return diff
        for w in range(WINDOWS):
            if ctl.out.pulses(w) != was[w]:
                diff = True
                if put_back:
                    ctl.out.calibrate(w, was[w][0], was[w][1])
        return diff

    def back(self, ctl, now):
        if self.asking or not self._differ(ctl, False):
            ctl.enter(M_MENU)  # stop() puts back what was changed
            if self.asking:
                ctl.say("Not saved", now)
        else:
            self.asking = True

    def stop(self, ctl):
        self._differ(ctl, True)

    def windows(self, ctl):
        return (1 << self.cal) if self.end and not ctl.slot.card_in else 0

    def draw(self, fb, ctl):
        o, cl = ctl.out.pulses(self.cal)
        rows = (tr("CALIBRATE W%d") % (self.cal + 1), "",
                tr("%s open  %d") % (">" if self.end else " ", o), tr("%s closed %d") % (" " if self.end else ">", cl))
        if lang.script == "latin":
            for i in range(4):
                text(rows[i], fb, 0, i)
            yield
            if self.asking:
                text("Save changes?", fb, 0, 5)
                text("OK: save", fb, 0, 6)
                text("UNDO: don't save", fb, 0, 7)
            else:
                yield from wrap(fb, "OK +20 PASS -20 ROLL end NEXT win UNDO: done", 5, 3)
            return
        from app import lines  # loaded already: Chinese is drawn with it
        for i in (0, 2, 3):  # lines 12 rows tall: no gap below the title
            lines.draw(fb, rows[i], 0, 12 * i - (12 if i else 0))
            yield
        if self.asking:  # the title asks; the two keys answer
            lines.draw(fb, tr("OK: save"), 0, 36)
            yield
            lines.draw(fb, tr("UNDO: don't save"), 0, 48)
        else:
            yield from lines.wrap(fb, tr("OK +20 PASS -20 ROLL end NEXT win UNDO: done"), 0, 36, 128, 28)
