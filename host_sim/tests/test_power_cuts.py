"""A power cut at every storage call of every rewrite, on littlefs (rename
replaces) and on FAT (CircuitPython's: rename refuses an existing target, so
the old file is removed first): after the cut the board boots, finds the old
content or the new one whole, never a part of either, and the journal goes on
with its header. The cut falls before a call, or inside a write (half of the
bytes reach the flash)."""
import builtins
import os

import pytest

from host_sim import hw

hw.install()
from app import journal as jn  # noqa: E402
from cp.storage import FatStorage  # noqa: E402
from drivers import storage  # noqa: E402
from game import engine  # noqa: E402
from host_sim.tests import journal_util  # noqa: E402


class Cut(Exception):
    """The power went."""


class Flash:
    """Counts the calls that change the flash (open for writing, write,
    rename, remove) and cuts the power at call number `at`."""

    def __init__(self, monkeypatch, fat, at=-1):
        self.calls = 0
        self.at = at
        real_open, real_rename, real_remove = builtins.open, os.rename, os.remove
        flash = self

        class File:
            def __init__(self, f):
                self.f = f

            def write(self, data):
                data = bytes(data)
                if flash.tick():
                    self.f.write(data[:len(data) // 2])  # half of it reached the flash
                    self.f.close()
                    raise Cut()
                return self.f.write(data)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

        def cut_open(path, mode="r", *a, **k):
            if "w" in mode or "a" in mode:
                if flash.tick():
                    raise Cut()
                return File(real_open(path, mode, *a, **k))
            return real_open(path, mode, *a, **k)

        def cut_rename(src, dst):
            if flash.tick():
                raise Cut()
            if fat and os.path.exists(dst):
                raise OSError(17, "EEXIST")
            real_rename(src, dst)

        def cut_remove(p):
            if flash.tick():
                raise Cut()
            real_remove(p)
        monkeypatch.setattr(builtins, "open", cut_open)
        monkeypatch.setattr(os, "rename", cut_rename)
        monkeypatch.setattr(os, "remove", cut_remove)

    def tick(self):
        self.calls += 1
        return self.calls == self.at


def store(kind, root):
    return (FatStorage if kind == "fat" else storage.Storage)(str(root) + os.sep)


def cut_everywhere(monkeypatch, tmp_path, kind, before, change, check):
    """before(st): the flash as it was; change(st): the rewrite, cut at each
    of its storage calls in turn; check(st, done): after the reboot (done: the
    rewrite was not cut). Returns how many cut points were tried."""
    with monkeypatch.context() as m:
        probe = Flash(m, kind == "fat")
        d = tmp_path / "probe"
        d.mkdir()
        before(store(kind, d))
        n0 = probe.calls
        change(store(kind, d))
        n = probe.calls - n0
    assert n >= 2
    for k in range(1, n + 1):
        d = tmp_path / ("cut%d" % k)
        d.mkdir()
        before(store(kind, d))
        with monkeypatch.context() as m:
            flash = Flash(m, kind == "fat")
            flash.at = flash.calls + k
            with pytest.raises(Cut):
                change(store(kind, d))
        check(store(kind, d), False)  # the board boots again on the same flash
        leftovers = [f for f in os.listdir(str(d)) if f.endswith(".tmp")]
        assert leftovers == [], (k, leftovers)
    d = tmp_path / "whole"
    d.mkdir()
    before(store(kind, d))
    change(store(kind, d))
    check(store(kind, d), True)
    return n


OLD = {"players": 3, "rules": "standard", "first": 0, "seed": 1, "deck": 199}
NEW = {"players": 5, "rules": "family", "first": 2, "seed": 77, "deck": 180}
ROLL = bytes((0x30 | 0, 5))  # a roll entry: op ROLL and its die


def _old_game(st):
    j = jn.Journal(st)
    j.rewrite(OLD, b"")
    for _ in range(4):
        j.append(bytes((engine.ROLL << 4, 3)))


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_a_new_game_cut_anywhere_keeps_the_old_game_or_the_new_whole(monkeypatch, tmp_path, kind):
    def check(st, done):
        j = jn.Journal(st)
        got = journal_util.load(j)
        assert got is not None
        head, dropped = got[0], got[2]
        entries = j.entries
        assert (head, entries) in ((OLD, 4), (NEW, 0)) and dropped == 0
        assert not done or head == NEW
        j.append(bytes((engine.ROLL << 4, 2)))  # play goes on: the entry follows the header
        j2 = jn.Journal(st)
        assert journal_util.load(j2)[0] == head and j2.entries == entries + 1
    n = cut_everywhere(monkeypatch, tmp_path, kind, _old_game, lambda st: jn.Journal(st).rewrite(NEW, b""), check)
    assert n >= (4 if kind == "fat" else 3)


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_trimming_a_torn_tail_cut_anywhere_loses_no_whole_entry(monkeypatch, tmp_path, kind):
    def torn(st):
        _old_game(st)
        st.append(jn.NAME, b"\x31")  # half an entry: the power went inside an append

    def check(st, done):
        j = jn.Journal(st)
        assert journal_util.load(j)[0] == OLD and j.entries == 4
        j.append(bytes((engine.ROLL << 4, 2)))
        j = jn.Journal(st)
        journal_util.load(j)
        assert j.entries == 5
    cut_everywhere(monkeypatch, tmp_path, kind, torn, lambda st: journal_util.load(jn.Journal(st)), check)


@pytest.mark.parametrize("name", ["settings.json", "calib.json", "game.rec"])
@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_settings_calibration_and_export_cut_anywhere_are_old_or_new(monkeypatch, tmp_path, kind, name):
    old, new = {"v": "old" * 20}, {"v": "new" * 30}

    def check(st, done):
        assert st.load_json(name) in ([new] if done else [old, new])
    cut_everywhere(monkeypatch, tmp_path, kind, lambda st: st.save_json(name, old),
                   lambda st: st.save_json(name, new), check)


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_an_append_cut_anywhere_keeps_every_whole_entry(monkeypatch, tmp_path, kind):
    def check(st, done):
        j = jn.Journal(st)
        assert journal_util.load(j)[0] == OLD and j.entries == (5 if done else 4)

    def more(st):
        j = jn.Journal(st)
        journal_util.load(j)
        j.append(bytes((engine.ROLL << 4, 6)))
    cut_everywhere(monkeypatch, tmp_path, kind, _old_game, more, check)


CARD = bytes((engine.CARD << 4, 0x12, 0x34, 0x56, 0x12, 0x34, 0x56))


def _opened_and_undone(st):
    """A card, then windows opened and taken back: 2 + 2 * 60 + 1 entries, the game's log a card and one open."""
    j = jn.Journal(st)
    j.rewrite(OLD, b"")
    j.append(CARD)
    j.append(bytes((engine.ROLL << 4, 0x12)))
    for w in range(60):
        j.append(bytes((engine.OPEN << 4 | w % 12,)))
        j.mark(jn.UNDO)
    j.append(bytes((engine.OPEN << 4 | 3,)))


def _compact(st):
    j = jn.Journal(st)
    head, log, _, _, _ = journal_util.load(j)
    head["at"] = 0
    j.rewrite(head, log, j.entries)


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_a_compaction_cut_anywhere_keeps_the_game_and_its_draw_counter(monkeypatch, tmp_path, kind):
    game = CARD + bytes((engine.ROLL << 4, 0x12, engine.OPEN << 4 | 3))

    def check(st, done):
        j = jn.Journal(st)
        head, log, dropped, _, _ = journal_util.load(j)
        assert (bytes(log), j.entries, dropped) == (game, 123, 0)
        assert ("n" in head) == (j.size < 200) and (done <= ("n" in head))  # old or compacted, never between
        j.append(bytes((engine.GUESS << 4 | 1,)))  # play goes on after it
        j = jn.Journal(st)
        assert bytes(journal_util.load(j)[1]) == game + bytes((engine.GUESS << 4 | 1,)) and j.entries == 124
    n = cut_everywhere(monkeypatch, tmp_path, kind, _opened_and_undone, _compact, check)
    assert n >= (4 if kind == "fat" else 3)


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_appends_held_over_a_step_go_to_flash_in_one_append_and_reads_see_them(monkeypatch, tmp_path, kind):
    """The device holds a step's journal entries until its servos have their
    pulses: held, they reach the flash in one append (a cut there loses them
    all, never a part: the CRC chain says where), and a read sees them."""
    st = store(kind, tmp_path)
    _old_game(st)
    j = jn.Journal(st)
    journal_util.load(j)
    path = tmp_path / jn.NAME
    size = path.stat().st_size
    st.holding = True
    j.append(bytes((engine.ROLL << 4, 6)))
    j.append(bytes((engine.ROLL << 4, 5)))
    assert path.stat().st_size == size  # held
    with monkeypatch.context() as m:
        flash = Flash(m, kind == "fat")
        assert st.flush()
        assert flash.calls == 2 and not st.holding  # one open, one write
    j2 = jn.Journal(store(kind, tmp_path))
    head, log = journal_util.load(j2)[:2]
    assert head == OLD and j2.entries == 6 and bytes(log)[-4:] == bytes((engine.ROLL << 4, 6, engine.ROLL << 4, 5))
    held = path.stat().st_size
    st.holding = True
    j.append(bytes((engine.ROLL << 4, 4)))
    j3 = jn.Journal(st)
    journal_util.load(j3)
    assert j3.entries == 7  # the read wrote what was held first
    assert st.holding and path.stat().st_size > held


def _nothing(st):
    """A flash with no old copy of the file: its very first write."""


@pytest.mark.parametrize("name", ["settings.json", "calib.json", "game.rec"])
@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_a_first_write_cut_anywhere_leaves_no_file_or_the_whole_one(monkeypatch, tmp_path, kind, name):
    new = {"v": "new" * 30}

    def check(st, done):
        assert st.load_json(name, "none") in ([new] if done else ["none", new])
        assert st.read(name) in (None, storage.json.dumps(new).encode())
    cut_everywhere(monkeypatch, tmp_path, kind, _nothing, lambda st: st.save_json(name, new), check)


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_a_first_game_cut_anywhere_is_no_game_or_the_whole_one(monkeypatch, tmp_path, kind):
    def check(st, done):
        j = jn.Journal(st)
        got = journal_util.load(j)
        assert st.read(jn.NAME[:-4] + ".bad") is None  # never a false "damaged" alarm
        if done:
            assert got is not None
    cut_everywhere(monkeypatch, tmp_path, kind, _nothing, lambda st: jn.Journal(st).rewrite(NEW, b""), check)


class Full:
    """A flash with no room until `room` is set: writes and appends get ENOSPC."""

    def __init__(self, monkeypatch):
        self.room = False
        real_open = builtins.open
        full = self

        def open_(path, mode="r", *a, **k):
            if ("w" in mode or "a" in mode) and not full.room:
                raise OSError(storage.ENOSPC, "ENOSPC")
            return real_open(path, mode, *a, **k)
        monkeypatch.setattr(builtins, "open", open_)


@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_flash_full_clears_once_a_write_succeeds_and_the_new_game_is_saved_whole(monkeypatch, tmp_path, kind):
    st = store(kind, tmp_path)
    _old_game(st)
    flash = Full(monkeypatch)
    j = jn.Journal(st)
    j.append(bytes((engine.ROLL << 4, 1)))
    assert st.full  # an action not saved
    assert not j.rewrite(NEW, b"") and st.full  # a new game with no room: refused, still full
    flash.room = True  # space freed
    assert st.save_json("settings.json", {"lang": "en"}) and st.full  # the journal's gap stays: still unsaved
    assert j.rewrite(NEW, b"") is not False and not st.full
    for _ in range(3):
        j.append(bytes((engine.ROLL << 4, 2)))
    j2 = jn.Journal(store(kind, tmp_path))  # after a power cut
    assert journal_util.load(j2) is not None and j2.entries == j.entries == 3


@pytest.mark.parametrize("errno", [storage.ENOSPC, 36])
@pytest.mark.parametrize("kind", ["littlefs", "fat"])
def test_a_rename_with_no_room_keeps_the_old_file_and_says_full(monkeypatch, tmp_path, kind, errno):
    """littlefs commits a rename's metadata, which may find no room; the rp2
    port says so with errno 36 as well as ENOSPC: never a crash."""
    st = store(kind, tmp_path)
    st.write("settings.json", b"old")

    def no_room(src, dst):
        raise OSError(errno, "no room")
    monkeypatch.setattr(os, "rename", no_room)
    assert st.write("settings.json", b"new") is False and st.full
    monkeypatch.undo()
    assert store(kind, tmp_path).read("settings.json") == b"old"
