"""What the 128x64 OLED shows: pure drawing from the controller's state
onto a framebuf.FrameBuffer (8x8 text: 16 columns, 8 rows; big text 16x16).

Play:  rows 0-1   whose turn, large (seen across the table), the round and
                  phase, and large on the right the dice or the call's N
       rows 2-5   the lid's 4x3 grid (closed: token number; open: filled;
                  allowed now: thick sides; NEXT's cursor inverted) and
                  beside it what to press; the call, the reveal, a result
                  and the card slot's requests use the whole width
       rows 6-7   every seat's crystals (the active seat inverted)
A message covers rows 2-5 (three lines) for a moment; the turn and crystals stay.
Every text goes through app.lang.tr. In Chinese a line with ideographs is 12
rows tall (app.lines): rows 2-5 hold two of them and one Latin line, so the
tables join two English lines into one and leave the other empty ("")."""
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int

from app import lang, lines
from app import modes as c
from app.lang import tr
from game import engine

_W = const(16)  # text columns
_GX = const(0)
_GY = const(17)
_CW = const(16)
_CH = const(10)
_PX = const(64)  # the panel right of the grid: 8 columns
_BX = const(80)  # the big dice or N, top right
PHASE = ("roll", "open", "decide", "call", "reveal", "over")
_col = bytearray(8)  # one glyph's columns, for big text


def draw(fb, ctl):
    fb.fill(0)
    m = ctl.mode
    g = ctl.game
    if m == c.M_PLAY:
        if g.over():
            _end(fb, ctl)
        else:
            _top(fb, g)
            if ctl.result or ctl.blocked() or g.phase == engine.P_REVEAL:
                _board_prompt(fb, ctl)
            elif g.phase == engine.P_CALL:
                _call(fb, ctl)
            else:
                _play(fb, ctl)
    elif m == c.M_SETUP:
        s = ctl.settings
        values = ("%d" % s["players"], tr(s["rules"]), tr(s["dice"]), "", lang.NAMES[lang.LANGS.index(lang.code)])
        _menu(fb, tr("NEW GAME"), c.SETUP, values, ctl.item)
    elif m == c.M_MENU:
        snd = tr("on") if ctl.settings["sound"] else tr("off")
        _menu(fb, tr("MENU") if ctl.digital else tr("MENU  deck %d") % ctl.deck_left(), c.MENU,
              ("", "", "", "", "", "", snd), ctl.item)
    elif m == c.M_CALIB:
        o, cl = ctl.out.pulses(ctl.cal)
        zh = lang.code != "en"
        lines.draw(fb, tr("CALIBRATE W%d") % (ctl.cal + 1), 0, 0)
        lines.draw(fb, tr("%s open  %d") % (">" if ctl.cal_end else " ", o), 0, 12 if zh else 16)
        lines.draw(fb, tr("%s closed %d") % (" " if ctl.cal_end else ">", cl), 0, 24)
        lines.wrap(fb, tr("OK +20 PASS -20 ROLL end NEXT win UNDO save"), 0, 36 if zh else 40, 128, 28 if zh else 24)
    elif m == c.M_TEST:
        zh = lang.code != "en"
        lines.draw(fb, tr("SELF-TEST"), 0, 0)
        lines.draw(fb, tr("window %d") % (ctl.test_win + 1), 0, 12 if zh else 16)
        k = ctl.last_key
        lines.draw(fb, tr("key: %s") % (c.KEY_NAMES[k] if k >= 0 else "-"), 0, 24)
        lines.draw(fb, tr("card: %s") % (tr("in") if ctl.card_in else tr("out")), 0, 36 if zh else 32)
        lines.draw(fb, tr("UNDO: back"), 0, 50 if zh else 48)
    elif m == c.M_RELOAD:
        lines.wrap(fb, tr("DECK EMPTY. Reload the 200 cards, discard the top one (the blocker), then press OK."),
                   0, 0, 128, 48)
    if ctl.msg and m != c.M_TEST:
        _message(fb, tr(ctl.msg))
    if g is not None and (m == c.M_PLAY and not g.over() or m == c.M_RELOAD):
        _scores(fb, g)


