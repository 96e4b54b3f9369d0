"""PCA9685 16-channel 12-bit PWM controller on I2C (NXP datasheet rev. 4):
servo pulses for up to 16 channels, generated off the CPU."""
import time
from micropython import const

_MODE1 = const(0x00)
_MODE2 = const(0x01)
_LED0 = const(0x06)  # LEDn_ON_L; ON_H, OFF_L, OFF_H follow, 4 bytes a channel
_PRESCALE = const(0xFE)
_SLEEP = const(0x10)
_AI = const(0x20)  # register auto-increment
_OUTDRV = const(0x04)  # totem-pole outputs
_FULL = const(0x10)  # bit 4 of ON_H / OFF_H: full on / full off
_OSC_HZ = const(25000000)


class PCA9685:
    def __init__(self, i2c, address=0x40, freq=50):
        self.i2c = i2c
        self.address = address
        self._reg = bytearray(1)
        self._led = bytearray(4)
        self.set_freq(freq)

    def _write(self, reg, value):
        self._reg[0] = value
        self.i2c.writeto_mem(self.address, reg, self._reg)

    def set_freq(self, freq):
        # prescale = round(osc / (4096 * freq)) - 1 (datasheet 7.3.5): 121 for 50 Hz
        prescale = (_OSC_HZ + 2048 * freq) // (4096 * freq) - 1
        self._write(_MODE1, _SLEEP | _AI)  # prescale can only be written asleep
        self._write(_PRESCALE, prescale)
        self._write(_MODE2, _OUTDRV)
        self._write(_MODE1, _AI)
        time.sleep_us(500)  # the oscillator needs 500 us to start
        self.period_us = (prescale + 1) * 4096 * 1000000 // _OSC_HZ

    def pulse_us(self, channel, us):
        """Output a pulse of `us` microseconds at the start of every period."""
        off = (us * 4096 + self.period_us // 2) // self.period_us  # nearest count
        b = self._led
        b[0] = 0
        b[1] = 0
        b[2] = off & 0xFF
        b[3] = (off >> 8) & 0x0F
        self.i2c.writeto_mem(self.address, _LED0 + 4 * channel, b)

    def off(self, channel):
        b = self._led
        b[0] = b[1] = b[2] = 0
        b[3] = _FULL
        self.i2c.writeto_mem(self.address, _LED0 + 4 * channel, b)
