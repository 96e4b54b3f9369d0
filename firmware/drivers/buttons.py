"""Buttons, polled and debounced: GPIO switches to ground (internal pull-ups)
and a resistor ladder sharing one ADC pin (one button at a time).

Call poll() every 2-5 ms. A change is taken once two polls in a row agree and
`lock_ms` has passed since the last change, so contact bounce and a ladder
reading caught between steps are ignored, and a press reaches the queue within
about two polls. Events wait in a preallocated ring; poll() allocates nothing.
It runs every step, so at rest it costs one read of the pins (one word of
levels where the port can read them at once) and one comparison: the
per-button debounce runs only while a level differs, or when a running wait
(lock_ms after a change, long_ms while held) is due.

Ticks wrap (2**30 ms on MicroPython, 2**29 on CircuitPython), so a timestamp
is only compared while its wait is running: once lock_ms has passed a flag
says so, and a button left alone for days is never judged by a stale time."""
import time
from array import array

try:
    from micropython import const
except ImportError:  # CPython without the simulator (the controller's tests): const(x) is x
    const = int

PRESS = const(0)  # went down
SHORT = const(1)  # released before long_ms
LONG = const(2)  # held for long_ms (once)
RELEASE = const(3)  # released (after SHORT or LONG)
KINDS = ("press", "short", "long", "release")
_FREE = const(65535)  # an idle ladder reads full scale
_QUEUE = const(32)


