"""What the 128x64 OLED shows: pure drawing from the controller's state
onto a framebuf.FrameBuffer (8x8 text: 16 columns, 8 rows; big text 16x16;
app.tall's text 10 rows tall). What a player reads from a chair (whose
turn, the dice, N, what to press, every seat's crystals, the results) is
big or tall text, at least 3.5 mm on the BOM's panel (docs/device.md).

Play:  y 0-15    whose turn, big, the round and phase (small), and big on
                 the right the dice or the call's N
       y 15-54   the lid's 4x3 grid (small: closed: token number; open:
                 striped, no number; allowed now: thick sides; NEXT's
                 cursor solid, its number dark)
                 and beside it what to press, four tall lines; the call,
                 the reveal, a result and the card slot's requests use the
                 whole width
       y 55-63   every seat's crystals, tall (its seat number tiny, the
                 active seat's inverted)
A message covers y 16-47 (three small lines) for a moment; the turn and
crystals stay.
Here the parts every layout shares; the rest of play's screen and the
message box are app.screens_play's, one layout set out by the script's metrics.
The other modes draw their own screens (app/mode/), with app.lines and these helpers.
A frame is drawn in parts, a part a step (app.frame), and sent to the panel
only once it is whole."""
from app import lang, tall
from app.lang import tr
from game import const
from game.engine import PHASES as PHASE  # the status line's phase words, translated by tr()
from game.engine import (
    SKIP as _SKIP, GUESS as _GUESS, END as _END, ORDER as _ORDER, P_ROLL as _P_ROLL,
    P_OPEN as _P_OPEN, P_DECIDE as _P_DECIDE, P_CALL as _P_CALL, P_REVEAL as _P_REVEAL)

_W = const(16)  # text columns
_GX = const(0)
_GY = const(17)
_CW = const(16)
_CH = const(10)
PX = const(64)  # the panel right of the grid: 8 columns
LY = const(15)  # the first tall line's y, below the big text's lit rows
SY = const(55)  # the crystals' tall row
_BX = const(88)  # the big first die, top right: a blank cell after the longest word (6 columns)
_NX = const(96)  # the big N's digits, "N" small before them
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


def wrap(fb, s, row, rows, cols=_W, put=text, sep=" "):
    """Word-wrapped text from row on, at most rows lines (a word longer than
    a line is broken), a part a line; returns the lines used (yield from).
    put draws a line (text by default); sep parts the words
    (two spaces keep "P3 -1" whole), one space parts them on a line."""
    line = ""
    used = 0
    for word in s.split(sep):
        while True:
            if line and len(line) + 1 + len(word) > cols:
                if used == rows:
                    return used
                put(line, fb, 0, row + used)
                used += 1
                line = ""
                yield
            if len(word) <= cols or line:
                break
            if used == rows:
                return used
            put(word[:cols], fb, 0, row + used)
            used += 1
            word = word[cols:]
            yield
        line = (line + " " + word) if line else word
    if line and used < rows:
        put(line, fb, 0, row + used)
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
        fb.text("N", _NX - 10, 4, 1)
        big("%d" % g.n_at_guess, fb, _NX, 0)
    elif g.d1 and (ph == _P_OPEN or ph == _P_DECIDE):
        big("-" if g.used & 1 else "%d" % g.d1, fb, _BX, 0)
        big("-" if g.used & 2 else "%d" % g.d2, fb, _BX + 24, 0)


