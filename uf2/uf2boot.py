"""Boot of the UF2 (frozen firmware), imported by main.py before the device.

Which firmware runs: a board that also had `make flash` (main.py on its
filesystem) runs the copied files, as before the UF2, so development works
over it; otherwise the frozen packages come first in sys.path, so stray
.py/.mpy files left on the filesystem cannot hide part of them. Nothing is
written: the data files the firmware opens (board configs, text tables,
glyphs) are read from the image where the filesystem has none
(app.datafile), and the journal, the settings and the calibration stay as
they are."""
import os
import sys

import uf2data

PACKAGES = ("app", "game", "drivers")


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def leftovers():
    """Firmware modules on the filesystem, as `make flash` copies them."""
    out = []
    for d in PACKAGES:
        try:
            names = os.listdir(d)
        except OSError:
            continue
        out.extend(d + "/" + n for n in names if n.endswith(".py") or n.endswith(".mpy"))
    return out


def which():
    """'filesystem' or 'frozen': the firmware this boot runs."""
    if _exists("main.py") and leftovers():
        return "filesystem"
    return "frozen"


def start():
    w = which()
    if w == "frozen":
        if ".frozen" in sys.path:
            sys.path.remove(".frozen")
        sys.path.insert(0, ".frozen")
        left = leftovers()
        if left:
            print("uf2boot: %d firmware files on the filesystem ignored (%s...)" % (len(left), left[0]))
    else:
        print("uf2boot: running the firmware copied by make flash (remove main.py to run the UF2's)")
    print("uf2boot: firmware", w, uf2data.VERSION, "board", uf2data.BOARD)


start()
