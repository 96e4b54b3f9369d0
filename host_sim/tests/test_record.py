"""Game records: reading, writing, errors that name the line."""
import pytest

import host_sim  # noqa: F401
from host_sim.tests.snapshot import snapshot
from game import engine, record, rules, state
from game.engine import ROLL

CARD_LINE = "card 1 2 3 4 5 6 1 2 3 4 5 6"


def load(text):
    return record.load(text.strip().splitlines())


def error(text):
    with pytest.raises(record.RecordError) as e:
        load(text)
    return str(e.value)


def test_comments_blank_lines_and_headers():
    t = load("""
        # a game
        players 4     # four seats
        rules family
        set rounds 3
        set bystanders_lose yes

        first 2
        %s
        roll 1 2      # P2 rolls
    """ % CARD_LINE)
    g = t.game
    assert (g.n, g.preset, g.first, g.active) == (4, "family", 1, 1)
    assert g.opts["rounds"] == 3 and g.opts["bystanders_lose"] is True
    assert g.opts["start_crystals"] == 0  # the rest is the family preset
    assert (g.d1, g.d2) == (1, 2)


def test_set_before_rules_still_applies():
    g = load("players 2\nset rounds 4\nrules summary").game
    assert g.opts["rounds"] == 4 and g.opts["decline_reward"] == "per_open_window"


def test_write_names_every_header_and_chance_line():
    t = load("players 3\nrules zh-cn\nset rounds 2\nset decline_flat 3\nseed 9\nroll 4 4")
    text = record.write(t.game)
    lines = text.splitlines()
    assert lines[:5] == ["players 3", "rules zh-cn", "set decline_flat 3", "set rounds 2",
                         "first %d" % (t.game.first + 1)]
    assert lines[5].startswith("card ") and lines[6] == "roll 4 4"
    again = record.load(text.splitlines()).game
    assert snapshot(again) == snapshot(t.game)


def test_left_out_chance_is_drawn_from_the_seed():
    text = "players 5\nseed 7\n"
    g1 = load(text).game
    g2 = load(text).game
    assert snapshot(g1) == snapshot(g2)
    assert g1.cards == 1 and g1.pending() == ROLL
    g3 = load("players 5\nseed 8\n").game
    assert (g3.first, bytes(g3.tokens)) != (g1.first, bytes(g1.tokens))


def test_missing_roll_is_drawn_before_an_action():
    # an `open` with no roll before it: the roll is drawn, then the open applies
    for seed in range(40):
        head = "players 2\nfirst 1\nseed %d\n%s\n" % (seed, CARD_LINE)
        rng = record.chance.Rng(seed)  # the same draws the record makes: nothing before the roll
        d1, d2 = record.chance.roll(rng)
        if d1 == 3 or d2 == 3:
            g = load(head + "open 3").game
            assert g.is_open(2) and (g.d1, g.d2) == (d1, d2)
            break
    else:
        pytest.fail("no seed rolled a 3")


def test_exported_record_replays_without_seed():
    t = load("players 3\nseed 11\n")
    g = t.game
    t.act(ROLL, 1, 1)
    for w in range(12):
        if g.tokens[w] == 1:
            t.act(engine.OPEN, w)
    t.act(engine.GUESS, g.active)
    t.act(engine.CLOSE)
    t.act(engine.REVEAL, g.active)
    t.settle()
    text = record.write(g)
    assert "seed" not in text and text.count("card ") == 2
    assert snapshot(record.load(text.splitlines()).game) == snapshot(g)


