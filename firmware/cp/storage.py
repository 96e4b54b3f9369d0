"""Files on CIRCUITPY, which is FAT: its rename does not replace an existing
file, so a write removes the old file before the rename. A power cut between
the two leaves only the new content in the .tmp file; read() then makes it
the file (drivers.storage), so no write is ever lost half-way."""
import os

from drivers.storage import Storage


class FatStorage(Storage):
    def _replace(self, tmp, dst):
        try:
            os.rename(tmp, dst)
        except OSError:  # FAT: the old file is in the way
            os.remove(dst)
            os.rename(tmp, dst)
