"""The whole device: flash wear on the emulated board, the deployed
firmware's size, and resume time and heap on the MicroPython VM (its
press-to-shutter latency: bench/latency.py)."""
import json
import os
import random
import shutil
import tempfile

from host_sim import FIRMWARE, autoplay, hw, press
from tools.mpy import build, build_fakes, run_vm

hw.install()

GAMES = [("standard", 6), ("family", 2), ("summary", 5), ("zh-cn", 3)]


def flash_bytes_per_game():
    """Bytes written to flash (journal, settings) by whole games played with
    the buttons, one of every preset: the most of them."""
    most = 0
    for k, (preset, n) in enumerate(GAMES):
        with tempfile.TemporaryDirectory(prefix="flash-") as flash:
            s = press.start("pico_pca9685", flash, {"players": n, "rules": preset, "seed": k})
            autoplay.play(s, k)
            most = max(most, s.storage.bytes_written)
    return most


def firmware_mpy_bytes():
    """The .mpy files `make flash` copies (main.py goes as source: not counted)."""
    total = 0
    with tempfile.TemporaryDirectory() as d:
        for path in build(d, "armv6m"):
            if path.endswith(".mpy") and os.path.relpath(path, d) != "main.mpy":
                total += os.path.getsize(path)
    return total


def journal_of(actions, flash):
    """A 6-seat game on flash whose journal holds `actions` entries: played
    with the buttons, an UNDO after some of the presses."""
    rng = random.Random(7)
    s = press.start("pico_pca9685", flash, {"players": 6, "rules": "standard", "seed": 7})
    j = s.dev.ctl.store.journal
    while j.entries < actions:
        k = autoplay.next_key(s.dev.ctl, rng) or "u"
        for one in k.split():
            s.key(one)
        if rng.random() < 0.3 and j.entries < actions:
            s.key("u")
    return s


def undo_journal(undos, flash):
    """A 6-seat game on flash with `undos` UNDOs among its actions, written
    by the game store as on the device (so compacted as it goes); its next
    card dealt if it waits for one, as the device does at once."""
    from app.store import Store
    from drivers.storage import Storage
    from game import chance, engine
    from host_sim import randplay
    st = Store(Storage(flash))
    st.new_game(6, "standard", None, 9)
    if randplay.play_undoing(st, 9, undos) != undos:
        raise RuntimeError("the game ran out of actions to take back")
    if st.game.need_card and not st.game.over():
        st.do(engine.CARD, chance.card(st.rng()))
    return st


# On the VM: boot the device on that flash (every module loaded, the drivers
# up), then a fresh controller reads the journal back and replays it, N times.
VM_RESUME = """
from emu.session import Session
from app.controller import Controller
s = Session("pico_pca9685", %(root)r, %(flash)r)
c = s.dev.ctl
clock, digital = c.clock, c.digital
for k in range(%(n)d):
    c = None  # one controller at a time, as at boot
    c = Controller(s.storage, s.dev.out, clock, None, digital)
print("resumed", len(c.store.game.log), c.store.report or "-")
"""
RESUMES = 20


def _cpu_s(script, path, heap):
    """(the VM's stdout as a dict, the CPU seconds it used): CPU time, not the
    wall clock, so that other load on the machine does not count."""
    import resource
    t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    got = _vm(script, path, heap)
    t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return got, (t1.ru_utime + t1.ru_stime) - (t0.ru_utime + t0.ru_stime)


# On the VM: the heap the firmware holds booted into a 6-seat game, the
# emulated board's own heap left out (taken before the firmware boots on it),
# and so are the fakes of the modules the board has built in (machine, ...).
# The board config the emulation is wired from is checked on CPython, so no
# firmware module the VM loads before the count is left out; then every
# firmware module the emulator loaded is forgotten, so the firmware imports each one itself and
# all it keeps is counted (and what it frees after boot, the config's
# checker, is not: the board does not hold it either).
VM_HEAP = """
import gc, json, sys
import machine, neopixel, rp2, time  # the fakes of what the board has built in
from emu import clock, world
from emu.board import Board
world.reset()
emu = Board(json.loads(%(cfg)r))
emu.card.set(True, 0)
for name in [k for k in sys.modules if k == "app" or k.startswith("app.")]:
    del sys.modules[name]
gc.collect()
m2 = gc.mem_alloc()
from app import device
from drivers.storage import Storage
dev = device.start("pico_pca9685", %(root)r, Storage(%(flash)r), {"players": 6, "rules": %(rules)r, "seed": 1})
for k in range(200):
    dev.step()
    clock.sleep_ms(2)
gc.collect()
print("heap", gc.mem_alloc() - m2, len(dev.ctl.store.game.log), "app.board" in sys.modules)
"""


