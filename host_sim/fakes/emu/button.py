"""Push buttons that bounce, and the resistor ladder that shares one ADC pin.

A press is scheduled on the virtual clock: the contact chatters for `bounce_us`
(alternating every `chatter_us`) before it settles, on press and on release."""
from emu import clock, world


class Button:
    """A switch from a GPIO to ground (active low, with the pin's pull-up)."""

    def __init__(self, pin, bounce_us=3000, chatter_us=400):
        self.bounce_us = bounce_us
        self.chatter_us = chatter_us
        self._edges = []  # (time_us, closed), in time order
        self._i = 0  # the edge in force at the last look
        self.presses = []  # times the contact first closed
        self._pin = None
        if pin is not None:
            self._pin = world.pin(pin)
            self._pin.drive(self)

    def closed(self):
        # reading allocates nothing, so a test can heap_lock() around a poll
        now = clock.now_us()
        e = self._edges
        i = self._i
        while i + 1 < len(e) and e[i + 1][0] <= now:
            i += 1  # past edges no longer matter: keep the one in force
        self._i = i
        return i < len(e) and e[i][0] <= now and e[i][1]

    def _switch(self, at, closed):
        # chatter: the new state, then the old, ... until it settles
        t = at
        end = at + self.bounce_us
        s = closed
        while t < end:
            self._edges.append((t, s))
            t += self.chatter_us
            s = not s
        self._edges.append((end, closed))

    def press(self, hold_ms=60, at_us=None):
        """Schedule a press now (or at at_us) held for hold_ms."""
        t = clock.now_us() if at_us is None else at_us
        self.presses.append(t)
        self._switch(t, True)
        self._switch(t + hold_ms * 1000, False)
        self._edges = self._edges[self._i:]  # drop the past, then order the future
        self._i = 0
        self._edges.sort()

    def set(self, closed, at_us=None):
        """Switch to closed (True) or open now, bouncing, and stay there
        (the card switch: a card in the slot holds it closed)."""
        t = clock.now_us() if at_us is None else at_us
        if closed:
            self.presses.append(t)
        self._edges = self._edges[self._i:]
        self._i = 0
        self._switch(t, closed)
        self._edges.sort()

    def level(self):
        if self.closed():
            return 0
        return 1 if self._pin is not None and self._pin.pull == 1 else 0  # open: the pull-up, or floating low


class Ladder:
    """Buttons on one ADC pin: a pull-up to 3.3 V and a resistor to ground per
    button; levels[k] is the reading with button k held (one at a time)."""

    def __init__(self, pin, levels, bounce_us=3000, chatter_us=400):
        self.levels = levels
        self.buttons = [Button(None, bounce_us, chatter_us) for _ in levels]
        world.pin(pin).feed_adc(self)

    def read_u16(self):
        for k in range(len(self.buttons)):
            if self.buttons[k].closed():
                return self.levels[k]
        return 65535
