"""The OLED's frame: the device's mode, a message over it for a moment
(app.screens_play's box) and the seats' crystals, drawn in parts
(app.device draws a part a step)."""
from app import modes, screens
from app.lang import tr


def frame(fb, ctl):
    """The frame of the device's mode, a message over it for a moment and the
    seats' crystals, in parts: each yield ends one (at most about 2 ms of the
    RP2040), and app.device draws a part a step, so that no step keeps a
    press waiting behind a whole frame.
    Every mode's draw() is a generator too, yielding between its parts."""
    fb.fill(0)
    yield from ctl.cur.draw(fb, ctl)
    if ctl.boxed():
        yield
        from app import screens_play
        yield from screens_play.message(fb, tr(ctl.msg))
    g = ctl.store.game
    if g is not None and (ctl.mode == modes.M_PLAY and not g.over() or ctl.mode == modes.M_RELOAD):
        yield
        screens.scores(fb, g)


def draw(fb, ctl):
    """The whole frame at once (the tests', and a screen that must show now)."""
    for _ in frame(fb, ctl):
        pass
