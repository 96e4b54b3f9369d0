"""Shutter backends on CircuitPython, with drive(i, is_open, us) / release(i) /
enable(on) as drivers.shutters expects: hobby servos through adafruit_pca9685
and adafruit_motor.servo, or on pwmio pins; light valves on digitalio pins."""
import digitalio

_MIN_US = 500  # the pulse range the board config allows: fraction 0..1 spans it
_SPAN_US = 2000


class PcaServos:
    def __init__(self, i2c, address, channels, oe=None):
        """oe: the microcontroller pin of the PCA9685's OE (active low), or None."""
        from adafruit_motor.servo import Servo
        from adafruit_pca9685 import PCA9685
        self.oe = None
        if oe is not None:  # every servo unpowered until enable(True)
            self.oe = digitalio.DigitalInOut(oe)
            self.oe.switch_to_output(value=True)
        self.pca = PCA9685(i2c, address=address)
        self.pca.frequency = 50
        # adafruit_motor's hint asks for a pwmio.PWMOut; a PCA9685 channel is the
        # stand-in Adafruit's own servo examples pass (duty_cycle and frequency)
        self.servos = [Servo(self.pca.channels[c], min_pulse=_MIN_US,  # pyright: ignore[reportArgumentType]
                             max_pulse=_MIN_US + _SPAN_US) for c in channels]
        for s in self.servos:
            s.fraction = None  # no pulse: position unknown until driven

    def drive(self, i, is_open, us):
        self.servos[i].fraction = (us - _MIN_US) / _SPAN_US

    def release(self, i):
        self.servos[i].fraction = None

    def enable(self, on):
        if self.oe is not None:
            self.oe.value = not on


class PwmServos:
    def __init__(self, pins, freq=50):
        import pwmio
        self.period_us = 1000000 // freq
        self.pwms = [pwmio.PWMOut(p, frequency=freq, duty_cycle=0) for p in pins]

    def drive(self, i, is_open, us):
        self.pwms[i].duty_cycle = us * 65535 // self.period_us

    def release(self, i):
        self.pwms[i].duty_cycle = 0

    def enable(self, on):
        pass


class GpioShutters:
    """A light valve per window, high for open."""

    def __init__(self, pins):
        self.outs = []
        for p in pins:
            d = digitalio.DigitalInOut(p)
            d.switch_to_output(value=False)  # closed
            self.outs.append(d)

    def drive(self, i, is_open, us):
        self.outs[i].value = bool(is_open)

    def release(self, i):
        pass

    def enable(self, on):
        pass
