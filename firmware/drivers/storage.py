"""Files on the board's flash, replaced atomically: the new content goes to a
temporary file (.tmp) which is then renamed over the old one, so a power cut
leaves either the old file or the new, never half of one. That takes a rename
that replaces in one step: littlefs (the rp2 port's flash) and POSIX have it;
FAT has not (cp.storage), so there the whole .tmp is first renamed .new.
A .tmp is never whole (a cut during the file's very first write leaves one
with no old file beside it): read() removes it; a .new is whole: it becomes
the file.

A full flash (ENOSPC) is not an error that stops play: the write is dropped,
`full` says so, and the device tells the table the game is no longer saved.
A whole rewrite of the file appended to (a new game's header, a compaction)
that succeeds clears `full`, so the journal saves again; another file's
write does not: the appends dropped meanwhile leave a gap in that file.
JSON files are size-capped before parsing: a huge or deeply nested file
counts as damaged, never as a MemoryError or a recursion error at boot.

While `holding`, appends wait in RAM until flush(): the device holds the
journal's entries over the part of a step that sends the servos their pulses,
so a press is not kept waiting by the flash (a block erase is 45 ms). A power
cut in between loses the action, as one a moment earlier would: at boot every
window closes and the game resumes as the journal has it."""
import json
import os

ENOSPC = 28
# littlefs's "no room" when a directory's metadata commit cannot fit: the rp2
# port reports it as errno 36 (LFS_ERR_NAMETOOLONG's number), not ENOSPC
_NO_ROOM = (ENOSPC, 36)
JSON_MAX = 4096  # bytes: the settings and the calibration are a few hundred
_HELD = 64  # bytes of appends held: a step's entries (9 bytes at most each)


class Storage:
    def __init__(self, root=""):
        """root: the directory the files live in ("" on the board: its root)."""
        self.root = root
        self.bytes_written = 0
        self.full = False  # a write found no room: nothing more is saved
        self.holding = False
        self._held = bytearray(_HELD)
        self._held_n = 0
        self._held_name = None
        self._log = None  # the file appended to: only its rewrite clears `full`

    def path(self, name):
        return self.root + name

    def read(self, name, limit=0):
        """The file's bytes, or None if it is not there (or larger than limit,
        if given). A replace a power cut interrupted is settled first: a .tmp
        is a write that never finished, with or without an old file beside it:
        it goes; a .new is the whole new content (FAT): it replaces the file,
        so append() never starts a new one."""
        self._write_held()  # the file as it stands, held appends included
        dst = self.path(name)
        try:
            if _size(dst + ".tmp") >= 0:
                os.remove(dst + ".tmp")
            if _size(dst + ".new") >= 0:
                if _size(dst) >= 0:
                    os.remove(dst)
                os.rename(dst + ".new", dst)
        except OSError:  # a read-only drive (USB mode): read what is there
            pass
        if limit and _size(dst) > limit:
            return None
        try:
            with open(dst, "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        """Replace the file with data; False (and `full` set) if the flash
        has no room: the old file is kept whole, the .tmp goes at the next read."""
        self._write_held()  # the file as it stands, held appends included
        dst = self.path(name)
        tmp = dst + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            self._replace(tmp, dst)  # a rename commits metadata: it too may find no room
        except OSError as e:
            return self._no_room(e)
        self.bytes_written += len(data)
        if self._log is None or self._log == name:
            self.full = False  # room again, and no appends missing: saved from here on
        return True

    def _no_room(self, e):
        if e.errno not in _NO_ROOM:
            raise e
        self.full = True
        return False

    def _replace(self, tmp, dst):
        os.rename(tmp, dst)

    def append(self, name, data):
        """Add data at the end of the file (a journal entry). On littlefs an
        append becomes visible whole when the file is closed, or not at all.
        While holding, it is kept (copied) for flush()."""
        n = len(data)
        self._log = name
        if self.holding and n <= _HELD:
            if name != self._held_name or self._held_n + n > _HELD:
                self._write_held()
            self._held_name = name
            k = self._held_n
            self._held[k:k + n] = data
            self._held_n = k + n
            return True
        self._write_held()  # what is held goes first: the file keeps the order of the appends
        return self._append(name, data)

    def flush(self):
        """Write the appends held, and hold no more; False if the flash is full."""
        self.holding = False
        return self._write_held()

    def _write_held(self):
        n = self._held_n
        if not n:
            return True
        self._held_n = 0
        return self._append(self._held_name, memoryview(self._held)[:n])

    def _append(self, name, data):
        try:
            with open(self.path(name), "ab") as f:
                f.write(data)
        except OSError as e:
            return self._no_room(e)
        self.bytes_written += len(data)
        return True

    def load_json(self, name, default=None):
        """The file's JSON, or default if it is missing, damaged, larger than
        JSON_MAX or nested too deep to parse."""
        data = self.read(name, JSON_MAX)
        if data is None:
            return default
        try:
            return json.loads(data)
        except (ValueError, RuntimeError, MemoryError):  # RuntimeError: recursion (RecursionError on CPython)
            return default  # a damaged file counts as missing

    def save_json(self, name, obj):
        return self.write(name, json.dumps(obj).encode())


def _size(path):
    """The file's size in bytes, or -1 if it is not there."""
    try:
        return os.stat(path)[6]
    except OSError:
        return -1
