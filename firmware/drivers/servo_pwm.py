"""Shutter backend: hobby servos on RP2040 PWM pins, 50 Hz, pulse set with duty_u16.
Each pin needs its own PWM channel (the board config checks it)."""
from machine import PWM


class PwmServos:
    def __init__(self, pins, freq=50):
        # per period, not per second: us * 65536 stays a small int (< 2**30) up to 2500 us
        self.period_us = 1000000 // freq
        self.pwms = [PWM(p, freq=freq, duty_u16=0) for p in pins]  # no pulses until told

    def drive(self, i, is_open, us):
        # duty is the pulse's share of the period, in 1/65536 steps
        self.pwms[i].duty_u16(us * 65536 // self.period_us)

    def release(self, i):
        self.pwms[i].duty_u16(0)

    def enable(self, on):
        pass
