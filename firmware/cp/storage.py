"""Files on CIRCUITPY, which is FAT: its rename does not replace an existing
file, so a write removes the old file before the rename. A power cut between
the two leaves only the new content in the .tmp file; read() then takes it,
so no write is ever lost half-way."""
import os

from drivers.storage import Storage


class FatStorage(Storage):
    def read(self, name):
        data = Storage.read(self, name)
        if data is None:
            data = Storage.read(self, name + ".tmp")
        return data

    def _replace(self, tmp, dst):
        try:
            os.rename(tmp, dst)
        except OSError:  # FAT: the old file is in the way
            os.remove(dst)
            os.rename(tmp, dst)
