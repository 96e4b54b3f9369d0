"""The virtual clock: time only moves when the firmware sleeps or a bus transfer
takes time, so every timing in a test is exact and repeatable."""

_TICKS_PERIOD = 1 << 30  # MicroPython's ticks wrap here
_TICKS_MAX = _TICKS_PERIOD - 1
_TICKS_HALF = _TICKS_PERIOD // 2

_now = [0]  # microseconds since boot; a list so every importer sees one value
_timers = []  # fake machine.Timer objects with a due time


def now_us():
    return _now[0]


def reset(start_us=0):
    _now[0] = start_us
    del _timers[:]


def advance(us):
    """Move time on by us, firing Timer callbacks due on the way, in order."""
    end = _now[0] + int(us)
    while True:
        due = None
        for t in _timers:
            if t._due <= end and (due is None or t._due < due._due):
                due = t
        if due is None:
            break
        if due._due > _now[0]:
            _now[0] = due._due
        due._fire()
    if end > _now[0]:
        _now[0] = end


def add_timer(t):
    if t not in _timers:
        _timers.append(t)


def remove_timer(t):
    if t in _timers:
        _timers.remove(t)


def ticks_us():
    return _now[0] & _TICKS_MAX


def ticks_ms():
    return (_now[0] // 1000) & _TICKS_MAX


def ticks_add(ticks, delta):
    return (ticks + delta) & _TICKS_MAX


def ticks_diff(a, b):
    return ((a - b + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


def sleep_us(us):
    advance(us)


def sleep_ms(ms):
    advance(ms * 1000)


def sleep(s):
    advance(s * 1000000)
