"""A fake of CircuitPython's `pwmio` on the emulated RP2040 PWM (the
MicroPython fake's slices: both channels of a slice share the frequency)."""
from _mp import machine


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self._pwm = machine.PWM(pin._n, freq=frequency, duty_u16=0)
        self._freq = frequency
        self._variable = variable_frequency
        self.duty_cycle = duty_cycle

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, d):
        if not 0 <= d <= 65535:
            raise ValueError("duty_cycle must be 0-65535")
        self._duty = d
        self._pwm.duty_u16(d)

    @property
    def frequency(self):
        return self._freq

    @frequency.setter
    def frequency(self, f):
        if not self._variable:
            raise AttributeError("PWM frequency not writable when variable_frequency is False.")
        self._freq = f
        self._pwm.freq(f)

    def deinit(self):
        self._pwm.deinit()
