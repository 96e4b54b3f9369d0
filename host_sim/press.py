"""`python -m host_sim press`: the firmware on the emulated board, played by
scripted key presses; prints the rules state JSON as its last line."""
import contextlib
import json
import os
import sys
import tempfile

from host_sim import FIRMWARE, hw


def install(runtime="micropython"):
    """The fakes of a runtime's modules, before any firmware or emu import
    (one runtime per process); returns the virtual clock."""
    if runtime == "circuitpython":
        from host_sim import cpy
        return cpy.install()
    return hw.install()


def start(board, flash, setup=None, runtime="micropython"):
    """A Session (host_sim/fakes/emu/session.py) on CPython, its flash in the
    folder flash; runtime "circuitpython": the CircuitPython build (host_sim.cpy)."""
    install(runtime)
    from emu.session import Session
    return Session(board, os.path.join(FIRMWARE, ""), os.path.join(flash, ""), setup, runtime=runtime)


def setup_of(args):
    """The game the setup flags ask for, or None (the device's own menu)."""
    if args.players is None and args.rules is None and args.seed is None:
        return None
    return {"players": 3 if args.players is None else args.players,
            "rules": args.rules or "standard", "seed": args.seed or 0}


class UsageError(Exception):
    """A setup flag or board that cannot be used: the message says which."""


@contextlib.contextmanager
def session(args):
    """The Session the flags of `press` and `sim` ask for (--players, --rules,
    --seed, --board, --flash); a scratch flash, removed after, without --flash.
    Raises UsageError for a bad flag or a board config the device refuses."""
    from game import rules
    if args.rules is not None and args.rules not in rules.PRESET_NAMES:
        raise UsageError("--rules: unknown preset %r (known: %s)" % (args.rules, ", ".join(rules.PRESET_NAMES)))
    if args.players is not None and not 2 <= args.players <= 6:
        raise UsageError("--players: 2 to 6, got %d" % args.players)
    scratch = None
    flash = args.flash
    if flash is None:
        scratch = tempfile.TemporaryDirectory(prefix="flash-")
        flash = scratch.name
    os.makedirs(flash, exist_ok=True)
    try:
        s = start(args.board, flash, setup_of(args), getattr(args, "runtime", "micropython"))
        if not hasattr(s.dev, "ctl"):
            raise UsageError(s.dev.msg)
        yield s
    finally:
        if scratch is not None:
            scratch.cleanup()


def main(args):
    from game import state
    try:
        with session(args) as s:
            try:
                s.keys(" ".join(args.keys))
            except ValueError as e:
                raise UsageError(str(e))
            g = s.game()
            if args.record_out and g is not None:
                from game import record
                with open(args.record_out, "w") as f:
                    f.write(record.write(g))
            print(json.dumps(state.as_dict(g)) if g is not None else "null")
            return 0
    except UsageError as e:
        print(e, file=sys.stderr)
        return 2
