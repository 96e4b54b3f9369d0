"""Scores (the menu's last row): each finished card's result, worked out
from the game's log replayed on a scratch game when the page opens: its
round, who was right and N (or a void card), and what each seat gained or
lost over the card (call fees and pass rewards too). It opens at the latest
card; NEXT goes back a card (round to the latest after the first), ROLL
forward; a short UNDO goes back to the menu. The page's table goes with the
page: nothing is kept while playing."""
from array import array

from app import tall
from app.lang import tr
from app.mode.base import Base
from app.mode.rows import marks
from app.modes import K_NEXT, K_ROLL, M_MENU
from game import engine

_VOID = -2  # who was right, for a card that ended with nobody in a call (engine.NOBODY: none was)


class Mode(Base):
    def __init__(self):
        self.rows = array("i")  # a card a row: round, who was right, N, each seat's gain
        self.at = 0  # the card shown

    def start(self, ctl):
        g = ctl.store.game
        t = engine.Game(g.n, g.opts, g.first, g.preset)
        rows = self.rows
        before = None
        rnd = 0
        for op, a, b in g.actions():
            if op == engine.CARD:
                before = list(t.crystals)
                rnd = t.round
            n = t.n_at_guess
            t.apply(op, a, b)
            if before is not None and (t.need_card or t.over()):  # the card left the lid
                rows.append(rnd)
                rows.append(a if op == engine.REVEAL else _VOID)
                rows.append(n if op == engine.REVEAL else 0)
                for s in range(g.n):
                    rows.append(t.crystals[s] - before[s])
                before = None
        self.at = self._count(ctl) - 1

    def _count(self, ctl):
        return len(self.rows) // (3 + ctl.store.game.n)

    def key(self, ctl, k, now):
        k_all = self._count(ctl)
        if k == K_NEXT:
            self.at = (self.at - 1) % k_all
        elif k == K_ROLL:
            self.at = (self.at + 1) % k_all

    def back(self, ctl, now):
        m = ctl.enter(M_MENU)
        m.item = len(m.ROWS) - 1  # Scores is the menu's last row

    def draw(self, fb, ctl):
        n = ctl.store.game.n
        k_all = self._count(ctl)
        r = self.rows
        i = self.at * (3 + n)
        title = tr("Card %d of %d") % (self.at + 1, k_all)
        when = tr("Round %d") % r[i]
        right = r[i + 1]
        n_is = "" if right == _VOID else "  N=%d" % r[i + 2]
        said = tr("Void card") if right == _VOID else tr("Nobody right") if right == engine.NOBODY else (
            tr("P%d right") % (right + 1))
        # one layout, by the script's metrics: the title small, with the round beside it where both fit
        # on a line (else the round and N below it); who was right and each seat's gain tall, read from a
        # chair; the keys small
        from app import lines
        head = title + " " + when
        if lines.width(head) <= 128:
            rows = (head,)
            said += n_is
        else:
            rows = (title, when + n_is)
        y = 0
        for t in rows:
            lines.draw(fb, t, 0, y)
            y += lines.height(t)
        yield
        lines.draw(fb, said, 0, y, False, None, True)
        y += lines.height(said, True) + 1  # the gains' first row
        yield
        for s in range(n):
            d = r[i + 3 + s]
            tall.draw(fb, "P%d %s%d" % (s + 1, "+" if d > 0 else "", d), (s % 2) * 64, y + tall.H * (s // 2))
        yield
        fb.text(tr("NEXT ROLL UNDO"), 0, 56, 1)
        top = lines.height(rows[0])  # the marks from the title's foot to the keys'
        marks(fb, self.at < k_all - 1, self.at > 0, 120, top, 56 - top)
