"""Every refusal the device shows, in its buttons' words: each reached by
real presses on the emulated board, and the table in docs/refusals.md
equal to the texts the firmware can show."""
import ast
import os
import random
import re

import pytest

from game import engine
from host_sim import autoplay, press

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
G3 = {"players": 3, "rules": "standard", "seed": 5}
G6 = {"players": 6, "rules": "standard", "seed": 3}

# (setup, keys, the message after the last key); keys before the last are
# pressed and their own messages left to expire
SCRIPTED = [
    (G3, "u", "Nothing to undo"),
    (G3, "r u", "A roll can't be undone"),
    (G3, "o", "Press ROLL first"),
    (G3, "p", "Press ROLL first"),
    (G3, "r r", "Open a window: NEXT picks, OK opens"),
    (G3, "r 1", "Open a window: NEXT picks, OK opens"),
    (G3, "r o r", "OK opens, seat guesses, PASS"),
    (G3, "r o p r", "Call open: seats join, OK closes"),
    (G3, "r o p 1", "P1 passed: can't join"),
    (G3, "r o 1 1", "P1 is already in"),
    (G3, "r o p 2 2", "P2 is in the call"),
    (G3, "r o p o 1", "P1: wait for a call"),
    (G3, "5", "No seat 5 at this table"),
    (G3, "r o 1 o 2", "Pull the card first"),
    (G3, "r o 1 o c r", "Seat that was right, or OK"),
    (G3, "r o 1 o c 3", "P3 did not guess"),
    (G3, "r c", "Card out! Put it back"),
    (G3, "r c o", "Insert the card"),
    (G3, "r o 1 o c 1 r", "Insert next card"),
    (G3, "U n n o", "Take the card out first"),
    (G3, "r o p 2 o c 2 c u 2", "Take the new card out unseen"),  # UNDO across a deal, the new card in
    (G3, "r o p 2 o c 2 c u u r", "Swap: put back card 1"),
    (G3, "r o p 2 o c 2 u u r", "Put back card 1"),
    (G6, "r o p 1 2 5 o c 2 c r n o o p 5", "P5 can't pay 2"),
    (None, "U n n n n n o", "No game yet"),
    (G3, "r o U r o", "No card has ended yet"),  # Scores, the menu's last row, before a card ended
]


def session(tmp_path, setup, board="pico_pca9685"):
    flash = tmp_path / "flash"
    flash.mkdir(parents=True, exist_ok=True)
    press.choose_lang(str(flash), "en")  # the refusals' English words (zh-cn would speak Chinese)
    return press.start(board, str(flash), setup)


def shown(s, keys):
    *before, last = keys.split()
    for k in before:
        s.key(k)
        s.run(3000)  # its own message expires
    s.key(last)
    return s.dev.ctl.msg


@pytest.mark.parametrize("setup,keys,want", SCRIPTED, ids=[k for _, k, _ in SCRIPTED])
def test_a_refusal_in_button_words(tmp_path, setup, keys, want):
    assert shown(session(tmp_path, setup), keys) == want


def test_a_refused_press_changes_nothing(tmp_path):
    s = session(tmp_path, G3)
    s.keys("r o p")
    log = bytes(s.game().log)
    assert shown(s, "r") == "Call open: seats join, OK closes" and bytes(s.game().log) == log


def until(tmp_path, setup, cond, seed=0):
    """Play as a family would until cond(ctl) holds; the session then."""
    s = session(tmp_path, setup)
    rng = random.Random(seed)
    for _ in range(3000):
        if cond(s.dev.ctl):
            s.run(3000)
            return s
        k = autoplay.next_key(s.dev.ctl, rng)
        if k is None:
            break
        s.key(k)
    raise AssertionError("never reached")


def test_no_window_left(tmp_path):
    s = until(tmp_path, {"players": 3, "rules": "standard", "seed": 2},
              lambda c: c.store.game.phase == engine.P_DECIDE and not c.store.allowed() and not c.slot.blocked())
    assert shown(s, "n") == "No window left: guess or PASS"


def test_passed_then_the_seat(tmp_path):
    s = until(tmp_path, {"players": 3, "rules": "zh-cn", "seed": 4},
              lambda c: c.store.game.phase == engine.P_DECIDE and (engine.END, 0) in c.store.game.legal() and not c.slot.blocked())
    assert shown(s, str(s.game().active + 1)) == "Passed: PASS ends the turn"


def test_game_over(tmp_path):
    s = until(tmp_path, {"players": 2, "rules": "summary", "seed": 1}, lambda c: c.store.game.over())
    assert shown(s, "r") == "Game over: UNDO or menu"


def test_not_on_the_e_paper_board(tmp_path):
    s = session(tmp_path, G3, "pico_epaper")
    assert shown(s, "U n n o") == "Not on this board"


def test_the_e_paper_reveal_asks_before_it_shows_the_picture(tmp_path):
    s = session(tmp_path, G3, "pico_epaper")
    assert shown(s, "r o 1 o r") == "OK shows the picture"  # ROLL is no second press


