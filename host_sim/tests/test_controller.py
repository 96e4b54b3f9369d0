"""The controller on its own (no emulated hardware): button gestures to the
engine's legal actions, the journal and resume, the card slot, the deck,
menus; and 100,000 random presses checked against the journal."""
import json
import os
import random
import sys

import pytest

from host_sim.tests.keyplay import Bare, Clock, Out, next_key, replay_journal
from host_sim.tests.snapshot import snapshot
from app import controller
from app import modes as c
from app import journal as jn
from app import settings
from drivers.storage import Storage
from game import engine, record, rules, state

SETUP = {"players": 3, "rules": "standard", "seed": 11}


def play(b, keys):
    for k in keys.split():
        b.key(k)


def test_a_turn_by_buttons(tmp_path):
    b = Bare(tmp_path, SETUP)
    g = b.ctl.store.game
    assert g.cards == 1 and g.phase == engine.P_ROLL
    play(b, "r")
    assert g.d1 and g.phase == engine.P_OPEN
    w = b.ctl.play.cursor
    assert (b.ctl.store.allowed() >> w) & 1
    play(b, "n")
    assert b.ctl.play.cursor != w or bin(b.ctl.store.allowed()).count("1") == 1
    w = b.ctl.play.cursor
    play(b, "o")
    assert g.is_open(w) and b.out.sounds == ["roll", "open"]
    active = g.active
    before = g.crystals[active]
    play(b, "p")
    assert g.crystals[active] == before + 1 and b.ctl.msg == ""  # the scores show the gain
    assert g.phase == engine.P_CALL
    other = (active + 1) % 3
    play(b, str(other + 1))
    assert g.call_order() == [other]
    play(b, "o")
    assert g.phase == engine.P_REVEAL and b.ctl.windows() == 0  # every window closes
    play(b, str(other + 1))  # the card is still in: refused
    assert g.phase == engine.P_REVEAL and b.out.sounds[-1] == "refuse"
    play(b, "c " + str(other + 1))
    assert g.round == 2 and g.crystals[other] == 2 - 2 + 11
    assert b.ctl.play.result.startswith("P%d right: +11" % (other + 1))
    assert b.ctl.slot.blocked() == "Insert next card"
    play(b, "r")
    assert g.phase == engine.P_ROLL  # nothing happens until the next card is in
    play(b, "c r")
    assert g.phase == engine.P_OPEN


def test_a_seat_that_cannot_pay_is_refused_with_a_message(tmp_path):
    b = Bare(tmp_path, {"players": 3, "rules": "standard", "seed": 2})
    g = b.ctl.store.game
    play(b, "r o p")
    poor = (g.active + 1) % 3
    g.crystals[poor] = 1  # as if they had lost: below the cost of 2
    b.ctl.store.changes += 1  # changed behind the store's back: what the game allows is stale
    play(b, str(poor + 1))
    assert b.ctl.msg == "P%d can't pay 2" % (poor + 1)
    assert g.call_order() == [] and b.out.sounds[-1] == "refuse"


def test_ties_are_ordered_by_pressing_the_tied_seats(tmp_path):
    b = Bare(tmp_path, {"players": 4, "rules": "standard", "seed": 5})
    g = b.ctl.store.game
    play(b, "r o p")
    a, x, y = [(g.active + k) % 4 for k in (0, 1, 2)]
    play(b, "%d %d" % (x + 1, y + 1))
    assert g.call_order() == [x, y]
    play(b, "%d" % (y + 1))
    assert b.ctl.play.order == [y] and g.call_order() == [x, y]
    play(b, "%d" % (x + 1))
    assert g.call_order() == [y, x] and b.ctl.play.order == []
    assert b.ctl.store.game.log[-3] >> 4 == engine.ORDER


def test_undo_takes_back_and_a_roll_stays(tmp_path):
    b = Bare(tmp_path, SETUP)
    g = b.ctl.store.game
    play(b, "r o")
    assert g.closed() == 11
    play(b, "u")
    assert g.closed() == 12 and g.d1 and b.ctl.msg == "Undone"
    play(b, "u")
    assert b.ctl.msg == "A roll can't be undone" and g.d1
    again, _ = replay_journal(b.storage)
    assert snapshot(again) == snapshot(g)


