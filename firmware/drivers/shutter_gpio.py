"""Shutter backend: a light valve (LCD film) or e-ink-style shutter per window,
switched by one GPIO each, high for open; the pulse width is ignored."""
class GpioShutters:
    def __init__(self, pins):
        self.pins = pins  # machine.Pin objects
        for p in pins:
            p.init(p.OUT, value=0)  # closed

    def drive(self, i, is_open, us):
        self.pins[i].value(1 if is_open else 0)

    def release(self, i):
        pass

    def enable(self, on):
        pass
