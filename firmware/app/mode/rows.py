"""A menu: rows of (label, action), NEXT and ROLL to move down and up, OK to
run the row's action(ctl, now); drawn as a list with the row at the cursor
inverted and each row's value (values(ctl)) after its label."""
from app import lang
from app.lang import tr
from app.mode.base import Base
from app.screens import text
from app.modes import (K_NEXT as _K_NEXT, K_OK as _K_OK, K_ROLL as _K_ROLL)

# app.modes' keys as private constants (a test checks each)


class Rows(Base):
    ROWS = ()
    TITLE = ""

    def __init__(self):
        self.item = 0

    def key(self, ctl, k, now):
        n = len(self.ROWS)
        if k == _K_NEXT:
            self.item = (self.item + 1) % n
        elif k == _K_ROLL:
            self.item = (self.item - 1) % n
        elif k == _K_OK:
            self.ROWS[self.item][1](self, ctl, now)

    def title(self, ctl):
        return tr(self.TITLE)

    def values(self, ctl):
        """Each row's value, "" for none."""
        return ("",) * len(self.ROWS)

    def draw(self, fb, ctl):
        """One layout, by the script's line height: the title, the rows, and
        the keys' line at the foot where the rows leave it room (8x8 text:
        six rows and the keys; ideographs: four rows, no keys' line)."""
        h = lang.line_px
        fit = (64 - h) // h  # lines below the title
        keys = fit > 4  # five rows or more keep one for the keys
        yield from self._list(fb, ctl, fit - keys, h, 120)  # the scroll marks' column left free
        if keys:
            text(tr("NEXT OK UNDO"), fb, 0, fit)

    def _list(self, fb, ctl, n, h, w):
        """The title, then n rows h pixels apart (12: set out for ideographs),
        each cut to w pixels, the one at the cursor inverted; the scroll marks.
        A part a row."""
        from app import lines
        lines.draw(fb, self.title(ctl), 0, 0)
        at = self.item
        rows = self.ROWS
        values = self.values(ctl)
        top = 0 if at < n else at - n + 1
        for i in range(top, min(len(rows), top + n)):
            yield
            v = values[i]
            line = tr(rows[i][0]) + (": " + v if v else "")
            while lines.width(line) > w:
                line = line[:-1]
            yield from lines.drawing(fb, line, 0, h * (1 + i - top), i == at, h > 8)
        marks(fb, top > 0, top + n < len(rows), 120, h, 48)


def marks(fb, up, down, x, y, h):
    """Scroll marks in the last column: a triangle up where rows are above
    the list shown, down where rows are below it."""
    for i in range(4):
        if up:
            fb.hline(x + 3 - i, y + 1 + i, 2 * i + 1, 1)
        if down:
            fb.hline(x + 3 - i, y + h - 2 - i, 2 * i + 1, 1)