def test_undo_after_game_over(tmp_path):
    b = Bare(tmp_path, {"players": 2, "rules": "standard", "seed": 3})
    rng = random.Random(1)
    while not b.ctl.store.game.over():
        b.key(next_key(b.ctl, rng, undo=0))
    g = b.ctl.store.game
    assert "GAME OVER" not in b.ctl.msg
    play(b, "u")
    assert not g.over() and g.phase == engine.P_REVEAL and g.round == 10


def test_the_card_pulled_before_the_reveal_closes_every_window(tmp_path):
    b = Bare(tmp_path, SETUP)
    g = b.ctl.store.game
    play(b, "r o")
    assert b.ctl.windows() == g.open_mask != 0
    play(b, "c")
    assert b.ctl.windows() == 0 and b.ctl.msg == "Card out! Put it back"
    play(b, "p")
    assert g.phase == engine.P_DECIDE  # play waits for the card
    play(b, "c")
    assert b.ctl.windows() == g.open_mask
    play(b, "p")
    assert g.phase == engine.P_CALL


def test_a_void_card_waits_for_the_card_to_be_swapped(tmp_path):
    """Nobody guesses until every window is open: the card is void, a new one
    is dealt, and nothing opens until the old card is out and a new one in."""
    b = Bare(tmp_path, {"players": 2, "rules": "standard", "seed": 9})
    ctl = b.ctl
    g = ctl.store.game
    while g.cards == 1:
        ph = g.phase
        k = "r" if ph == engine.P_ROLL else "o" if ph == engine.P_CALL else "o" if ctl.store.allowed() else "p"
        play(b, k)
    assert g.cards == 2 and g.round == 1  # void: a new card, the round stays
    assert ctl.slot.blocked() == "Swap the card" and ctl.windows() == 0
    play(b, "c")
    assert ctl.slot.blocked() == "Insert next card"
    play(b, "c")
    assert ctl.slot.blocked() == ""


def test_the_deck_runs_out_and_is_reloaded(tmp_path):
    st = Storage(os.path.join(str(tmp_path), ""))
    s = settings.defaults()
    s["deck"] = 1
    settings.save(st, s)
    b = Bare(tmp_path, SETUP)
    ctl = b.ctl
    assert ctl.store.deck_left() == 0  # the first card came off the deck
    a = (ctl.store.game.active + 1) % 3
    play(b, "r o p %d o c 1" % (a + 1))
    assert ctl.mode == c.M_RELOAD and ctl.store.deck_left() < 0
    play(b, "r")
    assert ctl.mode == c.M_RELOAD
    assert Bare(tmp_path).ctl.mode == c.M_RELOAD  # asked again after a power cut
    play(b, "o")
    assert ctl.mode == c.M_PLAY and ctl.store.deck_left() == settings.DECK - 2
    assert ctl.msg == "Reloaded: discard the blocker card"
    again = controller.Controller(b.storage, b.out, b.clock)  # the reload is in the journal
    assert again.store.deck_left() == settings.DECK - 2


def test_setup_menu_starts_a_game_and_remembers_the_choice(tmp_path):
    b = Bare(tmp_path)
    ctl = b.ctl
    assert ctl.mode == c.M_SETUP and ctl.store.game is None
    play(b, "o o n o n o n")  # seats 3 -> 4 -> 5, rules -> family, dice -> optional, to Start
    assert ctl.store.settings["players"] == 5 and ctl.store.settings["rules"] == "family"
    assert ctl.store.settings["dice"] == "optional" and ctl.cur.item == 3
    play(b, "o")
    g = ctl.store.game
    assert ctl.mode == c.M_PLAY and g.n == 5 and g.preset == "family" and g.opts["dice"] == "optional"
    assert ctl.store.seed == 1234
    later = Bare(tmp_path)  # a reboot: the game resumes with its options
    assert later.ctl.store.game.opts == g.opts and later.ctl.mode == c.M_PLAY
    assert settings.load(b.storage)["players"] == 5


def test_long_undo_menu_export_sound_and_new_game(tmp_path):
    b = Bare(tmp_path, SETUP)
    ctl = b.ctl
    play(b, "r o U")
    assert ctl.mode == c.M_MENU
    play(b, "n n n n n o")  # Export record
    assert b.out.exported == record.write(ctl.store.game)
    play(b, "U n n n n n n o")  # Sound
    assert ctl.store.settings["sound"] is False
    n = len(b.out.sounds)
    play(b, "U o p")  # Back, then a refused pass (decide phase allows it: it is not refused)
    play(b, "r")  # refused: not the roll phase
    assert len(b.out.sounds) == n
    play(b, "U n o")  # New game: the setup menu; UNDO goes back to the game
    assert ctl.mode == c.M_SETUP
    play(b, "u")
    assert ctl.mode == c.M_PLAY


