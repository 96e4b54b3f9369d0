"""Rule options and the four presets of rules.md, with validation.

Options are a plain dict name -> value (int, bool or one of a few words), so a
table can play any preset or its own house rules. Every error names the key.
"""

# name, kind: "int" (with its minimum), "bool", or a tuple of allowed words.
OPTIONS = (
    ("start_crystals", 0),
    ("dice", ("required", "optional", "off")),
    ("decline_reward", ("per_window", "per_open_window", "flat")),
    ("decline_flat", 0),
    ("challenge_cost", 0),
    ("challenge_needs_funds", "bool"),
    ("challenge_guess", "bool"),
    ("guess_after_pass", "bool"),
    ("call_after_each_window", "bool"),
    ("bystanders_lose", "bool"),
    ("void_card_counts", "bool"),
    ("next_round_starter", ("after_active", "rotate")),
    ("rounds", 1),
    ("max_windows", 1),
)

_STANDARD = {
    "start_crystals": 2, "dice": "required", "decline_reward": "per_window",
    "decline_flat": 0, "challenge_cost": 2, "challenge_needs_funds": True,
    "challenge_guess": True, "guess_after_pass": True,
    "call_after_each_window": False, "bystanders_lose": False,
    "void_card_counts": False, "next_round_starter": "after_active",
    "rounds": 10, "max_windows": 2,
}


def _variant(**changes):
    opts = dict(_STANDARD)
    opts.update(changes)
    return opts


PRESETS = {
    "standard": _STANDARD,
    "family": _variant(start_crystals=0, decline_reward="flat", decline_flat=2,
                       challenge_cost=0, challenge_needs_funds=False,
                       challenge_guess=False),
    "summary": _variant(decline_reward="per_open_window", guess_after_pass=False,
                        void_card_counts=True),
    "zh-cn": _variant(dice="optional", call_after_each_window=True,
                      bystanders_lose=True, next_round_starter="rotate"),
}
PRESET_NAMES = ("standard", "family", "summary", "zh-cn")


class RulesError(ValueError):
    pass


def _kind(name):
    for key, kind in OPTIONS:
        if key == name:
            return kind
    raise RulesError("unknown rule option %r (known: %s)" % (name, ", ".join(k for k, _ in OPTIONS)))


def preset(name):
    """A fresh copy of the options of a preset."""
    if name not in PRESETS:
        raise RulesError("unknown preset %r (known: %s)" % (name, ", ".join(PRESET_NAMES)))
    return dict(PRESETS[name])


def check(name, value):
    """Return value if it is valid for option `name`, else raise naming the key."""
    kind = _kind(name)
    if kind == "bool":
        if value is True or value is False:
            return value
        raise RulesError("%s: expected yes or no, got %r" % (name, value))
    if isinstance(kind, tuple):
        if value in kind:
            return value
        raise RulesError("%s: expected one of %s, got %r" % (name, ", ".join(kind), value))
    if isinstance(value, bool) or not isinstance(value, int) or value < kind:
        raise RulesError("%s: expected a whole number >= %d, got %r" % (name, kind, value))
    return value


def parse(name, text):
    """Option `name` from its record spelling (yes/no, a number, a word)."""
    kind = _kind(name)
    if kind == "bool":
        if text in ("yes", "no"):
            return text == "yes"
    elif not isinstance(kind, tuple):
        try:
            value = int(text)
        except ValueError:
            raise RulesError("%s: expected a whole number >= %d, got %r" % (name, kind, text))
        return check(name, value)
    return check(name, text)


def spell(value):
    """The record spelling of an option value."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def validate(opts):
    """Check a whole options dict: every option present and valid."""
    for key, _ in OPTIONS:
        if key not in opts:
            raise RulesError("%s: missing" % key)
        check(key, opts[key])
    for key in opts:
        _kind(key)
    return opts
