"""Each worked example and rule of rules.md, for every preset that has it."""
import os

import pytest

from host_sim import ROOT
from host_sim.tests.snapshot import snapshot
from game import engine, record, rules, state
from game import Refused
from game.engine import Game

# A card whose windows 1-12 carry 1 2 3 4 5 6 1 2 3 4 5 6.
CARD = "card 1 2 3 4 5 6 1 2 3 4 5 6"


def play(text, preset="standard", players=3, first=1, sets=()):
    head = ["players %d" % players, "rules %s" % preset, "first %d" % first]
    head += ["set %s %s" % kv for kv in sets]
    table = record.load(head + [CARD] + [ln.strip() for ln in text.strip().splitlines()])
    return table.game


def st(text, **kw):
    return state.as_dict(play(text, **kw))


def refused(text, **kw):
    with pytest.raises(record.RecordError) as e:
        play(text, **kw)
    return str(e.value)


# -- the worked example of 000 -------------------------------------------

EXAMPLE = """
roll 2 5
open 2
open 5
pass
close
roll 3 3
open 3
guess 2
guess 3
close
reveal 3
"""


@pytest.mark.parametrize("preset", ["standard", "summary"])
def test_worked_example(preset):
    # summary: no call after a pass, so no `close` there; P1 takes 1 per
    # open window, which is 2 here as well.
    text = EXAMPLE if preset == "standard" else EXAMPLE.replace("pass\nclose", "pass")
    s = st(text, preset=preset)
    assert s["crystals"] == [4, 0, 9]
    assert (s["round"], s["card"], s["active"], s["phase"]) == (2, 2, 3, "roll")
    assert s["open"] == [] and s["closed"] == 12 and s["call"] == []


def test_worked_example_state_before_reveal():
    s = st(EXAMPLE.replace("reveal 3", ""))
    assert s["phase"] == "reveal"
    assert s["call"] == [2, 3]  # the active player speaks first
    assert s["crystals"] == [4, 4, 0]  # P3 paid 2 when joining
    assert s["closed"] == 9


# -- dice ------------------------------------------------------------------

def test_window_must_match_a_die():
    msg = refused("roll 2 5\nopen 4")
    assert msg == "line 6: open 4: window 4 is not allowed by dice 2 and 5"


def test_each_die_used_once():
    msg = refused("roll 2 5\nopen 2\nopen 8")
    assert "window 8 is not allowed by dice 5 (2 is used)" in msg


def test_free_die_opens_any_window():
    # both 2s (windows 2 and 8) are open: a rolled 2 opens any closed window
    base = "roll 2 2\nopen 2\nopen 8\npass\nclose\nroll 2 6\n"
    assert st(base + "open 11\nopen 12")["open"] == [2, 8, 11, 12]
    assert "window 4 is not allowed by dice 6 (2 is used)" in refused(base + "open 1\nopen 4")


def test_matching_die_spent_before_free_one():
    # 2s are gone (free); roll 2 and 3: window 3 matches 3 and is allowed by the free 2:
    # the 3 is spent, so the free 2 still opens any window after
    base = "roll 2 2\nopen 2\nopen 8\npass\nclose\nroll 2 3\nopen 3\n"
    s = st(base + "open 12")
    assert s["open"] == [2, 3, 8, 12]


def test_max_windows_two():
    msg = refused("roll 1 2\nopen 1\nopen 2\nopen 7")
    assert "no more windows this turn" in msg


def test_must_roll_first_when_dice_required():
    g = play("")
    with pytest.raises(Refused, match="roll the dice first"):
        g.apply(engine.OPEN, 0)


def test_dice_off_any_window():
    s = st("open 12\nopen 11\npass\nclose", sets=[("dice", "off")])
    assert s["open"] == [11, 12] and s["dice"] == [] and s["crystals"] == [4, 2, 2]
    assert s["phase"] == "open"  # dice off: the turn starts by opening


def test_optional_dice_skip():
    s = st("skip\nopen 9", preset="zh-cn")
    assert s["open"] == [9] and s["dice"] == []
    msg = refused("skip", preset="standard")
    assert "only optional dice may be skipped" in msg


# -- decline rewards --------------------------------------------------------

