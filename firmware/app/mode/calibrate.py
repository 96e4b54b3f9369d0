"""Shutter calibration: one window at a time, its open or closed pulse nudged
by OK and PASS while the shutter moves there. A short UNDO asks whether to keep
the changes: OK saves them to flash, UNDO again leaves them unsaved; leaving
unsaved in any way (a long UNDO too) puts every window's ends back as they
were. It runs with the card out, so no shutter ever moves over a card."""
from app import lang
from app.lang import tr
from app.mode.base import Base
from app.modes import K_NEXT, K_OK, K_PASS, K_ROLL, M_MENU
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
        """One layout, by the script's line height: the title, the two ends
        (ROLL's choice marked), and below them what the keys do or, leaving
        with changes, whether to save them (the question left out where only
        its two answers fit); a blank line after the title and after the
        ends where the panel has room (8x8 text). In parts."""
        from app import lines
        o, cl = ctl.out.pulses(self.cal)
        h = lang.line_px
        gap = h if 8 * h <= 64 else 0
        lines.draw(fb, tr("CALIBRATE W%d") % (self.cal + 1), 0, 0)
        y = h + gap
        for t in (tr("%s open  %d") % (">" if self.end else " ", o), tr("%s closed %d") % (" " if self.end else ">", cl)):
            lines.draw(fb, t, 0, y)
            y += h
        yield
        y += gap
        if self.asking:
            ask = (tr("Save changes?"), tr("OK: save"), tr("UNDO: don't save"))
            for t in ask[max(0, len(ask) - (64 - y) // h):]:
                lines.draw(fb, t, 0, y)
                y += h
        else:
            yield from lines.wrap(fb, tr("OK +20 PASS -20 ROLL end NEXT win UNDO: done"), 0, y, 128, 64 - y)