def test_calibration_needs_the_card_out(tmp_path):
    b = Bare(tmp_path, SETUP)
    ctl = b.ctl
    play(b, "U n n o")
    assert ctl.mode == c.M_MENU and ctl.msg == "Take the card out first"
    play(b, "c o")
    assert ctl.mode == c.M_CALIB and ctl.windows() == 1  # window 1, its open end
    play(b, "o o r p n")
    assert b.out.pulse[0] == (1940, 1080) and ctl.cur.cal == 1
    play(b, "c")
    assert ctl.windows() == 0  # a card put in: nothing opens over it
    play(b, "u")  # changes: asked first, nothing saved yet
    assert b.out.saved == 0 and ctl.mode == c.M_CALIB and ctl.cur.asking
    play(b, "o")
    assert b.out.saved == 1 and ctl.mode == c.M_MENU and ctl.msg == "Calibration saved"
    assert b.out.pulse[0] == (1940, 1080)


def test_calibration_left_unsaved_puts_the_ends_back(tmp_path):
    b = Bare(tmp_path, SETUP)
    ctl = b.ctl
    play(b, "c U n n o o o r p n p p")  # window 1 open +40, closed -20; window 2 closed -40
    assert b.out.pulse == {0: (1940, 1080), 1: (1900, 1060)}
    play(b, "u n")  # asked; another key goes back to nudging
    assert ctl.mode == c.M_CALIB and not ctl.cur.asking
    play(b, "u u")  # asked, then leave without saving
    assert ctl.mode == c.M_MENU and ctl.msg == "Not saved" and b.out.saved == 0
    assert b.out.pulse == {0: (1900, 1100), 1: (1900, 1100)}
    play(b, "o o U")  # changed again, then a long UNDO to the menu: put back too
    assert ctl.mode == c.M_MENU and b.out.pulse[0] == (1900, 1100) and b.out.saved == 0
    play(b, "n n o u")  # Calibrate again, nothing changed: UNDO leaves at once, with nothing to ask
    assert ctl.mode == c.M_MENU and b.out.saved == 0


def test_self_test_moves_one_window_after_another_with_no_card(tmp_path):
    b = Bare(tmp_path, SETUP)
    ctl = b.ctl
    play(b, "c U n n n o")
    assert ctl.mode == c.M_TEST and ctl.windows() == 1
    seen = set()
    for _ in range(90):  # 9 s: the 12 windows at 0.7 s each
        b.clock.now += 100
        ctl.tick(b.clock.now)
        seen.add(ctl.windows())
    assert seen == {1 << w for w in range(12)}
    play(b, "3")
    assert ctl.last_key == 2
    play(b, "c")
    assert ctl.windows() == 0  # a card in: nothing opens over it
    play(b, "u")
    assert ctl.mode == c.M_PLAY


def test_a_digital_card_needs_no_slot_and_is_shown_at_the_reveal(tmp_path):
    b = Bare(tmp_path, SETUP, card=False, digital=True)
    ctl = b.ctl
    g = ctl.store.game
    assert ctl.slot.card_in and ctl.slot.blocked() == ""
    play(b, "c")  # there is no card switch to mind
    assert ctl.slot.card_in and ctl.msg == ""
    play(b, "r o p 2 o")
    assert g.phase == engine.P_REVEAL and ctl.windows() == 0 and not ctl.slot.must_pull()  # veiled
    play(b, "2")  # a guesser's seat again: the second press shows the picture, names nobody
    assert g.phase == engine.P_REVEAL and ctl.windows() == 0xFFF
    play(b, "2")
    assert g.round == 2 and ctl.slot.blocked() == "" and ctl.windows() == 0
    for item in (2, 3, 4):  # calibrate, self-test, deck reload: not on this board
        play(b, "U" + " n" * item + " o")
        assert ctl.msg == "Not on this board" and ctl.mode == c.M_MENU
        play(b, "u")


# -- the journal ---------------------------------------------------------------

def played(tmp_path, seed, keys=60):
    b = Bare(tmp_path, {"players": 4, "rules": rules.PRESET_NAMES[seed % 4], "seed": seed})
    rng = random.Random(seed)
    for _ in range(keys):
        k = next_key(b.ctl, rng)
        if k is None:
            break
        b.key(k)
    return b


