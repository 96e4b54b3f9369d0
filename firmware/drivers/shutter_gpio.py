"""Shutter backend: a light valve (LCD film) or e-ink-style shutter per window,
switched by one GPIO each; the pulse width is ignored."""
class GpioShutters:
    def __init__(self, pins, active_high=True):
        self.active_high = active_high
        self.pins = pins  # machine.Pin objects
        for p in pins:
            p.init(p.OUT, value=0 if active_high else 1)  # closed

    def drive(self, i, is_open, us):
        self.pins[i].value(1 if is_open == self.active_high else 0)

    def release(self, i):
        pass

    def enable(self, on):
        pass
