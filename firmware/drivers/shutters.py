"""The 12 windows: open or close each, with moves staggered so that no more
than `max_moving` servos run at once (12 SG90s starting together draw about
8 A; 3 stay within a 5 V 3 A rail). Closed is the safe state.

The servos have no feedback, so a move is taken to last its travel at the
slowest the servo may run, plus settle_ms: its angle (0.09 degrees per us of
pulse change, the SG90's) at ms_per_60deg (the board's figure, from a 72
degree move timed at bring-up; by default the SG90's 0.12 s per 60 degrees
at 4.8 V slowed to the 4.6 V the rail sags to), with a quarter more for
margin. A shutter released short of its end all the same (a stiff hinge, a
weak rail) is driven again when the game next needs the windows: at the next
move asked for (a window opened, a card change); such a re-drive waits until
no move runs, and runs alone.
A window asked back while it moves turns at once (an UNDO or a card pulled
hides the picture without waiting; the servo already counts as running).
Call update() often (every few ms): it ends finished moves and starts
waiting ones, oldest request first."""
import time
from array import array

from micropython import const

_MIN_US = const(500)  # the widest pulses, for a first move from anywhere
_MAX_US = const(2500)
_LATE = const(1 << 24)  # added to a re-drive's request number: after every move


class Shutters:
    def __init__(self, backend, n=12, closed_us=1100, open_us=1900, max_moving=3,
                 ms_per_60deg=125, settle_ms=10, storage=None, hold=()):
        """hold: window numbers (1-based) whose pulse stays on after a move;
        every other servo is released once its move has settled, so a shutter
        resting against a stop does not strain (a stalled SG90 draws 0.5 A+)."""
        self.backend = backend
        self.n = n
        self.max_moving = max_moving
        self.ms_per_60deg = ms_per_60deg
        self.settle_ms = settle_ms
        self.storage = storage
        self.closed_us = array("H", [closed_us] * n)
        self.open_us = array("H", [open_us] * n)
        self.up = open_us > closed_us  # the direction from closed to open, as the board config has it
        from drivers import calibration  # the device drops it once booted
        calibration.load(self)
        self.target = bytearray(n)  # 1: open, as last asked
        self.cmd_us = array("H", [0] * n)  # pulse last driven; 0: position unknown
        self.ends = array("i", [0] * n)  # ticks_ms at which a running move is over
        self.moving = bytearray(n)  # 1: a move runs, 2: a re-drive
        self.again = bytearray(n)  # 1: released after a move, not driven again since
        self.hold = bytearray(n)
        for w in hold:
            self.hold[w - 1] = 1
        self.order = array("i", [0] * n)  # request number of a waiting move, 0: none
        self._seq = 0
        self.still = False  # no move running or waiting: update() has nothing to look at
        self.asked = False  # a move was asked for since update() last looked
        self.soonest = 0  # ticks_ms at which the first running move is over
        self.cards = 0  # pictures the device holds itself: none, the cards are printed
        self.close_all()
        backend.enable(True)

    # Requests
    def open(self, i):
        self._ask(i, 1)

    def close(self, i):
        self._ask(i, 0)

    def close_all(self):
        for i in range(self.n):
            self._ask(i, 0, False)
        self.update()

    def set_card(self, card, tokens=None):
        """A new card: here a printed one the players put under the lid, so
        only close every window (the e-paper board shows picture `card`,
        its lids the tokens)."""
        self.close_all()

    def is_open(self, i):
        return self.target[i] == 1

    def closed(self):
        """Every window asked closed and none moving: the card under the lid is hidden."""
        for i in range(self.n):
            if self.target[i]:
                return False
        return not self.busy()

    def busy(self):
        for i in range(self.n):
            if self.moving[i] or self.order[i]:
                return True
        return False

    def _ask(self, i, want, start=True):
        self.target[i] = want
        if self.cmd_us[i] == self._pulse(i, want):
            if self.order[i] < _LATE:
                self.order[i] = 0  # there or on its way: cancel a waiting move back
            return
        if not self.order[i] or self.order[i] >= _LATE:
            self._seq += 1
            self.order[i] = self._seq
        for j in range(self.n):  # the game needs the windows: each shutter that may have stopped short is driven again
            if self.again[j] and not self.order[j] and not self.moving[j]:
                self._seq += 1
                self.order[j] = _LATE + self._seq
        self.still = False
        self.asked = True
        if start:
            self.update()

    def _pulse(self, i, want):
        return self.open_us[i] if want else self.closed_us[i]

    def _travel_ms(self, a, b):
        """A move from pulse a to b: |a - b| * 0.09 degrees at ms_per_60deg,
        a quarter more for margin, and the settle time."""
        return (abs(a - b) * self.ms_per_60deg * 3 + 1599) // 1600 + self.settle_ms

    # The schedule
    def update(self):
        # called every step: kept small (its frame on the C stack, not the
        # heap), and the schedule is looked at only when a move is over or asked for
        if self.still:
            return
        now = time.ticks_ms()
        if self.asked or time.ticks_diff(now, self.soonest) >= 0:
            self._schedule(now)

    def _schedule(self, now):
        self.asked = False
        running = 0
        soon = 100000  # ms to the end of the first running move
        for i in range(self.n):
            if self.moving[i]:
                d = time.ticks_diff(self.ends[i], now)
                if d <= 0:
                    if not self.hold[i]:
                        self.backend.release(i)
                        self.again[i] = 2 - self.moving[i]  # 1 after a move (it may have stopped short), 0 after a re-drive
                    self.moving[i] = 0
                else:
                    if 0 < self.order[i] < _LATE:  # asked back mid-move: it turns at once (hiding a card is
                        self.order[i] = 0           # not put off; no more servos run), timed as a whole move
                        self._start(i, now, True)
                        d = time.ticks_diff(self.ends[i], now)
                    running += 1
                    soon = min(soon, d)
        waiting = True
        while running < self.max_moving:
            i = self._next()
            if i < 0:
                waiting = False
                break
            again = self.order[i] >= _LATE
            if again and running:
                break  # one at a time, with nothing else moving: the moves keep their places
            self.order[i] = 0
            if self._start(i, now, again):
                running += 1
                soon = min(soon, time.ticks_diff(self.ends[i], now))
        self.still = not running and not waiting
        self.soonest = time.ticks_add(now, soon)

    def _next(self):
        best = -1
        for i in range(self.n):
            if self.order[i] and not self.moving[i] and (best < 0 or self.order[i] < self.order[best]):
                best = i
        return best

    def _start(self, i, now, again=False):
        """Drive window i to its target: a move, or again (a re-drive, held
        as long as a move between its two ends)."""
        us = self._pulse(i, self.target[i])
        was = self.cmd_us[i]
        if was == 0:  # after power-up the horn may be anywhere: allow the longest way
            again = True  # (so long that it needs no re-drive)
            was = _MIN_US if us - _MIN_US > _MAX_US - us else _MAX_US
        elif again:
            was = self._pulse(i, 1 - self.target[i])
        elif was == us:
            return False
        self.backend.drive(i, self.target[i], us)
        self.cmd_us[i] = us
        self.ends[i] = time.ticks_add(now, self._travel_ms(was, us))
        self.moving[i] = 2 if again else 1
        self.again[i] = 0
        return True

    def wait(self, step_ms=5):
        """Block until every move is over (self-test, shutdown)."""
        while self.busy():
            time.sleep_ms(step_ms)
            self.update()

    # Calibration (drivers.calibration: loaded only at boot and while calibrating)
    def calibrate(self, i, open_us=None, closed_us=None):
        """Set window i's ends: calibration.set_ends()."""
        from drivers import calibration
        return calibration.set_ends(self, i, open_us, closed_us)

    def save_calibration(self):
        from drivers import calibration
        calibration.save(self)
