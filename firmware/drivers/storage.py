"""Files on the board's flash, replaced atomically: the new content goes to a
temporary file which is then renamed over the old one, so a power cut leaves
either the old file or the new, never half of one. That takes a rename that
replaces in one step: littlefs (the rp2 port's flash) and POSIX have it, FAT
has not, so there a write fails and the old file stays.

A full flash (ENOSPC) is not an error that stops play: the write is dropped,
`full` says so, and the device tells the table the game is no longer saved.
JSON files are size-capped before parsing: a huge or deeply nested file
counts as damaged, never as a MemoryError or a recursion error at boot."""
import json
import os

ENOSPC = 28
JSON_MAX = 4096  # bytes: the settings and the calibration are a few hundred


class Storage:
    def __init__(self, root=""):
        """root: the directory the files live in ("" on the board: its root)."""
        self.root = root
        self.bytes_written = 0
        self.full = False  # a write found no room: nothing more is saved

    def path(self, name):
        return self.root + name

    def read(self, name):
        """The file's bytes, or None if it is not there."""
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def size(self, name):
        """The file's size in bytes, or -1 if it is not there."""
        try:
            return os.stat(self.path(name))[6]
        except OSError:
            return -1

    def write(self, name, data):
        """Replace the file with data; False (and `full` set) if the flash
        has no room, the old file then kept whole."""
        dst = self.path(name)
        tmp = dst + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(data)
        except OSError as e:
            return self._no_room(e, tmp)
        self._replace(tmp, dst)
        self.bytes_written += len(data)
        return True

    def _no_room(self, e, tmp=None):
        if e.errno != ENOSPC:
            raise e
        self.full = True
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
        return False

    def _replace(self, tmp, dst):
        os.rename(tmp, dst)

    def append(self, name, data):
        """Add data at the end of the file (a journal entry). On littlefs an
        append becomes visible whole when the file is closed, or not at all."""
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
        if self.size(name) > JSON_MAX:
            return default
        data = self.read(name)
        if data is None or len(data) > JSON_MAX:
            return default
        try:
            return json.loads(data)
        except (ValueError, RuntimeError, MemoryError):  # RuntimeError: recursion (RecursionError on CPython)
            return default  # a damaged file counts as missing

    def save_json(self, name, obj):
        return self.write(name, json.dumps(obj).encode())
