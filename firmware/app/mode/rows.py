"""A menu: rows of (label, action), NEXT and ROLL to move down and up, OK to
run the row's action(ctl, now); drawn as a list with the row at the cursor
inverted and each row's value (values(ctl)) after its label."""
from app.mode.base import Base
from app.modes import K_NEXT, K_OK, K_ROLL
from app.screens import text

_W = 16  # text columns


class Rows(Base):
    ROWS = ()
    TITLE = ""

    def __init__(self):
        self.item = 0

    def key(self, ctl, k, now):
        n = len(self.ROWS)
        if k == K_NEXT:
            self.item = (self.item + 1) % n
        elif k == K_ROLL:
            self.item = (self.item - 1) % n
        elif k == K_OK:
            self.ROWS[self.item][1](self, ctl, now)

    def title(self, ctl):
        return self.TITLE

    def values(self, ctl):
        """Each row's value, "" for none."""
        return ("",) * len(self.ROWS)

    def draw(self, fb, ctl):
        text(self.title(ctl), fb, 0, 0)
        at = self.item
        rows = self.ROWS
        values = self.values(ctl)
        top = 0 if at < 6 else at - 5
        for i in range(top, min(len(rows), top + 6)):
            v = values[i]
            line = rows[i][0] + (": " + v if v else "")
            text(line[:_W], fb, 0, 1 + i - top, i == at)
        text("NEXT OK UNDO", fb, 0, 7)
