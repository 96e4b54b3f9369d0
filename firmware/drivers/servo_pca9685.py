"""Shutter backend: hobby servos on the channels of a PCA9685 (drivers.pca9685).
OE (active low, pulled up on the board) keeps every servo unpowered until
enable(True): after the first pulses have been set."""


class PcaServos:
    def __init__(self, pca, channels, oe=None):
        self.pca = pca
        self.channels = channels
        self.oe = oe  # machine.Pin, or None if OE is tied low
        if oe is not None:
            oe.init(oe.OUT, value=1)
        for c in channels:
            pca.off(c)

    def drive(self, i, is_open, us):
        self.pca.pulse_us(self.channels[i], us)

    def release(self, i):
        self.pca.off(self.channels[i])

    def enable(self, on):
        if self.oe is not None:
            self.oe.value(0 if on else 1)
