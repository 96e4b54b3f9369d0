"""One source for every number: a firmware module that needs game.engine's
action codes, phases and sizes, app.modes' keys and modes or app.journal's
marks imports them. A private copy, `_NAME = const(n)`, is allowed only in a
hot loop that a figure a player meets names (HOT, each with that figure),
and must equal its original."""
import os
import re

from host_sim import FIRMWARE
from app import journal, modes
from game import engine

ORIGINALS = (engine, modes, journal)
COPY = re.compile(r"^_([A-Z][A-Z0-9_]*) = const\((-?\d+)\)", re.M)


def copies():
    """(file, name, value) of every private const whose name is public in one of ORIGINALS."""
    out = []
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(dirs)
        for f in sorted(files):
            if f.endswith(".py"):
                path = os.path.join(top, f)
                with open(path, encoding="utf-8") as fh:
                    for name, value in COPY.findall(fh.read()):
                        if any(hasattr(m, name) for m in ORIGINALS):
                            out.append((os.path.relpath(path, FIRMWARE), name, int(value)))
    return out


# (file, name): the figure it serves. None today: no figure a player meets
# (press to shutter, the resumed boot) needs a copy.
HOT = {}


def test_no_module_copies_another_modules_number():
    found = [c for c in copies() if (c[0], c[1]) not in HOT]
    assert not found, "private copies of another module's number: %r" % found


def test_every_allowed_copy_equals_its_original():
    for f, name, value in copies():
        original = [getattr(m, name) for m in ORIGINALS if hasattr(m, name)]
        assert original and all(v == value for v in original), (
            "%s: _%s = const(%d), but the original is %r" % (f, name, value, original))


def test_the_journal_store_and_slot_keep_no_copies():
    """They import their numbers (and the rule options' names and kinds)
    from where they live: no hot loop of theirs needs a copy."""
    found = copies()
    assert not [c for c in found if c[0] in ("app/journal.py", "app/store.py", "app/slot.py")], found
    for f in ("journal.py", "store.py", "slot.py"):
        with open(os.path.join(FIRMWARE, "app", f), encoding="utf-8") as fh:
            text = fh.read()
        assert "start_crystals" not in text and "per_open_window" not in text, f  # no NAMES/KINDS copy
