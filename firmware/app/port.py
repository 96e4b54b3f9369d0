"""MicroPython's port: the RP2040's primitives from `machine`, made by GPIO
number for the shared assembly (app.hardware). The one module that knows
`machine`'s pins; its functions are what a board config can ask of a runtime."""
from machine import ADC, I2C, PWM, SPI, Pin, mem32

try:
    from os import urandom  # n bytes of the RP2040's ring oscillator (the rp2 port's hardware random source)
except ImportError:  # MicroPython in a web page has none: its emulated board brings one
    urandom = None

NAME = "MicroPython"


def i2c(c):
    """The I2C bus of a board config's "i2c"."""
    return I2C(c["id"], sda=Pin(c["sda"]), scl=Pin(c["scl"]), freq=c["freq"])


def display(bus, o):
    """The OLED of a board config's "oled", on an I2C bus (OSError if it does not answer)."""
    from drivers.ssd1306 import SSD1306
    return SSD1306(bus, o["address"], o["width"], o["height"], o.get("panel", "ssd1306"))


def led():
    """The Pico's own LED: toggle()."""
    return Pin("LED", Pin.OUT)


def pin(n):
    """GPn as it is: its driver sets it up."""
    return Pin(n)


def output(n, level):
    """GPn driven at level: value(v)."""
    return Pin(n, Pin.OUT, value=level)


def pwm(n, freq, tones=False):
    """A PWM output on GPn at freq, no pulse yet: duty_u16(), freq(hz).
    tones: its frequency will change (a buzzer); MicroPython needs no notice."""
    return PWM(Pin(n), freq=freq, duty_u16=0)


def strip(n, count):
    """The NeoPixels on GPn: item assignment, write()."""
    from neopixel import NeoPixel
    return NeoPixel(Pin(n, Pin.OUT), count)


def buttons(names, pins, ladder=None, levels=()):
    """drivers.buttons.Buttons: switches on GPIOs `pins`, the rest on the ADC of
    GPn `ladder`; the switches read in one word (a Pin.value() each costs 12x)."""
    from drivers.buttons import Buttons
    # the SIO's GPIO_IN: every pin's level, GPn bit n (mem32 is machine's: nothing of this module is kept)
    return Buttons(names, [Pin(p) for p in pins], None if ladder is None else ADC(Pin(ladder)), levels,
                   word=(mem32, 0xD0000004, pins))


def pca9685(bus, address):
    """The PCA9685 at address: pulse_us(channel, us), off(channel)."""
    from drivers.pca9685 import PCA9685
    return PCA9685(bus, address)


def spi(bus, baudrate, sck, mosi, miso):
    return SPI(bus, baudrate, sck=Pin(sck), mosi=Pin(mosi), miso=Pin(miso))


def watchdog():
    from drivers.watchdog import Watchdog
    return Watchdog()
