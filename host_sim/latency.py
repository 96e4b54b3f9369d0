"""Press-to-shutter latency of the whole device on the emulated board, the one
measurement behind the tests' bound and the bench figures of both builds.

OK opens a window, UNDO closes it; once it has closed, a tap on NEXT moves
the cursor to another window, and OK comes at any microsecond of the REDRAW_US
after NEXT is let go (a resistor ladder reads one button at a time), while the
OLED is sent the pages that move changed, one a step. Latency: from
the OK contact's first closure to the servo starting to move, virtual clock.

    python -m host_sim.latency micropython|circuitpython [PRESSES]
        prints the ms of each press, one a line (one runtime per process)"""
import random
import sys
import tempfile

PRESSES = 200
REDRAW_US = 10000  # the OLED sends the pages the cursor's move changed: 6-11 ms
NEXT_MS = 12  # a quick tap, long enough for the debounce to take it
SETTLE_MS = 150  # a closing shutter finishes its move before it reopens
BOUND_MS = 20  # the goal: a press is never felt to lag


def percentile(xs, q):
    """The q-th percentile by nearest rank: the smallest value with at least
    q % of xs at or below it."""
    xs = sorted(xs)
    k = -(-len(xs) * q // 100)  # ceil(n * q / 100)
    return xs[max(0, k - 1)]


def press_to_shutter_ms(runtime="micropython", presses=PRESSES, board="pico_pca9685", seed=1):
    """The ms from each OK press to its servo starting to move."""
    from host_sim import press
    rng = random.Random(seed)
    out = []
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start(board, flash, {"players": 3, "rules": "standard", "seed": seed}, runtime)
        from emu import clock
        from emu.session import HOLD_MS
        s.run(1600)  # the boot's close-all, 3 servos at a time, is over (1,540 ms)
        s.key("r")
        g = s.game()
        ctl = s.dev.ctl
        ok = s.emu.buttons["ok"]
        at = clock.now_us()
        for _ in range(presses):
            shut = g.closed()
            ok.press(HOLD_MS, at)
            s.run(HOLD_MS + 60)
            if g.closed() != shut - 1:
                raise RuntimeError("OK opened no window (%s)" % ctl.msg)
            starts = [a for v in s.emu.servos for a, _ in v.moves if a >= at]
            out.append((min(starts) - at) / 1000)
            s.key("u")
            s.run(SETTLE_MS)
            cursor = ctl.play.cursor
            nxt = s.emu.buttons["next"]
            let_go = clock.now_us() + NEXT_MS * 1000 + nxt.bounce_us
            nxt.press(NEXT_MS)
            waited = 0
            while ctl.play.cursor == cursor:  # NEXT acts on its press
                if waited > NEXT_MS + 100:
                    raise RuntimeError("a %d ms tap on NEXT moved no cursor" % NEXT_MS)
                s.run(1)
                waited += 1
            at = max(clock.now_us(), let_go) + rng.randrange(REDRAW_US)  # any microsecond of a step
    return out


if __name__ == "__main__":
    for v in press_to_shutter_ms(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else PRESSES):
        print(v)
    sys.stdout.flush()
