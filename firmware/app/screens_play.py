"""The play screen and the message box, one layout for every language, set
out by the script's metrics (app.lang.line_px): a play line is app.tall's
10 rows where the script's line is the 8x8 font's, else the script's own
(ideographs: 12 rows, their Latin in app.tall's text). The band under the
top rows (y 15-54) holds as many as fit (four, or three); the top band
stacks the round over the phase where two of the script's lines fit in its
16 rows, else sets them side by side; what does not fit is left out, the
least needed last. The top rows, the grid and the crystals are app.screens'."""
from app import lang, lines, tall
from app import screens as s
from app.lang import tr
from game.engine import P_ROLL as _P_ROLL, P_OPEN as _P_OPEN, P_DECIDE as _P_DECIDE, P_CALL as _P_CALL, P_REVEAL as _P_REVEAL

# game.engine's phases as private constants (a test checks each against the engine)


def pitch():
    """A play line's rows in the language spoken."""
    h = lang.line_px
    return h if h > tall.H else tall.H


def draw(fb, ctl):
    """Play mode's screen (app.mode.play's draw()), in parts."""
    return s.game(fb, ctl, _end, _top, _board_prompt, _call, _side)


def block(fb, texts, x, y, bottom):
    """Play lines from (x, y) down, the empty ones left out; a line that
    would cross bottom is left out too. A part a line; returns the y below
    them (yield from)."""
    h = pitch()
    for t in texts:
        if t:
            if y + h <= bottom:
                yield from lines.drawing(fb, t, x, y, False, h > tall.H, True)
                y += h
                yield
    return y


def _wrap(fb, t, y, bottom):
    """t word-wrapped into play lines of the panel's width from y; returns
    the y below them (yield from)."""
    return block(fb, lines.split(t, 128), 0, y, bottom)


def _top(fb, g):
    """Whose turn (large); the round and the phase stacked where two lines
    of the script fit in the band's 16 rows, else side by side; the dice or
    N large, or tall beside words set side by side. Parts."""
    if 2 * lang.line_px <= 16:
        yield from s.top(fb, g)
        return
    s.big("P%d" % (g.active + 1), fb, 0, 0, True)
    yield
    ph = g.phase
    lines.draw(fb, tr(s.PHASE[ph]), 33, 2)
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
    return block(fb, (tr(t) for t in texts), s.PX, s.LY, s.SY)  # each looked up on flash as it is drawn


def _call(fb, ctl):
    """The call's lines, as many as the band holds (a tie or who cannot pay
    before the join where it holds fewer than four)."""
    n = (s.SY - s.LY) // pitch()
    rows = s.call_lines(ctl, n, 128, lines.width, n < 4)
    yield
    yield from block(fb, rows, 0, s.LY, s.SY)


def _gains_y():
    return s.SY - tall.H  # the row over the crystals


def _board_prompt(fb, ctl):
    """Full width: a result, the reveal, the card slot's requests."""
    g = ctl.store.game
    y = s.LY
    if ctl.cur.result:
        y += yield from _results(fb, g, ctl.cur.result, y)
    if g.phase == _P_REVEAL:
        y = yield from block(fb, (s.seats("In: ", g.call_order()),), 0, y, s.SY)
        yield from _wrap(fb, s.reveal(ctl, g), y, s.SY)
    else:
        why = ctl.slot.blocked()
        if why:
            yield from _wrap(fb, tr(why), y, _gains_y() if ctl.cur.result else s.SY)
        else:
            yield from block(fb, (tr("Press ROLL") if g.phase == _P_ROLL else tr("Go on"),), 0, y, _gains_y())


def _results(fb, g, result, y):
    """Who was right, and on the row over the crystals each seat's gain or
    loss over its own (app.screens.gains); returns the rows used."""
    yield from block(fb, (result.split("\n")[0],), 0, y, s.SY)
    s.gains(fb, g, result, _gains_y())
    yield  # the gains' tall digits are a part of their own: with the next line, over 4 ms on the RP2040
    return pitch()


def _end(fb, ctl):
    """Game over: the last card's result first (OK shows the ranking), then
    the seats ranked, one a line, shared places for ties, winners inverted;
    the title, with UNDO beside it where both fit on a line; the winners'
    line where the panel has room for it."""
    g = ctl.store.game
    h = lang.line_px
    title = tr("GAME OVER")
    lines.draw(fb, title, 0, 0)
    yield
    if ctl.cur.result:
        y = yield from _results(fb, g, ctl.cur.result, s.LY)
        yield from block(fb, (tr("OK: ranking"),), 0, s.LY + y, s.SY)
        s.scores(fb, g)  # under the gains: what the game ended on
        return
    undo = tr("UNDO: take back")
    beside = lines.width(title) + lines.width(undo) + 8 <= 128
    keys = h if beside else 2 * h  # the keys' lines at the foot
    y = h
    if y + h + 1 + 3 * tall.H + keys <= 64:  # the winners' line fits
        w = g.winners()
        lines.draw(fb, (tr("Winners: ") if len(w) > 1 else tr("Winner: ")) + " ".join("P%d" % (k + 1) for k in w), 0, y)
        y += h
        yield
    yield from s.ranks(fb, g, y + h // 6, 3)  # a sixth of a line under the title
    if beside:
        lines.draw(fb, undo, 128 - lines.width(undo), 0)
    else:
        lines.draw(fb, undo, 0, 64 - 2 * h)
    lines.draw(fb, tr("hold UNDO: menu"), 0, 64 - h)


def message(fb, msg):
    """msg in a box over the tall lines (y 15-54), word-wrapped into as many
    lines of the script as the box holds (three of the 8x8 font, two of
    ideographs); a part a line."""
    fb.fill_rect(0, 15, 128, 40, 0)
    fb.rect(0, 15, 128, 40, 1)
    h = lang.line_px
    step = (4 * h + 2) // 3  # the line and a third of it between lines
    y = 21 if h <= 8 else 20
    for row in lines.split(msg, 120):
        if y + h > 54:
            return
        yield from lines.drawing(fb, row, 4, y, False, h > 8)
        y += step
        yield
