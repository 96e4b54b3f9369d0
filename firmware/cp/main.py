"""Boot on CircuitPython (code.py calls run()): the same device as
MicroPython's main.py, a step every 2 ms. An unexpected error closes every
window, shows the error and resets the board after 5 s; the game then resumes
from the journal. Ctrl-C over USB stops the loop with the lid closed."""
import sys


def use_ticks():
    """Give the shared firmware MicroPython's `time` (ticks_ms...): imports of
    `time` find cp.clock from here on. Call before importing app."""
    from cp import clock
    sys.modules["time"] = clock


def start(name=None, root="", storage=None, setup=None):
    """device.start with the CircuitPython port and the FAT-safe storage."""
    from app import device
    from cp import port
    from cp.storage import FatStorage
    storage = storage if storage is not None else FatStorage(root)
    return device.start(name, root, storage, setup, port)


def usb_mode(root=""):
    """The drive was left to the computer at boot (boot.py): nothing may be
    written, so the game does not run; say so on the OLED, with what is wrong
    with the board config if anything is (boot.py leaves the drive to the
    computer then, so that it can be fixed)."""
    import json
    from app import board
    from app.broken import show_error
    from cp import port
    msg = "USB drive mode: edit the files, then reset to play."
    try:
        board.load(None, root)
    except board.ConfigError as e:
        msg = str(e) + " / " + msg
    try:
        with open(root + "boards/" + board.DEFAULT + ".json") as f:
            cfg = json.load(f)
        oled = port.display(port.i2c(cfg["i2c"]), cfg["oled"])
    except Exception:  # no display: the drive itself says it
        oled = None
    show_error(oled, msg)
    return msg


def run():
    import time

    import microcontroller
    import storage
    from app import device
    from cp import port
    from cp.storage import FatStorage
    if storage.getmount("/").readonly:
        usb_mode()
        while True:
            time.sleep(1)

    def loop(dev):
        while True:
            dev.step()
            time.sleep(0.002)
    # start() inside boot()'s guard: an error at power-up is shown, never a boot loop
    device.boot(loop, microcontroller.reset, time.sleep, port, FatStorage())
