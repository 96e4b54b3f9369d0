"""A fake of CircuitPython's `supervisor`: ticks_ms from the virtual clock,
wrapping at 2**29 as the core's does."""
from emu import clock


def ticks_ms():
    return (clock.now_us() // 1000) & ((1 << 29) - 1)


class _Runtime:
    usb_connected = True
    serial_connected = False


runtime = _Runtime()
