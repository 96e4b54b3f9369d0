"""A fake of CircuitPython's `digitalio` over the emulated pins."""
from _mp import machine


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DriveMode:
    PUSH_PULL = 0
    OPEN_DRAIN = 1


class DigitalInOut:
    def __init__(self, pin):
        self._p = machine.Pin(pin._n, machine.Pin.IN)
        self._dir = Direction.INPUT
        self._pull = None

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._dir = Direction.OUTPUT
        self._p.init(machine.Pin.OUT, value=1 if value else 0)

    def switch_to_input(self, pull=None):
        self._dir = Direction.INPUT
        self._pull = pull
        self._p.init(machine.Pin.IN, {None: 0, Pull.UP: 1, Pull.DOWN: 2}[pull])

    @property
    def direction(self):
        return self._dir

    @direction.setter
    def direction(self, d):
        if d == Direction.OUTPUT:
            self.switch_to_output()
        else:
            self.switch_to_input()

    @property
    def value(self):
        return bool(self._p.value())

    @value.setter
    def value(self, v):
        if self._dir != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._p.value(1 if v else 0)

    @property
    def pull(self):
        return self._pull

    @pull.setter
    def pull(self, p):
        self.switch_to_input(p)

    def deinit(self):
        self._p.init(machine.Pin.IN, 0)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
