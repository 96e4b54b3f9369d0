"""Power up an emulated board and the firmware's drivers on it (CPython or VM)."""
import gc
import sys

from emu import world
from emu.board import Board


def boot(name, root, storage_root, oled=True, pca=True, wait=True):
    """A fresh board at time zero wired as boards/<name>.json (under root) says,
    and the firmware's app.hardware.Hardware on it, its flash in storage_root.
    Returns (cfg, emulated Board, Hardware)."""
    from app import board as board_config
    from app import port
    from app.hardware import Hardware
    from drivers.storage import Storage
    world.reset()
    cfg = board_config.load(name, root)
    if sys.implementation.name == "micropython":  # as the firmware's start() does, the
        del board_config                           # config's checker (10 KB) goes once the
        del sys.modules["app.board"]                # config is checked, before the drivers
        delattr(sys.modules["app"], "board")        # are built
        gc.collect()
    emu = Board(cfg, oled=oled, pca=pca)
    h = Hardware(cfg, world.hardware_random(port), Storage(storage_root), oled)
    if wait:
        h.shutters.wait()
    return cfg, emu, h


def time_close_all(h):
    """Open all 12 windows, then close them all: the ms close_all() takes on the
    virtual clock, to the last move's end (the bench's close_all_ms)."""
    from emu import clock
    for i in range(h.shutters.n):
        h.shutters.open(i)
    h.shutters.wait(1)
    t0 = clock.now_us()
    h.shutters.close_all()
    h.shutters.wait(1)
    return (clock.now_us() - t0) // 1000
