"""`python -m host_sim press`: the firmware on the emulated board, played by
scripted key presses; prints the rules state JSON as its last line."""
import contextlib
import json
import os
import tempfile

from host_sim import FIRMWARE, cut, hw
from host_sim.shown import say, shown
from host_sim.flags import (  # noqa: F401 - press.X as before
    LOCK, UsageError, check_flags, choose_lang, flash_folder, locked, setup_of)


def install(runtime="micropython"):
    """The fakes of a runtime's modules, before any firmware or emu import
    (one runtime per process); returns the virtual clock."""
    if runtime == "circuitpython":
        from host_sim import cpy
        return cpy.install()
    return hw.install()  # "rp2040" too: the device models, on the emulated Pico's pins


ANGLES = ".servo-angles.json"  # beside the flash's files: where the horns stood at the end
# beside them too: the card slot at the end (a card in or not, and whether it
# is the game's card, seen, or to be swapped), which the firmware keeps in RAM
# only: a run on the same flash goes on with it, as keys in one run would
SLOT = ".card-slot.json"
SLOT_FIELDS = ("card_in", "fresh", "saw_out", "back", "seen")


def start(board, flash, setup=None, runtime="micropython", angles=None, secret=None, card=True):
    """A Session (host_sim/fakes/emu/session.py) on CPython, its flash in the
    folder flash; runtime "circuitpython": the CircuitPython build (host_sim.cpy);
    angles: where the servos stand at power-up; secret: pins the board's
    random source (None: fresh at every power-up); card: one in the slot."""
    install(runtime)
    from emu import world
    from emu.session import Session
    world.pin_random(secret)
    return Session(board, os.path.join(FIRMWARE, ""), os.path.join(flash, ""), setup, card=card, runtime=runtime,
                   angles=angles)


def saved_angles(flash):
    """The servo angles a run on this flash folder left, or None."""
    try:
        with open(os.path.join(flash, ANGLES)) as f:
            got = json.load(f)
        return [float(a) for a in got] if isinstance(got, list) else None
    except (OSError, ValueError, TypeError):
        return None


def saved_slot(flash):
    """The card slot a run on this flash folder left ({field: value}), or
    None: none kept, or not a game's (no journal beside it)."""
    if not os.path.exists(os.path.join(flash, "game.jnl")):
        return None
    try:
        with open(os.path.join(flash, SLOT)) as f:
            got = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(got, dict) or any(not isinstance(got.get(k), (bool, int)) for k in SLOT_FIELDS):
        return None
    return got


def keep_slot(flash, s):
    """Write the card slot of s's device beside its flash (SLOT)."""
    ctl = getattr(s.dev, "ctl", None)
    if ctl is None:
        return
    got = {k: getattr(ctl.slot, k) for k in SLOT_FIELDS}
    got["card_in"] = bool(s.card)  # the switch: where the last key left the card
    with open(os.path.join(flash, SLOT), "w") as f:
        json.dump(got, f)


def restore_slot(s, got):
    """The card slot as the last run left it: the firmware's fields put back
    once the boot has read the card switch (set where that run left it)."""
    ctl = getattr(s.dev, "ctl", None)
    if ctl is None or got is None:
        return
    from emu.session import STEP_MS
    for _ in range(WHOLE_STEPS):  # the switch read (and its event taken) before the fields go back
        if ctl.slot.card_in == bool(got["card_in"]):
            break
        s.run(STEP_MS)
    for k in SLOT_FIELDS:
        setattr(ctl.slot, k, type(getattr(ctl.slot, k))(got[k]))
    ctl.version += 1  # the screen shows what the slot waits for


def out_file(path, flag):
    """UsageError for an output file that cannot be written, before the first
    key is pressed: a missing folder, a folder in its place."""
    where = "%s %s" % (flag, shown(path))
    if not path:
        raise UsageError("%s: give a file's name" % flag)
    if os.path.isdir(path):
        raise UsageError("%s: a folder, not a file" % where)
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UsageError("%s: no folder %s" % (where, shown(parent)))
    if not os.access(parent, os.W_OK | os.X_OK) or os.path.exists(path) and not os.access(path, os.W_OK):
        raise UsageError("%s: not writable" % where)


def kept(path):
    """Every file under the flash folder and its bytes: what a refused run puts back."""
    got = {}
    for top, _, names in os.walk(path):
        for n in names:
            f = os.path.join(top, n)
            if n != LOCK and os.path.isfile(f):
                with open(f, "rb") as h:
                    got[f] = h.read()
    return got


def put_back(path, files):
    """The flash folder as kept() found it: new files removed, changed ones rewritten."""
    for f in kept(path):
        if f not in files:
            os.remove(f)
    for f, data in files.items():
        os.makedirs(os.path.dirname(f), exist_ok=True)
        with open(f, "wb") as h:
            h.write(data)


def heard(ctl):
    """The reasons of the presses ctl refuses from now on, as its message box
    shows them (translated): its refuse() wrapped here, not counted on the board."""
    said = []
    real = ctl.refuse

    def refuse(text, now=None):
        real(text, now)
        said.append(ctl.msg)
    ctl.refuse = refuse
    return said


