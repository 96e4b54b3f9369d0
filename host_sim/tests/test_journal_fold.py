"""Resume folds the journal's UNDOs away as it reads, and the journal is
compacted once UNDOs pile up: the same game, the same draws after, and a
journal that no longer grows with every UNDO."""
import json
import os

import pytest

from host_sim import randplay
from host_sim.tests.snapshot import snapshot
from app import journal as jn
from app.store import Store
from drivers.storage import Storage
from game import engine, rules


def store(path, game=True):
    os.makedirs(str(path), exist_ok=True)
    st = Store(Storage(os.path.join(str(path), "")))
    if game:
        st.new_game(6, "standard", None, 5)
    return st


def resumed(st):
    again = Store(st.storage)
    assert again.resume()
    return again


def test_compaction_keeps_the_game_its_draws_and_bounds_the_journal(tmp_path, monkeypatch):
    monkeypatch.setattr(jn, "COMPACT", 10 ** 9)
    plain = store(tmp_path / "plain")
    assert randplay.play_undoing(plain, 3, 400) == 400
    monkeypatch.setattr(jn, "COMPACT", 256)
    small = store(tmp_path / "small")
    sizes = []
    orig = small.journal.rewrite
    small.journal.rewrite = lambda *a: sizes.append(small.journal.size) or orig(*a)
    randplay.play_undoing(small, 3, 400)
    assert len(sizes) >= 5  # compacted again and again
    assert bytes(small.game.log) == bytes(plain.game.log)
    assert small.journal.entries == plain.journal.entries  # the draw counter, so the next card is the same
    assert small.rng().next() == plain.rng().next()
    biggest = 3 * len(small.game.log) + 256 + 300  # the log, the slack and one header
    assert max(sizes) < biggest and small.journal.size < biggest < plain.journal.size
    for st in (plain, small):
        again = resumed(st)
        assert snapshot(again.game) == snapshot(plain.game) and again.report == ""
        assert again.journal.entries == plain.journal.entries
        assert (again.deck_base, again.deck_at) == (plain.deck_base, plain.deck_at)


@pytest.mark.parametrize("compact", [128, 10 ** 9])
def test_a_reload_read_back_or_compacted_keeps_the_deck_count(tmp_path, monkeypatch, compact):
    monkeypatch.setattr(jn, "COMPACT", compact)
    st = store(tmp_path)
    randplay.play_undoing(st, 1, 150)  # UNDOs across deals among them: the count is of cards still dealt
    st.reload_deck()
    left = st.deck_left()
    randplay.play_undoing(st, 2, 60)
    assert (b'"at": ' in st.storage.read(jn.NAME)) == (compact < 1000)  # compacted after the reload, or not
    again = resumed(st)
    assert again.deck_left() == st.deck_left() and left - again.deck_left() == st.game.cards - (st.deck_at + 1)


def test_an_entry_this_game_cannot_take_is_dropped_with_all_after_it(tmp_path):
    st = store(tmp_path)
    g = st.game
    randplay.play_undoing(st, 4, 6)
    op, a = g.legal()[0]
    st.do(op, a)
    st.undo()  # folded away with the action it took back
    keep = bytes(g.log)
    whole = st.storage.read(jn.NAME)
    # another firmware's entries: one this game cannot take, then one more
    st.journal.append(bytes((engine.OPEN << 4,)) if g.need_card else CARD)
    st.journal.append(bytes((engine.PASS << 4,)))
    again = resumed(st)
    assert bytes(again.game.log) == keep
    assert "%d bytes" % (3 + (3 if g.need_card else 9)) in again.report
    assert again.storage.read(jn.NAME) == whole  # the file is cut before the refused entry


CARD = bytes((engine.CARD << 4, 0x12, 0x34, 0x56, 0x12, 0x34, 0x56))


def test_an_undo_with_nothing_to_take_back_is_dropped(tmp_path):
    st = store(tmp_path)
    st.journal.mark(jn.UNDO)  # before any action: nothing to take back
    st.journal.append(bytes((engine.ROLL << 4, 0x34)))
    again = resumed(st)
    assert bytes(again.game.log) == bytes(st.game.log)
    assert "7 bytes" in again.report and again.journal.entries == 0


def test_the_header_carries_the_options_so_a_resume_takes_them_as_written(tmp_path, monkeypatch):
    """A header holds the game's resolved options, under its CRC, in
    game.rules.NAMES' order: a resume builds no preset for them."""
    st = store(tmp_path / "a", game=False)
    st.new_game(4, "zh-cn", "off", 3)  # a preset's options, one changed
    randplay.play_undoing(st, 4, 20)
    monkeypatch.setattr(rules, "preset", None)  # calling it fails
    again = resumed(st)
    assert snapshot(again.game) == snapshot(st.game) and again.game.opts["dice"] == "off"


def _without_options(st, dice):
    """st's journal as the firmware wrote it before its header held the
    options: the dice named where they were not the preset's."""
    data = st.storage.read(jn.NAME)
    nl = data.index(b"\n")
    head = json.loads(data[4:nl - 5])
    del head["opts"]
    if dice:
        head["dice"] = dice
    h = json.dumps(head).encode()
    st.storage.write(jn.NAME, jn.MAGIC + h + (" %04x\n" % jn.crc16(0xFFFF, h)).encode() + data[nl + 1:])


