"""The simulator's command line.

    python -m host_sim replay FILE     state JSON of a game record (exit 2: bad record)
    python -m host_sim play [...]      a text game in the terminal
    python -m host_sim press [...] KEYS  the device firmware played by key presses
    python -m host_sim sim [...]       the device firmware played from the keyboard
    python -m host_sim pico --pty LINK  the emulated Pico, its USB serial on a pty (mpremote, make flash)
"""
import argparse
import json
import sys

import host_sim  # noqa: F401  (importing host_sim puts firmware/ on the path)
from app import lang
from game import engine, rules, state
from host_sim.recordfile import read_record
from host_sim.shown import shown


def replay(path):
    table = read_record(path)
    if table is None:
        return 2
    print(json.dumps(state.as_dict(table.game)))
    return 0


SEED_MAX = 0xFFFFFFFF


def seed(text):
    """A seed as every front end takes it: a whole number 0 to 4294967295,
    refused in the words a game record's `seed` line is (no modulo)."""
    from game import Refused, rules
    v = rules.whole(text)
    if v is None:
        raise argparse.ArgumentTypeError(str(Refused("number", "seed", shown(text, 40))))
    if v > SEED_MAX:
        raise argparse.ArgumentTypeError(str(Refused("range", "seed", 0, SEED_MAX, v)))
    return v


def secret(text):
    """A --secret: a whole number 0 to 2**64 - 1, refused as a seed is."""
    from game import Refused, rules
    v = rules.whole(text)
    if v is None and len(text.lstrip("0")) in (19, 20) and text.isdigit() and text.isascii():
        v = int(text)  # 64 bits take up to 20 digits, past whole()'s 18
    if v is None:
        raise argparse.ArgumentTypeError(str(Refused("number", "secret", shown(text, 40))))
    if v >> 64:
        raise argparse.ArgumentTypeError(str(Refused("range", "secret", 0, (1 << 64) - 1, v)))
    return v


class Parser(argparse.ArgumentParser):
    def error(self, message):
        """A bad flag: one line on stderr, exit 2 (no usage block)."""
        self.exit(2, "%s: %s (--help lists the flags)\n" % (self.prog, shown(message)))


def runtime_flag(p):
    p.add_argument("--runtime", choices=("micropython", "circuitpython", "rp2040"), default="micropython",
                   help="the firmware build to run (default micropython); rp2040: MicroPython's own "
                        "RP2040 port on an emulated Pico (docs/rp2040.md)")


def device_flags(p):
    """The flags of the commands that run the firmware on the emulated board."""
    p.add_argument("--players", type=int, help="start a game of N seats (skips the setup menu)")
    p.add_argument("--rules", help="start a game with this preset (skips the setup menu)")
    p.add_argument("--seed", type=seed, help="start a game with this seed, 0 to 4294967295 (skips the setup menu)")
    p.add_argument("--secret", type=secret,
                   help="pin the emulated board's random source, 0 to 2**64-1: a menu game's deck secret "
                        "(and seed) repeat; with --seed, the game's deck secret (default: fresh from "
                        "the host at every power-up)")
    p.add_argument("--board", default="pico_pca9685", help="board config (firmware/boards/NAME.json)")
    p.add_argument("--flash", metavar="DIR", help="keep the emulated flash here (a second run resumes)")
    p.add_argument("--lang", help="the device's language, as if chosen in its setup menu: %s" % ", ".join(lang.LANGS))


def main(argv=None):
    p = Parser(prog="python -m host_sim", description="Macroscope simulator")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    r = sub.add_parser("replay", help="print the state JSON of a game record")
    r.add_argument("file")
    pl = sub.add_parser("play", help="play a game in the terminal")
    pl.add_argument("--players", type=int, help="2 to %d (default 3)" % engine.SEATS)
    pl.add_argument("--rules", help="%s (default %s)" % (", ".join(rules.PRESET_NAMES), rules.PRESET_NAMES[0]))
    pl.add_argument("--seed", type=seed, default=None,
                    help="seed for dice and cards, 0 to 4294967295 (default: from the clock)")
    pl.add_argument("--load", metavar="FILE",
                    help="continue the game of a record (its players, rules and seed hold)")
    pr = sub.add_parser("press", help="run the device firmware on the emulated board and press keys")
    device_flags(pr)
    pr.add_argument("--record-out", metavar="FILE", help="write the record the device would export")
    pr.add_argument("--trace", metavar="FILE",
                    help="write a JSON line per key: the key, the rules state and the OLED's 64 rows")
    pr.add_argument("--oled-out", metavar="FILE.png", help="save the OLED after the keys as a 128x64 PNG")
    runtime_flag(pr)
    pr.add_argument("keys", nargs="*", help="1-6 seats, r n o p u (ROLL NEXT OK PASS UNDO), U long UNDO, c card, "
                    "~MS wait MS with nothing pressed")
    sm = sub.add_parser("sim", help="play the device firmware on the emulated board from the keyboard")
    device_flags(sm)
    sm.add_argument("--picture", metavar="FILE", help="the card under the lid: what open windows show")
    sm.add_argument("--locale", metavar="LANG", help="the shell's LANG: a language code or a zh_CN/zh_TW-style "
                    "locale picks the device's language when --lang is not given; anything else is ignored")
    runtime_flag(sm)
    pc = sub.add_parser("pico", help="the emulated Pico (MicroPython's rp2 port), its USB serial on a pty")
    pc.add_argument("--pty", required=True, metavar="LINK", help="make LINK a symlink to the pty (mpremote connect LINK)")
    pc.add_argument("--board", default="pico_pca9685", help="board config of the parts on its pins")
    pc.add_argument("--flash", metavar="DIR", help="keep the flash image here (a later run starts from it)")
    args = p.parse_args(argv)
    if args.cmd == "play" and args.load and (args.players, args.rules, args.seed) != (None, None, None):
        p.error("--load takes players, rules and seed from the record: "
                "leave out --players, --rules and --seed")
    if args.cmd == "replay":
        return replay(args.file)
    if args.cmd == "press":
        from host_sim import press
        return press.main(args)
    if args.cmd == "pico":
        from host_sim.rp2040 import pty
        return pty.main(args)
    if args.cmd == "sim":
        from host_sim import flags, press
        if args.lang is None and args.locale:
            args.lang = flags.lang_of_locale(args.locale)
        press.install(args.runtime)  # before the simulator's modules: one runtime per process
        from host_sim.tui import app
        return app.main(args)
    from host_sim import play
    return play.main(args)


if __name__ == "__main__":
    sys.exit(main())
