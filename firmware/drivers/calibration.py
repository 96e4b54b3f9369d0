"""A servo board's calibration: each window's open and closed pulse widths
(Shutters.open_us, closed_us), checked, changed and kept on flash in
calib.json. Loaded at boot and while calibrating, not while playing: the
device drops it again (its code would be RAM for good)."""
from micropython import const

FILE = "calib.json"
MIN_US = const(500)
MAX_US = const(2500)
MIN_TRAVEL_US = const(300)  # the ends of a window keep apart at least this, on the board config's side
# how far an end may go past the board config's closed or open end: a hinge
# or horn a little off is taken up; a sliding shutter driven more than 3 degrees
# (33 us) past an end of the lid model meets its channel's end and stalls the servo
MARGIN_US = const(200)


def limits(s):
    """(lowest, highest) pulse a calibration may set: the board config's ends
    (kept in s.config_us at boot) widened by MARGIN_US, within MIN_US..MAX_US."""
    a, b = s.config_us
    if a > b:
        a, b = b, a
    return max(MIN_US, a - MARGIN_US), min(MAX_US, b + MARGIN_US)


def ends_ok(s, open_us, closed_us):
    """The two ends keep MIN_TRAVEL_US apart, open on the config's side."""
    d = open_us - closed_us if s.up else closed_us - open_us
    return d >= MIN_TRAVEL_US


def set_ends(s, i, open_us=None, closed_us=None):
    """Set window i's pulse widths; it moves to the new one of its state.
    False (nothing changed) if the ends would come closer than
    MIN_TRAVEL_US or cross (a closed end can never be set open), or go
    past the board config's ends by more than MARGIN_US."""
    lo, hi = limits(s)
    for us in (open_us, closed_us):
        if us is not None and not MIN_US <= us <= MAX_US:
            raise ValueError("pulse %d us outside %d..%d" % (us, MIN_US, MAX_US))
        if us is not None and not lo <= us <= hi:
            return False
    if not ends_ok(s, s.open_us[i] if open_us is None else open_us,
                   s.closed_us[i] if closed_us is None else closed_us):
        return False
    if open_us is not None:
        s.open_us[i] = open_us
    if closed_us is not None:
        s.closed_us[i] = closed_us
    s._ask(i, s.target[i])
    return True


def save(s):
    if s.storage is not None:
        s.storage.save_json(FILE, {"open": list(s.open_us), "closed": list(s.closed_us)})


def load(s):
    """The ends on flash, if any and sound: a damaged, foreign or crossed
    file, or one past the config's ends by more than MARGIN_US, leaves the
    board config's ends (s.why says why, for the bring-up)."""
    s.config_us = (s.open_us[0], s.closed_us[0])  # the board config's, before any file
    s.why = ""
    if s.storage is None:
        return
    data = s.storage.load_json(FILE)
    if data is None:
        return
    s.why = why = check(s, data)
    if not why:
        o, c = data["open"], data["closed"]
        for i in range(s.n):
            s.open_us[i] = o[i]
            s.closed_us[i] = c[i]
    else:
        print(why)  # the board config's ends are used


def check(s, data):
    """"" if data (calib.json's) holds sound ends for every window, else
    what is wrong, naming the key and the window."""
    lo, hi = limits(s)
    if not isinstance(data, dict):
        return "%s: not an object" % FILE
    for key in ("open", "closed"):
        v = data.get(key)
        if not isinstance(v, list) or len(v) != s.n:
            return "%s: %s: needs a list of %d pulses" % (FILE, key, s.n)
        for i in range(s.n):
            us = v[i]
            # ints only: a float would pass the range, then fail in the array('H')
            if not isinstance(us, int) or isinstance(us, bool):
                return "%s: %s[%d]: must be an integer" % (FILE, key, i)
            if not lo <= us <= hi:
                return "%s: %s[%d]: %d us is outside %d..%d (the board config's ends +- %d us)" % (
                    FILE, key, i, us, lo, hi, MARGIN_US)
    for i in range(s.n):
        if not ends_ok(s, data["open"][i], data["closed"][i]):
            return "%s: window %d: open and closed must keep %d us apart, open on the board config's side" % (
                FILE, i + 1, MIN_TRAVEL_US)
    return ""