@pytest.mark.parametrize("dice", [None, "off"])
def test_a_header_from_before_the_options_still_resumes(tmp_path, dice):
    st = store(tmp_path, game=False)
    st.new_game(6, "standard", dice, 5)
    randplay.play_undoing(st, 5, 30)
    _without_options(st, dice)
    again = resumed(st)
    assert again.report == "" and not again.journal.damaged
    assert snapshot(again.game) == snapshot(st.game)


@pytest.mark.parametrize("change", [
    lambda o: o[:-1],  # a firmware with an option fewer
    lambda o: o + [3],  # or one more
    lambda o: {"dice": "off"},
], ids=["fewer", "more", "dict"])
def test_a_header_whose_options_are_not_this_firmwares_resumes_with_its_preset_and_dice(tmp_path, change):
    """Whole, its CRC right, but written by a firmware with other options (an
    update in the middle of a game): the options are not taken; the game
    resumes with its preset and its dice, as the device sets a game up."""
    st = store(tmp_path, game=False)
    st.new_game(4, "standard", "off", 5)
    randplay.play_undoing(st, 4, 20)
    _rehead(st, lambda head: head.update(opts=change(head["opts"])))
    again = resumed(st)
    assert again.report == "" and not again.journal.damaged
    assert again.game.opts == st.game.opts and snapshot(again.game) == snapshot(st.game)


def _rehead(st, change):
    """st's journal with its header changed by change(head), its CRC made right."""
    data = st.storage.read(jn.NAME)
    nl = data.index(b"\n")
    head = json.loads(data[4:nl - 5])
    change(head)
    h = json.dumps(head).encode()
    st.storage.write(jn.NAME, jn.MAGIC + h + (" %04x\n" % jn.crc16(0xFFFF, h)).encode() + data[nl + 1:])
    return st.storage.read(jn.NAME)


@pytest.mark.parametrize("change", [
    lambda h: h.update(rules="newer"),  # a newer firmware's preset, a hand edit, a crafted link
    lambda h: h.update(rules=7),
    lambda h: h.update(opts=["x"] * len(h["opts"])),
    lambda h: h["opts"].__setitem__(12, "3"),  # rounds as a word
    lambda h: h["opts"].__setitem__(12, 0),  # no rounds
    lambda h: h["opts"].__setitem__(5, 1),  # a number for a yes/no
    lambda h: h["opts"].__setitem__(1, "sometimes"),
    lambda h: (h.pop("opts"), h.update(dice="sometimes")),
    lambda h: h.update(seed="5"),
    lambda h: h.pop("players"),
], ids=["preset", "preset_int", "words", "rounds_word", "rounds_0", "bool_int", "dice_word", "dice_alone",
        "seed_word", "no_players"])
def test_a_header_passing_its_crc_that_this_firmware_cannot_run_is_a_damaged_journal(tmp_path, change):
    """Its CRC is right (a CRC-16 is no authentication), but a preset, an
    option's value or a field is not this firmware's: kept as game.bad and
    said, never a game that resets the board later (the menu's Export)."""
    st = store(tmp_path, game=False)
    st.new_game(4, "standard", "off", 5)
    randplay.play_undoing(st, 4, 20)
    data = _rehead(st, change)
    again = Store(st.storage)
    assert not again.resume() and again.game is None
    assert again.journal.damaged and st.storage.read(jn.BAD) == data


def test_an_old_journal_resumes_said_and_is_rewritten_with_its_crc(tmp_path):
    """MJ1 (no header CRC: no check can tell seed 5 from seed 7): the game
    resumes, "old game file, not checked" is said, and the file is MJ2 at once."""
    st = store(tmp_path, game=False)
    st.new_game(3, "family", None, 5)
    randplay.play_undoing(st, 3, 30)
    data = st.storage.read(jn.NAME)
    nl = data.index(b"\n")
    head = json.loads(data[4:nl - 5])
    del head["opts"]
    st.storage.write(jn.NAME, jn.MAGIC1 + json.dumps(head).encode() + data[nl:])
    again = resumed(st)
    assert again.report == jn.OLD and snapshot(again.game) == snapshot(st.game)
    assert st.storage.read(jn.NAME).startswith(jn.MAGIC)
    third = resumed(again)
    assert third.report == "" and snapshot(third.game) == snapshot(st.game)
    assert third.rng().below(1000) == st.rng().below(1000)  # the draw counter kept


def test_a_header_without_its_crc_never_gives_its_options_unchecked(tmp_path):
    """An MJ1 header (no CRC): options in it are not taken; the preset's
    are, with the dice it names, checked by game.rules."""
    st = store(tmp_path, game=False)
    st.new_game(3, "standard", "off", 5)
    data = st.storage.read(jn.NAME)
    nl = data.index(b"\n")
    head = json.loads(data[4:nl - 5])
    head["opts"][rules.NAMES.index("rounds")] = 3
    st.storage.write(jn.NAME, jn.MAGIC1 + json.dumps(head).encode() + data[nl:])
    g = resumed(st).game
    assert g.opts["rounds"] == 10 and g.opts["dice"] == "off"


def test_the_folds_length_table_is_the_engines():
    for op in range(16):
        assert jn._LEN[op] == (0 if op == engine.ORDER else engine.size(op << 4)), op
