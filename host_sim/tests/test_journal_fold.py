"""Resume folds the journal's UNDOs away as it reads, and the journal is
compacted once UNDOs pile up: the same game, the same draws after, and a
journal that no longer grows with every UNDO."""
import os

import pytest

from host_sim import randplay
from host_sim.tests.snapshot import snapshot
from app import journal as jn
from app.store import Store
from drivers.storage import Storage
from game import engine


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
