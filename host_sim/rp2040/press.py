"""`python -m host_sim press --runtime rp2040 ...`: the keys played on the
emulated Pico; the same output as the other runtimes (the state JSON last)."""
import json
import os
import sys

from host_sim import FIRMWARE, hw
from host_sim.press import UsageError, check_flags, setup_of


def main(args):
    hw.install()
    from app import board
    from host_sim.rp2040 import assets
    from host_sim.rp2040.link import PicoError
    from host_sim.rp2040.session import Pico, scratch
    try:
        check_flags(args)
        try:
            board.load(args.board, os.path.join(FIRMWARE, ""))
        except board.ConfigError as e:
            raise UsageError(str(e))
        tmp = None
        flash = args.flash
        if flash is None:
            tmp = scratch()
            flash = tmp.name
        os.makedirs(flash, exist_ok=True)
        pico = None
        try:
            pico = Pico(args.board, os.path.join(FIRMWARE, ""), flash, setup_of(args))
            try:
                pico.keys(" ".join(args.keys))
            except ValueError as e:
                raise UsageError(str(e))
            st, rec = pico.outcome(record=bool(args.record_out))
            if args.record_out and rec is not None:
                with open(args.record_out, "w") as f:
                    f.write(rec)
            print(json.dumps(st))
            return 0
        finally:
            if pico is not None:
                pico.close(keep=args.flash is not None)
            if tmp is not None:
                tmp.cleanup()
    except UsageError as e:
        print(e, file=sys.stderr)
        return 2
    except (assets.Missing, PicoError) as e:
        print(e, file=sys.stderr)
        return 1
