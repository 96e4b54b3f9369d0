"""Build and deploy tools: the firmware compiled for the board (mpy), copied to
it (flash), the CircuitPython drive (circuitpy) and the picture decks (deck)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
