"""The shutter backends with one output per window, for drivers.shutters
(drive(i, is_open, us), release(i), enable(on)): hobby servos on PWM pins or
on a PCA9685's channels, and light valves on plain outputs. They drive what
the runtime's port made (app.port, cp.port), so both runtimes share them."""


class PwmServos:
    def __init__(self, pwms, freq=50):
        """pwms: one PWM output a window (duty_u16()), started at duty 0: no pulse.
        Each needs its own PWM channel (the board config checks it)."""
        # per period, not per second: us * 65536 stays a small int (< 2**30) up to 2500 us
        self.period_us = 1000000 // freq
        self.pwms = pwms

    def drive(self, i, is_open, us):
        # duty is the pulse's share of the period, in 1/65536 steps
        self.pwms[i].duty_u16(us * 65536 // self.period_us)

    def release(self, i):
        self.pwms[i].duty_u16(0)

    def enable(self, on):
        pass


class PcaServos:
    """OE (active low, pulled up on the board) keeps every servo unpowered until
    enable(True): after the first pulses have been set."""

    def __init__(self, pca, channels, oe=None):
        """pca: pulse_us(channel, us) and off(channel); oe: an output, or None if
        OE is tied low."""
        self.pca = pca
        self.channels = channels
        self.oe = oe
        if oe is not None:
            oe.value(1)
        for c in channels:
            pca.off(c)

    def drive(self, i, is_open, us):
        self.pca.pulse_us(self.channels[i], us)

    def release(self, i):
        self.pca.off(self.channels[i])

    def enable(self, on):
        if self.oe is not None:
            self.oe.value(0 if on else 1)


class GpioShutters:
    """A light valve (LCD film) or e-ink-style shutter per window, on one output
    each, high for open; the pulse width is ignored."""

    def __init__(self, outs):
        self.outs = outs
        for o in outs:
            o.value(0)  # closed

    def drive(self, i, is_open, us):
        self.outs[i].value(1 if is_open else 0)

    def release(self, i):
        pass

    def enable(self, on):
        pass
