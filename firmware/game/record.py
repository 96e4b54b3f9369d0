"""Game records: the text format of rules.md, read and written.

One action per line, `#` starts a comment, seats and windows 1-based. A
record may leave out chance lines (`card`, `roll`, the `first` header): they
are drawn from its `seed`. A bad line is refused with its number and the
reason, and nothing after it is applied.
"""
from game import chance, engine, rules
from game import Refused
from game.engine import (
    NOBODY as _NOBODY, CARD as _CARD, ROLL as _ROLL, SKIP as _SKIP, OPEN as _OPEN, GUESS as _GUESS,
    PASS as _PASS, END as _END, ORDER as _ORDER, CLOSE as _CLOSE, REVEAL as _REVEAL)

# the verbs, by action code; 0 is no action
VERBS = ("", "card", "roll", "skip", "open", "guess", "pass", "end", "order", "close", "reveal")
_HEADERS = ("players", "rules", "set", "first", "seed")


class RecordError(Refused):
    """A bad record line: args are ("line", number, the line, the reason),
    shown as `line N: <the line>: <reason>`; ("at_end", reason) when the
    record ends without what it needs."""


def words(line):
    """The words of a record line: no comment, split at ASCII spaces and tabs
    only (str.split() differs between CPython and MicroPython)."""
    out = []
    for w in line.split("#", 1)[0].replace("\t", " ").rstrip("\r\n").split(" "):
        if w:
            out.append(w)
    return out


def _int(w, lo, hi, what):
    v = rules.whole(w)
    if v is None:
        raise Refused("number", what, _cut(w))
    if not lo <= v <= hi:
        raise Refused("range", what, lo, hi, v)
    return v


def _ints(words, hi, what, less):
    """An action's numbers (1..hi), each minus `less` (1: 0-based seats and windows)."""
    out = bytearray()
    for w in words:
        out.append(_int(w, 1, hi, what) - less)
    return out


def _cut(text, most=60):  # an error echoes at most 60 characters of a line or a word
    return text if len(text) <= most else text[:most] + "..."


def parse_action(words):
    """(code, a, b) from the words of an action line, 0-based, or Refused.
    `undo` gives (0, 0, 0)."""
    verb = words[0]
    args = words[1:]
    k = len(args)
    if verb == "undo":
        op = 0
    elif verb in VERBS:  # VERBS[0] is "": never a word
        op = VERBS.index(verb)
    else:
        raise Refused("verb", _cut(verb))
    if op in (0, _SKIP, _PASS, _END, _CLOSE):
        if k:
            raise Refused("bare", verb)
        return op, 0, 0
    if op == _CARD:
        if k != engine.WINDOWS:
            raise Refused("card_len", k)
        return op, bytes(_ints(args, engine.FACES, "a token number", 0)), 0
    if op == _ROLL:
        if k != 2:
            raise Refused("takes_roll")
        d = _ints(args, engine.FACES, "a die", 0)
        return op, d[0], d[1]
    if op == _ORDER:
        if not k:
            raise Refused("takes_order")
        return op, bytes(_ints(args, engine.SEATS, "a seat", 1)), 0
    if k != 1:
        raise Refused("takes_one", verb, "window" if op == _OPEN else "seat")
    if op == _REVEAL and args[0] == "none":
        return op, _NOBODY, 0
    if op == _OPEN:
        return op, _ints(args, engine.WINDOWS, "a window", 1)[0], 0
    return op, _ints(args, engine.SEATS, "a seat", 1)[0], 0


def format_action(op, a=0, b=0):
    """The record line of an action (0-based arguments)."""
    name = VERBS[op]
    if op == _CARD or op == _ORDER:  # tokens as they are, seats 1-based
        for t in bytes(a):  # a card's bytes, or an order's seats as bytes or a list
            name += " %d" % (t + (op == _ORDER))
        return name
    if op == _ROLL:
        return "roll %d %d" % (a, b)
    if op == _REVEAL and a == _NOBODY:
        return "reveal none"
    if op in (_OPEN, _GUESS, _REVEAL):
        return "%s %d" % (name, a + 1)
    return name