def big(s, fb, x, y, inv=False):
    """s in 16x16 characters (the 8x8 font doubled) from pixel (x, y): each
    glyph is drawn small in its own cell, read back and redrawn doubled, so
    it needs only text(), pixel() and fill_rect() of any framebuffer."""
    ink = 0 if inv else 1
    for i in range(len(s)):
        cx = x + 16 * i
        fb.fill_rect(cx, y, 8, 8, 0)
        fb.text(s[i], cx, y, 1)
        for u in range(8):
            v = 0
            for w in range(8):
                if fb.pixel(cx + u, y + w):
                    v |= 1 << w
            _col[u] = v
        fb.fill_rect(cx, y, 16, 16, 1 - ink)
        for u in range(8):
            v = _col[u]
            w = 0
            while v:  # a run of lit pixels in this column: one rectangle
                if v & 1:
                    r = w
                    while v & 1:
                        v >>= 1
                        w += 1
                    fb.fill_rect(cx + 2 * u, y + 2 * r, 2, 2 * (w - r), ink)
                else:
                    v >>= 1
                    w += 1


def text(s, fb, col, row, inv=False):
    lines.draw(fb, s, col * 8, row * 8, inv)


def wrap(fb, s, row, rows, cols=_W):
    """Word-wrapped text from row on, at most rows lines of 8 rows (a word
    longer than a line is broken; in Chinese a line may be 12 rows); returns
    the rows of 8 used, rounded up."""
    return (lines.wrap(fb, s, 0, row * 8, cols * 8, rows * 8) + 7) // 8


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
    """Whose turn (large), the round and the phase; the dice or N large."""
    big("P%d" % (g.active + 1), fb, 0, 0, True)
    ph = g.phase
    if lang.code == "en":
        text("R%d/%d" % (g.round, g.opts["rounds"]), fb, 4, 0)
        text(PHASE[ph], fb, 4, 1)
    else:  # the phase's two ideographs; the round where the dice are not shown
        lines.draw(fb, tr(PHASE[ph]), 36, 2)
        if ph == engine.P_ROLL:
            r = tr("R%d/%d") % (g.round, g.opts["rounds"])
            lines.draw(fb, r, 128 - lines.width(r), 2)
    if ph == engine.P_CALL or ph == engine.P_REVEAL:
        fb.text("N=", _BX, 4, 1)
        big("%d" % g.n_at_guess, fb, _BX + 16, 0)
    elif g.d1 and (ph == engine.P_OPEN or ph == engine.P_DECIDE):
        big(("-" if g.used & 1 else "%d" % g.d1) + " " + ("-" if g.used & 2 else "%d" % g.d2), fb, _BX, 0)


