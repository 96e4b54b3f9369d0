"""Put the emulated hardware under the firmware on CPython.

`install()` puts host_sim/fakes on sys.path (after firmware/), so `import machine`,
`neopixel`, `rp2` and `framebuf` find the fakes, and gives CPython's `time`
MicroPython's ticks functions, run by the virtual clock. `reset()` is a power
cycle: a fresh board at time zero."""
import os
import sys
import tempfile
import time

import host_sim  # noqa: F401  (puts firmware/ first on sys.path)

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes")
_scratch = None  # the flash of the last boot() given no storage_dir: removed at the next, or at exit


def install():
    if FAKES not in sys.path:
        sys.path.insert(1, FAKES)
    from emu import clock
    for name in ("ticks_ms", "ticks_us", "ticks_add", "ticks_diff", "sleep_ms", "sleep_us"):
        setattr(time, name, getattr(clock, name))
    return clock


def reset():
    install()
    from emu import world
    world.reset()


def boot(name="pico_pca9685", storage_dir=None, oled=True, pca=True, wait=True):
    """Power up an emulated board and the firmware's drivers on it.

    Returns (cfg, board, hardware): the validated config, the emulated
    peripherals (emu.board.Board) and the firmware's app.hardware.Hardware.
    storage_dir: where flash files live (keep it to "reboot" with the same flash);
    None: an empty flash, gone at the next such boot."""
    global _scratch
    from host_sim import FIRMWARE
    install()
    from emu.boot import boot as emu_boot
    if storage_dir is None:
        if _scratch is not None:
            _scratch.cleanup()
        _scratch = tempfile.TemporaryDirectory(prefix="flash-")
        storage_dir = _scratch.name
    return emu_boot(name, os.path.join(FIRMWARE, ""), os.path.join(storage_dir, ""), oled, pca, wait)