def _strings(node):
    """The string constants a refusal's argument can evaluate to."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    if isinstance(node, ast.BinOp):  # "P%d ..." % seat
        return _strings(node.left)
    if isinstance(node, (ast.Tuple, ast.List)):
        return set().union(*[_strings(e) for e in node.elts])
    return set()


def firmware_texts():
    """The texts the firmware can refuse with (refuse()'s literal arguments,
    the play mode's _NOT_NOW and _NO_MORE, the slot's _UNSEEN and what its blocked() returns), with a
    seat or a number as N."""
    out = set()
    app = os.path.join(ROOT, "firmware", "app")
    for name in ["controller.py", "slot.py"] + ["mode/" + f for f in sorted(os.listdir(os.path.join(app, "mode")))]:
        if not name.endswith(".py"):
            continue
        tree = ast.parse(open(os.path.join(app, name)).read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "refuse":
                out |= _strings(node.args[0])
            elif isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") in ("_NOT_NOW", "_NO_MORE", "UNSEEN"):
                out |= _strings(node.value)
            elif isinstance(node, ast.FunctionDef) and node.name == "blocked":
                for r in ast.walk(node):
                    if isinstance(r, ast.Return) and r.value is not None:
                        out |= _strings(r.value)
    return {t.replace("P%d", "PN").replace("%d", "N") for t in out if t}


def documented():
    doc = open(os.path.join(ROOT, "docs", "refusals.md")).read()
    return set(re.findall(r"^\| `([^`]+)` \|", doc, re.M))


def test_the_docs_table_lists_every_refusal():
    missing = firmware_texts() - documented()
    assert not missing, "not in docs/refusals.md: %s" % sorted(missing)


# shown by the card slot after an UNDO across a deal (see the faults tests)
UNREACHED = {"Swap the card", "Pull the card"}


def test_every_documented_refusal_is_reached_by_a_test():
    tested = {re.sub(r"\d", "N", w) for _, _, w in SCRIPTED} | {
        "No window left: guess or PASS", "Passed: PASS ends the turn", "Game over: UNDO or menu", "Not on this board",
        "OK shows the picture", "Wait: closing", "Seen: discard it, insert another"}  # the card tests below
    untested = documented() - tested - UNREACHED
    assert not untested, "documented but no test reaches it: %s" % sorted(untested)


def test_a_void_card_is_announced_and_its_swap_is_not_refused(tmp_path):
    """Every window open and nobody in the call: the card is void. The
    device says so, and pulling it out for the next is no 'Card out!'."""
    s = session(tmp_path, {"players": 2, "rules": "standard", "seed": 3})
    autoplay.to_void_card(s)  # open all it may, pass, nobody joins
    assert s.game().cards == 2 and s.game().open_mask == 0
    assert s.dev.ctl.msg == "Void card: swap it" and s.dev.ctl.slot.blocked() == "Wait: closing"
    s.key("c")  # the old card out
    assert s.dev.ctl.msg == "Void card: swap it"  # not "Card out! Put it back"
    s.run(1500)  # every window closed
    assert s.dev.ctl.slot.blocked() == "Insert next card"
    s.key("c")  # the next one in
    assert s.dev.ctl.slot.blocked() == "" and s.dev.ctl.windows() == 0


def test_the_next_card_is_asked_for_once_every_window_is_closed(tmp_path):
    """After OK deals a new card the windows close a few at a time: the
    device says "Wait: closing" until the last shutter is shut, and only then
    asks for the card. Any moment after, no window stands open."""
    from emu.servo import pulse_to_deg
    s = session(tmp_path, {"players": 2, "rules": "standard", "seed": 3})
    since = autoplay.to_void_card(s)
    sl = s.dev.ctl.slot
    assert s.emu.angles() != [pulse_to_deg(900)] * 12  # the windows stood open at OK
    assert sl.blocked() == "Wait: closing"
    ms = autoplay.next_card_ms(s, since)
    assert sl.blocked() == "Swap the card" and 300 <= ms <= 1500, ms
    assert max(abs(a - pulse_to_deg(900)) for a in s.emu.angles()) < 1  # every shutter shut (closed at 900 us)
    from host_sim import oledread
    s.run(2500)  # the void card's message gone
    assert "Swap the card" in oledread.text(oledread.rows_of(press.oled_lines(s)))  # what the panel says


def test_a_card_put_in_while_windows_close_is_seen_and_discarded(tmp_path):
    """The old card out and a new one in at once: it was seen through the
    windows still closing, so it goes to the discard (one card less in the
    deck) and the device asks for another; the next one in plays."""
    s = session(tmp_path, {"players": 2, "rules": "standard", "seed": 3})
    autoplay.to_void_card(s)
    ctl = s.dev.ctl
    left = ctl.store.deck_left()
    s.key("c", 50)  # the old card out
    s.key("c", 50)  # a new one in, at once
    assert ctl.slot.blocked() == "Seen: discard it, insert another" and ctl.store.deck_left() == left - 1
    assert ctl.windows() == 0
    s.key("c")  # the seen one out
    s.run(1500)
    assert ctl.slot.blocked() == "Insert next card"
    s.key("c")
    assert ctl.slot.blocked() == "" and ctl.store.deck_left() == left - 1
    s.power_up()  # the discard is kept in the journal
    assert s.dev.ctl.store.deck_left() == left - 1