def test_reward_per_window_opened_this_turn():
    s = st("roll 1 2\nopen 1\npass\nclose\nroll 3 4\nopen 3\nopen 4\npass")
    assert s["crystals"] == [3, 4, 2]


def test_reward_per_open_window_summary():
    s = st("roll 1 2\nopen 1\npass\nroll 3 4\nopen 3\nopen 4\npass", preset="summary")
    assert s["crystals"] == [3, 5, 2]  # P2: 3 windows open on the lid


def test_reward_flat_family():
    s = st("roll 1 2\nopen 1\nopen 2\npass\nclose", preset="family")
    assert s["crystals"] == [2, 0, 0]


@pytest.mark.parametrize("preset", ["standard", "summary", "zh-cn"])
def test_flat_reward_alone_gives_two_in_every_preset(preset):
    s = st("roll 1 2\nopen 1\npass", preset=preset, sets=[("decline_reward", "flat"),
                                                           ("guess_after_pass", "no")])
    assert s["crystals"] == [4, 2, 2]


# -- the call ---------------------------------------------------------------

def test_challenge_cost_paid_on_joining():
    s = st("roll 1 2\nopen 1\nguess 1\nguess 3", players=3)
    assert s["crystals"] == [4, 2, 0] and s["call"] == [1, 3]


def test_challenge_needs_funds():
    msg = refused("roll 1 2\nopen 1\nguess 1\nguess 3\nclose\nreveal 1\n" + CARD +
                  "\nroll 1 2\nopen 1\nguess 2\nguess 3")
    # P3 paid 2 and lost 11: holds 0, cannot pay 2
    assert "seat 3 holds 0 and cannot pay 2 to join" in msg


def test_no_funds_needed_pays_what_it_has():
    s = st("roll 1 2\nopen 1\nguess 1\nguess 3\nclose\nreveal 1\n" + CARD +
           "\nroll 1 2\nopen 1\nguess 2\nguess 3",
           sets=[("challenge_needs_funds", "no")])
    assert s["crystals"][2] == 0 and s["call"] == [2, 3]


def test_family_no_challenge_after_guess():
    s = st("roll 1 2\nopen 1\nguess 1", preset="family")
    assert s["phase"] == "reveal" and s["call"] == [1]
    msg = refused("roll 1 2\nopen 1\nguess 1\nguess 2", preset="family")
    assert "enter who was right" in msg


def test_family_free_guesses_after_pass():
    s = st("roll 1 2\nopen 1\npass\nguess 2\nguess 3\nclose", preset="family")
    assert s["crystals"] == [2, 0, 0] and s["call"] == [2, 3]


def test_summary_no_call_after_pass():
    s = st("roll 1 2\nopen 1\npass", preset="summary")
    assert s["phase"] == "roll" and s["active"] == 2


def test_active_cannot_join_after_passing():
    msg = refused("roll 1 2\nopen 1\npass\nguess 1")
    assert "seat 1 passed and cannot join the call" in msg


def test_speaking_order_fewest_crystals_first():
    # P2 ends up with 4, P3 with 2 and P4 with 2; P1 passes; P2 joins first.
    g = play("roll 1 2\nopen 1\npass\nclose\nroll 3 4\nopen 3\nopen 4\npass\nclose\n"
             "roll 5 6\nopen 5\npass\nclose\nroll 6 1\nopen 6\nopen 7\npass\nguess 2\nguess 3\nguess 1",
             players=4)
    s = state.as_dict(g)
    # held when joining: P2 4, P3 3, P1 3 -> P3 and P1 tie, join order keeps P3 first
    assert s["call"] == [3, 1, 2]


def test_order_line_reorders_a_tie():
    base = ("roll 1 2\nopen 1\npass\nclose\nroll 3 4\nopen 3\nopen 4\npass\nclose\n"
            "roll 5 6\nopen 5\npass\nclose\nroll 6 1\nopen 6\nopen 7\npass\nguess 2\nguess 3\nguess 1\n")
    assert st(base + "order 1 3", players=4)["call"] == [1, 3, 2]
    msg = refused(base + "order 1 2", players=4)
    assert "order must name exactly the challengers tied at 3 crystals" in msg
    msg = refused(base + "order 1 4", players=4)
    assert "seat 4 is not a challenger in this call" in msg


