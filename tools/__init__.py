"""Build and deploy tools: the firmware compiled for the board (mpy), copied to
it (flash), the CircuitPython drive (circuitpy), the picture decks (deck), the
Chinese text tables (texts) and the glyph file cut to them (font)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
