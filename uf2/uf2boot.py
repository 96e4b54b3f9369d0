"""Boot of the UF2 (frozen firmware), imported by main.py before the device.

Which firmware runs: a board that also had `make flash` (main.py on its
filesystem) runs the copied files, as before the UF2, so development works
over it; otherwise the frozen packages come first in sys.path, so stray
.py/.mpy files left on the filesystem cannot hide part of them. The data
files the firmware opens (board configs, text tables, glyphs) are written to
the filesystem where missing; files already there (a maker's edits) are kept,
as are the journal, the settings and the calibration."""
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


def _install():
    for path, data in uf2data.FILES:
        if _exists(path):
            continue
        cut = path.rfind("/")
        if cut > 0 and not _exists(path[:cut]):
            os.mkdir(path[:cut])
        with open(path, "wb") as f:
            f.write(data)


def which():
    """'filesystem' or 'frozen': the firmware this boot runs."""
    if _exists("main.py") and leftovers():
        return "filesystem"
    return "frozen"


def start():
    try:
        _install()
    except OSError as e:  # a full or read-only filesystem: the device says what it misses
        print("uf2boot: data files not written:", repr(e))
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
    print("uf2boot: firmware", w, uf2data.VERSION)


start()
