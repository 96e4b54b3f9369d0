"""Rule options and the four presets of rules.md, with validation.

Options are a plain dict name -> value (int, bool or one of a few words), so a
table can play any preset or its own house rules. Every error names the key.
Presets are kept as changes to `standard` and built on demand: tables of
dicts would cost the board RAM for as long as the module is loaded.
"""
from game import Refused, const

NAMES = ("start_crystals", "dice", "decline_reward", "decline_flat",
         "challenge_cost", "challenge_needs_funds", "challenge_guess",
         "guess_after_pass", "call_after_each_window", "bystanders_lose",
         "void_card_counts", "next_round_starter", "rounds", "max_windows")
# A number is the least whole value allowed; a tuple lists the words allowed.
DICE_WORDS = ("required", "optional", "off")  # named: the setup menu offers them
KINDS = (0, DICE_WORDS, ("per_window", "per_open_window", "flat"),
         0, 0, "bool", "bool", "bool", "bool", "bool", "bool",
         ("after_active", "rotate"), 1, 1)
STANDARD = (2, "required", "per_window", 2, 2, True, True, True, False, False,
            False, "after_active", 10, 2)
PRESET_NAMES = ("standard", "family", "summary", "zh-cn")
# Options by name, as their index in NAMES: const, so they cost the board no
# heap (a test checks each against NAMES)
_START_CRYSTALS = const(0)
_DICE = const(1)
_DECLINE_REWARD = const(2)
_CHALLENGE_COST = const(4)
_CHALLENGE_NEEDS_FUNDS = const(5)
_CHALLENGE_GUESS = const(6)
_GUESS_AFTER_PASS = const(7)
_CALL_AFTER_EACH_WINDOW = const(8)
_BYSTANDERS_LOSE = const(9)
_VOID_CARD_COUNTS = const(10)
_NEXT_ROUND_STARTER = const(11)
# Each preset as changes to STANDARD: option, value, option, value...
_CHANGES = (
    (),
    (_START_CRYSTALS, 0, _DECLINE_REWARD, "flat", _CHALLENGE_COST, 0, _CHALLENGE_NEEDS_FUNDS, False,
     _CHALLENGE_GUESS, False),
    (_DECLINE_REWARD, "per_open_window", _GUESS_AFTER_PASS, False, _VOID_CARD_COUNTS, True),
    (_DICE, "optional", _CALL_AFTER_EACH_WINDOW, True, _BYSTANDERS_LOSE, True, _NEXT_ROUND_STARTER, "rotate"),
)

# What each preset changes, in one line of the setup menu (at most 16
# characters: the OLED's width in its 8x8 font), by PRESET_NAMES; the
# device's languages translate it (texts/)
ABOUT = ("Rulebook rules", "Start 0, no fees", "PASS +1 per open", "Call each window")


def about(name):
    """Preset name's line for the setup menu; "" for one without (a house preset)."""
    i = PRESET_NAMES.index(name) if name in PRESET_NAMES else len(ABOUT)
    return ABOUT[i] if i < len(ABOUT) else ""


def _kind(name):
    if name not in NAMES:
        raise Refused("option", name, ", ".join(NAMES))
    return KINDS[NAMES.index(name)]


def preset(name):
    """A fresh dict of the options of a preset."""
    if name not in PRESET_NAMES:
        raise Refused("preset", name, ", ".join(PRESET_NAMES))
    opts = {}
    for i in range(len(NAMES)):
        opts[NAMES[i]] = STANDARD[i]
    changes = _CHANGES[PRESET_NAMES.index(name)]
    for i in range(0, len(changes), 2):
        opts[NAMES[int(changes[i])]] = changes[i + 1]  # int(): for pyright, the tuple mixes kinds
    return opts


def check(name, value):
    """Return value if it is valid for option `name`, else raise naming the key."""
    kind = _kind(name)
    if kind == "bool":
        if value is True or value is False:
            return value
        raise Refused("yes_no", name, value)
    if isinstance(kind, tuple):
        if value in kind:
            return value
        raise Refused("word", name, ", ".join(kind), value)
    if isinstance(value, bool) or not isinstance(value, int) or value < kind:
        raise Refused("whole", name, kind, "'%s'" % value if isinstance(value, str) else value)
    return value


def parse(name, text):
    """Option `name` from its record spelling (yes/no, a number, a word)."""
    kind = _kind(name)
    if kind == "bool" and text in ("yes", "no"):
        return text == "yes"
    if isinstance(kind, int):
        v = whole(text)
        if v is not None:
            text = v
    return check(name, text)


def whole(text):
    """The number that ASCII digits spell, else None: int() would also take
    a sign, `_` and other scripts' digits, and differently on CPython and
    MicroPython."""
    if not text:
        return None
    i = 0
    while i < len(text) - 1 and text[i] == "0":  # leading zeros: still the number, however many
        i += 1
    if len(text) - i > 18:  # longer: no count of the game's, and past CPython's int() limit
        return None
    for c in text:
        if not "0" <= c <= "9":
            return None
    return int(text[i:])


def spell(value):
    """The record spelling of an option value."""
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value)


def validate(opts):
    """Check a whole options dict: every option present and valid."""
    for key in NAMES:
        if key not in opts:
            raise Refused("missing", key)
        check(key, opts[key])
    for key in opts:
        _kind(key)
    return opts
