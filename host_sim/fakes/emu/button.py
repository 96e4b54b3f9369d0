"""Push buttons that bounce, and the resistor ladder that shares one ADC pin.

A press is scheduled on the virtual clock: the contact chatters for `bounce_us`
(alternating every `chatter_us`) before it settles, on press and on release."""
from emu import clock, world


class Button:
    """A switch from a GPIO to ground (active low, with the pin's pull-up)."""

    def __init__(self, pin, bounce_us=3000, chatter_us=400):
        self.bounce_us = bounce_us
        self.chatter_us = chatter_us
        # (time_us, closed, bounce_us, chatter_us) of each change, in time
        # order: two small tuples a press, however long it chatters
        self._changes = []
        self._i = 0  # the change in force at the last look
        self._pin = None
        if pin is not None:
            self._pin = world.pin(pin)
            self._pin.drive(self)

    def closed(self):
        # reading allocates nothing, so a test can heap_lock() around a poll
        now = clock.now_us()
        c = self._changes
        i = self._i
        while i + 1 < len(c) and c[i + 1][0] <= now:
            i += 1  # past changes no longer matter: keep the one in force
        self._i = i
        if i >= len(c) or c[i][0] > now:
            return False
        t, closed, bounce, chatter = c[i]
        if now - t < bounce and ((now - t) // chatter) & 1:
            return not closed  # chatter: the new state, the old, ... until it settles
        return closed

    def next_change(self, now):
        """The first time after now at which closed() may change (a chatter
        edge or a scheduled switch), or None: an emulator that runs ahead in
        steps stops there to sample the contact."""
        c = self._changes
        for t, closed, bounce, chatter in c[self._i:]:
            if t > now:
                return t
            if now - t < bounce:
                return t + min(bounce, ((now - t) // chatter + 1) * chatter)
        return None

    def _switch(self, at, closed):
        self._changes.append((at, closed, self.bounce_us, self.chatter_us))

    def _keep_future(self):
        self._changes = self._changes[self._i:]  # drop the past, then order the future
        self._i = 0
        self._changes.sort()

    def press(self, hold_ms=60, at_us=None):
        """Schedule a press now (or at at_us) held for hold_ms."""
        t = clock.now_us() if at_us is None else at_us
        self._switch(t, True)
        self._switch(t + hold_ms * 1000, False)
        self._keep_future()

    def set(self, closed, at_us=None):
        """Switch to closed (True) or open now, bouncing, and stay there
        (the card switch: a card in the slot holds it closed)."""
        self._switch(clock.now_us() if at_us is None else at_us, closed)
        self._keep_future()

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
