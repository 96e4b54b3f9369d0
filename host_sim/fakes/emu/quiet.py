"""How long a device may go without a step if no input changes, read from its
parts' state: the simulator jumps its clock by this much (a week switched on
in a fraction of a second) and a page hosting the firmware can sleep as long.
Part of the emulation, not of the firmware: the board steps every 2 ms and
never needs it, so it takes neither flash nor RAM there.

ms(dev) is 0 while a button debounces or waits out lock_ms or a long press,
a window moves, a tune plays, the screen or the lights have a change to send
or the self-test runs; else the time until a message ends, the e-paper panel
goes to sleep or a Broken board's LED blinks; -1 if nothing is due at all."""
import time

from app.modes import M_TEST


def ms(dev):
    hw = dev.hw
    if not hasattr(dev, "ctl"):  # app.broken.Broken: its LED blinks every 250 ms
        if hw is not None and hw.shutters.busy():
            return 0
        return max(0, 250 - time.ticks_diff(time.ticks_ms(), dev.at))
    ctl = dev.ctl
    if (not buttons_quiet(hw.buttons) or hw.buzzer.playing or dev.dirty or ctl.mode == M_TEST
            or ctl.version != dev.lit_version or (hw.oled is not None and ctl.version != dev.shown_version)):
        return 0
    now = time.ticks_ms()
    q = shutters_ms(hw.shutters, now)
    if ctl.msg:
        m = max(0, time.ticks_diff(ctl.msg_until, now))
        q = m if q < 0 else min(q, m)
    return q


def buttons_quiet(b):
    """True if no poll can make an event until a switch changes: nothing
    debouncing, no lock_ms running, no long press pending."""
    for i in range(b.n):
        if b.count[i] or not b.settled[i] or (b.down[i] and not b.held_long[i]):
            return False
    return True


def shutters_ms(s, now):
    """0 while a move runs or waits (or a panel refresh); an idle e-paper
    panel until it sleeps; -1 when nothing is due."""
    if s.busy():
        return 0
    panel = getattr(s, "panel", None)
    if panel is None or panel.asleep:
        return -1
    from drivers.shutter_epaper import IDLE_SLEEP_MS
    return max(0, IDLE_SLEEP_MS - time.ticks_diff(now, s._idle_since))