@pytest.mark.parametrize("text, where, reason", [
    ("rules standard\n" + CARD_LINE, "line 2: card 1 2 3 4 5 6 1 2 3 4 5 6",
     "the record must say `players N` before the first action"),
    ("players 7", "line 1: players 7", "players must be 2 to 6, got 7"),
    ("players two", "line 1: players two", "players must be a number, got 'two'"),
    ("players 3\nrules chess", "line 2: rules chess", "unknown preset 'chess'"),
    ("players 3\nset dice sometimes", "line 2: set dice sometimes",
     "dice: expected one of required, optional, off, got 'sometimes'"),
    ("players 3\nset rounds 0", "line 2: set rounds 0", "rounds: expected a whole number >= 1, got 0"),
    ("players 3\nset bystanders_lose maybe", "line 2: set bystanders_lose maybe",
     "bystanders_lose: expected yes or no, got 'maybe'"),
    ("players 3\nset colour red", "line 2: set colour red", "unknown rule option 'colour'"),
    ("players 3\nfirst 4", "line 2: first 4", "first: seat 4 is not at a table of 3"),
    ("first 4\nplayers 3\n" + CARD_LINE, "line 1: first 4", "first: seat 4 is not at a table of 3"),
    ("players 3\n" + CARD_LINE + "\nplayers 4", "line 3: players 4",
     "header lines come before the first action"),
    ("players 3\nfly 3", "line 2: fly 3", "unknown action 'fly'"),
    ("players 3\n" + CARD_LINE + "\nroll 2", "line 3: roll 2", "roll takes two dice"),
    ("players 3\n" + CARD_LINE + "\nroll 2 7", "line 3: roll 2 7", "a die must be 1 to 6, got 7"),
    ("players 3\n" + CARD_LINE + "\nroll 2 5\nopen 13", "line 4: open 13", "a window must be 1 to 12, got 13"),
    ("players 3\n" + CARD_LINE + "\nroll 2 5\nopen 2 5", "line 4: open 2 5", "open takes one window"),
    ("players 3\n" + CARD_LINE + "\nroll 2 5\nopen 2\nguess 5", "line 5: guess 5", "seat 5 is not at the table"),
    ("players 3\n" + CARD_LINE + "\npass now", "line 3: pass now", "pass takes nothing after it"),
    ("players 3\ncard 1 1 1 4 5 6 1 2 3 4 5 6", "line 2: card 1 1 1 4 5 6 1 2 3 4 5 6",
     "every number 1 to 6 is on exactly two windows (1 is on 4)"),
    ("players 3\ncard 1 2 3", "line 2: card 1 2 3", "a card has 12 token numbers, got 3"),
    ("players 3\n" + CARD_LINE + "\n" + CARD_LINE, "line 3: " + CARD_LINE, "a card is already under the lid"),
])
def test_errors_name_the_line_and_the_reason(text, where, reason):
    msg = error(text)
    assert msg.startswith(where + ": "), msg
    assert reason in msg


def test_nothing_after_a_bad_line_is_applied():
    with pytest.raises(record.RecordError) as e:
        load("players 3\nfirst 1\n%s\nroll 2 5\nopen 4\nopen 2" % CARD_LINE)
    assert e.value.args[1:3] == (5, "open 4")


def test_parse_gives_each_action_its_arguments():
    card = bytes([6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6])
    for line, want in [("undo", (0, 0, 0)), ("skip", (engine.SKIP, 0, 0)), ("pass", (engine.PASS, 0, 0)),
                       ("end", (engine.END, 0, 0)), ("close", (engine.CLOSE, 0, 0)),
                       ("card 6 5 4 3 2 1 1 2 3 4 5 6", (engine.CARD, card, 0)), ("roll 2 5", (ROLL, 2, 5)),
                       ("order 3 2", (engine.ORDER, bytes([2, 1]), 0)), ("open 12", (engine.OPEN, 11, 0)),
                       ("guess 6", (engine.GUESS, 5, 0)), ("reveal 1", (engine.REVEAL, 0, 0)),
                       ("reveal none", (engine.REVEAL, engine.NOBODY, 0))]:
        got = record.parse_action(line.split())
        assert got == want and type(got[1]) is type(want[1]), line


@pytest.mark.parametrize("line, reason", [
    ("card 7 5 4 3 2 1 1 2 3 4 5 6", "a token number must be 1 to 6, got 7"),
    ("card 0 5 4 3 2 1 1 2 3 4 5 6", "a token number must be 1 to 6, got 0"),
    ("order 3 7", "a seat must be 1 to 6, got 7"),
    ("order 3 x", "a seat must be a number, got 'x'"),
    ("guess 7", "a seat must be 1 to 6, got 7"),
    ("reveal 0", "a seat must be 1 to 6, got 0"),
    ("guess 1 2", "guess takes one seat"),
    ("reveal", "reveal takes one seat"),
    ("open", "open takes one window"),
    ("open 0", "a window must be 1 to 12, got 0"),
    ("roll 0 1", "a die must be 1 to 6, got 0"),
    ("order", "order takes the seats in their new order"),
    ("card 1 2", "a card has 12 token numbers, got 2"),
])
def test_action_words_are_refused_with_their_reason(line, reason):
    with pytest.raises(record.Refused) as e:
        record.parse_action(line.split())
    assert str(e.value) == reason


