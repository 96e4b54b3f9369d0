"""The play screen and the message box in English (app.screens hands over
here; a game in Chinese never loads this, app.screens_zh draws its own): the
top rows and the grid are app.screens' for both languages, the prompts, the
call, the end and the message are laid out here in 8x8 text."""
from app.lang import tr
from app.screens import PX, call_texts, game, ranks, reveal, seats, text, top, wrap
from game.engine import P_ROLL as _P_ROLL, P_REVEAL as _P_REVEAL

# game.engine's phases as private constants (a test checks each)


def draw(fb, ctl):
    """Play mode's screen (app.mode.play's draw()), in parts."""
    return game(fb, ctl, _end, top, _board_prompt, _call, _side)


def _side(fb, lines):
    for i in range(len(lines)):
        fb.text(lines[i], PX, 16 + i * 8, 1)
        if i == 1:
            yield  # two parts


def _call(fb, ctl):
    """The call's lines, and how to close it."""
    first, join, other = call_texts(ctl)
    yield
    text(first, fb, 0, 2)
    if join:
        text(join, fb, 0, 3)
    if other:
        text(other, fb, 0, 4)
    text("OK: close call", fb, 0, 5)


def _board_prompt(fb, ctl):
    """Full width: the reveal, a result, the card slot's requests."""
    g = ctl.store.game
    row = 2
    if ctl.cur.result:
        for part in ctl.cur.result.split("\n"):
            row += yield from wrap(fb, part, row, 6 - row)
            yield
    if g.phase == _P_REVEAL:
        text(seats("In: ", g.call_order()), fb, 0, row)
        row += 1
        yield
        yield from wrap(fb, reveal(ctl, g), row, 6 - row)
    else:
        why = ctl.slot.blocked()
        if why:
            yield from wrap(fb, why, row, 6 - row)
        elif row < 6:
            text("Press ROLL" if g.phase == _P_ROLL else "Go on", fb, 0, row)


def _end(fb, ctl):
    """Game over: the seats ranked, shared places for ties, winners inverted."""
    g = ctl.store.game
    text("GAME OVER", fb, 0, 0)
    w = g.winners()
    text((tr("Winners: ") if len(w) > 1 else tr("Winner: ")) + " ".join("P%d" % (s + 1) for s in w), fb, 0, 1)
    yield
    yield from ranks(fb, g, 2)
    text("UNDO: take back", fb, 0, 6)
    text("hold UNDO: menu", fb, 0, 7)


def message(fb, msg):
    """msg in a box over rows 2-5, word-wrapped into three lines of 15; a
    part a line."""
    fb.fill_rect(0, 16, 128, 32, 0)
    fb.rect(0, 16, 128, 32, 1)
    line = ""
    row = 0
    for word in msg.split(" "):
        if line and len(line) + 1 + len(word) > 15:
            fb.text(line[:15], 4, 18 + row * 9, 1)
            row += 1
            if row == 3:
                return
            yield
            line = word
        else:
            line = (line + " " + word) if line else word
    fb.text(line[:15], 4, 18 + row * 9, 1)
