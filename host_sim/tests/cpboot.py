"""Run CircuitPython's boot.py on the emulated board (one runtime per process):

    python -m host_sim.tests.cpboot held|free   prints whether the flash ends read-only to the firmware"""
import os
import runpy
import sys

from host_sim import FIRMWARE, cpy

if __name__ == "__main__":
    cpy.install()
    import storage
    from emu import world
    from emu.button import Button
    world.reset()
    storage.remount("/", readonly=True)  # as at power-up: the computer's drive
    seat1 = Button(12)  # seat_buttons[0] of the default board, pico_pca9685
    if sys.argv[1] == "held":
        seat1.set(True, 0)
    os.chdir(FIRMWARE)  # the drive's root: boards/ and board.txt
    runpy.run_path(os.path.join(FIRMWARE, "cp", "boot.py"))
    print("readonly" if storage.getmount("/").readonly else "writable")
