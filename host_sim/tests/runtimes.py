"""One runtime's trace of whole games by button presses, for comparing the
MicroPython and the CircuitPython builds (one runtime per process):

    python -m host_sim.tests.runtimes micropython|circuitpython < games.json

games.json: a list of {"board", "setup", "seed"} (keys chosen as a family
would, by autoplay.next_key) or {"board", "setup", "keys"} (replayed). Prints
a list of {"keys", "trace", "end"}: after every key the rules state, the
OLED's display RAM, the NeoPixel frame and the windows asked open; at the end
the servo angles and how many moves each made."""
import hashlib
import json
import random
import sys
import tempfile


def snap(s):
    from emu import world
    from game import state
    g = s.game()
    sh = s.dev.hw.shutters
    px = world.pin(s.dev.hw.cfg["pixels"]["pin"]).data
    return {"state": state.as_dict(g) if g is not None else None,
            "oled": hashlib.sha1(bytes(s.emu.oled.ram)).hexdigest(),
            "pixels": px.hex() if px else "",
            "asked": sum(1 << i for i in range(sh.n) if sh.is_open(i))}


def play(runtime, game, flash):
    from host_sim import press
    from host_sim.autoplay import next_key
    s = press.start(game["board"], flash, game["setup"], runtime)
    keys = game.get("keys")
    rng = random.Random(game.get("seed", 0))
    s.run(500)  # the boot screen drawn whole: its pages go out one a step
    trace = [snap(s)]
    done = []
    for i in range(3000):
        k = keys[i] if keys is not None and i < len(keys) else None
        if keys is None:
            k = next_key(s.dev.ctl, rng)
        if k is None:
            break
        s.key(k)
        done.append(k)
        trace.append(snap(s))
    s.run(3000)  # every move over
    end = {"angles": [round(a, 2) for a in s.emu.angles()],
           "moves": [len(v.moves) for v in s.emu.servos],
           "errors": s.errors, "reboots": s.reboots, "oled_ram": bytes(s.emu.oled.ram).hex(),
           "oled": [s.emu.oled.chip] + s.emu.oled.refused}  # the commands that controller did not know
    return {"keys": done, "trace": trace, "end": end}


def main(runtime):
    games = json.load(sys.stdin)
    out = []
    for g in games:
        with tempfile.TemporaryDirectory(prefix="flash-") as flash:
            out.append(play(runtime, g, flash))
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
