"""The flags `press` and `sim` share, checked (--players, --rules, --seed,
--lang, --flash), and the flash folder they name, held by one process at a
time: used by host_sim.press and the emulated Pico's session alike."""
import contextlib
import os

from host_sim import cut


def setup_of(args):
    """The game the setup flags ask for, or None (the device's own menu)."""
    if args.players is None and args.rules is None and args.seed is None:
        return None
    got = {"players": 3 if args.players is None else args.players,
           "rules": args.rules or "standard", "seed": args.seed or 0}
    secret = getattr(args, "deck_secret", None)  # the sim's game with no seed given draws one
    if secret is None:
        secret = getattr(args, "secret", None)  # --secret: the deck order's, as a menu game draws one
    if secret is not None:
        got["secret"] = secret
    return got


def choose_lang(flash, code):
    """The language chosen in the settings on the emulated flash, as the
    setup menu's Lang line does."""
    from app import settings
    from drivers.storage import Storage
    store = Storage(os.path.join(flash, ""))
    s = settings.load(store)
    s["lang"] = code
    settings.save(store, s)


# a POSIX locale's Chinese regions, by the script they write
_HANT = ("TW", "HK", "MO")


def lang_of_locale(loc):
    """The device's language for a shell's LANG: one of app.lang's codes
    as it is, a zh_CN-style locale the Chinese of its region's script; None
    for anything else (the device keeps the language chosen on it)."""
    from app import lang
    if loc in lang.LANGS:
        return loc
    if loc.startswith("zh_"):
        return "zh-hant" if loc[3:5] in _HANT or "Hant" in loc else "zh-hans"
    return None


class UsageError(Exception):
    """A setup flag or board that cannot be used: the message says which."""


def check_flags(args):
    """UsageError for a --rules, --players or --lang the device cannot set up."""
    from game import engine, rules
    if args.rules is not None and args.rules not in rules.PRESET_NAMES:
        raise UsageError("--rules: unknown preset %r (known: %s)" % (cut(args.rules, 40), ", ".join(rules.PRESET_NAMES)))
    if args.players is not None and not 2 <= args.players <= engine.SEATS:
        raise UsageError("--players: 2 to %d, got %d" % (engine.SEATS, args.players))
    from app import lang
    code = getattr(args, "lang", None)
    if code is not None and code not in lang.LANGS:
        raise UsageError("--lang: unknown language %r (known: %s)" % (cut(code, 40), ", ".join(lang.LANGS)))


LOCK = ".in-use"  # beside the flash's files: one process at a time


def flash_folder(path):
    """The --flash folder, checked: refuses a file, a missing parent, '' and
    a folder it cannot write, each in one line (UsageError)."""
    where = "--flash %s" % cut(path)
    if not path:
        raise UsageError("--flash: give a folder's name")
    parent = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError("%s: not a folder" % where)
    if not os.path.isdir(parent):
        raise UsageError("%s: no folder %s to make it in" % (where, cut(parent)))
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UsageError("%s: %s" % (where, e.strerror))
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError("%s: not writable" % where)
    for name in ("game.jnl", "settings.json", "calib.json"):
        if os.path.isdir(os.path.join(path, name)):
            raise UsageError("%s: %s is a folder, not the device's file" % (where, name))


@contextlib.contextmanager
def locked(path):
    """Hold the flash folder for this process: a second one on the same
    folder is refused, not let tear the journal."""
    import fcntl
    f = open(os.path.join(path, LOCK), "w")
    try:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise UsageError("--flash %s: flash folder in use by another simulator" % cut(path))
        yield
    finally:
        f.close()
