"""The menu's Scores page, by button presses on the emulated board: a whole
game is played and each card's result is worked out here from what the game
showed after each press (the round, the reveal's key and N, the crystals
when each card began and ended); then the page is opened and read back from
the OLED's pixels, card by card with NEXT and ROLL."""
import random

import pytest

from host_sim import oledread, press
from host_sim.tests import oledtext
from host_sim.tests.keyplay import next_key
from game import engine


def _rows(s):
    """The OLED's lines of text, but the last column (the scroll marks): the
    title and round small, who was right and the gains tall (read from a
    chair), the keys small."""
    small = [r[:15].rstrip() for r in oledtext.read(s.emu.oled).split("\n")]
    rows = oledread.rows_of(press.oled_lines(s))
    return small[:2] + [oledread.tall(rows, 0, y, 15).rstrip() for y in (16, 27, 37, 47)] + small[7:]


def _no_guess(s):
    """A key that plays on and never guesses: the first card ends void, its
    windows all opened (optional dice skipped, each call closed empty)."""
    ctl = s.dev.ctl
    g = s.game()
    if ctl.slot.blocked():
        return "c"
    if g.phase == engine.P_ROLL:
        return "n"
    if g.phase == engine.P_DECIDE:
        return "o" if ctl.store.allowed() and (engine.END, 0) in g.legal() else "p"
    return "o"


def _played(tmp_path, board, setup, seed, void=False):
    """A whole game by presses; returns the session and each card's
    (round, right, N, gains) as seen from outside: right is a seat, -1 for
    nobody, None for a void card. void: no guess on the first card."""
    (tmp_path / "f").mkdir()
    press.choose_lang(str(tmp_path / "f"), "en")
    s = press.start(board, str(tmp_path / "f"), setup)
    s.run(300)
    rng = random.Random(seed)
    g = s.game()
    start = list(g.crystals)
    cards = []
    for _ in range(4000):
        k = _no_guess(s) if void and g.cards == 1 else next_key(s.dev.ctl, rng, undo=0)
        if k is None:
            break
        was = (g.cards, g.round, g.phase, g.n_at_guess)
        s.key(k)
        if g.cards != was[0] or g.over():  # the card left the lid (the next one is dealt at once)
            revealed = was[2] == engine.P_REVEAL
            right = (int(k) - 1 if k != "o" else -1) if revealed else None
            cards.append((was[1], right, was[3] if revealed else 0, [g.crystals[i] - start[i] for i in range(g.n)]))
            start = list(g.crystals)
    assert g.over()
    return s, cards


def _want(card, at, total):
    rnd, right, n, gains = card
    rows = ["Card %d of %d" % (at + 1, total), "Round %d" % rnd + ("" if right is None else "  N=%d" % n),
            "Void card" if right is None else "Nobody right" if right < 0 else "P%d right" % (right + 1)]
    cells = ["P%d %s%d" % (s + 1, "+" if d > 0 else "", d) for s, d in enumerate(gains)]
    for i in range(0, len(cells), 2):
        rows.append((cells[i].ljust(8) + (cells[i + 1] if i + 1 < len(cells) else "")).rstrip())
    return rows


@pytest.mark.parametrize("board,setup,seed,void", [
    ("pico_pca9685", {"players": 4, "rules": "standard", "seed": 3}, 1, False),
    ("pico_pca9685", {"players": 3, "rules": "zh-cn", "seed": 5}, 3, True),
    ("pico_epaper", {"players": 6, "rules": "summary", "seed": 8}, 2, False),
])
def test_scores_show_each_cards_result_and_next_scrolls(tmp_path, board, setup, seed, void):
    s, cards = _played(tmp_path, board, setup, seed, void)
    assert len(cards) >= 5 and (cards[0][1] is None) == void
    lit = s.emu.oled.lit
    s.keys("U r o")  # the menu, ROLL up to its last row (Scores), OK
    s.run(300)
    total = len(cards)
    for step in range(total + 1):
        at = (total - 1 - step) % total  # it opens at the latest; NEXT goes back, then round again
        want = _want(cards[at], at, total)
        got = _rows(s)
        assert got[:len(want)] == want, "card %d:\n%s\nwant\n%s" % (at + 1, "\n".join(got), "\n".join(want))
        assert got[-1] == "NEXT ROLL UNDO"
        assert bool(lit(123, 9)) == (at < total - 1) and bool(lit(123, 54)) == (at > 0)  # scroll marks
        s.keys("n")
        s.run(300)
    s.keys("r r r")  # ROLL goes forward: to the latest, round to the first, then the second
    s.run(300)
    assert _rows(s)[0] == "Card 2 of %d" % total


def test_the_page_is_left_to_the_menu_and_dropped_with_its_code(tmp_path):
    (tmp_path / "f").mkdir()
    s = press.start("pico_pca9685", str(tmp_path / "f"), {"players": 3, "rules": "standard", "seed": 2})
    s.keys("U r o")  # no card has ended yet
    s.run(300)
    assert s.dev.ctl.msg == "No card has ended yet" and s.dev.ctl.mode == 2
    s.keys("u")
    a = s.game().active + 1
    s.keys("r o %d o c %d c U r o" % (a, a))  # a card revealed, the next in: Scores
    s.run(300)
    assert _rows(s)[:3] == ["Card 1 of 1", "Round 1  N=11", "P%d right" % a]
    s.keys("u")  # back to the menu, on Scores
    s.run(300)
    ctl = s.dev.ctl
    assert ctl.mode == 2 and ctl.cur.item == len(ctl.cur.ROWS) - 1 and ctl.cur.ROWS[ctl.cur.item][0] == "Scores"
    s.keys("u")
    s.run(300)
    assert ctl.mode == 1 and ctl.cur is ctl.play  # the menu's and the Scores page's objects are left