class Buttons:
    def __init__(self, names, pins=(), ladder=None, levels=(), lock_ms=15, long_ms=800, confirm=2, word=None):
        """names: every button; pins: machine.Pin for the first len(pins) names;
        ladder: a machine.ADC for the rest, levels[k] the reading with the k-th held;
        word: (mem, addr, gpios) where the port reads every pin at once: mem[addr]
        the levels as bits, pins[i] being bit gpios[i] (else each pin is read)."""
        self.names = names
        self.n = len(names)
        self.pins = pins
        for p in pins:
            p.init(p.IN, p.PULL_UP)
        if word is None:
            word = (None, 0, range(len(pins)))
        self.mem = word[0]
        self.addr = word[1]
        self.bits = array("I", [1 << g for g in word[2]])
        released = 0
        for g in word[2]:
            released |= 1 << g
        self.released = released  # every switch open: every pull-up's high
        self.expect = released  # the levels as the buttons stand (down: low)
        self.ladder_down = -1  # the ladder's button down, -1: none
        self.waiting = (1 << self.n) - 1  # bit i: button i counts, settles or waits for long (all: the first polls settle)
        self.due = time.ticks_ms()  # while any waits: the soonest time one of them needs a look
        self.adc = ladder
        # a reading belongs to the nearest level: thresholds halfway between them
        steps = list(levels) + [_FREE]
        self.bounds = array("i", [(steps[k] + steps[k + 1]) // 2 for k in range(len(levels))])
        self.free = self.bounds[-1] if levels else 0  # levels rise (board config): above this, none held
        self.lock_ms = lock_ms
        self.long_ms = long_ms
        self.confirm = confirm
        self.down = bytearray(self.n)
        self.count = bytearray(self.n)  # polls in a row disagreeing with `down`
        self.held_long = bytearray(self.n)
        self.settled = bytearray(self.n)  # lock_ms has passed since the last change
        self.since = array("i", [time.ticks_ms()] * self.n)
        self.queue = array("H", [0] * _QUEUE)
        self.head = 0
        self.tail = 0
        self.dropped = 0

    def _word(self):
        """The pins' levels as bits, pin i bit i (where the port has no one read)."""
        w = 0
        pins = self.pins
        for i in range(len(pins)):
            if pins[i].value():
                w |= 1 << i
        return w

    def _ladder_step(self, adc):
        """The button held on the ladder adc, -1: none."""
        v = adc.read_u16()
        if v >= self.free:
            return -1
        b = self.bounds
        for k in range(len(b)):
            if v < b[k]:
                return k
        return -1

    def poll(self):
        # kept small, so that its frame is on the C stack, not the heap: at
        # rest this is the whole poll
        m = self.mem
        w = (m[self.addr] if m is not None else self._word()) & self.released
        a = self.adc
        step = -1 if a is None else self._ladder_step(a)
        if w != self.expect or step != self.ladder_down or (
                self.waiting and time.ticks_diff(time.ticks_ms(), self.due) >= 0):
            self._debounce(w, step)

    def _debounce(self, w, step):
        """The buttons whose level differs from how they stood, or that wait."""
        diff = w ^ self.expect
        ld = self.ladder_down
        look = self.waiting
        now = time.ticks_ms()
        self.due = time.ticks_add(now, 1 << 20)  # the waits looked at below set it
        npins = len(self.pins)
        bits = self.bits
        if diff:
            for i in range(npins):
                if diff & bits[i]:
                    look |= 1 << i
        if step != ld:
            if step >= 0:
                look |= 1 << (npins + step)
            if ld >= 0:
                look |= 1 << (npins + ld)
        i = 0
        while look:  # only the buttons that changed or wait
            if look & 1:
                self._look(i, (w & bits[i]) == 0 if i < npins else i - npins == step, now)
            look >>= 1
            i += 1

    def _look(self, i, raw, now):
        """Debounce button i, its level now raw (True: held); if it still
        waits, when to look at it again."""
        if not self.settled[i]:
            d = time.ticks_diff(now, self.since[i])
            if d >= self.lock_ms or d < 0:  # < 0: more than half the tick period ago
                self.settled[i] = 1
        if raw != self.down[i]:
            if self.count[i] < self.confirm:  # a byte: it would overflow while lock_ms holds back
                self.count[i] += 1
            if self.count[i] >= self.confirm and self.settled[i]:
                self._change(i, raw, now)
        else:
            self.count[i] = 0
            if raw and not self.held_long[i]:
                d = time.ticks_diff(now, self.since[i])
                if d >= self.long_ms or d < 0:
                    self.held_long[i] = 1
                    self._put(i, LONG)
        if self.count[i]:  # a level to confirm: at the next poll
            d = 0
        elif not self.settled[i]:
            d = self.lock_ms
        elif self.down[i] and not self.held_long[i]:
            d = self.long_ms
        else:
            self.waiting &= ~(1 << i)
            return
        if d:
            now = time.ticks_add(self.since[i], d)
        self._wait(i, now)

    def _wait(self, i, at):
        """Button i waits: looked at again from ticks_ms `at` on."""
        self.waiting |= 1 << i
        if time.ticks_diff(at, self.due) < 0:
            self.due = at

    def _change(self, i, raw, now):
        self.down[i] = raw
        self.count[i] = 0
        self.since[i] = now
        self.settled[i] = 0
        k = i - len(self.pins)  # the ladder's step, if it is one
        if k < 0:
            self.expect = self.expect & ~self.bits[i] if raw else self.expect | self.bits[i]
        elif raw:
            self.ladder_down = k
        elif self.ladder_down == k:
            self.ladder_down = -1
        if raw:
            self.held_long[i] = 0
            self._put(i, PRESS)
        else:
            if not self.held_long[i]:
                self._put(i, SHORT)
            self._put(i, RELEASE)

    def _put(self, i, kind):
        nxt = (self.head + 1) % _QUEUE
        if nxt == self.tail:
            self.dropped += 1  # full: the oldest events are kept
            return
        self.queue[self.head] = i << 2 | kind
        self.head = nxt

    def get(self):
        """The next event as an int (button index << 2 | kind), or -1 if none."""
        if self.tail == self.head:
            return -1
        e = self.queue[self.tail]
        self.tail = (self.tail + 1) % _QUEUE
        return e

    def describe(self, event):
        return "%s %s" % (self.names[event >> 2], KINDS[event & 3])
