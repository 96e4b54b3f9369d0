"""The firmware's figures on MicroPython's own RP2040 port, on the emulated
Pico (host_sim/rp2040), timed by the emulated clock at 125 MHz: deterministic,
so a change in the firmware shows exactly. CPU, flash and I2C bus time are
counted; what the emulator leaves out is listed in docs/rp2040.md.

Skipped, saying why on stderr, without the UF2 and the bootrom."""
import os
import random
import shutil
import sys
import tempfile

from host_sim import FIRMWARE, hw

ROOT = os.path.join(FIRMWARE, "")
PRESSES = 30  # OK (a window opens) then UNDO, at random phases of the loop
REACT_MS = 150


def _p(xs, pct):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, (len(xs) * pct + 99) // 100 - 1)]


def boot_ms(tmp):
    """Power-up to the setup menu drawn on the OLED, a fresh flash."""
    from host_sim.rp2040.session import Pico
    p = Pico("pico_pca9685", ROOT, os.path.join(tmp, "boot"))
    try:
        return p.boot_us / 1000
    finally:
        p.close(keep=False)


HEAP = """import gc
gc.collect()
print(gc.mem_free())"""


def zh_hans():
    """The code app.lang gives Simplified Chinese."""
    from app import lang
    return next(c for c in lang.LANGS if c in ("zh-cn", "zh-hans"))


def heap_free(tmp, lang=None, source=False):
    """Free heap booted into a 6-seat game, after 200 steps and a collection;
    lang: the language the device speaks; source: the firmware as .py."""
    from emu import clock
    from host_sim.rp2040.session import Pico
    where = os.path.join(tmp, "heap-%s-%s" % (lang, source))
    p = Pico("pico_pca9685", ROOT, where, {"players": 6, "rules": "standard", "seed": 1}, lang=lang, source=source)
    try:
        p.interrupt()
        p.exec("from app.modes import CONTROLS")  # the REPL's own first allocations, before the count
        t0 = clock.now_us()
        got = p.exec("import time\nfor k in range(200):\n    dev.step()\n    time.sleep_ms(2)\n" + HEAP)
        return int(got.split()[-1]), (clock.now_us() - t0) // 1000
    finally:
        p.close(keep=False)


STEPS = """import time
from array import array
h = array('H', bytes(2 * 4000))  # steps by their time, in 10 us bins (to 40 ms)
end = time.ticks_add(time.ticks_ms(), %(ms)d)
n = 0
worst = 0
while time.ticks_diff(end, time.ticks_ms()) > 0:
    t0 = time.ticks_us()
    dev.step()
    d = time.ticks_diff(time.ticks_us(), t0)
    h[min(3999, d // 10)] += 1
    worst = max(worst, d)
    n += 1
    time.sleep_ms(2)
def pct(p):
    k = (n * p + 99) // 100
    s = 0
    for i in range(4000):
        s += h[i]
        if s >= k:
            return i * 10 + 5
print(n, pct(50), pct(99), worst)"""


def game_keys(board, setup, seed):
    """The keys of a whole game autoplay plays on CPython."""
    from host_sim import press
    from host_sim.autoplay import next_key
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start(board, flash, setup)
        rng = random.Random(seed)
        keys = []
        while True:
            k = next_key(s.dev.ctl, rng)
            if k is None:
                return keys
            s.key(k, REACT_MS)
            keys.append(k)


def step_us(tmp):
    """One Device.step(), its OLED page included, over a whole game: the loop
    run from the REPL with each step timed by ticks_us, the game's keys
    pressed on the buttons on their schedule meanwhile."""
    from emu import clock
    from emu.session import HOLD_MS, LONG_MS
    from host_sim.rp2040.session import Pico
    setup = {"players": 3, "rules": "standard", "seed": 5}
    keys = game_keys("pico_pca9685", setup, 5)
    p = Pico("pico_pca9685", ROOT, os.path.join(tmp, "steps"), setup)
    try:
        p.interrupt()
        t = clock.now_us() + 100000
        for k in keys:
            hold = LONG_MS if k == "U" else HOLD_MS
            if k == "c":
                p.card = not p.card
                p.emu.card.set(p.card, t)
            else:
                p.button(k).press(hold, t)
            t += (hold + REACT_MS) * 1000
        ms = (t - clock.now_us()) // 1000 + 500
        got = p.exec(STEPS % {"ms": ms}).split()
        return [int(x) for x in got], len(keys)
    finally:
        p.close(keep=False)


