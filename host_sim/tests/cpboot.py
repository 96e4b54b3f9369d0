"""CircuitPython's boot on the emulated board (one runtime per process):

    python -m host_sim.tests.cpboot held|free   runs boot.py; prints whether the flash ends read-only to the firmware
    python -m host_sim.tests.cpboot usb [ROOT]   the USB drive mode's message, and the OLED's lit pixels
                                                 (ROOT: the drive, with boards/; default firmware/)
    python -m host_sim.tests.cpboot broken [BOARD]  a board config it cannot use (default: no such
                                                 file): the message, the OLED's lit pixels, the LED's
                                                 changes in 2 s, the servo moves and SPI bytes sent
    python -m host_sim.tests.cpboot watchdog     reboots after stalls of 4 s and 6 s, and whether
                                                 the game and its open windows came back"""
import os
import runpy
import sys

from host_sim import FIRMWARE, cpy


def boot_py(seat1):
    import storage
    from emu.button import Button
    storage.remount("/", readonly=True)  # as at power-up: the computer's drive
    button = Button(12)  # seat_buttons[0] of the default board, pico_pca9685
    if seat1 == "held":
        button.set(True, 0)
    runpy.run_path(os.path.join(FIRMWARE, "cp", "boot.py"))
    print("readonly" if storage.getmount("/").readonly else "writable")


def usb(root):
    import json
    from app import board
    from cp import main
    from emu.board import Board
    with open(os.path.join(root, "boards", board.DEFAULT + ".json")) as f:
        emu = Board(board.validate(json.load(f)))
    print(main.usb_mode(os.path.join(root, "")))
    print(sum(emu.oled.lit(x, y) for x in range(128) for y in range(64)))


def broken(name):
    import tempfile
    from emu import world
    from host_sim import press
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start(name, flash, None, "circuitpython")
        led = []
        world.pin(25).listeners.append(lambda: led.append(world.pin(25).out))
        s.run(2000)
        print(s.dev.msg)
        print(sum(s.emu.oled.lit(x, y) for x in range(128) for y in range(64)))
        print(len(led), sum(len(v.moves) for v in s.emu.servos), sum(b.bytes_sent for b in world.spi_buses.values()))


def watchdog():
    import tempfile
    from game import state
    from host_sim import press
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start("pico_pca9685", flash, {"players": 4, "rules": "zh-cn", "seed": 8}, "circuitpython")
        s.keys("r o o")
        before = state.as_dict(s.game())
        windows = [i for i in range(12) if s.dev.hw.shutters.is_open(i)]
        s.stall(4000)
        first = s.reboots
        s.run(10)
        s.stall(6000)
        s.run(1500)
        print(first, s.reboots, state.as_dict(s.game()) == before and bool(windows),
              [i for i in range(12) if s.dev.hw.shutters.is_open(i)] == windows)


if __name__ == "__main__":
    cpy.install()
    from emu import world
    world.reset()
    os.chdir(FIRMWARE)  # the drive's root: boards/ and board.txt
    if sys.argv[1] == "watchdog":
        watchdog()
    elif sys.argv[1] == "broken":
        broken(sys.argv[2] if len(sys.argv) > 2 else "nosuch")
    elif sys.argv[1] == "usb":
        usb(sys.argv[2] if len(sys.argv) > 2 else FIRMWARE)
    else:
        boot_py(sys.argv[1])
