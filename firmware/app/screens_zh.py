"""The OLED's screens in Chinese (app.screens draws English and hands over
here when app.lang speaks Chinese; loaded only then): play's and the message
box here, every other mode draws its own in every language. The same screens as
in English, laid out for lines with ideographs, 12 rows tall (app.lines), their
Latin in app.tall's text: y 15-50 holds three of them, so a table joins two
English lines into one and leaves the other empty (""), and a line that would
not fit is left out, the least needed last."""
from app import lines, tall
from app import screens as en
from app.lang import tr
from game.engine import P_ROLL as _P_ROLL, P_OPEN as _P_OPEN, P_DECIDE as _P_DECIDE, P_CALL as _P_CALL, P_REVEAL as _P_REVEAL
from app.modes import M_PLAY as _M_PLAY

# game.engine's phases as private constants: no attribute looked up, no name
# stored (a test checks each against the engine)
# app.modes' number of play as a private constant: an imported name would be
# a global of this module, for as long as Chinese is spoken


def frame(fb, ctl):
    """Play's screens here; every other mode draws itself in every language,
    its code loaded with the mode and dropped with it. In parts, as
    app.frame."""
    md = ctl.cur
    if ctl.mode == _M_PLAY:
        yield from en.game(fb, ctl, _end, _top, _board_prompt, _call, _side)
    else:
        yield from md.draw(fb, ctl)
    if ctl.boxed():
        yield
        yield from _message(fb, tr(ctl.msg))


_Y = 15  # the first line's y
_B = 51  # below the last line


def block(fb, texts, x, y, bottom):
    """Lines from (x, y) down, each 12 rows tall, its Latin in app.tall's
    text, the empty ones left out; a line that would cross bottom is left
    out too. A part a line; returns the y below them (yield from)."""
    for t in texts:
        if t:
            if y + 12 <= bottom:
                yield from lines.drawing(fb, t, x, y, False, True, True)
                y += 12
                yield
    return y


def _top(fb, g):
    """Whose turn (large), the phase's two ideographs, the round, and the
    dice or N in app.tall's text at the right. Three parts."""
    en.big("P%d" % (g.active + 1), fb, 0, 0, True)
    yield
    ph = g.phase
    lines.draw(fb, tr(en.PHASE[ph]), 33, 2)
    fb.text("%d/%d" % (g.round, g.opts["rounds"]), 58, 4)
    yield
    if ph == _P_CALL or ph == _P_REVEAL:
        n = "%d" % g.n_at_guess
        x = 128 - 7 * len(n)
        fb.text("N", 103, 4)  # a blank cell after the round's 10/10
        tall.draw(fb, n, x - 1, 3, 7)
    elif g.d1 and (ph == _P_OPEN or ph == _P_DECIDE):
        tall.draw(fb, ("-" if g.used & 1 else "%d" % g.d1) + " " + ("-" if g.used & 2 else "%d" % g.d2), fb.width - 24, 3)


def _side(fb, texts):
    return block(fb, (tr(t) for t in texts), en.PX, _Y, _B)  # each looked up on flash as it is drawn


def _call(fb, ctl):
    rows = en.call_lines(ctl, 3, 128, lines.width, True)
    yield
    yield from block(fb, rows, 0, _Y, _B)


def _board_prompt(fb, ctl):
    """Full width: a result, the reveal, the card slot's requests."""
    g = ctl.store.game
    y = _Y
    if ctl.cur.result:
        y += yield from _results(fb, g, ctl.cur.result, y)
    if g.phase == _P_REVEAL:
        y = yield from block(fb, (en.seats("In: ", g.call_order()),), 0, y, _B)
        yield from lines.wrap(fb, en.reveal(ctl, g), 0, y, 128, _B - y, " ", True)
    else:
        why = ctl.slot.blocked()
        if why:
            yield from lines.wrap(fb, tr(why), 0, y, 128, (44 if ctl.cur.result else _B) - y, " ", True)
        else:
            yield from block(fb, (tr("Press ROLL") if g.phase == _P_ROLL else tr("Go on"),), 0, y, _B)


def _results(fb, g, result, y):
    """Who was right, and on the row above the crystals each seat's gain
    or loss over its own (app.screens.gains); returns the rows used."""
    yield from lines.drawing(fb, result.split("\n")[0], 0, y, False, True, True)
    yield
    en.gains(fb, g, result, 44)
    return 12


def _end(fb, ctl):
    """Game over: the title and UNDO on one line; the last card's result
    first (OK shows the ranking), then the seats ranked, one a line."""
    g = ctl.store.game
    lines.draw(fb, tr("GAME OVER"), 0, 0)
    yield
    if ctl.cur.result:
        yield from _results(fb, g, ctl.cur.result, _Y)
        yield from block(fb, (tr("OK: ranking"),), 0, _Y + 12, _B)
        en.scores(fb, g)  # under the gains: what the game ended on
        return
    undo = tr("UNDO: take back")
    lines.draw(fb, undo, 128 - lines.width(undo), 0)
    yield
    yield from en.ranks(fb, g, 14, 3)
    lines.draw(fb, tr("hold UNDO: menu"), 0, 52)


def _message(fb, msg):
    """Two lines of ideographs in the box over the tall lines (y 15-54); a
    part a line."""
    fb.fill_rect(0, 15, 128, 40, 0)
    fb.rect(0, 15, 128, 40, 1)
    y = 20
    for row in lines.split(msg, 120):
        yield from lines.drawing(fb, row, 4, y, False, True)
        if y > 20:
            return
        y += 16
        yield
