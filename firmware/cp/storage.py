"""Files on CIRCUITPY, which is FAT: its rename does not replace an existing
file. The whole .tmp is first renamed .new, then the old file removed and the
.new renamed over: a power cut anywhere leaves the old file whole (a .tmp,
which read() removes) or the new one whole (a .new, which read() makes the
file: drivers.storage), never half of either."""
import os

from drivers.storage import Storage


class FatStorage(Storage):
    def _replace(self, tmp, dst):
        try:
            os.rename(tmp, dst)
            return
        except OSError:  # FAT: the old file is in the way
            pass
        os.rename(tmp, dst + ".new")  # whole from here on: a cut keeps it
        os.remove(dst)
        os.rename(dst + ".new", dst)
