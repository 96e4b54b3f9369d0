"""Game records: the text format of rules.md, read and written.

One action per line, `#` starts a comment, seats and windows 1-based. A
record may leave out chance lines (`card`, `roll`, the `first` header): they
are drawn from its `seed`. A bad line is refused with its number and the
reason, and nothing after it is applied.
"""
from game import chance, engine, rules
from game.engine import (CARD, CLOSE, END, GUESS, NOBODY, OPEN, ORDER, PASS,
                         REVEAL, ROLL, SKIP)
from game import Refused

_HEADERS = ("players", "rules", "set", "first", "seed")


class RecordError(Refused):
    """A bad record line: args are ("line", number, the line, the reason),
    shown as `line N: <the line>: <reason>`."""


def _ints(words, lo, hi, what):
    out = []
    for w in words:
        try:
            v = int(w)
        except ValueError:
            raise Refused("number", what, w)
        if not lo <= v <= hi:
            raise Refused("range", what, lo, hi, v)
        out.append(v)
    return out


def parse_action(words):
    """(code, a, b) from the words of an action line, 0-based, or Refused.
    `undo` gives (0, 0, 0)."""
    verb = words[0]
    args = words[1:]
    if verb == "undo":
        op = 0
    elif verb in engine.NAMES[1:]:
        op = engine.NAMES.index(verb)
    else:
        raise Refused("verb", verb)
    if op in (0, SKIP, PASS, END, CLOSE):
        if args:
            raise Refused("bare", verb)
        return op, 0, 0
    if op == CARD:
        if len(args) != 12:
            raise Refused("card_len", len(args))
        return op, bytes(_ints(args, 1, 6, "a token number")), 0
    if op == ROLL:
        if len(args) != 2:
            raise Refused("takes", "roll", "two dice")
        d = _ints(args, 1, 6, "a die")
        return op, d[0], d[1]
    if op == ORDER:
        if not args:
            raise Refused("takes", "order", "the seats in their new order")
        return op, bytes(s - 1 for s in _ints(args, 1, 6, "a seat")), 0
    if len(args) != 1:
        raise Refused("takes", verb, "one window" if op == OPEN else "one seat")
    if op == REVEAL and args[0] == "none":
        return op, NOBODY, 0
    if op == OPEN:
        return op, _ints(args, 1, 12, "a window")[0] - 1, 0
    return op, _ints(args, 1, 6, "a seat")[0] - 1, 0


def format_action(op, a=0, b=0):
    """The record line of an action (0-based arguments)."""
    name = engine.NAMES[op]
    if op == CARD:
        return "card " + " ".join(str(t) for t in a)
    if op == ROLL:
        return "roll %d %d" % (a, b)
    if op == ORDER:
        return "order " + " ".join(str(s + 1) for s in a)
    if op == REVEAL and a == NOBODY:
        return "reveal none"
    if op in (OPEN, GUESS, REVEAL):
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
            self.game.apply(CARD, chance.card(self.rng))

    def act(self, op, a=0, b=0):
        """Apply one action (op 0: undo), drawing what chance must come first."""
        g = self.game
        if op == 0:
            g.undo()
            return
        if op != CARD:
            self.settle()
            # an `open` needs the roll the record left out; nothing else draws one
            if op == OPEN and g.pending() == ROLL:
                d1, d2 = chance.roll(self.rng)
                g.apply(ROLL, d1, d2)
        g.apply(op, a, b)


def _header(words, head):
    key = words[0]
    if key == "players":
        if len(words) != 2:
            raise Refused("takes", "players", "one number")
        head["players"] = _ints(words[1:], 2, 6, "players")[0]
    elif key == "rules":
        if len(words) != 2:
            raise Refused("takes", "rules", "one preset name")
        head["opts"] = rules.preset(words[1])
        head["preset"] = words[1]
        for k, v in head["set"]:
            head["opts"][k] = v
    elif key == "set":
        if len(words) != 3:
            raise Refused("takes", "set", "an option and a value")
        v = rules.parse(words[1], words[2])
        head["opts"][words[1]] = v
        head["set"].append((words[1], v))
    elif key == "first":
        if len(words) != 2:
            raise Refused("takes", "first", "one seat")
        head["first"] = _ints(words[1:], 1, 6, "first")[0] - 1
    else:  # seed
        if len(words) != 2:
            raise Refused("takes", "seed", "one number")
        head["seed"] = _ints(words[1:], 0, 0xFFFFFFFF, "seed")[0]


def _start(head):
    n = head["players"]
    if n is None:
        raise Refused("no_players")
    rng = chance.Rng(head["seed"])
    first = head["first"]
    if first is None:
        first = rng.below(n)
    elif first >= n:
        raise Refused("first", first + 1, n)
    return Table(engine.Game(n, head["opts"], first, head["preset"]), rng)


def load(lines):
    """Replay a record (an iterable of lines) into a Table, or raise
    RecordError naming the first bad line."""
    head = {"players": None, "opts": rules.preset("standard"), "preset": "standard",
            "set": [], "first": None, "seed": 0}
    table = None
    number = 0
    text = ""
    try:
        for raw in lines:
            number += 1
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            words = text.split()
            if words[0] in _HEADERS:
                if table is not None:
                    raise Refused("late_header")
                _header(words, head)
                continue
            op, a, b = parse_action(words)
            if table is None:
                table = _start(head)
            table.act(op, a, b)
        if table is None:
            number += 1
            text = "(end of record)"
            table = _start(head)
        table.settle()
    except Refused as e:
        raise RecordError("line", number, text, str(e))
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
