"""The simulator's command line.

    python -m host_sim replay FILE     state JSON of a game record (exit 2: bad record)
    python -m host_sim play [...]      a text game in the terminal
"""
import argparse
import json
import sys

import host_sim  # noqa: F401  (puts firmware/ on the path)
from game import record, state


def read_record(path):
    """The Table of a record file, or None after saying on stderr what is
    wrong (`replay` and `play --load` alike)."""
    try:
        with open(path, encoding="utf-8") as f:
            return record.load(f)
    except OSError as e:
        print("%s: %s" % (path, e.strerror), file=sys.stderr)
    except UnicodeDecodeError as e:
        print("%s: not a text file (%s)" % (path, e.reason), file=sys.stderr)
    except record.RecordError as e:
        print(e, file=sys.stderr)
    return None


def replay(path):
    table = read_record(path)
    if table is None:
        return 2
    print(json.dumps(state.as_dict(table.game)))
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_sim", description="Macroscope simulator")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="print the state JSON of a game record")
    r.add_argument("file")
    pl = sub.add_parser("play", help="play a game in the terminal")
    pl.add_argument("--players", type=int, help="2 to 6 (default 3)")
    pl.add_argument("--rules", help="standard (default), family, summary or zh-cn")
    pl.add_argument("--seed", type=int, default=None, help="seed for dice and cards (default: from the clock)")
    pl.add_argument("--load", metavar="FILE",
                    help="continue the game of a record (its players, rules and seed hold)")
    args = p.parse_args(argv)
    if args.cmd == "play" and args.load and (args.players, args.rules, args.seed) != (None, None, None):
        p.error("--load takes players, rules and seed from the record: "
                "leave out --players, --rules and --seed")
    if args.cmd == "replay":
        return replay(args.file)
    from host_sim import play
    return play.main(args)


if __name__ == "__main__":
    sys.exit(main())