def scores(fb, g):
    """Every seat's crystals on one row, a cell a seat (21 px for six): the
    crystals tall, their digits a column apart, the seat's number tiny at
    their foot before them; the active seat's cell inverted."""
    cw = 128 // g.n
    if cw > 32:
        cw = 32
    for s in range(g.n):
        x = s * cw + 1
        c = 1
        if s == g.active:
            fb.fill_rect(x - 1, SY - 1, cw - 2, 10, 1)
            c = 0
        _tiny(fb, s + 1, x, SY + 3, c)
        v = "%d" % g.crystals[s]
        if 3 + 7 * len(v) <= cw - 1:
            tall.draw(fb, v, x + 3, SY, 7, not c)
        else:  # more digits than the cell holds tall (a hand-made record): tiny, within the cell
            for i in range(min(len(v), (cw - 6) // 4)):
                _tiny(fb, ord(v[i]) - 48, x + 5 + 4 * i, SY + 3, c)


def gains(fb, g, result, y):
    """A reveal's gains and losses (its result's second line, "P2 -1  P4 0")
    in tall text on the row at y, each over its seat's crystals: a seat's
    amount never parted from it, six in a row."""
    cw = 128 // g.n
    if cw > 32:
        cw = 32
    at = result.find("\n")
    if at < 0:
        return
    for part in result[at + 1:].split("  "):
        sp = part.find(" ")
        if part[:1] == "P" and sp > 1:
            tall.draw(fb, part[sp + 1:], (int(part[1:sp]) - 1) * cw, y, 7)


def _tiny(fb, d, x, y, c):
    """Digit d in 3x5 pixels: a seat's number beside its crystals."""
    for u in range(3):
        v = _TINY[3 * d + u]
        for k in range(5):
            if (v >> k) & 1:
                fb.pixel(x + u, y + k, c)


_TINY = b"\x1f\x11\x1f\x12\x1f\x10\x1d\x15\x17\x15\x15\x1f\x07\x04\x1f\x17\x15\x1d\x1f\x15\x1d\x01\x01\x1f\x1f\x15\x1f\x17\x15\x1f"  # 0-9, 3 columns each, bit 0 the top


def _grid(fb, ctl):
    """The lid's windows, in two parts."""
    g = ctl.store.game
    allowed = ctl.store.allowed() if g.phase in (_P_OPEN, _P_DECIDE) else 0
    for w in range(12):
        if w == 6:
            yield
        x = _GX + (w % 4) * _CW
        y = _GY + (w // 4) * _CH
        if g.is_open(w):  # seen through: outlined, striped, no number (the cursor's cell is solid)
            fb.rect(x + 1, y, _CW - 2, _CH, 1)
            for r in range(y + 3, y + _CH - 2, 3):
                fb.hline(x + 3, r, _CW - 6, 1)
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
        yield from side(fb, ("OK: open", "PASS ends", "the turn"))
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


def call_lines(ctl, n, w, width, other_first=False):
    """The call's lines, n at most, each at most w wide by width(): a pass's
    reward in place of who is in (nobody, until a seat joins and the reward
    goes), how to join, a tie or who cannot pay (before the join with
    other_first), how to close, beside the join if there are too many."""
    first, join, other = call_texts(ctl)
    if ctl.cur.passed:
        first = ctl.cur.passed
    close = tr("OK: close call")
    if join and len([t for t in (first, join, other, close) if t]) > n:
        both = join + " " + close
        if width(both) <= w:
            join = both
            close = ""
    rows = (first, other, join, close) if other_first else (first, join, other, close)
    return [t for t in rows if t][:n]


def reveal(ctl, g):
    """What the reveal waits for: the printed card pulled, the digital
    picture asked for (a second press), or who was right."""
    return tr("Pull the card and show it" if ctl.slot.must_pull() else "OK shows the picture"
              if ctl.digital and ctl.cur.shown != g.cards else "Who was right? Seat, or OK: none")


def ranks(fb, g, y, rows):
    """The seats ranked in tall text from y down, one a line, shared places
    for ties, the winners inverted: one column, or two (the first filled
    first) when more than rows seats; a part a line."""
    w = g.winners()
    order = sorted(range(g.n), key=lambda s: s - 256 * g.crystals[s])  # ties by seat: MicroPython sorts unstably
    per = rows if g.n > rows else g.n
    if g.n > rows and g.n <= 2 * rows:
        per = (g.n + 1) // 2
    place = 0
    for i in range(len(order)):
        s = order[i]
        if not i or g.crystals[s] != g.crystals[order[i - 1]]:
            place = i + 1
        tall.draw(fb, "%d.P%d %d" % (place, s + 1, g.crystals[s]), (i // per) * 68, y + tall.H * (i % per), 8, s in w)
        yield  # a part a line
