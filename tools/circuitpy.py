"""`python -m tools.circuitpy DEST` (`make cp`): the CircuitPython build as it
goes on the CIRCUITPY drive. CircuitPython cannot load MicroPython's .mpy, so
the shared firmware goes as .py, the seam in cp/, code.py and boot.py at the root."""
import os
import shutil
import sys

from tools import FIRMWARE
from tools.mpy import CP_ONLY, firmware_files

ROOT_FILES = ("code.py", "boot.py")  # firmware/cp files that go to the drive's root
# the MicroPython build's own: they need `machine`, `framebuf` or `deflate`
# (the e-paper board's drivers: cp.port offers no SPI, so app.hardware refuses it)
MP_ONLY = ("main.py", "app/port.py", "app/selftest.py", "drivers/ssd1306.py", "drivers/pca9685.py",
           "drivers/watchdog.py", "drivers/shutter_epaper.py", "drivers/ssd1683.py", "drivers/card_layout.py",
           "drivers/deck.py")


def build(dest):
    """The CIRCUITPY drive's files in dest: the shared firmware as .py (app,
    drivers, game, boards; not the MicroPython build's own files), the port
    in cp/, code.py and boot.py at the root.
    Returns the written paths, relative to dest."""
    written = []
    rels = [r for r in firmware_files(".py") if r.replace(os.sep, "/") not in MP_ONLY]
    rels += firmware_files(".json") + firmware_files(".bin")
    rels += [os.path.join(CP_ONLY, f) for f in sorted(os.listdir(os.path.join(FIRMWARE, CP_ONLY)))
             if f.endswith(".py") and f not in ROOT_FILES]
    for rel in rels:
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(os.path.join(FIRMWARE, rel), out)
        written.append(rel)
    for f in ROOT_FILES:
        shutil.copyfile(os.path.join(FIRMWARE, CP_ONLY, f), os.path.join(dest, f))
        written.append(f)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tools.circuitpy DEST")
    print("%d files in %s" % (len(build(sys.argv[1])), sys.argv[1]))
