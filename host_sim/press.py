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


def oled_lines(s):
    """The OLED as a viewer sees it: 64 strings of 128 characters, "#" lit."""
    return s.emu.oled.text().split("\n")


def check_keys(s, keys):
    """Every key known, before the first is pressed (a bad one changes nothing)."""
    for k in keys:
        if k != "c":
            s.button(k)


def _open_out(path, flag):
    try:
        return open(path, "w")
    except OSError as e:
        raise UsageError("%s %s: %s" % (flag, cut(path), e.strerror))


def cut(text, most=200):
    """A user's argument in a message, at most `most` characters."""
    return text if len(text) <= most else text[:most - 3] + "..."


def main(args):
    from game import state
    trace = None
    try:
        with session(args) as s:
            keys = " ".join(args.keys).split()
            try:
                check_keys(s, keys)
            except ValueError as e:
                raise UsageError(str(e))
            if args.trace:
                trace = _open_out(args.trace, "--trace")
            for k in keys:
                s.key(k)
                if trace is not None:
                    g = s.game()
                    trace.write(json.dumps({"key": k, "state": state.as_dict(g) if g is not None else None,
                                            "oled": oled_lines(s)}) + "\n")
            g = s.game()
            if args.oled_out:
                from host_sim import screen
                try:
                    screen.save_png(s.emu.oled, args.oled_out, 1, (255, 255, 255))
                except OSError as e:
                    raise UsageError("--oled-out %s: %s" % (cut(args.oled_out), e.strerror))
            if args.record_out and g is not None:
                from game import record
                with _open_out(args.record_out, "--record-out") as f:
                    f.write(record.write(g))
            print(json.dumps(state.as_dict(g)) if g is not None else "null")
            return 0
    except UsageError as e:
        print(e, file=sys.stderr)
        return 2
    finally:
        if trace is not None:
            trace.close()
