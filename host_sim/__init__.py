"""The Macroscope simulator: runs the firmware on a laptop with emulated hardware."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

# The firmware tree is what the board has on its root: put it on the path so
# `import game.engine` means the same on CPython as on the board.
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def cut(text, most=200):
    """A user's argument in a message, at most `most` characters."""
    return text if len(text) <= most else text[:most - 3] + "..."
