"""The flash's files: a replace a power cut interrupted settles at the next
read, a full flash is a flag and never an error, appends held over a step
reach the file whole and in order."""
import builtins
import errno

import pytest

from host_sim import hw

hw.install()
from drivers import storage  # noqa: E402
from drivers.storage import _HELD as HELD, ENOSPC, JSON_MAX, Storage  # noqa: E402


def at(tmp_path):
    return Storage(str(tmp_path) + "/")


def rename_like_fat(monkeypatch):
    """From now on a rename cannot replace a file, as on FAT."""
    rename = storage.os.rename

    def rename_(src, dst):
        if storage.os.path.exists(dst):
            raise OSError(errno.EEXIST, "exists")
        rename(src, dst)
    monkeypatch.setattr(storage.os, "rename", rename_)


def no_room_for(monkeypatch, name, code=ENOSPC):
    """Opening `name` (any mode) fails as a full flash does."""
    def open_(path, *a, **k):
        if path.endswith(name):
            raise OSError(code, "no room")
        return builtins.open(path, *a, **k)
    monkeypatch.setattr(storage, "open", open_, raising=False)


def test_storage_replaces_atomically(tmp_path):
    s = at(tmp_path)
    s.save_json("calib.json", {"a": 1})
    s.save_json("calib.json", {"a": 2})
    assert s.load_json("calib.json") == {"a": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calib.json"]
    # a power cut while writing leaves a stray temporary file: the old content stands
    (tmp_path / "calib.json.tmp").write_bytes(b'{"a": 3')
    assert s.load_json("calib.json") == {"a": 2}
    s.save_json("calib.json", {"a": 4})
    assert s.load_json("calib.json") == {"a": 4}
    assert s.read("missing") is None and s.load_json("missing", 7) == 7
    assert s.bytes_written == 3 * len(b'{"a": 1}')


def test_storage_never_removes_the_old_file_first(tmp_path, monkeypatch):
    """Where rename cannot replace a file (FAT), a write fails: it must not delete
    the old file to make room, or a power cut would leave only the .tmp."""
    s = at(tmp_path)
    s.save_json("calib.json", {"a": 1})
    rename_like_fat(monkeypatch)
    with pytest.raises(OSError):
        s.save_json("calib.json", {"a": 2})
    assert s.load_json("calib.json") == {"a": 1}


def test_storage_refuses_json_larger_than_its_bound(tmp_path):
    s = at(tmp_path)
    big = '{"a": "%s"}' % ("x" * JSON_MAX)
    (tmp_path / "calib.json").write_text(big)
    assert s.load_json("calib.json", "refused") == "refused"


def test_storage_keeps_its_files_in_the_current_folder_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Storage().save_json("calib.json", {"a": 1})
    assert (tmp_path / "calib.json").read_text() == '{"a": 1}'


def test_a_new_storage_saves_at_once(tmp_path):
    s = at(tmp_path)
    assert s.full is False and s.holding is False
    assert s.append("game.log", b"ab") is True
    assert (tmp_path / "game.log").read_bytes() == b"ab"  # on the flash, not held
    assert s.append("game.log", b"cde") is True
    assert s.bytes_written == 5
    assert s.write("calib.json", b"{}") is True and s.bytes_written == 7


@pytest.mark.parametrize("tmp", [b"", b'{"a": 3'])
def test_a_left_tmp_goes_at_the_next_read(tmp_path, tmp):
    s = at(tmp_path)
    (tmp_path / "calib.json").write_bytes(b"old")
    (tmp_path / "calib.json.tmp").write_bytes(tmp)  # a write a power cut cut short, even an empty one
    assert s.read("calib.json") == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calib.json"]
    (tmp_path / "other.tmp").write_bytes(b"x")  # a file's .tmp only
    assert s.read("calib.json") == b"old" and (tmp_path / "other.tmp").exists()


@pytest.mark.parametrize("old", [None, b"", b"old"])
@pytest.mark.parametrize("new", [b"", b"new"])
def test_a_whole_new_file_replaces_the_old_at_the_next_read(tmp_path, monkeypatch, old, new):
    """FAT renames the .tmp to .new first: a .new is whole and becomes the
    file. FAT's rename cannot replace a file, so the old one, even empty, goes first."""
    rename_like_fat(monkeypatch)
    s = at(tmp_path)
    if old is not None:
        (tmp_path / "calib.json").write_bytes(old)
    (tmp_path / "calib.json.new").write_bytes(new)
    assert s.read("calib.json") == new
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calib.json"]


def test_a_file_of_exactly_the_limit_is_read(tmp_path):
    s = at(tmp_path)
    (tmp_path / "a").write_bytes(b"x" * 10)
    assert s.read("a", 10) == b"x" * 10
    assert s.read("a", 9) is None


@pytest.mark.parametrize("code", [ENOSPC, 36])  # 36: littlefs's metadata commit without room
def test_a_full_flash_keeps_the_old_file_and_says_so(tmp_path, monkeypatch, code):
    s = at(tmp_path)
    s.write("calib.json", b"old")
    rename = storage.os.rename

    def rename_full(src, dst):
        raise OSError(code, "no room")
    monkeypatch.setattr(storage.os, "rename", rename_full)
    assert s.write("calib.json", b"new") is False
    assert s.full is True
    assert (tmp_path / "calib.json.tmp").read_bytes() == b"new"  # written beside it, never over it
    monkeypatch.setattr(storage.os, "rename", rename)
    assert s.read("calib.json") == b"old"
    assert not (tmp_path / "calib.json.tmp").exists()


def test_another_error_is_not_taken_for_a_full_flash(tmp_path, monkeypatch):
    s = at(tmp_path)
    no_room_for(monkeypatch, "game.log", errno.EIO)
    with pytest.raises(OSError):
        s.append("game.log", b"x")
    assert s.full is False


def test_only_a_rewrite_of_the_journal_clears_full(tmp_path, monkeypatch):
    s = at(tmp_path)
    s.append("game.log", b"a")
    no_room_for(monkeypatch, "game.log")
    assert s.append("game.log", b"b") is False and s.full is True
    monkeypatch.undo()
    assert s.write("calib.json", b"{}") is True
    assert s.full is True  # the appends dropped leave a gap in the journal
    assert s.write("game.log", b"whole") is True
    assert s.full is False


def test_a_rewrite_clears_full_before_anything_was_appended(tmp_path, monkeypatch):
    s = at(tmp_path)
    no_room_for(monkeypatch, "calib.json.tmp")
    assert s.write("calib.json", b"{}") is False and s.full is True
    monkeypatch.undo()
    assert s.write("calib.json", b"{}") is True and s.full is False


def test_held_appends_reach_the_file_whole_and_in_order(tmp_path):
    s = at(tmp_path)
    s.holding = True
    parts = [b"one;", b"two;", b"x" * (HELD - 8)]  # exactly fills the hold
    for p in parts:
        assert s.append("game.log", p) is True
    assert not (tmp_path / "game.log").exists()  # nothing written while holding
    assert s.bytes_written == 0
    assert s.flush() is True
    assert s.holding is False
    assert (tmp_path / "game.log").read_bytes() == b"".join(parts)
    assert s.bytes_written == HELD
    assert s.flush() is True  # nothing held: nothing to fail
    assert len(s._held) == HELD  # held in the buffer made at boot: a step allocates nothing


def test_a_hold_that_would_overflow_writes_what_it_held_first(tmp_path):
    s = at(tmp_path)
    s.holding = True
    s.append("game.log", b"a" * (HELD - 2))
    s.append("game.log", b"bbb")  # 1 byte too many: the first goes to the file
    assert (tmp_path / "game.log").read_bytes() == b"a" * (HELD - 2)
    s.append("game.log", b"c" * HELD)  # the largest entry held
    assert (tmp_path / "game.log").read_bytes() == b"a" * (HELD - 2) + b"bbb"
    s.append("game.log", b"d" * (HELD + 1))  # too large to hold: written at once, after what was held
    assert (tmp_path / "game.log").read_bytes() == b"a" * (HELD - 2) + b"bbb" + b"c" * HELD + b"d" * (HELD + 1)


def test_a_hold_for_another_file_writes_the_first_files_entries(tmp_path):
    s = at(tmp_path)
    s.holding = True
    s.append("a.log", b"1")
    s.append("b.log", b"2")
    assert (tmp_path / "a.log").read_bytes() == b"1"
    assert s.read("b.log") == b"2"  # a read sees the file with what is held


def test_a_held_append_that_finds_the_flash_full_says_so_at_flush(tmp_path, monkeypatch):
    s = at(tmp_path)
    s.holding = True
    s.append("game.log", b"x")
    no_room_for(monkeypatch, "game.log")
    assert s.flush() is False and s.full is True
