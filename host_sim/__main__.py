"""The simulator's command line.

    python -m host_sim replay FILE     state JSON of a game record (exit 2: bad record)
    python -m host_sim play [...]      a text game in the terminal
    python -m host_sim press [...] KEYS  the device firmware played by key presses
"""
import argparse
import json
import sys

import host_sim  # noqa: F401  (puts firmware/ on the path)
from game import record, state


def replay(path):
    try:
        with open(path, encoding="utf-8") as f:
            table = record.load(f)
    except OSError as e:
        print("%s: %s" % (path, e.strerror), file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        print("%s: not a text file (%s)" % (path, e.reason), file=sys.stderr)
        return 2
    except record.RecordError as e:
        print(e, file=sys.stderr)
        return 2
    print(json.dumps(state.as_dict(table.game)))
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_sim", description="Macroscope simulator")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="print the state JSON of a game record")
    r.add_argument("file")
    pl = sub.add_parser("play", help="play a game in the terminal")
    pl.add_argument("--players", type=int, default=3)
    pl.add_argument("--rules", default="standard", help="standard, family, summary or zh-cn")
    pl.add_argument("--seed", type=int, default=None, help="seed for dice and cards (default: from the clock)")
    pl.add_argument("--load", metavar="FILE", help="continue the game of a record")
    pr = sub.add_parser("press", help="run the device firmware on the emulated board and press keys")
    pr.add_argument("--players", type=int, help="start a game of N seats (skips the setup menu)")
    pr.add_argument("--rules", help="start a game with this preset (skips the setup menu)")
    pr.add_argument("--seed", type=int, help="start a game with this seed (skips the setup menu)")
    pr.add_argument("--board", default="pico_pca9685", help="board config (firmware/boards/NAME.json)")
    pr.add_argument("--flash", metavar="DIR", help="keep the emulated flash here (a second run resumes)")
    pr.add_argument("--record-out", metavar="FILE", help="write the record the device would export")
    pr.add_argument("--runtime", choices=("micropython", "circuitpython"), default="micropython",
                    help="the firmware build to run (default micropython)")
    pr.add_argument("keys", nargs="*", help="1-6 seats, r n o p u (ROLL NEXT OK PASS UNDO), U long UNDO, c card")
    args = p.parse_args(argv)
    if args.cmd == "replay":
        return replay(args.file)
    if args.cmd == "press":
        from host_sim import press
        return press.main(args)
    from host_sim import play
    return play.main(args)


if __name__ == "__main__":
    sys.exit(main())
