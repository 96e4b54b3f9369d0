"""A fake `rp2`: only what the firmware may touch; PIO programs are not emulated."""

_bootsel = [0]


def bootsel_button():
    return _bootsel[0]


def asm_pio(**kw):
    def wrap(fn):
        return fn
    return wrap


class StateMachine:
    def __init__(self, id, prog=None, freq=-1, **kw):
        self.id = id
        self._active = 0

    def active(self, value=None):
        if value is None:
            return self._active
        self._active = 1 if value else 0
        return None

    def put(self, value, shift=0):
        pass


class PIO:
    def __init__(self, id):
        self.id = id