def test_no_repeated_join():
    msg = refused("roll 1 2\nopen 1\nguess 1\nguess 2\nguess 2")
    assert "seat 2 is already in the call" in msg


# -- reveal and scoring -----------------------------------------------------

def test_wrong_guessers_lose_never_below_zero():
    s = st("roll 1 2\nopen 1\nguess 1\nguess 2\nclose\nreveal none")
    assert s["crystals"] == [0, 0, 2]  # N = 11: P1 had 4, P2 had 0


def test_reveal_must_name_a_guesser():
    msg = refused("roll 1 2\nopen 1\nguess 1\nclose\nreveal 2")
    assert "seat 2 did not guess" in msg


def test_bystanders_lose_zh_cn():
    s = st("roll 1 2\nopen 1\nguess 1\nclose\nreveal 1", preset="zh-cn", players=4)
    assert s["crystals"] == [13, 0, 0, 0]
    s = st("roll 1 2\nopen 1\nguess 1\nclose\nreveal none", preset="zh-cn", players=4)
    assert s["crystals"] == [0, 2, 2, 2]  # nobody right: only the guesser loses


def test_bystanders_include_a_passing_active_player():
    s = st("roll 1 2\nopen 1\npass\nguess 2\nclose\nreveal 2", preset="zh-cn", players=3)
    # P1 took 1 and got 2 from P2, then lost 11 as a bystander
    assert s["crystals"] == [0, 11, 0]


# -- call after each window (zh-cn) -------------------------------------------

def test_call_after_each_window_then_second_window():
    s = st("roll 1 2\nopen 1\npass\nclose", preset="zh-cn")
    assert s["phase"] == "decide" and s["crystals"] == [3, 2, 2] and s["active"] == 1
    s = st("roll 1 2\nopen 1\npass\nclose\nopen 2\npass\nclose", preset="zh-cn")
    assert s["crystals"] == [4, 2, 2] and s["active"] == 2 and s["phase"] == "roll"


def test_call_after_each_window_no_second_window_before_the_decision():
    # 003: after the first window, guess or take 1 and let the others guess
    msg = refused("roll 4 3\nopen 4\nopen 9", preset="zh-cn", players=3)
    assert "line 7: open 9: guess or pass first" in msg
    g = play("roll 4 3\nopen 4", preset="zh-cn")
    assert sorted(op for op, _ in g.legal()) == [engine.GUESS, engine.PASS]


@pytest.mark.parametrize("sets", [
    [("dice", "off")], [("dice", "optional")], [("guess_after_pass", "no")],
    [("max_windows", "3"), ("dice", "off")], [("challenge_guess", "no")]])
def test_call_after_each_window_in_every_mix(sets):
    sets = [("call_after_each_window", "yes")] + sets
    pre = "skip\n" if ("dice", "optional") in sets else "" if ("dice", "off") in sets else "roll 1 2\n"
    g = play(pre + "open 1", sets=sets)
    assert not [a for op, a in g.legal() if op == engine.OPEN]
    with pytest.raises(Refused, match="guess or pass first"):
        g.apply(engine.OPEN, 1)
    g.apply(engine.PASS)
    if g.phase == 3:  # the call
        g.apply(engine.CLOSE)
    assert state.as_dict(g)["phase"] == "decide" and g.passed
    g.apply(engine.OPEN, 1)
    assert state.as_dict(g)["open"] == [1, 2]


def test_call_after_each_window_turn_passes_at_once_when_no_window_is_left():
    s = st("roll 1 2\nopen 1\npass\nclose\nopen 2\npass\nclose", preset="zh-cn")
    assert s["active"] == 2 and s["phase"] == "roll"  # both dice used: no `end` needed
    s = st("open 1\npass\nclose", preset="zh-cn", sets=[("dice", "off"), ("max_windows", "1")])
    assert s["active"] == 2 and s["crystals"] == [3, 2, 2]


def test_end_turn_takes_nothing():
    s = st("roll 1 2\nopen 1\npass\nclose\nend", preset="zh-cn")
    assert s["crystals"] == [3, 2, 2] and s["active"] == 2
    msg = refused("roll 1 2\nopen 1\nend")
    assert "end is for a turn whose call found no takers" in msg


