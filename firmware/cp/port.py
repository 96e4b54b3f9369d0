"""CircuitPython's port: the primitives the shared assembly (app.hardware)
asks for, made by GPIO number with busio, digitalio, pwmio, analogio, keypad
and the Adafruit drivers, shaped as MicroPython's: value(v), duty_u16(d),
write(). It has no spi(): an e-paper board is a board-config error here."""
from os import urandom  # noqa: F401 - n bytes of the RP2040's ring oscillator (CircuitPython's hardware random source)

import board
import busio
import digitalio
import neopixel
import pwmio

NAME = "CircuitPython"


def gpio(n):
    """The Pico's pin GPn (the board config's numbering)."""
    return getattr(board, "GP%d" % n)


def i2c(c):
    """The I2C bus of a board config's "i2c" (busio picks the peripheral)."""
    return busio.I2C(gpio(c["scl"]), gpio(c["sda"]), frequency=c["freq"])


def display(bus, o):
    """The OLED of a board config's "oled", on an I2C bus (OSError if it does not answer)."""
    from cp.oled import Oled
    return Oled(bus, o["address"], o["width"], o["height"], o.get("panel", "ssd1306"))


def led():
    """The Pico's own LED (GP25): toggle()."""
    return _Out(board.LED, 0)


def output(n, level):
    """GPn driven at level: value(v)."""
    return _Out(gpio(n), level)


class _Out:
    def __init__(self, pin, level):
        self.io = digitalio.DigitalInOut(pin)
        self.io.switch_to_output(value=bool(level))

    def value(self, v):
        self.io.value = bool(v)

    def toggle(self):
        self.io.value = not self.io.value


def pwm(n, freq, tones=False):
    """A PWM output on GPn at freq, no pulse yet: duty_u16(), freq(hz).
    tones: its frequency will change (a buzzer: pwmio then takes the whole slice)."""
    return _Pwm(gpio(n), freq, tones)


class _Pwm:
    def __init__(self, pin, freq, tones):
        self.out = pwmio.PWMOut(pin, frequency=freq, duty_cycle=0, variable_frequency=tones)

    def freq(self, hz):
        self.out.frequency = hz

    def duty_u16(self, d):
        self.out.duty_cycle = min(d, 65535)


def strip(n, count):
    """The NeoPixels on GPn: item assignment, write()."""
    return _Strip(gpio(n), count, auto_write=False)


class _Strip(neopixel.NeoPixel):
    def write(self):
        self.show()


def buttons(names, pins, ladder=None, levels=()):
    """The buttons through keypad (GPIO switches) and analogio (the ladder on GPn)."""
    from cp.keys import KeypadButtons
    ain = None
    if ladder is not None:
        import analogio
        ain = analogio.AnalogIn(gpio(ladder))
    return KeypadButtons(names, [gpio(p) for p in pins], ain, levels)


def pca9685(bus, address):
    """The PCA9685 at address through adafruit_pca9685: pulse_us(channel, us), off(channel)."""
    return _Pca(bus, address)


_MIN_US = 500  # the pulse range the board config allows: a servo's fraction 0..1 spans it
_SPAN_US = 2000


class _Pca:
    def __init__(self, bus, address):
        from adafruit_pca9685 import PCA9685
        self.pca = PCA9685(bus, address=address)
        self.pca.frequency = 50
        self.servos = {}

    def _servo(self, c):
        s = self.servos.get(c)
        if s is None:
            from adafruit_motor.servo import Servo
            # adafruit_motor's hint asks for a pwmio.PWMOut; a PCA9685 channel is the
            # stand-in Adafruit's own servo examples pass (duty_cycle and frequency)
            s = self.servos[c] = Servo(self.pca.channels[c], min_pulse=_MIN_US,  # pyright: ignore[reportArgumentType]
                                       max_pulse=_MIN_US + _SPAN_US)
        return s

    def pulse_us(self, c, us):
        self._servo(c).fraction = (us - _MIN_US) / _SPAN_US

    def off(self, c):
        self._servo(c).fraction = None  # no pulse


def watchdog():
    from cp.watchdog import Watchdog
    return Watchdog()
