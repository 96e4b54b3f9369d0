"""A fake of CircuitPython's `keypad.Keys`: the core scans the pins every
`interval` in the background and queues a change once debounce_threshold
scans in a row agree. Here the scans due since the last look are made when
the queue is read, at the present level of the emulated (bouncing) switches."""
from _mp import machine
from emu import clock


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp

    def __eq__(self, other):
        return (self.key_number, self.pressed) == (other.key_number, other.pressed)


class EventQueue:
    def __init__(self, keys, max_events):
        self._keys = keys
        self._q = []
        self._max = max_events
        self.overflowed = False

    def _put(self, n, pressed):
        if len(self._q) >= self._max:
            self.overflowed = True
            return
        self._q.append((n, pressed, clock.now_us() // 1000))

    def get(self):
        self._keys._scan()
        if not self._q:
            return None
        n, pressed, t = self._q.pop(0)
        return Event(n, pressed, t)

    def get_into(self, event):
        self._keys._scan()
        if not self._q:
            return False
        n, pressed, t = self._q.pop(0)
        event.key_number, event.pressed, event.released, event.timestamp = n, pressed, not pressed, t
        return True

    def clear(self):
        self._q = []
        self.overflowed = False

    def __len__(self):
        self._keys._scan()
        return len(self._q)

    def __bool__(self):
        return len(self) > 0


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        pull_mode = (machine.Pin.PULL_DOWN if value_when_pressed else machine.Pin.PULL_UP) if pull else -1
        self._pins = [machine.Pin(p._n, machine.Pin.IN, pull_mode) for p in pins]
        self._when = 1 if value_when_pressed else 0
        self._interval_us = int(interval * 1000000)
        self._threshold = debounce_threshold
        self._state = bytearray(len(pins))
        self._count = bytearray(len(pins))
        self._next = clock.now_us()
        self.key_count = len(pins)
        self.events = EventQueue(self, max_events)

    def _scan(self):
        now = clock.now_us()
        if now < self._next:
            return
        self._next = now + self._interval_us
        for i, p in enumerate(self._pins):
            down = 1 if p.value() == self._when else 0
            if down == self._state[i]:
                self._count[i] = 0
                continue
            self._count[i] += 1
            if self._count[i] >= self._threshold:
                self._state[i] = down
                self._count[i] = 0
                self.events._put(i, bool(down))

    def reset(self):
        self._state = bytearray(len(self._pins))
        self._count = bytearray(len(self._pins))

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
