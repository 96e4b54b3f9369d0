"""The OLED's frame: the device's mode, a message over it for a moment and
the seats' crystals, drawn in parts (app.device draws a part a step). It
picks the drawers of the language's script: app.screens_en's message box or
app.screens_zh's play screens, both built on app.screens."""
from app import lang, modes, screens


def frame(fb, ctl):
    """The frame of the device's mode, a message over it for a moment and the
    seats' crystals, in parts: each yield ends one (at most about 2 ms of the
    RP2040), and app.device draws a part a step, so that no step keeps a
    press waiting behind a whole frame. In Chinese app.screens_zh draws it.
    Every mode's draw() is a generator too, yielding between its parts."""
    fb.fill(0)
    md = ctl.cur
    if lang.script != "latin":  # app.lines' glyphs: play's screens and the message there
        from app import screens_zh
        yield from screens_zh.frame(fb, ctl)
    else:
        yield from md.draw(fb, ctl)
        if ctl.boxed():
            yield
            from app import screens_en
            yield from screens_en.message(fb, ctl.msg)
    g = ctl.store.game
    if g is not None and (ctl.mode == modes.M_PLAY and not g.over() or ctl.mode == modes.M_RELOAD):
        yield
        screens.scores(fb, g)


def draw(fb, ctl):
    """The whole frame at once (the tests', and a screen that must show now)."""
    for _ in frame(fb, ctl):
        pass
