# What `make uf2` freezes into MicroPython's RPI_PICO image (tools/uf2.py).
# Packages are frozen as whole folders, so a module added or renamed needs no
# edit here. The data the firmware opens as files (board configs, the text
# tables, the CJK glyphs) is frozen as bytes in uf2data, with the board's
# name, and read in place where the filesystem has no such file
# (app.datafile); the 250 KB picture deck does not fit in the image and
# stays on the filesystem.
# Relative base paths are from this file's folder (MicroPython's manifest rules).
import os

_FIRMWARE = "../firmware"
_GEN = os.environ["MACROSCOPE_UF2_GEN"]  # uf2data.py, made by tools/uf2.py

include("$(PORT_DIR)/boards/manifest.py")  # the port's own: asyncio, _boot, neopixel...
for _pkg in ("app", "game", "drivers"):
    package(_pkg, base_path=_FIRMWARE, opt=3)
module("main.py", base_path=_FIRMWARE, opt=3)
module("uf2boot.py", base_path=".", opt=3)
module("uf2data.py", base_path=_GEN, opt=3)