def _scores(fb, g):
    for s in range(g.n):
        text("%d:%d" % (s + 1, g.crystals[s]), fb, (s % 3) * 5 + (s % 3 > 0), 6 + s // 3, s == g.active)


def _grid(fb, ctl):
    g = ctl.game
    allowed = ctl.allowed() if g.phase in (engine.P_OPEN, engine.P_DECIDE) else 0
    for w in range(12):
        x = _GX + (w % 4) * _CW
        y = _GY + (w // 4) * _CH
        if g.is_open(w):
            fb.fill_rect(x + 1, y, _CW - 2, _CH, 1)
        elif w == ctl.cursor and (allowed >> w) & 1:
            fb.fill_rect(x + 1, y, _CW - 2, _CH, 1)
            fb.text("%d" % g.tokens[w], x + 4, y + 1, 0)
        else:
            fb.rect(x + 1, y, _CW - 2, _CH, 1)
            if (allowed >> w) & 1:  # may be opened now: thick sides
                fb.vline(x + 2, y + 1, _CH - 2, 1)
                fb.vline(x + _CW - 3, y + 1, _CH - 2, 1)
            fb.text("%d" % g.tokens[w], x + 4, y + 1, 1)


def _side(fb, texts):
    if lang.code == "en":
        for i in range(len(texts)):
            fb.text(texts[i], _PX, 16 + i * 8, 1)
    else:
        _block(fb, [tr(t) for t in texts], _PX, 16, 48)


def _play(fb, ctl):
    """Roll, open and decide: the grid, and beside it what to press."""
    g = ctl.game
    _grid(fb, ctl)
    ph = g.phase
    legal = g.legal()
    if ph == engine.P_ROLL:
        _side(fb, ("Press", "ROLL") + (("NEXT:", "no roll") if (engine.SKIP, 0) in legal else ()))
    elif ph == engine.P_OPEN:
        _side(fb, ("NEXT", "picks,", "OK", "opens"))
    elif (engine.END, 0) in legal:
        _side(fb, ("OK: open", "PASS:", "end turn"))
    else:
        _side(fb, (("OK: open",) if ctl.allowed() else ()) + (tr("%d: guess") % (g.active + 1), "PASS:", "no guess"))


def _seats(label, seats):
    return tr(label) + " ".join("%d" % (s + 1) for s in seats)


def _call(fb, ctl):
    """The call: who is in, in speaking order; how to join and what it
    costs; a tie to order, or who cannot pay; how to close."""
    g = ctl.game
    order = g.call_order()
    can = []
    tie = None
    for code, a in g.legal():
        if code == engine.GUESS:
            can.append(a)
        elif code == engine.ORDER and tie is None:
            tie = a
    cost = g.opts["challenge_cost"]
    join = ""
    if can:
        join = tr("Seat:join,pays %d") % cost if cost else tr("Seat: join")
    other = ""
    if tie is not None:
        other = _seats("order: ", ctl.order) if ctl.order else _seats("tie ", tie) + tr(": order")
    else:
        broke = [s for s in range(g.n) if s != g.active and not (g.joined >> s) & 1 and s not in can]
        if broke:
            other = _seats("Can't pay: ", broke)
    first = _seats("In: ", order) if order else tr("In: nobody yet")
    if lang.code == "en":
        text(first, fb, 0, 2)
        if join:
            text(join, fb, 0, 3)
        if other:
            text(other, fb, 0, 4)
        text("OK: close call", fb, 0, 5)
    else:  # two lines of ideographs and one Latin: what must be done first
        close = tr("OK: close call")
        if join and lines.width(join + " " + close) <= 128:
            join = join + " " + close
            close = ""
        _block(fb, (first, other, join, close), 0, 16, 48)


def _board_prompt(fb, ctl):
    """Full width: the reveal, a result, the card slot's requests."""
    g = ctl.game
    y = 16
    if ctl.result:
        for part in ctl.result.split("\n"):
            y += lines.wrap(fb, part, 0, y, 128, 48 - y)
    if g.phase == engine.P_REVEAL:
        s = _seats("In: ", g.call_order())
        if y + lines.height(s) <= 48:
            lines.draw(fb, s, 0, y)
            y += lines.height(s)
        lines.wrap(fb, tr("Pull the card and show it") if ctl.must_pull() else tr("Who was right? Seat, or OK: none"),
                   0, y, 128, 48 - y)
    else:
        why = ctl.blocked()
        if why:
            lines.wrap(fb, tr(why), 0, y, 128, 48 - y)
        else:
            s = tr("Press ROLL") if g.phase == engine.P_ROLL else tr("Go on")
            if y + lines.height(s) <= 48:
                lines.draw(fb, s, 0, y)


def _end(fb, ctl):
    """Game over: the seats ranked, shared places for ties, winners inverted."""
    g = ctl.game
    zh = lang.code != "en"
    lines.draw(fb, tr("GAME OVER"), 0, 0)
    w = g.winners()
    lines.draw(fb, (tr("Winners: ") if len(w) > 1 else tr("Winner: ")) + " ".join("P%d" % (s + 1) for s in w),
               0, 12 if zh else 8)
    order = sorted(range(g.n), key=lambda s: s - 8 * g.crystals[s])  # ties by seat: MicroPython sorts unstably
    place = 0
    for i in range(len(order)):
        s = order[i]
        if not i or g.crystals[s] != g.crystals[order[i - 1]]:
            place = i + 1
        text("%d. P%d %d" % (place, s + 1, g.crystals[s]), fb, (i % 2) * 8, (3 if zh else 2) + i // 2, s in w)
    undo = tr("UNDO: take back")
    lines.draw(fb, undo, 128 - lines.width(undo) if zh else 0, 0 if zh else 48)  # Chinese: right of the title
    lines.draw(fb, tr("hold UNDO: menu"), 0, 52 if zh else 56)


def _menu(fb, title, items, values, at):
    zh = lang.code != "en"
    lh = 12 if zh else 8
    lines.draw(fb, title, 0, 0)
    vis = 4 if zh else 6  # Chinese: no room for the keys' line
    top = 0 if at < vis else at - vis + 1
    for i in range(top, min(len(items), top + vis)):
        v = values[i]
        line = _fit(tr(items[i]) + (": " + v if v else ""), 128)
        lines.draw(fb, line, 0, lh * (1 + i - top), i == at, zh)
    if not zh:
        text("NEXT OK UNDO", fb, 0, 7)


def _fit(s, w):
    """s cut to at most w pixels."""
    while lines.width(s) > w:
        s = s[:-1]
    return s


def _message(fb, msg):
    fb.fill_rect(0, 16, 128, 32, 0)
    fb.rect(0, 16, 128, 32, 1)
    rows = lines.split(msg, 120)
    if lines.cjk(msg):  # two lines of 12 rows
        for i in range(min(2, len(rows))):
            lines.draw(fb, rows[i], 4, 18 + i * 14, False, True)
        return
    for i in range(min(3, len(rows))):
        fb.text(rows[i], 4, 18 + i * 9, 1)
