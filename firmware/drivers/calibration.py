"""A servo board's calibration: each window's open and closed pulse widths
(Shutters.open_us, closed_us), checked, changed and kept on flash in
calib.json. Loaded at boot and while calibrating, not while playing: the
device drops it again (its code would be RAM for good)."""
from micropython import const

FILE = "calib.json"
MIN_US = const(500)
MAX_US = const(2500)
MIN_TRAVEL_US = const(300)  # the ends of a window keep apart at least this, on the board config's side


def ends_ok(s, open_us, closed_us):
    """The two ends keep MIN_TRAVEL_US apart, open on the config's side."""
    d = open_us - closed_us if s.up else closed_us - open_us
    return d >= MIN_TRAVEL_US


def set_ends(s, i, open_us=None, closed_us=None):
    """Set window i's pulse widths; it moves to the new one of its state.
    False (nothing changed) if the ends would come closer than
    MIN_TRAVEL_US or cross: a closed end can never be set open."""
    for us in (open_us, closed_us):
        if us is not None and not MIN_US <= us <= MAX_US:
            raise ValueError("pulse %d us outside %d..%d" % (us, MIN_US, MAX_US))
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
    file leaves the board config's ends."""
    if s.storage is None:
        return
    data = s.storage.load_json(FILE)
    try:
        o, c = data["open"], data["closed"]
        # ints only: a float would pass the range, then fail in the array('H')
        ok = len(o) == len(c) == s.n and all(
            isinstance(v, int) and MIN_US <= v <= MAX_US for v in o + c)
        for i in range(s.n if ok else 0):
            ok = ok and ends_ok(s, o[i], c[i])
    except (TypeError, KeyError):
        ok = False
    if ok:
        for i in range(s.n):
            s.open_us[i] = o[i]
            s.closed_us[i] = c[i]
