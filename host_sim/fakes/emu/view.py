"""What the emulated board shows a player, computed once for every front
end (the terminal's `make sim` and the web page): how far each flap stands
open. Runs on CPython and on MicroPython (the web page)."""
from emu.servo import pulse_to_deg


def flap(emu, w, shutters=None, cfg=None):
    """How far window w stands open, 0.0 (closed) to 1.0: a light valve is
    one or the other; a servo's angle is placed between the pulses the
    device drives window w with (its shutters' calibration), or, with no
    device shutters (a refused board config), the board config's."""
    if emu.valves:
        return 1.0 if emu.valves[w].level() else 0.0
    if shutters is not None and hasattr(shutters, "open_us"):
        shut, opened = shutters.closed_us[w], shutters.open_us[w]
    elif cfg is not None:
        sh = cfg["shutters"]
        shut, opened = sh["closed_us"], sh["open_us"]
    else:
        raise ValueError("window %d: no shutters and no board config to read its pulses from" % w)
    lo, hi = pulse_to_deg(shut), pulse_to_deg(opened)
    if hi == lo:
        return 0.0
    f = (emu.servos[w].angle() - lo) / (hi - lo)
    return 1.0 if f > 1 else 0.0 if f < 0 else f
