"""Emulated peripherals behind the fake `machine`: the clock, pins, buses and devices.

Written in the MicroPython subset, so the same emulation runs on CPython and on
the MicroPython VM."""
