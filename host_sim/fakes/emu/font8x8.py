"""The 8x8 font of MicroPython's framebuf.text, for the CPython framebuf fake
and the tests that read the OLED back: the firmware's copy, which the
CircuitPython build draws with (firmware/cp/font8x8.py)."""
from cp.font8x8 import FONT, text  # noqa: F401
