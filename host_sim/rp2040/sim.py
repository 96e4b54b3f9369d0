"""`make sim RUNTIME=rp2040`: the terminal UI (host_sim/tui) on the emulated
Pico. It drives a session's push(), run(), emu and game(); this gives the
Pico those, the game read back from the board's journal (the only view the
host has of it while main.py runs) whenever the OLED changes."""
import contextlib
import os
from types import SimpleNamespace

from host_sim import FIRMWARE
from host_sim.rp2040 import image


class PicoSim:
    def __init__(self, pico):
        self.pico = pico
        self.emu = pico.emu
        self.dev = SimpleNamespace(hw=SimpleNamespace(cfg=pico.cfg))
        self._seen = None
        self._game = None

    @property
    def reboots(self):
        return self.pico.resets

    @property
    def card(self):
        return self.pico.card

    def push(self, k):
        return self.pico.push(k)

    def run(self, ms):
        self.pico.run(ms)

    def game(self):
        ram = bytes(self.emu.oled.ram)
        if ram != self._seen:  # a move shows on the OLED: read the journal again
            self._seen = ram
            self._game = image.resumed(self.pico.flash())
        return self._game


@contextlib.contextmanager
def session(args):
    """A PicoSim on the flags of `sim` (--board, --flash, --players/--rules/--seed)."""
    from host_sim.press import UsageError, check_flags, setup_of
    from host_sim.rp2040.session import Pico, scratch
    from app import board
    check_flags(args)
    try:
        board.load(args.board, os.path.join(FIRMWARE, ""))
    except board.ConfigError as e:
        raise UsageError(str(e))
    tmp = scratch() if args.flash is None else None
    pico = Pico(args.board, os.path.join(FIRMWARE, ""), args.flash or tmp.name, setup_of(args))
    try:
        yield PicoSim(pico)
    finally:
        pico.close(keep=args.flash is not None)
        if tmp is not None:
            tmp.cleanup()
