"""The OLED's screens in Chinese (app.screens draws English and hands over
here when app.lang speaks Chinese; loaded only then): play's and the message
box here, every other mode draws its own in every language. The same screens as
in English, laid out for lines with ideographs, 12 rows tall (app.lines): rows
2-5 hold two of them and one Latin line, so a table joins two English lines
into one and leaves the other empty (""), and a line that would not fit is
left out, the least needed last."""
from app import lines
from app import screens as en
from app.lang import tr
from game.engine import P_ROLL as _P_ROLL, P_REVEAL as _P_REVEAL
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
    if ctl.msg and not md.QUIET:
        yield
        yield from _message(fb, tr(ctl.msg))


def block(fb, texts, x, y, bottom):
    """Lines from (x, y) down, each as tall as its script needs, the empty
    ones left out; a line that would cross bottom is left out too. A part
    a line; returns the y below them (yield from)."""
    for t in texts:
        if t:
            h = lines.height(t)
            if y + h <= bottom:
                yield from lines.drawing(fb, t, x, y)
                y += h
                yield
    return y


def _top(fb, g):
    """Whose turn (large), the phase's two ideographs, the dice or N large;
    the round where the dice are not shown. Four parts at most."""
    yield from en.top(fb, g, False)
    yield
    ph = g.phase
    lines.draw(fb, tr(en.PHASE[ph]), 36, 2)
    if ph == _P_ROLL:
        yield
        r = tr("R%d/%d") % (g.round, g.opts["rounds"])
        lines.draw(fb, r, 128 - lines.width(r), 2)


def _side(fb, texts):
    return block(fb, (tr(t) for t in texts), en.PX, 16, 48)  # each looked up on flash as it is drawn


def _call(fb, ctl):
    first, join, other = en.call_texts(ctl)
    yield
    close = tr("OK: close call")
    if join and lines.width(join + " " + close) <= 128:
        join = join + " " + close
        close = ""
    yield from block(fb, (first, other, join, close), 0, 16, 48)


def _board_prompt(fb, ctl):
    """Full width: a result, the reveal, the card slot's requests."""
    g = ctl.store.game
    y = 16
    if ctl.cur.result:
        for part in ctl.cur.result.split("\n"):
            y += yield from lines.wrap(fb, part, 0, y, 128, 48 - y)
    if g.phase == _P_REVEAL:
        y = yield from block(fb, (en.seats("In: ", g.call_order()),), 0, y, 48)
        yield from lines.wrap(fb, en.reveal(ctl, g), 0, y, 128, 48 - y)
    else:
        why = ctl.slot.blocked()
        if why:
            yield from lines.wrap(fb, tr(why), 0, y, 128, 48 - y)
        else:
            yield from block(fb, (tr("Press ROLL") if g.phase == _P_ROLL else tr("Go on"),), 0, y, 48)


def _end(fb, ctl):
    """Game over: the title and UNDO on one line, the winners, the ranks."""
    g = ctl.store.game
    lines.draw(fb, tr("GAME OVER"), 0, 0)
    yield
    undo = tr("UNDO: take back")
    lines.draw(fb, undo, 128 - lines.width(undo), 0)
    yield
    w = g.winners()
    lines.draw(fb, (tr("Winners: ") if len(w) > 1 else tr("Winner: ")) + " ".join("P%d" % (s + 1) for s in w), 0, 12)
    yield
    yield from en.ranks(fb, g, 3)
    lines.draw(fb, tr("hold UNDO: menu"), 0, 52)


def _message(fb, msg):
    """Two lines of ideographs in the box over rows 2-5; a part a line."""
    fb.fill_rect(0, 16, 128, 32, 0)
    fb.rect(0, 16, 128, 32, 1)
    y = 18
    for row in lines.split(msg, 120):
        yield from lines.drawing(fb, row, 4, y, False, True)
        if y > 18:
            return
        y += 14
        yield
