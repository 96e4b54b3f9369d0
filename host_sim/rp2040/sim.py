"""The emulated Pico behind `press --runtime rp2040` and `make sim
RUNTIME=rp2040`: press.session() yields this in place of an emu Session, with
the same face (key(), push(), run(), button(), emu, game()). The game is read
back from the board's journal on its flash (the host's only view of it while
main.py runs), again whenever the OLED has changed."""
import contextlib
import os
from types import SimpleNamespace

from host_sim import FIRMWARE
from host_sim.rp2040 import image


class PicoSim:
    def __init__(self, pico):
        self.pico = pico
        self.emu = pico.emu
        # the board config; the shutters driver is on the chip: the lid is drawn from the servos
        self.dev = SimpleNamespace(hw=SimpleNamespace(cfg=pico.cfg, shutters=None))
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

    def key(self, k):
        self.pico.key(k)

    def button(self, k):
        return self.pico.button(k)

    def wait_ms(self, k):
        return self.pico.wait_ms(k)

    def wait(self, ms):
        self.pico.wait(ms)

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
    """A PicoSim on the flags of `press` and `sim` (--board, --flash,
    --players/--rules/--seed, --lang, checked by press.session)."""
    from host_sim import hw
    hw.install()
    from app import board
    from host_sim.flags import UsageError, flash_folder, locked, setup_of
    from host_sim.rp2040 import assets
    from host_sim.rp2040.session import Pico, scratch
    try:
        board.load(args.board, os.path.join(FIRMWARE, ""))
        assets.binaries()
    except (board.ConfigError, assets.Missing) as e:
        raise UsageError(str(e))
    tmp = None
    flash = args.flash
    if flash is None:
        tmp = scratch()
        flash = tmp.name
    else:
        flash_folder(flash)
    try:
        with locked(flash):
            pico = Pico(args.board, os.path.join(FIRMWARE, ""), flash, setup_of(args), lang=getattr(args, "lang", None))
            try:
                yield PicoSim(pico)
            finally:
                pico.close(keep=args.flash is not None)
    finally:
        if tmp is not None:
            tmp.cleanup()
