"""The shutter servo's pulse ends: the lid's travel, centred on the pulse the horns are fitted at, against what the
firmware lets a calibration set (drivers/calibration.py) from the board config's ends."""

import re

from .params import HERE, Lid

CALIBRATION = HERE.parents[1] / "firmware" / "drivers" / "calibration.py"
CENTRE_US = 1500  # every horn is fitted at this pulse (bring-up step 5): the shutter half way


def firmware_limits():
    """{MIN_US, MAX_US, MARGIN_US} as drivers/calibration.py has them."""
    text = CALIBRATION.read_text()
    out = {}
    for name in ("MIN_US", "MAX_US", "MARGIN_US"):
        found = re.search(r"^%s = const\((\d+)\)" % name, text, re.M)
        if not found:
            raise ValueError(f"{CALIBRATION.name}: no {name} = const(...)")
        out[name] = int(found.group(1))
    return out


def ends(p: Lid):
    """(closed_us, open_us) the lid wants: its travel centred on CENTRE_US, open on the board config's side."""
    half = p.pulse_span_us() / 2
    return (CENTRE_US - half, CENTRE_US + half) if p.open_us > p.closed_us else (CENTRE_US + half, CENTRE_US - half)


def problems(p: Lid):
    """What keeps the firmware from calibrating a shutter to ends(p), as text (empty if nothing): each end must
    lie within the board config's ends +- MARGIN_US, the most a calibration may move one, and MIN_US..MAX_US."""
    fw = firmware_limits()
    lo, hi = sorted((p.closed_us, p.open_us))
    lo, hi = max(fw["MIN_US"], lo - fw["MARGIN_US"]), min(fw["MAX_US"], hi + fw["MARGIN_US"])
    return [f"{name} end {us:.0f} us is outside {lo}..{hi} (the board config's {p.closed_us}/{p.open_us} us "
            f"+- {fw['MARGIN_US']}, within {fw['MIN_US']}..{fw['MAX_US']})"
            for name, us in zip(("closed", "open"), ends(p)) if not lo <= us <= hi]