class Table:
    """A game driven by record lines: draws the chance a line needs but the
    record left out, from the seed."""

    def __init__(self, game, rng):
        self.game = game
        self.rng = rng

    def settle(self):
        """Draw a pending card (dealt at once after a reveal or void card)."""
        if self.game.need_card and not self.game.over():
            self.game.apply(_CARD, chance.card(self.rng))

    def act(self, op, a=0, b=0):  # type: (int, object, int) -> None
        """Apply one action (op 0: undo), drawing what chance must come first."""
        g = self.game
        if op == 0:
            g.undo()
            return
        if op != _CARD:
            self.settle()
            # an `open` needs the roll the record left out; nothing else draws one
            if op == _OPEN and g.pending() == _ROLL:
                d1, d2 = chance.roll(self.rng)
                g.apply(_ROLL, d1, d2)
        g.apply(op, a, b)


def _header(words, head):
    key = words[0]
    if len(words) != (3 if key == "set" else 2):
        raise Refused("takes_set" if key == "set" else "takes_one", key, "value")
    again = key + " " + words[1] if key == "set" else key
    if again in head["seen"]:
        raise Refused("again", again)
    head["seen"].append(again)
    if key == "players":
        head["players"] = _int(words[1], 2, engine.SEATS, "players")
    elif key == "rules":
        head["opts"] = rules.preset(words[1])
        head["preset"] = words[1]
        for k, v in head["set"]:
            head["opts"][k] = v
    elif key == "set":
        v = rules.parse(words[1], words[2])
        head["opts"][words[1]] = v
        head["set"].append((words[1], v))
    elif key == "first":
        head["first"] = _int(words[1], 1, engine.SEATS, "first") - 1
    else:  # seed
        head["seed"] = _int(words[1], 0, 0xFFFFFFFF, "seed")


def _start(head):
    n = head["players"]
    if n is None:
        raise Refused("no_players")
    rng = chance.Rng(head["seed"])
    first = head["first"]
    if first is None:
        first = rng.below(n)
    elif first >= n:  # reported at the `first` line
        raise RecordError("line", head["first_at"][0], head["first_at"][1], str(Refused("first", first + 1, n)))
    return Table(engine.Game(n, head["opts"], first, head["preset"]), rng)


def load(lines):
    """Replay a record (an iterable of lines; LF, CRLF or CR ends) into a
    Table, or raise RecordError naming the first bad line."""
    head = {"players": None, "opts": rules.preset("standard"), "preset": "standard",
            "set": [], "first": None, "seed": 0, "seen": []}
    table = None
    number = 0
    text = ""
    try:
        for chunk in lines:  # LF, CRLF or a lone CR ends a line: MicroPython splits at LF alone
            parts = chunk.split("\r")
            if len(parts) > 1 and parts[-1] in ("", "\n"):  # "a\r\n", "a\r": no empty line of its own
                parts.pop()
            for raw in parts:
                number += 1
                if number == 1 and raw[:1] == "\ufeff":  # a byte-order mark, as Windows editors write
                    raw = raw[1:]
                w = words(raw)
                if not w:
                    continue
                text = raw.split("#", 1)[0].strip(" \t\r\n")
                if w[0] in _HEADERS:
                    if table is not None:
                        raise Refused("late_header")
                    if w[0] == "first":
                        head["first_at"] = (number, text)
                    _header(w, head)
                    continue
                op, a, b = parse_action(w)
                if table is None:
                    table = _start(head)
                table.act(op, a, b)
        if table is None:
            number = 0  # the end of the record: no line to name
            if not text:
                raise Refused("empty")
            table = _start(head)
        table.settle()
    except Refused as e:
        if isinstance(e, RecordError):
            raise
        if not number:
            raise RecordError("at_end", str(e))
        raise RecordError("line", number, _cut(text), _cut(str(e), 300))  # a reason may quote a word: 300
    return table


def write(game):
    """The record of a game: every header and every chance line, so it
    replays without a seed."""
    out = ["players %d" % game.n, "rules %s" % game.preset]
    base = rules.preset(game.preset)
    for key in rules.NAMES:
        if game.opts[key] != base[key]:
            out.append("set %s %s" % (key, rules.spell(game.opts[key])))
    out.append("first %d" % (game.first + 1))
    for op, a, b in game.actions():
        out.append(format_action(op, a, b))
    return "\n".join(out) + "\n"
