"""The 12 windows: open or close each, with moves staggered so that no more
than `max_moving` servos run at once (12 SG90s starting together draw about
8 A; 3 stay within a 5 V 3 A rail). Closed is the safe state.

The servos have no feedback, so a move is taken to last its travel
(ms_per_100us of pulse change) plus settle_ms. Call update() often (every few
ms): it ends finished moves and starts waiting ones, oldest request first."""
import time
from array import array

from micropython import const

CALIB_FILE = "calib.json"
_MIN_US = 500
_MAX_US = 2500
MIN_TRAVEL_US = const(300)  # the ends of a window keep apart at least this, on the board config's side


class Shutters:
    def __init__(self, backend, n=12, closed_us=1100, open_us=1900, max_moving=3,
                 ms_per_100us=16, settle_ms=10, storage=None, hold=()):
        """hold: window numbers (1-based) whose pulse stays on after a move;
        every other servo is released once its move has settled, so a flap
        resting against a stop does not strain (a stalled SG90 draws 0.5 A+)."""
        self.backend = backend
        self.n = n
        self.max_moving = max_moving
        self.ms_per_100us = ms_per_100us
        self.settle_ms = settle_ms
        self.storage = storage
        self.closed_us = array("H", [closed_us] * n)
        self.open_us = array("H", [open_us] * n)
        self.up = open_us > closed_us  # the direction from closed to open, as the board config has it
        self.load_calibration()
        self.target = bytearray(n)  # 1: open, as last asked
        self.cmd_us = array("H", [0] * n)  # pulse last driven; 0: position unknown
        self.ends = array("i", [0] * n)  # ticks_ms at which a running move is over
        self.moving = bytearray(n)
        self.hold = bytearray(n)
        for w in hold:
            self.hold[w - 1] = 1
        self.order = array("i", [0] * n)  # request number of a waiting move, 0: none
        self._seq = 0
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

    def set_card(self, card):
        """A new card: here a printed one the players put under the lid, so
        only close every window (the e-paper board shows picture `card`)."""
        self.close_all()

    def is_open(self, i):
        return self.target[i] == 1

    def busy(self):
        for i in range(self.n):
            if self.moving[i] or self.order[i]:
                return True
        return False

    def _ask(self, i, want, start=True):
        self.target[i] = want
        if self.cmd_us[i] == self._pulse(i, want):
            self.order[i] = 0  # there or on its way: cancel a waiting move back
            return
        if not self.order[i]:
            self._seq += 1
            self.order[i] = self._seq
        if start:
            self.update()

    def _pulse(self, i, want):
        return self.open_us[i] if want else self.closed_us[i]

    def _travel_ms(self, a, b):
        return abs(a - b) * self.ms_per_100us // 100 + self.settle_ms

    # The schedule
    def update(self):
        now = time.ticks_ms()
        running = 0
        for i in range(self.n):
            if self.moving[i]:
                if time.ticks_diff(now, self.ends[i]) >= 0:
                    self.moving[i] = 0
                    if not self.hold[i]:
                        self.backend.release(i)
                else:
                    running += 1
        while running < self.max_moving:
            i = self._next()
            if i < 0:
                return
            self.order[i] = 0
            if self._start(i, now):
                running += 1

    def _next(self):
        best = -1
        for i in range(self.n):
            if self.order[i] and not self.moving[i] and (best < 0 or self.order[i] < self.order[best]):
                best = i
        return best

    def _start(self, i, now):
        us = self._pulse(i, self.target[i])
        was = self.cmd_us[i]
        if was == us:
            return False
        if was == 0:  # after power-up the horn may be anywhere: allow the longest way
            was = _MIN_US if us - _MIN_US > _MAX_US - us else _MAX_US
        ms = self._travel_ms(was, us)
        self.backend.drive(i, self.target[i], us)
        self.cmd_us[i] = us
        self.ends[i] = time.ticks_add(now, ms)
        self.moving[i] = 1
        return True

    def wait(self, step_ms=5):
        """Block until every move is over (self-test, shutdown)."""
        while self.busy():
            time.sleep_ms(step_ms)
            self.update()

    # Calibration, kept on flash
    def ends_ok(self, open_us, closed_us):
        """The two ends keep MIN_TRAVEL_US apart, open on the config's side."""
        d = open_us - closed_us if self.up else closed_us - open_us
        return d >= MIN_TRAVEL_US

    def calibrate(self, i, open_us=None, closed_us=None):
        """Set window i's pulse widths; it moves to the new one of its state.
        False (nothing changed) if the ends would come closer than
        MIN_TRAVEL_US or cross: a closed end can never be set open."""
        for us in (open_us, closed_us):
            if us is not None and not _MIN_US <= us <= _MAX_US:
                raise ValueError("pulse %d us outside %d..%d" % (us, _MIN_US, _MAX_US))
        if not self.ends_ok(self.open_us[i] if open_us is None else open_us,
                            self.closed_us[i] if closed_us is None else closed_us):
            return False
        if open_us is not None:
            self.open_us[i] = open_us
        if closed_us is not None:
            self.closed_us[i] = closed_us
        self._ask(i, self.target[i])
        return True

    def save_calibration(self):
        if self.storage is not None:
            self.storage.save_json(CALIB_FILE, {"open": list(self.open_us), "closed": list(self.closed_us)})

    def load_calibration(self):
        if self.storage is None:
            return
        data = self.storage.load_json(CALIB_FILE)
        try:
            o, c = data["open"], data["closed"]
            # ints only: a float would pass the range, then fail in the array('H')
            ok = len(o) == len(c) == self.n and all(
                isinstance(v, int) and _MIN_US <= v <= _MAX_US for v in o + c)
            for i in range(self.n if ok else 0):
                ok = ok and self.ends_ok(o[i], c[i])
        except (TypeError, KeyError):
            ok = False
        if ok:  # a damaged, foreign or crossed file leaves the board config's ends
            for i in range(self.n):
                self.open_us[i] = o[i]
                self.closed_us[i] = c[i]
