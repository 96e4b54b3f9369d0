"""The OLED's screens in Chinese (app.screens draws English and hands over
here when app.lang speaks Chinese; loaded only then). The same screens as in
English, laid out for lines with ideographs, 12 rows tall (app.lines): rows
2-5 hold two of them and one Latin line, so a table joins two English lines
into one and leaves the other empty (""), and a line that would not fit is
left out, the least needed last."""
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int

from app import lines
from app import screens as en
from app.lang import tr
from game import engine

# app.modes' numbers as private constants: imported names would each be a
# global of this module, for as long as Chinese is spoken (test_i18n checks them)
_M_SETUP = const(0)
_M_PLAY = const(1)
_M_MENU = const(2)
_M_TEST = const(4)
_M_RELOAD = const(5)


def draw(fb, ctl):
    m = ctl.mode
    md = ctl.cur
    if m == _M_PLAY:
        en.game(fb, ctl, _end, _top, _board_prompt, _call, _side)
    elif m == _M_SETUP or m == _M_MENU:
        title = tr("NEW GAME") if m == _M_SETUP else tr("MENU") if ctl.digital else tr("%d cards left") % ctl.store.deck_left()
        _menu(fb, title, md.ROWS, md.values(ctl), md.item)
    elif m == _M_TEST:
        k = ctl.last_key
        from app.modes import KEY_NAMES  # the self-test alone names keys
        _block(fb, (tr("SELF-TEST"), tr("window %d") % (md.win + 1),
                    tr("key: %s") % (KEY_NAMES[k] if k >= 0 else "-"),
                    tr("card: %s") % (tr("in") if ctl.slot.card_in else tr("out"))), 0, 0, 48)
        lines.draw(fb, tr("UNDO: back"), 0, 50)
    elif m == _M_RELOAD:
        lines.wrap(fb, tr("DECK EMPTY. Reload the 200 cards, discard the top one (the blocker), then press OK."),
                   0, 0, 128, 48)
    else:  # a mode that draws itself in every language (calibration, the Scores page)
        md.draw(fb, ctl)
    if ctl.msg and not md.QUIET:
        _message(fb, tr(ctl.msg))


def _block(fb, texts, x, y, bottom):
    """Lines from (x, y) down, each as tall as its script needs, the empty
    ones left out; a line that would cross bottom is left out too."""
    for t in texts:
        if t:
            h = lines.height(t)
            if y + h <= bottom:
                lines.draw(fb, t, x, y)
                y += h
    return y


def _top(fb, g):
    """Whose turn (large), the phase's two ideographs, the dice or N large;
    the round where the dice are not shown."""
    en.top(fb, g, False)
    ph = g.phase
    lines.draw(fb, tr(en.PHASE[ph]), 36, 2)
    if ph == engine.P_ROLL:
        r = tr("R%d/%d") % (g.round, g.opts["rounds"])
        lines.draw(fb, r, 128 - lines.width(r), 2)


def _side(fb, texts):
    _block(fb, [tr(t) for t in texts], en.PX, 16, 48)


def _call(fb, ctl):
    first, join, other = en.call_texts(ctl)
    close = tr("OK: close call")
    if join and lines.width(join + " " + close) <= 128:
        join = join + " " + close
        close = ""
    _block(fb, (first, other, join, close), 0, 16, 48)


def _board_prompt(fb, ctl):
    """Full width: a result, the reveal, the card slot's requests."""
    g = ctl.store.game
    y = 16
    if ctl.cur.result:
        for part in ctl.cur.result.split("\n"):
            y += lines.wrap(fb, part, 0, y, 128, 48 - y)
    if g.phase == engine.P_REVEAL:
        y = _block(fb, (en.seats("In: ", g.call_order()),), 0, y, 48)
        lines.wrap(fb, en.reveal(ctl, g), 0, y, 128, 48 - y)
    else:
        why = ctl.slot.blocked()
        if why:
            lines.wrap(fb, tr(why), 0, y, 128, 48 - y)
        else:
            _block(fb, (tr("Press ROLL") if g.phase == engine.P_ROLL else tr("Go on"),), 0, y, 48)


def _end(fb, ctl):
    """Game over: the title and UNDO on one line, the winners, the ranks."""
    g = ctl.store.game
    lines.draw(fb, tr("GAME OVER"), 0, 0)
    undo = tr("UNDO: take back")
    lines.draw(fb, undo, 128 - lines.width(undo), 0)
    w = g.winners()
    lines.draw(fb, (tr("Winners: ") if len(w) > 1 else tr("Winner: ")) + " ".join("P%d" % (s + 1) for s in w), 0, 12)
    en.ranks(fb, g, 3)
    lines.draw(fb, tr("hold UNDO: menu"), 0, 52)


def _menu(fb, title, items, values, at):
    """Four lines below the title (no room for the keys' line)."""
    lines.draw(fb, title, 0, 0)
    top = 0 if at < 4 else at - 3
    for i in range(top, min(len(items), top + 4)):
        v = values[i]
        line = tr(items[i][0]) + (": " + v if v else "")
        while lines.width(line) > 128:
            line = line[:-1]
        lines.draw(fb, line, 0, 12 * (1 + i - top), i == at, True)
    from app.mode.rows import marks
    marks(fb, top > 0, top + 4 < len(items), 120, 12, 48)


def _message(fb, msg):
    """Two lines of ideographs in the box over rows 2-5."""
    fb.fill_rect(0, 16, 128, 32, 0)
    fb.rect(0, 16, 128, 32, 1)
    rows = lines.split(msg, 120)
    for i in range(min(2, len(rows))):
        lines.draw(fb, rows[i], 4, 18 + i * 14, False, True)
