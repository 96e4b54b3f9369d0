"""The play screen and the message box in English (app.screens hands over
here; a game in Chinese never loads this, app.screens_zh draws its own): the
top rows and the grid are app.screens' for both languages, the prompts, the
call, the results and the end are laid out here in tall text, four lines of
16 columns below the top rows (the message in 8x8 text)."""
from app.lang import tr
from app.screens import LY, PX, call_lines, gains, game, line, ranks, reveal, scores, seats, text, top, wrap
from game.engine import P_ROLL as _P_ROLL, P_REVEAL as _P_REVEAL

# game.engine's phases as private constants (a test checks each)


def draw(fb, ctl):
    """Play mode's screen (app.mode.play's draw()), in parts."""
    return game(fb, ctl, _end, top, _board_prompt, _call, _side)


def _side(fb, lines):
    for i in range(len(lines)):
        line(lines[i], fb, PX // 8, i)
        if i == 1:
            yield  # two parts


def _call(fb, ctl):
    """The call's lines (a pass's reward, who is in, how to join, a tie or
    who cannot pay, how to close it), four at most."""
    rows = call_lines(ctl, 4, 16 * 8, _width)
    yield
    for i in range(len(rows)):
        line(rows[i], fb, 0, i)
        if i == 1:
            yield


def _width(s):
    return 8 * len(s)


def _board_prompt(fb, ctl):
    """Full width: the reveal, a result, the card slot's requests."""
    g = ctl.store.game
    row = 0
    if ctl.cur.result:
        row += yield from results(fb, g, ctl.cur.result)
    if g.phase == _P_REVEAL:
        line(seats("In: ", g.call_order()), fb, 0, row)
        row += 1
        yield
        yield from wrap(fb, reveal(ctl, g), row, 4 - row, 16, line)
    else:
        why = ctl.slot.blocked()
        if why:
            yield from wrap(fb, why, row, 3 - row if ctl.cur.result else 4 - row, 16, line)
        elif row < 3:
            line("Press ROLL" if g.phase == _P_ROLL else "Go on", fb, 0, row)


def results(fb, g, result):
    """A reveal's result: who was right on the first line, and on the last
    each seat's gain or loss over its crystals (app.screens.gains).
    Returns the lines used above the gains."""
    line(result.split("\n")[0], fb, 0, 0)
    yield
    gains(fb, g, result, LY + 30)
    yield
    return 1


def _end(fb, ctl):
    """Game over: the last card's result first (OK shows the ranking), then
    the seats ranked, one a line, shared places for ties, winners inverted."""
    g = ctl.store.game
    text("GAME OVER", fb, 0, 0)
    if ctl.cur.result:
        yield from results(fb, g, ctl.cur.result)
        line("OK: ranking", fb, 0, 1)
        yield
        scores(fb, g)  # under the gains: what the game ended on
        return
    w = g.winners()
    text((tr("Winners: ") if len(w) > 1 else tr("Winner: ")) + " ".join("P%d" % (s + 1) for s in w), fb, 0, 1)
    yield
    yield from ranks(fb, g, 17, 3)
    text("UNDO: take back", fb, 0, 6)
    text("hold UNDO: menu", fb, 0, 7)


def message(fb, msg):
    """msg in a box over the tall lines (y 15-54), word-wrapped into three
    lines of 15; a part a line."""
    fb.fill_rect(0, 15, 128, 40, 0)
    fb.rect(0, 15, 128, 40, 1)
    line = ""
    row = 0
    for word in msg.split(" "):
        if line and len(line) + 1 + len(word) > 15:
            fb.text(line[:15], 4, 21 + row * 11, 1)
            row += 1
            if row == 3:
                return
            yield
            line = word
        else:
            line = (line + " " + word) if line else word
    fb.text(line[:15], 4, 21 + row * 11, 1)
