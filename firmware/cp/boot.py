"""CircuitPython runs this once at power-up, before USB: the flash becomes
writable by the firmware (the journal, settings, calibration) and read-only to
the computer. Hold seat button 1 while plugging in to keep the drive writable
from the computer instead (to update files); the game then does not run."""
import board
import digitalio
import storage


def seat1_held():
    try:
        from app import board as config
        cfg = config.load()
        pin = getattr(board, "GP%d" % cfg["seat_buttons"][0])
    except Exception:  # a bad board config: the drive must stay reachable to fix it
        return True
    b = digitalio.DigitalInOut(pin)
    b.switch_to_input(pull=digitalio.Pull.UP)
    held = not b.value
    b.deinit()
    return held


if not seat1_held():
    storage.remount("/", readonly=False)