def _vm(script, path, heap):
    p = run_vm(script, path, heap)
    if p.returncode:
        raise RuntimeError("micropython: " + (p.stdout + p.stderr)[-800:])
    return dict((w[0], w[1:]) for w in (line.split() for line in p.stdout.splitlines()))


def _resume_ms(fw, fakes, flash, log, heap):
    """The resume's CPU time: a VM that boots and resumes RESUMES times
    more, less one that only boots, per resume; in `heap`."""
    runs = [_cpu_s(VM_RESUME % {"root": fw, "flash": flash, "n": n}, [fw, fakes], heap)
            for n in (0, RESUMES, 0, RESUMES)]
    for got, _ in runs:
        if int(got["resumed"][0]) != len(log):
            raise RuntimeError("the VM resumed another game: %r" % got)
    ms = min(runs[1][1], runs[3][1]) - min(runs[0][1], runs[2][1])
    return ms * 1000 / RESUMES


def mpy_figures():
    with tempfile.TemporaryDirectory() as d:
        fw, fakes, flash = (os.path.join(d, x, "") for x in ("fw", "fakes", "flash"))
        build(fw)
        build_fakes(fakes)
        os.makedirs(flash)
        s = journal_of(300, flash)
        resume_ms = _resume_ms(fw, fakes, flash, s.game().log, "1m")
        shutil.rmtree(flash)
        os.makedirs(flash)
        st = undo_journal(1000, flash)
        undo_ms = _resume_ms(fw, fakes, flash, st.game.log, "256k")  # the heap tests/test_game_vm.py plays in
        shutil.rmtree(flash)
        os.makedirs(flash)
        from app import board
        cfg = json.dumps(board.load("pico_pca9685", FIRMWARE + os.sep))
        got = _vm(VM_HEAP % {"root": fw, "flash": flash, "rules": "standard", "cfg": cfg}, [fw, fakes], "1m")
        # the same in Chinese: the zh-cn preset speaks Simplified Chinese, its
        # table and the glyph file's index loaded, the screens drawn in CJK
        shutil.rmtree(flash)
        os.makedirs(flash)
        zh = _vm(VM_HEAP % {"root": fw, "flash": flash, "rules": "zh-cn", "cfg": cfg}, [fw, fakes], "1m")
    return [("mpy_resume_ms_300", round(resume_ms, 2), "ms"),
            ("mpy_resume_ms_undo1000", round(undo_ms, 2), "ms"),
            ("mpy_firmware_heap_bytes", int(got["heap"][0]), "bytes"),
            ("mpy_firmware_heap_zh_bytes", int(zh["heap"][0]), "bytes")]


def font_cjk_bytes():
    """The OLED's CJK glyph file on flash."""
    from app import glyphs
    return os.path.getsize(os.path.join(FIRMWARE, glyphs.FONT))


def next_card_ms():
    """OK on a void card, its 12 windows open, to the device asking for the
    next card (every shutter closed), on the emulated servos."""
    import tempfile
    from host_sim import autoplay, press
    with tempfile.TemporaryDirectory() as d:
        s = press.start("pico_pca9685", d, {"players": 2, "rules": "standard", "seed": 3})
        since = autoplay.to_void_card(s)
        assert s.game().open_mask == 0 and s.dev.ctl.store.game.cards == 2
        return autoplay.next_card_ms(s, since, 1)


def figures():
    return [("next_card_ms", next_card_ms(), "ms"),
            ("font_cjk_bytes", font_cjk_bytes(), "bytes"),
            ("flash_bytes_per_game", flash_bytes_per_game(), "bytes"),
            ("firmware_mpy_bytes", firmware_mpy_bytes(), "bytes")]