@pytest.mark.parametrize("text, reason", [
    ("players 3 4", "line 1: players 3 4: players takes one value"),
    ("players 3\nrules", "line 2: rules: rules takes one value"),
    ("players 3\nset rounds", "line 2: set rounds: set takes an option and a value"),
    ("players 3\nset rounds 2 3", "line 2: set rounds 2 3: set takes an option and a value"),
    ("players 3\nseed", "line 2: seed: seed takes one value"),
    ("players 1", "line 1: players 1: players must be 2 to 6, got 1"),
    ("players 3\nseed 4294967296", "line 2: seed 4294967296: seed must be 0 to 4294967295, got 4294967296"),
    ("players 3\nfirst 0", "line 2: first 0: first must be 1 to 6, got 0"),
])
def test_header_words_are_refused_with_their_reason(text, reason):
    assert error(text) == reason


@pytest.mark.parametrize("text, want", [
    ("", None), ("0", 0), ("007", 7), ("9" * 18, 10 ** 18 - 1), ("1" * 19, None), ("A", None),
    ("\uff19", None), ("1_0", None), ("+1", None), (" 1", None), ("1.0", None)])
def test_whole_takes_ascii_digits_only(text, want):
    assert rules.whole(text) == want


def test_comments_and_what_an_error_shows():
    t = load("players 2\nfirst 1 # two # marks\n" + CARD_LINE + "  # c\nroll 1 2 # d")
    assert (t.game.first, t.game.d1) == (0, 1)
    assert error("players 3\n\u3000players 3 # x") == "line 2: \u3000players 3: unknown action '\u3000players'"
    assert error("players 3\nseed 1\nopen 1\u3000\nclose") == "line 3: open 1\u3000: a window must be a number, got '1\u3000'"
    assert error(HEAD + "open X") == "line 5: open X: a window must be a number, got 'X'"


def test_no_seed_line_is_seed_0():
    assert snapshot(load("players 4\nroll 1 2").game) == snapshot(load("players 4\nseed 0\nroll 1 2").game)
    assert snapshot(load("players 4").game) != snapshot(load("players 4\nseed 1").game)


def test_a_line_of_exactly_the_cut_length_is_shown_whole():
    word = "x" * 60
    assert error("players 3\n" + word) == "line 2: %s: unknown action '%s'" % (word, word)
    assert error("players 3\n" + word + "y") == "line 2: %s...: unknown action '%s...'" % (word, word)


def test_format_and_parse_are_inverse():
    lines = ["card 6 5 4 3 2 1 1 2 3 4 5 6", "roll 2 5", "skip", "open 12", "guess 6",
             "pass", "end", "order 3 2", "close", "reveal 1", "reveal none"]
    for line in lines:
        op, a, b = record.parse_action(line.split())
        assert record.format_action(op, a, b) == line


def test_state_json_fields():
    s = state.as_dict(load("players 3\nfirst 2\n%s\nroll 2 5\nopen 2" % CARD_LINE).game)
    for key in ("players", "rules", "round", "card", "active", "phase", "crystals", "open",
                "closed", "dice", "call", "over", "winners"):
        assert key in s
    assert (s["active"], s["phase"], s["open"], s["closed"], s["dice"]) == (2, "decide", [2], 11, [2, 5])
    assert s["tokens"] == [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]


def test_garbage_is_refused_with_a_line_never_a_crash():
    import random
    words = ["players", "rules", "set", "first", "seed", "card", "roll", "skip", "open", "guess",
             "pass", "end", "order", "close", "reveal", "undo", "none", "standard", "zh-cn", "dice",
             "rounds", "-1", "0", "1", "2", "3", "6", "7", "12", "13", "99999999999", "x", "#",
             "yes", "no", "1.5", "é"]
    rng = random.Random(1)
    refused = 0
    for _ in range(3000):
        lines = ["players %d" % rng.randint(1, 7)] if rng.random() < 0.8 else []
        for _ in range(rng.randint(0, 30)):
            lines.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 14))))
        try:
            record.load(lines)
        except record.RecordError as e:
            refused += 1
            assert str(e).startswith("line %d: " % e.args[1] if e.args[0] == "line" else "end of record: ")
    assert refused > 2000


def test_only_an_open_draws_a_left_out_roll():
    with pytest.raises(record.RecordError) as e:
        load("players 2\nfirst 1\nseed 3\n%s\npass" % CARD_LINE)
    assert str(e.value) == "line 5: pass: not now: roll the dice first"


