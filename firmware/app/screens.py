"""What the 128x64 OLED shows: pure drawing from the controller's state
onto a framebuf.FrameBuffer (8x8 text: 16 columns, 8 rows).

Play:  row 0     round, whose turn, phase
       rows 1-5  the lid's 4x3 grid (closed: token number; open: filled;
                 the cursor inverted) and beside it dice and what to press
       rows 6-7  every seat's crystals (the active seat inverted)
A message covers the grid for a moment; round, turn and crystals stay."""
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int

from app import modes as c
from game import engine

_W = const(16)  # text columns
_GX = const(0)
_GY = const(10)
_CW = const(16)
_CH = const(12)
_PX = const(66)  # the panel right of the grid
PHASE = ("roll", "open", "decide", "call", "reveal", "over")


def draw(fb, ctl):
    fb.fill(0)
    m = ctl.mode
    g = ctl.game
    if m == c.M_PLAY:
        if g.over():
            _end(fb, ctl)
        elif ctl.result or g.phase == engine.P_REVEAL or ctl.blocked():
            _board_prompt(fb, ctl)
        else:
            _play(fb, ctl)
    elif m == c.M_SETUP:
        s = ctl.settings
        values = ("%d" % s["players"], s["rules"], s["dice"], "")
        _menu(fb, "NEW GAME", c.SETUP, values, ctl.item)
    elif m == c.M_MENU:
        snd = "on" if ctl.settings["sound"] else "off"
        _menu(fb, "MENU" if ctl.digital else "MENU  deck %d" % ctl.deck_left(), c.MENU,
              ("", "", "", "", "", "", snd), ctl.item)
    elif m == c.M_CALIB:
        o, cl = ctl.out.pulses(ctl.cal)
        text("CALIBRATE W%d" % (ctl.cal + 1), fb, 0, 0)
        text("%s open  %d" % (">" if ctl.cal_end else " ", o), fb, 0, 2)
        text("%s closed %d" % (" " if ctl.cal_end else ">", cl), fb, 0, 3)
        wrap(fb, "OK +20 PASS -20 ROLL end NEXT win UNDO save", 5, 3)
    elif m == c.M_TEST:
        text("SELF-TEST", fb, 0, 0)
        text("window %d" % (ctl.test_win + 1), fb, 0, 2)
        k = ctl.last_key
        text("key: %s" % (c.KEY_NAMES[k] if k >= 0 else "-"), fb, 0, 3)
        text("card: %s" % ("in" if ctl.card_in else "out"), fb, 0, 4)
        text("UNDO: back", fb, 0, 6)
    elif m == c.M_RELOAD:
        wrap(fb, "DECK EMPTY. Reload the 200 cards, discard the top one (the blocker), then press OK.", 0, 6)
    if ctl.msg and m != c.M_TEST:
        _message(fb, ctl.msg)
    if g is not None and m in (c.M_PLAY, c.M_RELOAD):
        _scores(fb, g)


def text(s, fb, col, row, inv=False):
    x = col * 8
    y = row * 8
    if inv:
        fb.fill_rect(x, y, len(s) * 8, 8, 1)
    fb.text(s, x, y, 0 if inv else 1)


def wrap(fb, s, row, rows, cols=_W):
    """Word-wrapped text from row on, at most rows lines (a word longer than
    a line is broken); returns the lines used."""
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
            if len(word) <= cols or line:
                break
            if used == rows:
                return used
            text(word[:cols], fb, 0, row + used)
            used += 1
            word = word[cols:]
        line = (line + " " + word) if line else word
    if line and used < rows:
        text(line, fb, 0, row + used)
        used += 1
    return used


def _status(fb, g):
    text("R%d/%d P%d %s" % (g.round, g.opts["rounds"], g.active + 1, PHASE[g.phase]), fb, 0, 0)


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
            fb.fill_rect(x + 1, y + 1, _CW - 2, _CH - 2, 1)
        elif w == ctl.cursor and (allowed >> w) & 1:
            fb.fill_rect(x + 1, y + 1, _CW - 2, _CH - 2, 1)
            fb.text("%d" % g.tokens[w], x + 4, y + 2, 0)
        else:
            fb.rect(x + 1, y + 1, _CW - 2, _CH - 2, 1)
            if (allowed >> w) & 1:  # may be opened now: thick sides
                fb.vline(x + 2, y + 2, _CH - 4, 1)
                fb.vline(x + _CW - 3, y + 2, _CH - 4, 1)
            fb.text("%d" % g.tokens[w], x + 4, y + 2, 1)


