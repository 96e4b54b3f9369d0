"""A text game on the rules engine, for a person at a terminal."""
import sys
import time

from game import Refused, engine, record, state
from game.engine import P_OVER
from game.state import PHASES

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
  save FILE       write the game record
  quit            leave"""


def show(game, out):
    s = state.as_dict(game)
    out.write("\n== round %d/%d  card %d  seat %d's turn  phase %s\n" % (
        s["round"], game.opts["rounds"], s["card"], s["active"], s["phase"]))
    out.write("   crystals: %s\n" % "  ".join(
        "P%d=%d%s" % (i + 1, c, "*" if i + 1 == s["active"] else "")
        for i, c in enumerate(s["crystals"])))
    cells = []
    for w in range(engine.WINDOWS):
        t = game.tokens[w]
        cells.append("%2d:%s" % (w + 1, ("[ ]" if game.is_open(w) else "(%d)" % t) if t else " - "))
    out.write("   windows:  %s\n" % " ".join(cells[:6]))
    out.write("             %s\n" % " ".join(cells[6:]))
    dice = " ".join("%d%s" % (d, " (used)" if game.used >> i & 1 else "")
                    for i, d in enumerate(s["dice"])) or "-"
    out.write("   closed: %d   dice: %s   call: %s\n" % (
        s["closed"], dice, " ".join("P%d" % c for c in s["call"]) or "-"))
    if game.phase == P_OVER:
        out.write("   game over: winner%s %s\n" % (
            "s" if len(s["winners"]) > 1 else "", ", ".join("P%d" % w for w in s["winners"])))
        return
    acts = [record.format_action(op, a) + (" (in any order)" if op == engine.ORDER else "")
            for op, a in game.legal()]
    if game.pending() == engine.ROLL:
        acts.insert(0, "roll")
    if game.can_undo():
        acts.append("undo")
    out.write("   you may: %s\n" % ", ".join(acts))


def main(args, inp=None, out=None):
    inp = inp or sys.stdin
    out = out or sys.stdout
    seed = args.seed if args.seed is not None else time.time_ns() & 0xFFFFFFFF
    try:
        if args.load:
            with open(args.load, encoding="utf-8") as f:
                table = record.load(f)
        else:
            table = record.load(["players %d" % args.players, "rules %s" % args.rules,
                                 "seed %d" % seed])
    except (OSError, UnicodeDecodeError, record.RecordError) as e:
        sys.stderr.write("cannot start: %s\n" % e)
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
        text = line.split("#", 1)[0].strip()
        words = text.split()
        if not words:
            continue
        if words[0] in ("quit", "exit"):
            return 0
        if words[0] == "help":
            out.write(HELP + "\n")
            continue
        if words[0] == "save":
            if len(words) != 2:
                out.write("  save takes a file name\n")
                continue
            try:
                with open(words[1], "w", encoding="utf-8") as f:
                    f.write(record.write(game))
            except OSError as e:
                out.write("  cannot save %s: %s\n" % (words[1], e.strerror or e))
                continue
            out.write("  saved %s\n" % words[1])
            continue
        if words == ["roll"] and game.pending() != engine.ROLL:
            out.write("  refused: roll: no roll now (phase %s)\n" % PHASES[game.phase])
            continue
        try:
            if words == ["roll"]:
                game.apply(engine.ROLL, *record.chance.roll(table.rng))
            else:  # a person rolls with `roll`: no roll is drawn for them here
                op, a, b = record.parse_action(words)
                if op:
                    game.apply(op, a, b)
                else:
                    game.undo()
            table.settle()  # the next card is dealt at once
        except Refused as e:
            out.write("  refused: %s: %s\n" % (text, e))