def test_no_guess_after_pass_and_no_takers():
    msg = refused("roll 1 2\nopen 1\npass\nclose\nguess 1", preset="zh-cn")
    assert "already passed" in msg


# -- void cards, rounds, starters, the end -----------------------------------

OPEN_ALL_DICE_OFF = "\n".join(
    "open %d\nopen %d\npass\nclose" % (w, w + 1) for w in range(1, 12, 2))


def test_void_card_does_not_count():
    s = st(OPEN_ALL_DICE_OFF, sets=[("dice", "off")])
    assert (s["round"], s["card"], s["open"], s["active"]) == (1, 2, [], 1)
    # six turns of three players: P6's turn would be P3's; left of active P3 is P1


def test_void_card_counts_summary():
    s = st(OPEN_ALL_DICE_OFF.replace("\nclose", ""), preset="summary", sets=[("dice", "off")])
    assert (s["round"], s["card"]) == (2, 2)


def test_rotate_starter():
    # zh-cn: after a reveal the left of the round's first player starts, not of the active
    s = st("roll 1 2\nopen 1\npass\nclose\nend\nroll 1 2\nopen 7\nguess 2\nclose\nreveal 2",
           preset="zh-cn")
    assert s["active"] == 2  # starter was P1
    s = st("roll 1 2\nopen 1\npass\nclose\nroll 1 2\nopen 7\nguess 2\nclose\nreveal 2")
    assert s["active"] == 3  # standard: left of the active P2


def test_game_ends_after_last_round_with_shared_win():
    g = play("roll 1 2\nopen 1\nguess 1\nclose\nreveal none\n" + CARD +
             "\nroll 1 2\nopen 1\nguess 2\nclose\nreveal none", players=2, sets=[("rounds", "2")])
    s = state.as_dict(g)
    assert s["over"] and s["phase"] == "over" and s["crystals"] == [0, 0]
    assert s["winners"] == [1, 2] and s["round"] == 2 and s["card"] == 2
    assert g.legal() == []
    with pytest.raises(Refused, match="the game is over"):
        g.apply(engine.ROLL, 1, 1)


# -- undo ----------------------------------------------------------------

def test_undo_takes_back_an_open():
    s = st("roll 2 5\nopen 2\nundo\nopen 5")
    assert s["open"] == [5] and s["dice"] == [2, 5]


def test_undo_never_takes_back_a_roll():
    msg = refused("roll 2 5\nundo")
    assert msg == "line 6: undo: a roll is never taken back: nothing to undo since the roll"


def test_undo_a_wrong_reveal_and_enter_it_again():
    g = play(EXAMPLE + "undo\nreveal 2")
    s = state.as_dict(g)
    assert s["crystals"] == [4, 13, 0] and s["round"] == 2
    assert record.write(g).count("\nreveal") == 1


def test_undo_the_last_reveal_of_a_finished_game():
    text = "roll 1 2\nopen 1\nguess 1\nclose\nreveal none\n"
    s = st(text + "undo\nreveal 1", players=2, sets=[("rounds", "1")])
    assert s["over"] and s["crystals"] == [13, 2] and s["winners"] == [1]


def test_undo_nothing():
    assert "there is nothing to undo" in refused("undo")


# -- refusals change nothing ----------------------------------------------

def test_illegal_action_leaves_state_untouched():
    g = play("roll 2 5\nopen 2")
    before = snapshot(g)
    for op, a in ((engine.OPEN, 3), (engine.GUESS, 1), (engine.CLOSE, 0), (engine.REVEAL, 0),
                  (engine.OPEN, 1), (engine.CARD, b"\x01" * 12), (engine.ROLL, 1)):
        with pytest.raises(Refused):
            g.apply(op, a, 1)
        assert snapshot(g) == before


def _preset_table():
    """The presets table of docs/rules.md: {preset: {option: record spelling}}."""
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    rows = [ln for ln in text[text.index("## Presets"):].splitlines() if ln.startswith("|")]
    names = [c.split()[0].strip("`") for c in rows[0].split("|")[2:-1]]
    out = dict((n, {}) for n in names)
    for row in rows[2:]:
        cells = [c.strip() for c in row.split("|")[1:-1]]
        for name, cell in zip(names, cells[1:]):
            out[name][cells[0]] = cell
    return out