@contextlib.contextmanager
def session(args):
    """The Session the flags of `press` and `sim` ask for (--players, --rules,
    --seed, --board, --flash); a scratch flash, removed after, without --flash.
    Raises UsageError for a bad flag or a board config the device refuses.
    What resume found (a journal cut short) and setup flags a resumed game
    ignores are said on stderr. Runtime "rp2040": the emulated Pico
    (host_sim/rp2040/sim.py), with the same face."""
    check_flags(args)
    code = getattr(args, "lang", None)
    if getattr(args, "runtime", "") == "rp2040":
        from host_sim.rp2040.sim import session as pico
        with pico(args) as s:
            yield s
        return
    scratch = None
    flash = args.flash
    if flash is None:
        scratch = tempfile.TemporaryDirectory(prefix="flash-")
        flash = scratch.name
    else:
        flash_folder(flash)
    try:
        with locked(flash), as_it_was(flash if scratch is None else None):
            if code is not None:
                choose_lang(flash, code)
            resuming = os.path.exists(os.path.join(flash, "game.jnl"))
            slot = saved_slot(flash) if scratch is None else None
            s = start(args.board, flash, setup_of(args), getattr(args, "runtime", "micropython"),
                      saved_angles(flash) if scratch is None else None, getattr(args, "secret", None),
                      card=True if slot is None else bool(slot["card_in"]))
            if not hasattr(s.dev, "ctl"):
                raise UsageError(s.dev.msg)
            restore_slot(s, slot)
            if s.dev.ctl.store.report:
                say(s.dev.ctl.store.report)
            if resuming and setup_of(args) is not None and s.game() is not None:
                say("--flash %s holds a game: resumed it, --players, --rules and --seed ignored" % flash)
            try:
                yield s
            finally:
                if scratch is None and s.emu.servos:  # the horns stay where they are till the next run
                    with open(os.path.join(flash, ANGLES), "w") as f:
                        json.dump([round(a, 2) for a in s.emu.angles()], f)
                if scratch is None:
                    keep_slot(flash, s)
    finally:
        if scratch is not None:
            scratch.cleanup()


@contextlib.contextmanager
def as_it_was(flash):
    """A run refused (UsageError: exit 2) leaves the flash folder as it was,
    whatever the boot or the keys before the refusal wrote."""
    files = kept(flash) if flash is not None else None
    try:
        yield
    except UsageError:
        if files is not None:
            put_back(flash, files)
        raise


WHOLE_STEPS = 500  # steps (1 s of the device's time) a frame gets to be drawn and sent: a few dozen do


def frame_whole(s):
    """Step on until the OLED holds the whole frame of the device's state:
    the firmware draws a frame a part a step and sends it a half page a step
    (app.device), so a capture taken between keys may catch it half drawn.
    The emulated Pico's steps are its own (no device here to ask)."""
    from emu.session import STEP_MS
    dev = s.dev
    ctl = getattr(dev, "ctl", None)
    if ctl is None or dev.hw.oled is None:
        return
    for _ in range(WHOLE_STEPS):
        if not dev.dirty and dev.shown_version == ctl.version:
            return
        s.run(STEP_MS)


def oled_lines(s):
    """The OLED as a viewer sees it: 64 strings of 128 characters, "#" lit."""
    return s.emu.oled.text().split("\n")


def check_keys(s, keys):
    """Every key known, before the first is pressed (a bad one changes nothing)."""
    for k in keys:
        if k[0] == "~":
            s.wait_ms(k)
        elif k != "c":
            s.button(k)


def _open_out(path, flag):
    try:
        return open(path, "w")
    except OSError as e:
        raise UsageError("%s %s: %s" % (flag, shown(path), e.strerror))


def main(args):
    from game import state
    trace = None
    try:
        for path, flag in ((args.record_out, "--record-out"), (args.trace, "--trace"), (args.oled_out, "--oled-out")):
            if path is not None:
                out_file(path, flag)
        with session(args) as s:
            keys = " ".join(args.keys).split()
            try:
                check_keys(s, keys)
            except ValueError as e:
                raise UsageError(str(e))
            if args.trace:
                trace = _open_out(args.trace, "--trace")
            ctl = getattr(s.dev, "ctl", None)  # none on the emulated Pico: its controller is on the chip
            refused = heard(ctl) if ctl is not None else []
            for i, k in enumerate(keys):
                was = len(refused)
                s.key(k)
                if len(refused) != was:  # what the OLED's message box says
                    say("key %d (%s) refused: %s" % (i + 1, k, refused[-1]))
                if trace is not None:
                    frame_whole(s)
                    g = s.game()
                    trace.write(json.dumps({"key": k, "state": state.as_dict(g) if g is not None else None,
                                            "oled": oled_lines(s)}) + "\n")
            g = s.game()
            if args.oled_out:
                frame_whole(s)
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
        say(e)
        return 2
    finally:
        if trace is not None:
            trace.close()