def press_to_shutter(tmp):
    """Contact closure of OK to the PCA9685 write that moves that window's
    servo, PRESSES times at random phases of main.py's loop; ms, the p99."""
    from emu import clock
    from host_sim.rp2040.session import Pico
    p = Pico("pico_pca9685", ROOT, os.path.join(tmp, "latency"), {"players": 3, "rules": "standard", "seed": 4})
    try:
        p.run(1600)  # the power-up close-all is over (1,540 ms)
        p.key("r", REACT_MS)
        rng = random.Random(1)
        out = []
        for _ in range(PRESSES):
            p.run(rng.randrange(1, 20))
            t0 = clock.now_us()
            p.key("o", REACT_MS)
            starts = [m[0] for s in p.emu.servos for m in s.moves if m[0] >= t0]
            out.append((min(starts) - t0) / 1000 if starts else float("inf"))
            p.key("u", REACT_MS)
        return out
    finally:
        p.close(keep=False)


RESUME = """import time
import gc
gc.threshold(-1)  # as at boot: start() sets the device's threshold once the game is resumed
from app.controller import Controller
c = dev.ctl
t0 = time.ticks_us()
for k in range(%(n)d):
    c = Controller(c.store.storage, dev.out, time, None, c.digital)
t1 = time.ticks_us()
from game.engine import Game
head = c.store.journal.fold()[0]
g = c.store.game
acts = list(g.actions())
h = Game(g.n, None, g.first, head["rules"])
def replay(h, acts):  # in a function, as the firmware applies actions: the REPL's names are a dict's
    t = time.ticks_us()
    for op, a, b in acts:
        h.apply(op, a, b)
    return time.ticks_diff(time.ticks_us(), t)
print(len(g.log), c.store.journal.entries, time.ticks_diff(t1, t0) // %(n)d, len(acts), replay(h, acts))"""


def resume(tmp):
    """A 6-seat game's 300-entry journal read back and replayed (a fresh
    Controller, as at boot), and the engine's time per applied action."""
    from bench.device import journal_of
    from host_sim.rp2040 import image
    from host_sim.rp2040.session import IMAGE, Pico
    played = os.path.join(tmp, "played")
    os.makedirs(played)
    journal_of(300, os.path.join(played, ""))
    folder = os.path.join(tmp, "resume")
    os.makedirs(folder)
    with open(os.path.join(folder, IMAGE), "wb") as f:
        f.write(image.fresh("pico_pca9685", played))
    p = Pico("pico_pca9685", ROOT, folder)
    try:
        boot = p.boot_us / 1000
        p.interrupt()
        log, entries, us, acts, apply_us = (int(x) for x in p.exec(RESUME % {"n": 3}).split())
        return boot, us / 1000, entries, apply_us / acts
    finally:
        p.close(keep=False)


def figures():
    from host_sim.rp2040 import assets
    try:
        assets.binaries()
    except assets.Missing as e:
        print("rp2040 figures skipped: %s" % e, file=sys.stderr)
        return
    hw.install()
    tmp = tempfile.mkdtemp(prefix="bench-pico-")
    try:
        yield "rp2040_boot_ms", "%.1f" % boot_ms(tmp), "ms"
        free, _ = heap_free(tmp)
        yield "rp2040_heap_free_bytes", free, "bytes"
        free, _ = heap_free(tmp, zh_hans())
        yield "rp2040_heap_free_zh_bytes", free, "bytes"
        free, _ = heap_free(tmp, source=True)
        yield "rp2040_source_heap_free_bytes", free, "bytes"
        boot, ms, entries, action = resume(tmp)
        yield "rp2040_resume_ms_300", "%.1f" % ms, "ms"
        yield "rp2040_boot_resumed_ms", "%.1f" % boot, "ms"
        yield "rp2040_action_us", "%.1f" % action, "us"
        lat = press_to_shutter(tmp)
        yield "rp2040_press_to_shutter_ms_p99", "%.1f" % _p(lat, 99), "ms"
        (n, p50, p99, worst), _ = step_us(tmp)
        yield "rp2040_step_us_p50", p50, "us"
        yield "rp2040_step_us_p99", p99, "us"
        yield "rp2040_step_us_max", worst, "us"
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    for fig in figures():
        print("BENCH %s %s %s" % fig)
        sys.stdout.flush()