@pytest.mark.parametrize("name", rules.PRESET_NAMES)
def test_presets_match_the_table(name):
    table = _preset_table()[name]
    assert sorted(table) == sorted(rules.NAMES)
    o = rules.preset(name)
    for key in rules.NAMES:
        assert rules.spell(o[key]) == table[key], key
    assert sorted(_preset_table()) == sorted(rules.PRESET_NAMES)


def _option_table():
    """The options table of docs/rules.md: [(option, values cell)], in order."""
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    rows = [ln for ln in text[text.index("| option | values |"):].splitlines()]
    out = []
    for row in rows[2:]:
        if not row.startswith("|"):
            break
        cells = [c.strip() for c in row.split("|")[1:-1]]
        out.append((cells[0].strip("`"), cells[1]))
    return out


def _kind_of(cell):
    """A values cell of docs/rules.md as rules.KINDS spells it."""
    if cell == "bool":
        return "bool"
    if cell.startswith("int >= "):
        return int(cell[len("int >= "):])
    return tuple(w.strip().strip("`") for w in cell.split("/"))


def test_option_declaration_matches_the_docs():
    """rules.NAMES, KINDS and the defaults (STANDARD) are the options table
    and the `standard` column of docs/rules.md: name, kind, default."""
    table = _option_table()
    assert [n for n, _ in table] == list(rules.NAMES)
    assert len(rules.KINDS) == len(rules.STANDARD) == len(rules.NAMES)
    for (name, cell), kind in zip(table, rules.KINDS):
        assert _kind_of(cell) == kind, name
    standard = _preset_table()["standard"]
    for name, value in zip(rules.NAMES, rules.STANDARD):
        assert rules.spell(value) == standard[name], name
        assert rules.check(name, value) == value


def test_a_new_preset_appears_in_the_setup_menu(monkeypatch):
    """The menu's presets are game.rules': one declared there is offered."""
    import importlib
    from app import settings
    from app.mode import setup
    monkeypatch.setattr(rules, "PRESET_NAMES", rules.PRESET_NAMES + ("house",))
    monkeypatch.setattr(rules, "_CHANGES", rules._CHANGES + ((rules._START_CRYSTALS, 5),))
    try:
        importlib.reload(settings)

        chosen = settings.defaults()

        class Store:
            settings = chosen

        class Ctl:
            store = Store()

        seen = []
        for _ in range(len(rules.PRESET_NAMES)):
            setup._rules(None, Ctl(), 0)
            seen.append(Store.settings["rules"])
        assert sorted(seen) == sorted(rules.PRESET_NAMES) and "house" in seen
        assert settings.DICE == rules.KINDS[rules.NAMES.index("dice")]
    finally:
        monkeypatch.undo()
        importlib.reload(settings)
        from app import lang
        lang.use("en")


# -- option mixes beyond the presets ------------------------------------------

def test_dice_limit_a_turn_to_two_windows_even_if_more_are_allowed():
    msg = refused("roll 1 2\nopen 1\nopen 2\nopen 3", sets=[("max_windows", "3")])
    assert "no more windows this turn" in msg
    s = st("open 1\nopen 2\nopen 3\npass\nclose", sets=[("max_windows", "3"), ("dice", "off")])
    assert s["open"] == [1, 2, 3] and s["crystals"] == [5, 2, 2]


def test_reward_counts_windows_since_the_last_reward():
    sets = [("max_windows", "3"), ("dice", "off")]
    s = st("open 1\npass\nclose\nopen 2\npass\nclose\nopen 3\npass\nclose", preset="zh-cn", sets=sets)
    assert s["crystals"] == [5, 2, 2] and s["active"] == 2  # +1 each time; the third ends the turn


