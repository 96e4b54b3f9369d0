"""Shutter backend: hobby servos on RP2040 PWM pins, 50 Hz, pulse set with duty_u16.
Each pin needs its own PWM channel (the board config checks it)."""
from machine import PWM


class PwmServos:
    def __init__(self, pins, freq=50):
        self.freq = freq
        self.pwms = [PWM(p, freq=freq, duty_u16=0) for p in pins]  # no pulses until told

    def drive(self, i, is_open, us):
        # duty is the pulse's share of the period: us * freq / 1e6, in 1/65536 steps
        self.pwms[i].duty_u16(us * self.freq * 65536 // 1000000)

    def release(self, i):
        self.pwms[i].duty_u16(0)

    def enable(self, on):
        pass
