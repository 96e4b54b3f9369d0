"""The controller's vocabulary, shared with the modes, screens and lights:
key codes (the seat buttons first) and the device's modes (app/mode/)."""
from game import const
from game.engine import SEATS

# Keys: the seats (0 to SEATS - 1), then the controls and the card switch;
# their names are the buttons' everywhere (drivers, emulator, self-test),
# seats counted from 1.
K_ROLL = SEATS
K_NEXT = SEATS + 1
K_OK = SEATS + 2
K_PASS = SEATS + 3
K_UNDO = SEATS + 4
K_CARD = SEATS + 5
KEY_NAMES = tuple("seat%d" % (i + 1) for i in range(SEATS)) + ("roll", "next", "ok", "pass", "undo", "card")

# Modes
M_SETUP = const(0)
M_PLAY = const(1)
M_MENU = const(2)
M_CALIB = const(3)
M_TEST = const(4)
M_RELOAD = const(5)
M_SCORES = const(6)  # the Scores page: app/mode/result.py, each card's result (a name already in RAM)

CONTROLS = KEY_NAMES[K_ROLL:K_CARD]  # roll, next, ok, pass, undo: the board config's controls
# The shutter backends a board config can name (shutters.backend): app.hardware
# builds each from the runtime's port, the emulator wires each, by these names.
BACKENDS = ("pca9685", "pwm", "gpio", "epaper")