def test_order_rearranges_one_tie_group_of_two():
    # P1 and P2 take 1 each (3), P3 passes with two windows and opens the call:
    base = ("roll 1 2\nopen 1\npass\nclose\n"  # P1: 3
            "roll 3 4\nopen 3\npass\nclose\n"  # P2: 3
            "roll 5 6\nopen 5\nopen 6\npass\n"  # P3: 4, call open
            "guess 4\nguess 1\nguess 2\n")  # held 2, 3, 3
    g = play(base, players=5)
    s = state.as_dict(g)
    assert s["call"] == [4, 1, 2]
    ties = [a for op, a in g.legal() if op == engine.ORDER]
    assert ties == [[0, 1]]  # seats 1 and 2 (0-based) tie at 3; seat 4 is alone
    assert st(base + "order 2 1", players=5)["call"] == [4, 2, 1]
    assert "tied at 2 crystals" in refused(base + "order 4 1", players=5)


def test_void_card_in_rotation_moves_the_starter():
    sets = [("dice", "off")]
    s = st("\n".join("open %d\npass\nclose\nopen %d\npass\nclose" % (w, w + 1)
                     for w in range(1, 12, 2)), preset="zh-cn", sets=sets)
    # six turns of P1, P2, P3, P1, P2, P3 open all 12; void: round stays 1,
    # the next card starts with the left of the round's first player (P1 -> P2)
    assert (s["round"], s["card"], s["active"]) == (1, 2, 2)


def test_undo_back_over_a_void_card():
    g = play(OPEN_ALL_DICE_OFF + "\nundo", sets=[("dice", "off")])
    s = state.as_dict(g)
    assert s["phase"] == "call" and s["closed"] == 0 and s["card"] == 1


def test_undo_without_dice_walks_back_to_the_start():
    g = play("open 1\npass\nclose\nopen 2", sets=[("dice", "off")])
    for _ in range(4):
        g.undo()
    assert state.as_dict(g)["open"] == [] and g.log[0] >> 4 == engine.CARD
    with pytest.raises(Refused, match="nothing to undo"):
        g.undo()


@pytest.mark.parametrize("players, first, reason", [
    (1, 0, "players: 2 to 6 seats, got 1"), (7, 0, "players: 2 to 6 seats, got 7"),
    (3, 3, "first: seat 4 is not at a table of 3"), (3, -1, "first: seat 0 is not at a table of 3")])
def test_a_table_the_rules_do_not_seat_is_refused(players, first, reason):
    with pytest.raises(Refused) as e:
        Game(players, None, first)
    assert str(e.value) == reason
    assert Game(6, None, 5).n == 6 and Game(2, None, 1).first == 1


def test_an_unknown_preset_is_refused_even_with_options():
    with pytest.raises(Refused, match="unknown preset 'chess'"):
        Game(3, rules.preset("standard"), 0, "chess")


def test_a_log_cut_inside_an_action_is_refused_and_changes_nothing():
    g = play("roll 2 5\nopen 2")
    before = snapshot(g)
    log = bytes(g.log)
    for cut in (1, 3, 8):  # inside the card (bytes 0-6), inside the roll (7-8)
        with pytest.raises(Refused, match="ends inside the action"):
            g.replay(log[:cut])
        assert snapshot(g) == before
    g.replay(log[:7])  # the card alone is complete
    assert state.as_dict(g)["phase"] == "roll"


def test_replaying_nothing_leaves_no_card_on_the_lid():
    g = play("roll 2 5\nopen 2")
    g.replay(b"")
    s = state.as_dict(g)
    assert s["tokens"] == [0] * 12 and s["card"] == 0 and g.pending() == engine.CARD


def test_a_card_of_the_wrong_length_is_refused_with_its_count():
    from game.engine import CARD
    g = Game(3)
    with pytest.raises(Refused) as e:
        g.apply(CARD, bytes([1] * 11))
    assert str(e.value) == "a card has 12 token numbers, got 11"
    g.apply(CARD, bytes([1, 2, 3, 4, 5, 6] * 2))  # the game went on: the right card is taken
    assert g.tokens[0] == 1 and g.closed() == 12


def test_the_presets_name_their_options_by_the_index_of_that_name():
    """rules.py names options by const indices (no heap on the board): each
    `_OPTION_NAME = const(i)` must be NAMES[i]."""
    import re
    with open(os.path.join(ROOT, "firmware", "game", "rules.py")) as f:
        pairs = re.findall(r"^_([A-Z_]+) = const\((\d+)\)", f.read(), re.M)
    assert len(pairs) >= 10
    for name, i in pairs:
        assert rules.NAMES[int(i)] == name.lower(), (name, i)