def entries_of(data):
    """Offsets (start, end with CRC) of each journal entry."""
    i = data.index(b"\n") + 1
    out = []
    while i < len(data):
        k = 1 if data[i] in (jn.UNDO, jn.RELOAD) else engine.size(data[i])
        out.append((i, i + k + 2))
        i += k + 2
    assert i == len(data)
    return out


def flash(path):
    os.makedirs(str(path), exist_ok=True)
    return Storage(os.path.join(str(path), ""))


def resumed(tmp_path, data):
    st = flash(tmp_path)
    st.write(jn.NAME, data)
    return controller.Controller(st, Out(), Clock())


def game_of_prefix(data, end, tmp_path):
    st = flash(tmp_path)
    st.write(jn.NAME, data[:end])
    return replay_journal(st)[0]


def same_game(ctl, want):
    """The resumed game is the wanted one; where that one waits for its next
    card (the cut fell on a deal), the device has dealt it again."""
    g = ctl.store.game
    if want.need_card and not want.over():
        assert g.log[:len(want.log)] == want.log and g.log[len(want.log)] >> 4 == engine.CARD
        assert len(g.log) == len(want.log) + 7
        g.replay(want.log)  # without the new deal, all else must agree
    return snapshot(g) == snapshot(want)


@pytest.mark.parametrize("seed", range(4))
def test_power_cut_at_every_byte_of_the_last_entry(tmp_path, seed):
    b = played(tmp_path / "a", seed)
    data = b.storage.read(jn.NAME)
    spans = entries_of(data)
    start, end = spans[-1]
    want = game_of_prefix(data, start, tmp_path / "want")
    for cut in range(start, end):
        ctl = resumed(tmp_path / ("cut%d" % cut), data[:cut])
        assert same_game(ctl, want), cut
        assert ("%d bytes" % (cut - start)) in ctl.store.report if cut > start else ctl.store.report == ""
        # the torn tail is gone from flash: the next action follows the last whole one
        assert ctl.store.storage.read(jn.NAME)[:start] == data[:start]
    whole = resumed(tmp_path / "whole", data)
    assert snapshot(whole.store.game) == snapshot(b.ctl.store.game)


def test_random_corruption_resumes_at_the_last_whole_action(tmp_path):
    rng = random.Random(7)
    b = played(tmp_path / "a", 3, keys=120)
    data = b.storage.read(jn.NAME)
    spans = entries_of(data)
    body = spans[0][0]
    for trial in range(150):
        bad = bytearray(data)
        at = rng.randrange(body, len(data))
        bad[at] ^= 1 << rng.randrange(8)
        if trial % 3 == 0:  # and sometimes a burst
            for k in range(rng.randrange(1, 6)):
                j = min(len(bad) - 1, at + k)
                bad[j] = rng.randrange(256)
        first = [s for s, e in spans if e > at][0]
        ctl = resumed(tmp_path / ("t%d" % trial), bytes(bad))
        want = game_of_prefix(data, first, tmp_path / ("w%d" % trial))
        assert same_game(ctl, want), (trial, at)
        assert "dropped" in ctl.store.report


def test_an_unreadable_header_starts_over_without_a_crash(tmp_path):
    b = played(tmp_path / "a", 1)
    data = b.storage.read(jn.NAME)
    nl = data.index(b"\n")
    head = json.loads(data[4:nl - 5])  # the JSON before its CRC
    worse = [dict(head, players=9), dict(head, deck="x"), dict(head, seed=None), dict(head, rules="chess"),
             dict(head, first=7), dict(head, dice="sometimes"), {k: v for k, v in head.items() if k != "first"}]
    for bad in [b"", b"MJ1 {\n", data[:5], b"XX" + data[2:], b"MJ1 [1]\n"] + [
            b"MJ1 " + json.dumps(h).encode() + data[nl:] for h in worse]:
        ctl = resumed(tmp_path / ("h%d" % len(bad)), bad)
        assert ctl.store.game is None and ctl.mode == c.M_SETUP


def test_a_journal_records_little(tmp_path):
    b = played(tmp_path, 0, keys=200)
    assert b.storage.bytes_written < 8192
    assert len(b.storage.read(jn.NAME)) < 4096


