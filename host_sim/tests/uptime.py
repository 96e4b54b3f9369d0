"""The device after days switched on with nothing pressed, on one runtime
(one runtime per process):

    python -m host_sim.tests.uptime micropython|circuitpython BOARD DAYS...

For each DAYS: a fresh 6-seat game, the device left alone that long (`~MS`,
the clock jumping where the device says it has nothing to do), then every
button pressed and the card pulled and put back. Prints one JSON object:
{DAYS: {"events": {button: [kinds the controller got]}, "long": a long UNDO
arrived, "opened": a window opened by ROLL, OK and its servo got there,
"moved_ms": how long that move took, "msg_cleared": a refusal's message was
gone 3 s later, "wait_s": the host's seconds for the idle span}}."""
import json
import sys
import tempfile
import time as host_time

KINDS = ("press", "short", "long", "release")


def after_idle(runtime, board, days):
    from host_sim import press
    from emu import clock
    with tempfile.TemporaryDirectory() as flash:
        s = press.start(board, flash, {"players": 6, "rules": "standard", "seed": 1}, runtime)
        s.run(1500)  # the power-up close-all is over
        t = host_time.time()
        s.wait(int(days * 86400000))
        wait_s = host_time.time() - t
        names = s.dev.hw.buttons.names
        keys = list(s.dev.keys)
        got = {}
        ctl = s.dev.ctl
        real_key = ctl.key

        def key(k, kind, now):
            got.setdefault(names[keys.index(k)], []).append(KINDS[kind])
            real_key(k, kind, now)
        ctl.key = key
        # a window: ROLL, then OK opens the one the cursor is on
        s.key("r")
        t0 = clock.now_us()
        s.key("o")
        w = [i for i in range(12) if s.game().is_open(i)]
        opened = False
        moved_ms = -1
        if w:
            s.run(1000)
            sv = s.emu.servos[w[0]] if s.emu.servos else None
            opened = not s.dev.hw.shutters.busy() and (sv is None or sv.angle() > 90)
            if sv is not None and sv.moves:
                moved_ms = (sv.moves[-1][0] - t0) // 1000
        for k in ("1", "2", "3", "4", "5", "6", "n", "p", "u"):
            s.key(k)
        s.key("c")  # the card out ...
        s.key("c")  # ... and back in
        s.run(3000)
        msg_cleared = ctl.msg == ""
        s.key("U")  # a long UNDO: the menu
        return {"events": got, "long": "long" in got.get("undo", ()), "opened": opened, "moved_ms": moved_ms,
                "msg_cleared": msg_cleared, "wait_s": round(wait_s, 2)}


def main(argv):
    from host_sim import press
    runtime, board = argv[0], argv[1]
    press.install(runtime)
    print(json.dumps({d: after_idle(runtime, board, float(d)) for d in argv[2:]}))


if __name__ == "__main__":
    main(sys.argv[1:])
