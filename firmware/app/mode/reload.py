"""The deck is empty: reload the 200 cards, discard the blocker, press OK.
A short UNDO takes back the deal that emptied it."""
from app.lang import tr
from app.mode.base import Base
from app.screens import wrap
from app.modes import K_OK as _K_OK, M_PLAY as _M_PLAY

# app.modes' numbers as private constants (a test checks each)


class Mode(Base):
    def key(self, ctl, k, now):
        if k == _K_OK:
            ctl.reload_deck(now)

    def back(self, ctl, now):
        ctl.load(_M_PLAY).undo(ctl, now)

    def draw(self, fb, ctl):
        """One layout in every script: app.lines sets each line as tall as
        its script needs (an 8x8 Latin line, 12 rows of ideographs)."""
        from app import lines
        yield from lines.wrap(fb, tr("DECK EMPTY. Reload the 200 cards, discard the top one (the blocker), then press OK."),
                              0, 0, 128, 48)
