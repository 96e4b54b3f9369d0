"""A text game on the rules engine, for a person at a terminal."""
import sys
import time

from game import Refused, engine, record, state
from game.engine import REVEAL
from game.state import PHASES
from host_sim import recordfile

HELP = """Type one action per line, as in a game record (seats and windows 1-based):
  roll            roll the dice (or `roll 2 5` to enter dice rolled by hand)
  skip            skip the roll (optional dice)
  open 7          open window 7
  guess 2         seat 2 guesses (the active seat, or a challenger in a call)
  pass            decline: take the reward, open the call
  end             end the turn (after a call with no takers)
  order 3 2       order challengers that tie on crystals
  close           close the call
  reveal 3        seat 3 was right (`reveal none`: nobody)
  undo            take back the last action (never a roll)
  set OPTION VALUE  change a rule option before the first action (rules.md's options)
  save FILE       write the game record (the whole rest of the line is the name)
  quit            leave (Ctrl-C or Ctrl-D too)"""


def dice(game):
    """The roll, saying which die is spent: `1 3 (3 is used)`."""
    if not game.d1:
        return "-"
    out = "%d %d" % (game.d1, game.d2)
    u = game.used
    if u == 3:
        return out + " (both used)"
    if u:
        if game.d1 == game.d2:
            return out + " (one is used)"
        return out + " (%d is used)" % (game.d1 if u == 1 else game.d2)
    return out


def show(game, out):
    s = state.as_dict(game)
    over = game.over()
    out.write("\n== round %d/%d  card %d  %s  phase %s\n" % (
        s["round"], game.opts["rounds"], s["card"],
        "game over" if over else "seat %d's turn" % s["active"], s["phase"]))
    out.write("   crystals: %s\n" % "  ".join(
        "P%d=%d%s" % (i + 1, c, "*" if i + 1 == s["active"] and not over else "")
        for i, c in enumerate(s["crystals"])))
    cells = []
    for w in range(engine.WINDOWS):
        t = game.tokens[w]
        cells.append("%2d:%s" % (w + 1, ("[ ]" if game.is_open(w) else "(%d)" % t) if t else " - "))
    out.write("   windows:  %s\n" % " ".join(cells[:6]))
    out.write("             %s\n" % " ".join(cells[6:]))
    out.write("   closed: %d   dice: %s   call: %s\n" % (
        s["closed"], dice(game), " ".join("P%d" % c for c in s["call"]) or "-"))
    if over:
        out.write("   game over: winner%s %s\n" % (
            "s" if len(s["winners"]) > 1 else "", ", ".join("P%d" % w for w in s["winners"])))
    acts = [record.format_action(op, a) + (" (in any order)" if op == engine.ORDER else "")
            for op, a in game.legal()]
    if game.pending() == engine.ROLL:
        acts.insert(0, "roll")
    if game.can_undo():
        acts.append("undo")
    if acts:
        out.write("   you may: %s\n" % ", ".join(acts))


def outcome(game, right, before, guessed, out):
    """After a reveal: who was right, and what each seat won or lost; a
    wrong guesser who held nothing lost all the same: -0, as the OLED says."""
    changes = []
    for s in ([right] if right != engine.NOBODY else []) + [s for s in range(game.n) if s != right]:
        d = game.crystals[s] - before[s]
        if d or s in guessed:
            changes.append("P%d %s%d" % (s + 1, "+" if d > 0 or s == right else "-", abs(d)))
    out.write("  %s: %s\n" % (
        "P%d was right" % (right + 1) if right != engine.NOBODY else "nobody was right",
        ", ".join(changes) or "no crystals change hands"))


def main(args, inp=None, out=None):
    inp = inp or sys.stdin
    out = out or sys.stdout
    try:
        return _main(args, inp, out)
    except KeyboardInterrupt:  # Ctrl-C: leave without a traceback
        out.write("\n")
        return 130


def _main(args, inp, out):
    head = None
    if args.load:
        table = recordfile.read_record(args.load)
        if table is None:
            return 2
    else:
        seed = args.seed if args.seed is not None else time.time_ns() & 0xFFFFFFFF
        head = ["players %d" % (args.players or 3), "rules %s" % (args.rules or "standard"), "seed %d" % seed]
        try:
            table = record.load(head)
        except record.RecordError as e:
            sys.stderr.write("cannot start: %s\n" % str(e).split(": ", 2)[-1])
            return 2
    game = table.game
    out.write("Macroscope: %d players, rules %s. Type `help` for the actions.\n" % (game.n, game.preset))
    while True:
        show(game, out)
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            return 0
        words = record.words(line)
        if not words:
            continue
        if words[0] in ("quit", "exit"):
            return 0
        if words[0] == "help":
            out.write(HELP + "\n")
            continue
        if words[0] == "set":
            table = set_option(table, None if args.load else head, words, out)
            game = table.game
            continue
        if words[0] == "save":
            save(game, line.strip(" \t\r\n")[4:].strip(" \t"), out)
            continue
        text = " ".join(words)
        if words == ["roll"] and game.pending() != engine.ROLL:
            out.write("  refused: roll: no roll now (phase %s)\n" % PHASES[game.phase])
            continue
        try:
            if words == ["roll"]:
                game.apply(engine.ROLL, *record.chance.roll(table.rng))
            else:  # a person rolls with `roll`: no roll is drawn for them here
                op, a, b = record.parse_action(words)
                before = list(game.crystals)
                guessed = game.call_order()
                if op:
                    game.apply(op, a, b)
                else:
                    game.undo()
                if op == REVEAL:
                    outcome(game, a, before, guessed, out)
            table.settle()  # the next card is dealt at once
        except Refused as e:
            out.write("  refused: %s: %s\n" % (text, e))


def set_option(table, head, words, out):
    """`set OPTION VALUE` before the first action: the game starts again
    with that option (a record's `set` line); the table to play on."""
    if head is None:
        out.write("  refused: set: a loaded game keeps its record's options\n")
        return table
    if any(op != engine.CARD for _, op, _a, _b in engine._walk(table.game.log, 0)):
        out.write("  refused: set: only before the first action (undo back to the start)\n")
        return table
    if len(words) != 3:
        out.write("  refused: set takes an option and a value: set rounds 5\n")
        return table
    try:
        new = record.load(head[:2] + ["set %s %s" % (words[1], words[2])] + head[2:])
    except record.RecordError as e:
        out.write("  refused: %s\n" % str(e).split(": ", 1)[-1])
        return table
    head.insert(2, "set %s %s" % (words[1], words[2]))
    out.write("  set %s %s: the game starts with it\n" % (words[1], words[2]))
    return new


def save(game, name, out):
    if not name:
        out.write("  save takes a file name\n")
        return
    try:
        with open(name, "w", encoding="utf-8") as f:
            f.write(record.write(game))
    except OSError as e:
        out.write("  cannot save %s: %s\n" % (name, e.strerror or e))
        return
    out.write("  saved %s\n" % name)
