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
Here what both languages draw; the rest of play's screen and the message box
are app.screens_en's and app.screens_zh's, each loaded only in its language.
The other modes draw their own screens (app/mode/) with text() and wrap().
A frame is drawn in parts, a part a step (app.frame), and sent to the panel
only once it is whole."""
from app import lang
from app.lang import tr
from game import const
from game.engine import (
    SKIP as _SKIP, GUESS as _GUESS, END as _END, ORDER as _ORDER, P_ROLL as _P_ROLL,
    P_OPEN as _P_OPEN, P_DECIDE as _P_DECIDE, P_CALL as _P_CALL, P_REVEAL as _P_REVEAL)

_W = const(16)  # text columns
_GX = const(0)
_GY = const(17)
_CW = const(16)
_CH = const(10)
PX = const(64)  # the panel right of the grid: 8 columns
_BX = const(80)  # the big dice or N, top right
PHASE = ("roll", "open", "decide", "call", "reveal", "over")
_DOUBLED = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"  # a nibble, each bit twice


def game(fb, ctl, end, head, prompt, call, side):
    """Play mode: the end, or the top rows and below them a prompt, the call
    or the grid with side's hints (each language's drawers: end, prompt and
    call are generators too)."""
    g = ctl.store.game
    if g.over():
        yield from end(fb, ctl)
    else:
        yield from head(fb, g)
        yield
        if ctl.cur.result or ctl.slot.blocked() or g.phase == _P_REVEAL:
            yield from prompt(fb, ctl)
        elif g.phase == _P_CALL:
            yield from call(fb, ctl)
        else:
            yield from play(fb, ctl, side)


def big(s, fb, x, y, inv=False):
    """s in 16x16 characters (the 8x8 font doubled) from pixel (x, y), y on a
    page (a multiple of 8): each glyph is drawn small in its own cell, and
    its 8 column bytes are read back from the frame buffer and written
    doubled into two pages (reading its 64 pixels one by one cost 2 ms a
    glyph on the RP2040)."""
    if y & 7:
        raise ValueError("big text at y=%d: not a multiple of 8" % y)
    buf = getattr(fb, "buf", None)  # CircuitPython's adafruit_framebuf, as app.glyphs
    if buf is None:
        buf = fb.buffer
    w = fb.width
    flip = 255 if inv else 0
    k0 = (y >> 3) * w
    k1 = k0 + w if k0 + w < len(buf) else -1  # the lower page, if on the panel
    for i in range(len(s)):
        cx = x + 16 * i
        fb.fill_rect(cx, y, 8, 8, 0)
        fb.text(s[i], cx, y, 1)
        for u in range(7, -1, -1):  # from the right: column u's doubles (2u, 2u+1) cover no column still unread
            c = cx + 2 * u
            if c >= w:
                continue
            v = buf[k0 + cx + u]
            lo = _DOUBLED[v & 15] ^ flip  # rows 0-3, doubled: the top page
            hi = _DOUBLED[v >> 4] ^ flip
            buf[k0 + c] = lo
            if k1 >= 0:
                buf[k1 + c] = hi
            if c + 1 < w:
                buf[k0 + c + 1] = lo
                if k1 >= 0:
                    buf[k1 + c + 1] = hi


def text(s, fb, col, row, inv=False):
    x = col * 8
    y = row * 8
    if inv:
        fb.fill_rect(x, y, len(s) * 8, 8, 1)
    fb.text(s, x, y, 0 if inv else 1)


def wrap(fb, s, row, rows, cols=_W):
    """Word-wrapped text from row on, at most rows lines (a word longer than
    a line is broken), a part a line; returns the lines used (yield from)."""
    line = ""
    used = 0
    for word in s.split(" "):
        while True:
            if line and len(line) + 1 + len(word) > cols:
                if used == rows:
                    return used
                text(line, fb, 0, row + used)
                used += 1
                line = ""
                yield
            if len(word) <= cols or line:
                break
            if used == rows:
                return used
            text(word[:cols], fb, 0, row + used)
            used += 1
            word = word[cols:]
            yield
        line = (line + " " + word) if line else word
    if line and used < rows:
        text(line, fb, 0, row + used)
        used += 1
    return used


def top(fb, g, words=True):
    """Whose turn (large), the round and the phase (words); the dice or N
    large: two parts."""
    big("P%d" % (g.active + 1), fb, 0, 0, True)
    if words:
        text("R%d/%d" % (g.round, g.opts["rounds"]), fb, 4, 0)
        text(PHASE[g.phase], fb, 4, 1)
    yield
    ph = g.phase
    if ph == _P_CALL or ph == _P_REVEAL:
        fb.text("N=", _BX, 4, 1)
        big("%d" % g.n_at_guess, fb, _BX + 16, 0)
    elif g.d1 and (ph == _P_OPEN or ph == _P_DECIDE):
        big(("-" if g.used & 1 else "%d" % g.d1) + " " + ("-" if g.used & 2 else "%d" % g.d2), fb, _BX, 0)


def scores(fb, g):
    for s in range(g.n):
        text("%d:%d" % (s + 1, g.crystals[s]), fb, (s % 3) * 5 + (s % 3 > 0), 6 + s // 3, s == g.active)


def _grid(fb, ctl):
    """The lid's windows, in two parts."""
    g = ctl.store.game
    allowed = ctl.store.allowed() if g.phase in (_P_OPEN, _P_DECIDE) else 0
    for w in range(12):
        if w == 6:
            yield
        x = _GX + (w % 4) * _CW
        y = _GY + (w // 4) * _CH
        if g.is_open(w):
            fb.fill_rect(x + 1, y, _CW - 2, _CH, 1)
        elif w == ctl.cur.cursor and (allowed >> w) & 1:
            fb.fill_rect(x + 1, y, _CW - 2, _CH, 1)
            fb.text("%d" % g.tokens[w], x + 4, y + 1, 0)
        else:
            fb.rect(x + 1, y, _CW - 2, _CH, 1)
            if (allowed >> w) & 1:  # may be opened now: thick sides
                fb.vline(x + 2, y + 1, _CH - 2, 1)
                fb.vline(x + _CW - 3, y + 1, _CH - 2, 1)
            fb.text("%d" % g.tokens[w], x + 4, y + 1, 1)


def play(fb, ctl, side):
    """Roll, open and decide: the grid, and beside it (side) what to press;
    three parts."""
    g = ctl.store.game
    yield from _grid(fb, ctl)
    yield
    ph = g.phase
    legal = ctl.store.legal()
    if ph == _P_ROLL:
        yield from side(fb, ("Press", "ROLL") + (("NEXT:", "no roll") if (_SKIP, 0) in legal else ()))
    elif ph == _P_OPEN:
        yield from side(fb, ("NEXT", "picks,", "OK", "opens"))
    elif (_END, 0) in legal:
        yield from side(fb, ("OK: open", "PASS:", "end turn"))
    else:
        yield from side(fb, (("OK: open",) if ctl.store.allowed() else ()) + (tr("%d: guess") % (g.active + 1), "PASS:", "no guess"))


def seats(label, seats):
    return tr(label) + " ".join("%d" % (s + 1) for s in seats)


def call_texts(ctl):
    """The call's lines: who is in, in speaking order; how to join and what
    it costs; a tie to order, or who cannot pay ("" where there is none)."""
    g = ctl.store.game
    order = g.call_order()
    can = []
    tie = None
    for code, a in ctl.store.legal():
        if code == _GUESS:
            can.append(a)
        elif code == _ORDER and tie is None:
            tie = a
    cost = g.opts["challenge_cost"]
    join = ""
    if can:
        join = tr("Seat:join,pays %d") % cost if cost else tr("Seat: join")
    other = ""
    if tie is not None:
        other = seats("order: ", ctl.cur.order) if ctl.cur.order else seats("tie ", tie) + tr(": order")
    else:
        broke = [s for s in range(g.n) if s != g.active and not (g.joined >> s) & 1 and s not in can]
        if broke:
            other = seats("Can't pay: ", broke)
    return (seats("In: ", order) if order else tr("In: nobody yet")), join, other


def reveal(ctl, g):
    """What the reveal waits for: the printed card pulled, the digital
    picture asked for (a second press), or who was right."""
    return tr("Pull the card and show it" if ctl.slot.must_pull() else "OK shows the picture"
              if ctl.digital and ctl.cur.shown != g.cards else "Who was right? Seat, or OK: none")


def ranks(fb, g, row):
    """The seats ranked from row on, two a row, shared places for ties, the
    winners inverted; a part a row."""
    w = g.winners()
    order = sorted(range(g.n), key=lambda s: s - 8 * g.crystals[s])  # ties by seat: MicroPython sorts unstably
    place = 0
    for i in range(len(order)):
        s = order[i]
        if not i or g.crystals[s] != g.crystals[order[i - 1]]:
            place = i + 1
        text("%d. P%d %d" % (place, s + 1, g.crystals[s]), fb, (i % 2) * 8, row + i // 2, s in w)
        if i & 1:
            yield  # a part a row