# Records that CPython's int() and str.split() would read differently from
# MicroPython's: each is refused, with the same message on both (the VM runs
# this list too: tests/test_engine_vm.py).
HEAD = "players 3\nfirst 1\n" + CARD_LINE + "\nroll 1 2\n"
BAD_RECORDS = [
    ("players \uff13", "line 1: players \uff13: players must be a number, got '\uff13'"),
    (HEAD + "open\u30001", "line 5: open\u30001: unknown action 'open\u30001'"),
    (HEAD + "open \u30001", "line 5: open \u30001: a window must be a number, got '\u30001'"),
    (HEAD + "open 1_2", "line 5: open 1_2: a window must be a number, got '1_2'"),
    (HEAD + "open +1", "line 5: open +1: a window must be a number, got '+1'"),
    (HEAD + "open -1", "line 5: open -1: a window must be a number, got '-1'"),
    ("players 3\nset rounds +3", "line 2: set rounds +3: rounds: expected a whole number >= 1, got '+3'"),
    ("players 3\nseed 1_0", "line 2: seed 1_0: seed must be a number, got '1_0'"),
    ("players 3\nplayers 4", "line 2: players 4: players is already set: each header line appears at most once"),
    ("players 3\nrules zh-cn\nrules family", "line 3: rules family: rules is already set: "
     "each header line appears at most once"),
    ("players 3\nfirst 1\n\nfirst 2", "line 4: first 2: first is already set: each header line appears at most once"),
    ("seed 1\nplayers 3\nseed 2", "line 3: seed 2: seed is already set: each header line appears at most once"),
    ("players 3\nset rounds 2\nset rounds 3", "line 3: set rounds 3: set rounds is already set: "
     "each header line appears at most once"),
    ("players 3\nfirst 5", "line 2: first 5: first: seat 5 is not at a table of 3"),
    ("", "end of record: the record is empty: it needs at least `players N`"),
    ("# nothing but a comment\n\n", "end of record: the record is empty: it needs at least `players N`"),
    ("rules family", "end of record: the record must say `players N` before the first action"),
    ("players 3\n" + "x" * 5000, "line 2: " + "x" * 60 + "...: unknown action '" + "x" * 60 + "...'"),
    ("players 3\nseed " + "1" * 19, "line 2: seed " + "1" * 19 + ": seed must be a number, got '" + "1" * 19 + "'"),
]


@pytest.mark.parametrize("text, message", BAD_RECORDS)
def test_records_outside_the_ascii_syntax_are_refused(text, message):
    with pytest.raises(record.RecordError) as e:
        record.load(text.split("\n"))
    assert str(e.value) == message


def test_a_megabyte_line_is_cut_in_the_error():
    with pytest.raises(record.RecordError) as e:
        record.load(["players 3", "open " + "1" * 1000000])
    assert len(str(e.value)) < 500 and str(e.value).startswith("line 2: open 111")
    with pytest.raises(record.RecordError) as e:
        record.load(["players 3", "x" * 1000000])
    assert len(str(e.value)) < 500 and str(e.value).startswith("line 2: xxx")


def test_bom_crlf_tabs_and_leading_zeros_are_read():
    text = "\ufeffplayers 3\r\nfirst\t01\r\n" + CARD_LINE + "\r\nroll 1\t 2 \r\nopen 01\r\n"
    g = record.load(text.splitlines(True)).game
    assert (g.n, g.first, g.d1, g.d2) == (3, 0, 1, 2) and g.is_open(0)


def test_a_bom_is_skipped_only_at_the_start():
    msg = error("players 3\n\ufeffrules family")
    assert msg == "line 2: \ufeffrules family: unknown action '\ufeffrules'"


def test_a_number_with_many_leading_zeros_is_still_the_number():
    """19 or more digits, most of them leading zeros: the number they spell
    (not "not a number"); 19 significant digits stay refused."""
    from game import rules
    from game import state
    t = record.load(["players " + "0" * 30 + "3", "seed " + "0" * 25 + "7", "roll 3 5"])
    assert state.as_dict(t.game) == state.as_dict(record.load(["players 3", "seed 7", "roll 3 5"]).game)
    assert t.game.n == 3
    assert rules.whole("0" * 40) == 0 and rules.whole("0" * 20 + "9" * 18) == 10 ** 18 - 1
    assert rules.whole("1" + "0" * 18) is None and rules.whole("") is None and rules.whole("0x1") is None


def test_an_error_after_crlf_or_cr_ends_names_its_own_line():
    for end in ("\r\n", "\r"):
        chunks = [ln + end for ln in ("players 3", "first 1", CARD_LINE, "roll 1 2", "open 12")]
        with pytest.raises(record.RecordError) as e:
            record.load(chunks)
        assert str(e.value).startswith("line 5: open 12"), (end, str(e.value))