def test_an_actions_size_is_what_the_log_walk_reads_for_every_first_byte():
    """engine.size (the journal reads its entries by it) and the log walk's
    own inline step agree: an action of that many bytes is walked whole, one
    byte fewer is a cut log; a byte no action starts with (an order of more
    seats than a game has) has size 0."""
    for b in range(256):
        n = engine.size(b)
        op = b >> 4
        if not 0 < op <= engine.REVEAL or op == engine.ORDER and b & 15 > engine.SEATS:
            assert n == 0, b
            continue
        log = bytes([b]) + bytes(n - 1)
        assert [i for i, _, _, _ in engine._walk(log, 0)] == [0], b
        if n > 1:
            with pytest.raises(Refused):
                list(engine._walk(log[:-1], 0))
    assert [engine.size(engine.CARD << 4), engine.size(engine.ROLL << 4), engine.size(engine.ORDER << 4 | 3)] == [7, 2, 4]


@pytest.mark.parametrize("tokens, text", [
    ([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 0], "token numbers are 1 to 6, got 0"),
    ([7, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6], "token numbers are 1 to 6, got 7"),
    ([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, -1, 6], "token numbers are 1 to 6, got -1"),
    ([257, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6], "token numbers are 1 to 6, got 257"),  # 1 in a byte
    ([1, 1, 1, 4, 5, 6, 1, 2, 3, 4, 5, 6], ("pairs", 1, 4)),  # four 1s and one each of 2 and 3
    ([6] * 12, ("pairs", 1, 0)),
    ([1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 6, 6], ("pairs", 5, 1)),  # the last numbers counted too
    ([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6], ("pairs", 5, 3)),
    ([1, 1, 2, 2, 3, 3, 4, 4, 6, 5, 5, 5], ("pairs", 5, 3)),
])
def test_a_wrong_card_is_refused_naming_the_number_and_nothing_changes(tokens, text):
    """The card's check is one sum for a right card; a wrong one is named as before."""
    g = Game(3)
    before = snapshot(g)
    for t in (tokens, bytes(tokens) if all(0 <= x < 256 for x in tokens) else tokens):
        with pytest.raises(Refused) as e:
            g.apply(engine.CARD, t)
        if isinstance(text, tuple):
            assert e.value.args == text
        else:
            assert e.value.args[0] == "token"
            assert str(e.value) == text
        assert snapshot(g) == before
    g.apply(engine.CARD, [2, 1, 4, 3, 6, 5] * 2)
    assert bytes(g.tokens) == bytes([2, 1, 4, 3, 6, 5] * 2) and bytes(g.log) == b"\x10\x21\x43\x65\x21\x43\x65"


def test_both_dice_spent_in_either_order_open_no_third_window():
    """With room for a third window (max_windows 3), once the second die is
    spent after the first, no window is left to open: whichever die went first."""
    for order in ((0, 2), (2, 0)):  # die 1's window first, or die 2's
        opts = rules.preset("standard")
        opts["max_windows"] = 3
        g = Game(2, opts)
        g.apply(engine.CARD, bytes([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]))
        g.apply(engine.ROLL, 1, 2)  # window 0 takes die 1, window 2 die 2
        for w in order:
            g.apply(engine.OPEN, w)
        assert g.used == 3
        assert not [a for op, a in g.legal() if op == engine.OPEN]
        with pytest.raises(Refused):
            g.apply(engine.OPEN, 4)


def test_card_gain_counts_from_the_cards_deal_not_the_games_start():
    # After the worked example's first card P1 holds 4, P2 0, P3 9; the second
    # card starts with P3, who passes after one window: +1 over this card, 10 in all.
    g = play(EXAMPLE + "roll 2 5\nopen 2\npass\nclose")
    assert g.crystals == [4, 0, 10]
    assert [g.card_gain(s) for s in range(3)] == [0, 0, 1]


def test_every_preset_has_its_menu_line_and_a_house_preset_none():
    for i, name in enumerate(rules.PRESET_NAMES):
        line = rules.about(name)
        assert line == rules.ABOUT[i] if i < len(rules.ABOUT) else line == "", name
    assert rules.about("no such preset") == ""
    assert rules.about("standard") != rules.about("family")