def lid_safe(ctl):
    """A window opens over a card only when the game says it is open."""
    m = ctl.windows()
    if ctl.mode in (c.M_CALIB, c.M_TEST):
        assert m == 0 or not ctl.slot.card_in
    else:
        assert m & ~(ctl.store.game.open_mask if ctl.store.game else 0) == 0


# -- random mashing -------------------------------------------------------------

WEIGHTS = "123456" * 2 + "rrrnnoooopppp" + "uuc" + "U"


@pytest.mark.parametrize("preset", rules.PRESET_NAMES)
def test_random_button_mashing_keeps_the_journal_true(tmp_path, preset):
    """25,000 random presses a preset (100,000 in all), a fresh flash every
    500: no exception, and after every press the live game equals the game
    the journal on flash replays to."""
    rng = random.Random(preset)
    presses = 0
    for run in range(50):
        b = Bare(tmp_path / ("r%d" % run), {"players": rng.randrange(2, 7), "rules": preset, "seed": run})
        data = want = None
        for _ in range(500):
            k = rng.choice(WEIGHTS)
            b.key(k)
            presses += 1
            g = b.ctl.store.game
            if g is not None:
                now = b.storage.read(jn.NAME)
                if now != data:  # the same bytes replay to the same game: read back only what changed
                    again, dropped = replay_journal(b.storage)
                    assert dropped == 0
                    data, want = now, snapshot(again)
                assert want == snapshot(g), (run, k)
            lid_safe(b.ctl)
    assert presses == 25000


def test_a_game_started_from_the_menu_plays_the_card_in_the_slot(tmp_path):
    b = Bare(tmp_path)
    play(b, "n n n o")
    assert b.ctl.slot.blocked() == ""
    play(b, "r o")
    assert b.ctl.store.game.closed() == 11 and b.ctl.windows() == b.ctl.store.game.open_mask


def test_calibration_never_moves_a_window_with_the_card_in(tmp_path):
    b = Bare(tmp_path, SETUP)
    ctl = b.ctl
    play(b, "c U n n o")  # calibrate, the card out
    play(b, "r c")  # the closed end; a card slid back in
    before = b.out.pulse[0] if 0 in b.out.pulse else None
    play(b, "o o p")
    assert ctl.msg == "Take the card out first" and ctl.windows() == 0
    assert (b.out.pulse[0] if 0 in b.out.pulse else None) == before


def test_a_damaged_header_is_reported_and_kept_never_read_as_another_game(tmp_path):
    """Every single-bit flip in the header: the game is not resumed with another
    seed, deck or table; the file is kept whole in game.bad and the device says so."""
    b = played(tmp_path / "a", 1)
    data = b.storage.read(jn.NAME)
    nl = data.index(b"\n")
    flips = 0
    for at in range(nl + 1):
        for bit in range(8):
            bad = bytearray(data)
            bad[at] ^= 1 << bit
            ctl = resumed(tmp_path / ("f%d_%d" % (at, bit)), bytes(bad))
            assert ctl.store.game is None and ctl.store.journal.damaged, (at, bit)
            assert ctl.store.storage.read(jn.BAD) == bytes(bad)
            flips += 1
    assert flips >= 400


def test_a_journal_from_before_the_header_crc_still_resumes(tmp_path):
    b = played(tmp_path / "a", 1)
    data = b.storage.read(jn.NAME)
    nl = data.index(b"\n")
    old = b"MJ1 " + data[4:nl - 5] + data[nl:]
    ctl = resumed(tmp_path / "b", old)
    assert ctl.store.game is not None and same_game(ctl, b.ctl.store.game) and not ctl.store.journal.damaged


def _to_second_card(tmp_path, new_card_in):
    """A reveal done and card 2 dealt; new_card_in: the new card is in the slot."""
    b = Bare(tmp_path, {"players": 3, "rules": "standard", "seed": 5})
    play(b, "r o p 2 o c 2")  # roll, open, pass, P2 guesses, OK closes, the card out, P2 right
    assert b.ctl.store.game.cards == 2 and b.ctl.store.game.phase == engine.P_ROLL
    if new_card_in:
        play(b, "c")
        assert b.ctl.slot.fresh and b.ctl.slot.blocked() == ""
    return b


