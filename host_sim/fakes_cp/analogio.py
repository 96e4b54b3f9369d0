"""A fake of CircuitPython's `analogio`: AnalogIn.value, 16 bits, from the
emulated ADC (the resistor ladder)."""
from _mp import machine


class AnalogIn:
    def __init__(self, pin):
        self._adc = machine.ADC(pin._n)

    @property
    def value(self):
        return self._adc.read_u16()

    @property
    def reference_voltage(self):
        return 3.3

    def deinit(self):
        pass
