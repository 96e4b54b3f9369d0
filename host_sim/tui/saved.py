"""Where `make sim` keeps a game.rec the device exports (the menu's Export
record): the device writes it on its emulated flash, which is the FLASH
folder when one is given; without one the flash is a scratch folder deleted
on quit, so the record is copied to build/. The terminal says where it is."""
import os

from host_sim import ROOT
from host_sim.shown import shown
from host_sim.tui.words import w

BUILD = os.path.join(ROOT, "build")
EXPORT = "game.rec"  # app.device.EXPORT: the name the device writes


class Saved:
    def __init__(self, flash, build=BUILD):
        """flash: the FLASH folder given, or None (a scratch flash)."""
        self.copy = flash is None
        self.path = os.path.abspath(os.path.join(build if self.copy else flash, EXPORT))
        self.dev = None
        self.said = ""  # what the terminal says of the last export, "" before one
        self.exports = 0

    def watch(self, dev):
        """Follow dev's exports (again after a reset: a new device). The
        emulated Pico's device is on its chip: its record stays in its image."""
        if dev is self.dev or not hasattr(dev, "out"):
            return
        self.dev = dev
        write = dev.out.export

        def export(text):
            self.exports += 1
            write(text)  # on the emulated flash first, as the device does
            if self.copy:
                try:
                    os.makedirs(os.path.dirname(self.path), exist_ok=True)
                    with open(self.path, "w") as f:
                        f.write(text)
                except OSError as e:
                    self.said = w("not_kept") % (shown(self.path), e.strerror)
                    return
            self.said = w("saved") % shown(self.path)
        dev.out.export = export