def _side(fb, ctl, lines):
    for i in range(len(lines)):
        fb.text(lines[i], _PX, _GY + 1 + i * 9, 1)


def _play(fb, ctl):
    g = ctl.game
    _status(fb, g)
    _grid(fb, ctl)
    ph = g.phase
    if g.d1:
        dice = ("%d" % g.d1) if not g.used & 1 else "-"
        dice += " " + (("%d" % g.d2) if not g.used & 2 else "-")
    else:
        dice = "no dice" if ph != engine.P_ROLL else ""
    legal = g.legal()
    if ph == engine.P_ROLL:
        _side(fb, ctl, ("ROLL", "NEXT:" if (engine.SKIP, 0) in legal else "", "no roll" if (engine.SKIP, 0) in legal else "",
                        "" if ctl.digital else "deck%3d" % ctl.deck_left()))
    elif ph == engine.P_OPEN:
        _side(fb, ctl, (dice, "NEXT OK", "opens"))
    elif ph == engine.P_DECIDE:
        if (engine.END, 0) in legal:
            _side(fb, ctl, (dice, "OK:open", "PASS:", "end"))
        else:
            _side(fb, ctl, (dice, "OK:open" if ctl.allowed() else "", "%d:guess" % (g.active + 1), "PASS"))
    elif ph == engine.P_CALL:
        order = g.call_order()
        s = "".join("%d" % (x + 1) for x in order)
        sel = ("tie:" + "".join("%d" % (x + 1) for x in ctl.order)) if ctl.order else "OK:done"
        _side(fb, ctl, ("N=%d" % g.n_at_guess, "call:", s or "-", sel))


def _board_prompt(fb, ctl):
    """Full-width text above the scores: reveal, results, the card slot."""
    g = ctl.game
    _status(fb, g)
    row = 1
    if ctl.result:
        for part in ctl.result.split("\n"):
            row += wrap(fb, part, row, 5 - row)
    if g.phase == engine.P_REVEAL:
        order = "".join("%d" % (x + 1) for x in g.call_order())
        text("N=%d call %s" % (g.n_at_guess, order), fb, 0, row)
        row += 1
        wrap(fb, "Pull the card and show it" if ctl.must_pull() else "Who was right? Seat, or OK: none", row, 6 - row)
    else:
        why = ctl.blocked()
        if why:
            wrap(fb, why, row, 6 - row)


def _end(fb, ctl):
    g = ctl.game
    text("GAME OVER", fb, 0, 0)
    wrap(fb, "Winner%s: %s" % ("s" if len(g.winners()) > 1 else "",
                               " ".join("P%d" % (s + 1) for s in g.winners())), 1, 2)
    row = 3
    if ctl.result:
        for part in ctl.result.split("\n"):
            row += wrap(fb, part, row, 5 - row)
    if row < 6:
        text("UNDO: take back", fb, 0, row)


def _menu(fb, title, items, values, at):
    text(title, fb, 0, 0)
    top = 0 if at < 6 else at - 5
    for i in range(top, min(len(items), top + 6)):
        v = values[i]
        line = items[i] + (": " + v if v else "")
        text(line[:_W], fb, 0, 1 + i - top, i == at)
    text("NEXT OK UNDO", fb, 0, 7)


def _message(fb, msg):
    fb.fill_rect(0, _GY - 1, 128, 4 * 9 + 2, 0)
    fb.rect(0, _GY - 1, 128, 4 * 9 + 2, 1)
    line = ""
    rows = []
    for word in msg.split(" "):
        if line and len(line) + 1 + len(word) > 15:
            rows.append(line)
            line = word
        else:
            line = (line + " " + word) if line else word
    rows.append(line)
    for i in range(min(4, len(rows))):
        fb.text(rows[i][:15], 4, _GY + 2 + i * 9, 1)
