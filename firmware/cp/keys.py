"""The buttons on CircuitPython: the GPIO switches through `keypad` (scanned
and debounced in the background by the core), the resistor ladder through
`analogio`; press, short, long and release come from the shared
drivers.buttons, so a gesture means the same on both runtimes."""
import keypad

from drivers.buttons import Buttons


class _Level:
    """One switch as drivers.buttons reads a machine.Pin: value() 0 when held."""
    IN = 0
    PULL_UP = 1

    def __init__(self, held, i):
        self.held = held
        self.i = i

    def init(self, *args, **kwargs):
        pass  # keypad set the pull-up

    def value(self):
        return 0 if self.held[self.i] else 1


class Ladder:
    """An analogio.AnalogIn as drivers.buttons reads a machine.ADC."""

    def __init__(self, ain):
        self.ain = ain

    def read_u16(self):
        return self.ain.value


class KeypadButtons(Buttons):
    def __init__(self, names, pins, ladder=None, levels=()):
        """pins: microcontroller pins of the first len(pins) names (switches to
        ground); ladder: an analogio.AnalogIn for the rest."""
        self.keys = keypad.Keys(pins, value_when_pressed=False, pull=True,
                                interval=0.005, max_events=32)
        self.held = bytearray(len(pins))
        self.event = keypad.Event()
        levels_in = [_Level(self.held, i) for i in range(len(pins))]
        super().__init__(names, levels_in, None if ladder is None else Ladder(ladder), levels)

    def poll(self):
        ev = self.event
        q = self.keys.events
        while q.get_into(ev):  # no allocation: one Event reused
            self.held[ev.key_number] = 1 if ev.pressed else 0
        super().poll()
