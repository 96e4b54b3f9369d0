"""Shutter calibration: one window at a time, its open or closed pulse nudged
by OK and PASS while the flap moves there; a short UNDO saves to flash.
It runs with the card out, so no flap ever moves over a card."""
from app.mode.base import Base
from app.modes import K_NEXT, K_OK, K_PASS, K_ROLL, M_MENU
from app.screens import text, wrap

STEP = 20  # us per press


class Mode(Base):
    def __init__(self):
        self.start()

    def start(self):
        self.cal = 0  # the window
        self.end = 1  # which pulse: 1 open, 0 closed

    def key(self, ctl, k, now):
        if k == K_NEXT:
            self.cal = (self.cal + 1) % 12
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

    def back(self, ctl, now):
        ctl.out.save_calibration()
        ctl.enter(M_MENU)
        ctl.say("Calibration saved", now)

    def windows(self, ctl):
        return (1 << self.cal) if self.end and not ctl.slot.card_in else 0

    def draw(self, fb, ctl):
        o, cl = ctl.out.pulses(self.cal)
        text("CALIBRATE W%d" % (self.cal + 1), fb, 0, 0)
        text("%s open  %d" % (">" if self.end else " ", o), fb, 0, 2)
        text("%s closed %d" % (" " if self.end else ">", cl), fb, 0, 3)
        wrap(fb, "OK +20 PASS -20 ROLL end NEXT win UNDO save", 5, 3)
