"""The game on this board's flash as a game record (rules.md's text format),
printed over USB:

    mpremote resume exec "from app import export; export.run()" > game.rec

(`resume`: no soft reset, so the watchdog stays fed while the REPL is in use.)
The record replays on a computer with `python -m host_sim replay game.rec`."""


class _Silent:
    """Outputs that do nothing: exporting must not move or sound anything."""

    def sound(self, name):
        pass

    def entropy(self):
        return 0


def record(storage):
    """The record of the journal's game, or None if the flash holds no game."""
    import time
    from app.controller import Controller
    from game import record as rec
    ctl = Controller(storage, _Silent(), time)
    return rec.write(ctl.store.game) if ctl.store.game is not None else None


def run(root=""):
    from drivers.storage import Storage
    text = record(Storage(root))
    print(text if text is not None else "# no game on this board", end="" if text else "\n")
