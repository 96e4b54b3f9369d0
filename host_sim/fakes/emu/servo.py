"""An SG90 hobby servo: the horn turns toward the angle its pulse width asks for
(500-2500 us for 0-180 degrees) at 600 degrees a second (0.1 s per 60 degrees).
Without pulses it stays where it is. Its latest moves are logged as [start_us, end_us]."""
from emu import clock

MIN_US, MAX_US, RANGE_DEG = 500, 2500, 180
DEG_PER_S = 600
KEEP_MOVES = 100  # moves remembered per servo


def pulse_to_deg(us):
    us = max(MIN_US, min(MAX_US, us))
    return (us - MIN_US) * RANGE_DEG / (MAX_US - MIN_US)


class Servo:
    def __init__(self, source, listeners, angle=None):
        """source(): the pulse width now, in us (0: no pulses);
        listeners: the list the signal's owner calls on every change."""
        self.source = source
        self._a0 = RANGE_DEG / 2 if angle is None else angle
        self._t0 = clock.now_us()
        self._target = self._a0
        self.moves = Moves()
        listeners.append(self._changed)
        self._changed()

    def angle(self):
        dt = clock.now_us() - self._t0
        step = DEG_PER_S * dt / 1000000
        d = self._target - self._a0
        if abs(d) <= step:
            return self._target
        return self._a0 + (step if d > 0 else -step)

    def moving(self):
        return self.angle() != self._target

    def _changed(self):
        us = self.source()
        if not us:
            target = self.angle()  # no pulses: the motor stops where it is
        else:
            target = pulse_to_deg(us)
        if target == self._target:
            return
        now = clock.now_us()
        self._a0 = self.angle()
        self._t0 = now
        self.moves.cut(now)  # a move still running stops here
        self._target = target
        if target != self._a0:
            self.moves.add(now, now + int(abs(target - self._a0) * 1000000 / DEG_PER_S))


class Moves:
    """The latest KEEP_MOVES moves of a servo as [start_us, end_us] pairs, kept
    flat as plain ints (a list of small lists cost the VM's heap 5 KB a game)."""

    def __init__(self):
        self._t = []

    def add(self, start, end):
        if len(self._t) >= 2 * KEEP_MOVES:  # a long game: the oldest moves go
            del self._t[:2]
        self._t.append(start)
        self._t.append(end)

    def cut(self, now):
        if self._t and self._t[-1] > now:
            self._t[-1] = now

    def clear(self):
        del self._t[:]

    def __len__(self):
        return len(self._t) // 2

    def __getitem__(self, k):
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError("no such move")
        return [self._t[2 * k], self._t[2 * k + 1]]

    def __iter__(self):
        for k in range(len(self)):
            yield self[k]


def max_concurrent(servos):
    """The most servos ever in motion at one instant, from their move logs."""
    edges = []
    for s in servos:
        for a, b in s.moves:
            if b > a:
                edges.append((a, 1))
                edges.append((b, -1))
    edges.sort()  # an end sorts before a start at the same instant
    most = now = 0
    for _, d in edges:
        now += d
        most = max(most, now)
    return most
