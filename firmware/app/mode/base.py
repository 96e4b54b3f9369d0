"""What a mode does when it has nothing of its own to do: the modes but play
subclass Base (play defines every hook itself, so a game in progress never
loads this module)."""
from app.modes import M_SETUP as _M_SETUP, M_PLAY as _M_PLAY

# app.modes' modes as private constants (a test checks each)


def leave(ctl):
    """Back to the game, or to setting one up if there is none."""
    ctl.enter(_M_PLAY if ctl.store.game is not None else _M_SETUP)


class Base:
    QUIET = False  # True: the mode draws over messages (the self-test's live key)

    def key(self, ctl, k, now):
        """A press of k (a seat or a control; not UNDO, not the card)."""

    def stop(self, ctl):
        """The mode is left, for any other (the controller drops it next)."""

    def back(self, ctl, now):
        """A short UNDO: back to the game, or to setting one up."""
        leave(ctl)

    def card(self, ctl, present, now):
        """The card switch moved (the slot has already taken it)."""

    def tick(self, ctl, now):
        """Time passes."""

    def draw(self, fb, ctl):
        """The OLED's frame (cleared before), rows 0-7, in parts: a generator
        yielding between them (app.frame)."""
        yield from ()

    def windows(self, ctl):
        """The 12-bit mask of windows that may be open now: none."""
        return 0

    def light(self, ctl, out):
        """Palette indexes (app.lights) for the NeoPixels; out is all OFF."""
