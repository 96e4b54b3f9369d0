"""MicroPython's `time` functions that the shared firmware calls (ticks_ms,
ticks_add, ticks_diff, sleep_ms...), made from adafruit_ticks on CircuitPython,
whose `time` has none of them. code.py puts this module in sys.modules as
`time` before the firmware is imported: the firmware stays byte for byte the
MicroPython build's. ticks wrap at 2**29 here, not 2**30: ticks_add and
ticks_diff of the same module agree on it."""
from time import monotonic, sleep  # noqa: F401  (a `time` for whoever asks)

from adafruit_ticks import ticks_add, ticks_diff, ticks_less, ticks_ms  # noqa: F401


def ticks_us():
    """Only a seed for new games uses it: ms resolution is enough."""
    return ticks_ms() * 1000


def sleep_ms(ms):
    sleep(ms / 1000)


def sleep_us(us):
    sleep(us / 1000000)