def test_undo_across_a_deal_with_the_new_card_in_never_shows_it(tmp_path):
    b = _to_second_card(tmp_path, True)
    ctl = b.ctl
    play(b, "u")  # the reveal undone: card 1 is the game's card again
    assert ctl.store.game.cards == 1 and ctl.store.game.phase == engine.P_REVEAL
    assert ctl.slot.blocked() == "Take the new card out unseen" and ctl.windows() == 0
    play(b, "2")
    assert ctl.msg == "Take the new card out unseen" and ctl.store.game.phase == engine.P_REVEAL
    play(b, "c")  # out, unseen
    assert ctl.slot.blocked() == "" and ctl.windows() == 0
    play(b, "o")  # the reveal again: nobody right this time
    assert ctl.store.game.cards == 2 and ctl.slot.blocked() == "Insert next card"
    play(b, "c")
    assert ctl.slot.blocked() == "" and ctl.slot.fresh


def test_undo_back_into_a_cards_play_names_the_card_and_keeps_the_lid_shut(tmp_path):
    b = _to_second_card(tmp_path, True)
    ctl = b.ctl
    play(b, "u u")  # the reveal, then the close of the call: card 1 is in play again
    assert ctl.store.game.cards == 1 and ctl.store.game.phase != engine.P_REVEAL
    assert ctl.slot.blocked() == "Swap: put back card 1" and ctl.windows() == 0
    play(b, "c")  # the new card out: no "Card out! Put it back", the device asked for it
    assert ctl.slot.blocked() == "Put back card 1" and ctl.windows() == 0 and "Card out" not in ctl.msg
    play(b, "c")  # card 1 back in
    assert ctl.slot.blocked() == "" and ctl.windows() == ctl.store.game.open_mask != 0


def test_undo_across_a_deal_with_the_slot_empty_asks_for_the_card_by_number(tmp_path):
    b = _to_second_card(tmp_path, False)
    ctl = b.ctl
    play(b, "u u")
    assert ctl.slot.blocked() == "Put back card 1" and ctl.windows() == 0
    play(b, "c")
    assert ctl.slot.blocked() == "" and ctl.windows() == ctl.store.game.open_mask != 0


def test_modes_load_on_first_use(tmp_path):
    """A game set up by the simulator's flags holds only the play mode; the
    menu's module and object come with the first long UNDO, and the object
    goes when the menu is left (the play mode stays, with its cursor)."""
    for m in [m for m in sys.modules if m.startswith("app.mode.")]:
        del sys.modules[m]  # what earlier tests left
    b = Bare(tmp_path, SETUP)
    loaded = lambda: sorted(m for m in sys.modules if m.startswith("app.mode."))  # noqa: E731
    assert loaded() == ["app.mode.play"] and b.ctl.cur is b.ctl.play
    play(b, "U")
    assert b.ctl.mode == c.M_MENU and loaded() == ["app.mode.base", "app.mode.menu", "app.mode.play", "app.mode.rows"]
    menu = b.ctl.cur
    play(b, "n u")
    assert b.ctl.cur is b.ctl.play
    play(b, "U")
    assert b.ctl.cur is not menu and b.ctl.cur.item == 0


def test_a_game_begun_or_resumed_keeps_its_options(tmp_path):
    """The game keeps its options; the engine holds no rule checker of its own."""
    b = Bare(tmp_path, SETUP)
    assert b.ctl.store.game.opts["rounds"] == 10
    assert not hasattr(engine, "rules")
    play(b, "r")
    again = Bare(tmp_path)  # resumed from the journal
    assert again.ctl.store.resumed and again.ctl.store.game.log == b.ctl.store.game.log


def test_deck_reload_from_the_menu_asks_before_it_acts(tmp_path):
    b = Bare(tmp_path, {"players": 3, "rules": "standard", "seed": 2})
    a = b.ctl.store.game.active + 1
    play(b, "r o %d o c %d c" % (a, a))  # a card revealed, the next dealt: 197 left
    left = b.ctl.store.deck_left()
    play(b, "U n n n n o")  # Deck reload, once
    assert b.ctl.msg == "Deck reload: OK again" and b.ctl.store.deck_left() == left
    play(b, "o")  # OK again: the count starts over
    assert b.ctl.msg.startswith("Reloaded") and b.ctl.store.deck_left() != left


def test_the_controller_forwards_nothing(tmp_path):
    """What the store, the slot and the play mode hold is read where it lives."""
    b = Bare(tmp_path, SETUP)
    for name in ("game", "journal", "settings", "card_in", "blocked", "cursor", "order"):
        assert not hasattr(b.ctl, name), name
    assert b.ctl.store.game is not None and b.ctl.slot.card_in and b.ctl.play.cursor == -1
