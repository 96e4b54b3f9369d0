"""Files on the board's flash, replaced atomically: the new content goes to a
temporary file which is then renamed over the old one, so a power cut leaves
either the old file or the new, never half of one. That takes a rename that
replaces in one step: littlefs (the rp2 port's flash) and POSIX have it, FAT
has not, so there a write fails and the old file stays."""
import json
import os


class Storage:
    def __init__(self, root=""):
        """root: the directory the files live in ("" on the board: its root)."""
        self.root = root
        self.bytes_written = 0

    def path(self, name):
        return self.root + name

    def read(self, name):
        """The file's bytes, or None if it is not there."""
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        dst = self.path(name)
        tmp = dst + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        self._replace(tmp, dst)
        self.bytes_written += len(data)

    def _replace(self, tmp, dst):
        os.rename(tmp, dst)

    def append(self, name, data):
        """Add data at the end of the file (a journal entry). On littlefs an
        append becomes visible whole when the file is closed, or not at all."""
        with open(self.path(name), "ab") as f:
            f.write(data)
        self.bytes_written += len(data)

    def load_json(self, name, default=None):
        data = self.read(name)
        if data is None:
            return default
        try:
            return json.loads(data)
        except ValueError:
            return default  # a damaged file counts as missing

    def save_json(self, name, obj):
        self.write(name, json.dumps(obj).encode())
