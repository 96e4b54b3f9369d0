"""`time` on the MicroPython VM, run by the virtual clock (CPython's own `time`
gets the same functions from host_sim.hw.install())."""
from emu.clock import ticks_us, ticks_ms, ticks_add, ticks_diff, sleep, sleep_ms, sleep_us, now_us


def ticks_cpu():
    return ticks_us()


def time():
    return now_us() // 1000000


def time_ns():
    return now_us() * 1000
