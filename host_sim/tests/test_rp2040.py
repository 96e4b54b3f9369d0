"""The firmware on MicroPython's own RP2040 port, on an emulated Pico
(host_sim/rp2040: rp2040js under Node), against the same firmware on CPython
(the `micropython` runtime), on the same device models: whole games by the
same keys give the same game after every key (the board's journal, read from
its flash) and at the end (asked over USB), the same OLED pixels and the same
NeoPixel frames after every key; a power cut at a random instruction resumes.

Needs the UF2 and the bootrom ($MACROSCOPE_RP2040, else ../shared/rp2040/
beside the repository; docs/rp2040.md): without them these tests skip, saying why."""
import os
import random

import pytest

from host_sim import FIRMWARE, hw

hw.install()
from emu import clock, world  # noqa: E402
from game import state  # noqa: E402
from host_sim import press  # noqa: E402
from host_sim.autoplay import next_key  # noqa: E402
from host_sim.rp2040 import assets, image  # noqa: E402

try:
    assets.binaries()
    MISSING = None
except assets.Missing as e:
    MISSING = str(e)

needs_pico = pytest.mark.skipif(MISSING is not None, reason="no MicroPython UF2 for the emulated Pico: %s" % MISSING)
ROOT = os.path.join(FIRMWARE, "")
REACT_MS = 300  # after each release: a reveal's frame (tall text, a part a step) and its 8 pages are whole by then

# a whole game a preset, one on each board (PCA9685 + GPIO buttons; PWM servos + ladder)
GAMES = [("pico_pca9685", {"players": 2, "rules": "family", "seed": 2}, 2),
         ("pico_direct_pwm", {"players": 3, "rules": "standard", "seed": 5}, 5)]


def look(emu):
    """What a person sees: the OLED's pixels and the NeoPixels' last frame."""
    px = emu.pixels.data
    return bytes(emu.oled.ram).hex(), px.hex() if px else ""


def on_cpython(board, setup, seed, flash):
    """The game autoplay plays on the micropython runtime: keys, and after
    every key the state, the OLED and the pixels (None for a frame taken
    while the lid still closes for a new card: a wait key follows)."""
    flash.mkdir()
    s = press.start(board, str(flash), setup)
    rng = random.Random(seed)
    keys, states, looks = [], [], []
    while True:
        k = next_key(s.dev.ctl, rng)
        if k is None:
            break
        s.key(k, REACT_MS)
        keys.append(k)
        states.append(state.as_dict(s.game()))
        if s.dev.ctl.slot.closing():  # "Wait: closing" ends as the last flap lands, a few ms apart on each
            ms = REACT_MS               # runtime: that frame is not compared, a wait past it is
            while s.dev.ctl.slot.closing():
                s.run(10)
                ms += 10
            s.run(REACT_MS)
            looks.append(None)
            keys.append("~%d" % ms)
            states.append(states[-1])
        looks.append(look(s.emu))
    return keys, states, looks


@needs_pico
@pytest.mark.parametrize("board,setup,seed", GAMES, ids=[g[0] + "-" + g[1]["rules"] for g in GAMES])
def test_whole_game_on_the_rp2_port_equals_cpython(tmp_path, board, setup, seed):
    from host_sim.rp2040.session import Pico
    keys, states, looks = on_cpython(board, setup, seed, tmp_path / "cpython")
    assert states[-1]["over"] and len(keys) > 40
    p = Pico(board, ROOT, str(tmp_path / "pico"), setup)
    try:
        for i, k in enumerate(keys):
            p.key(k, REACT_MS)
            where = "after key %d (%s) of %s" % (i + 1, k, " ".join(keys[:i + 1]))
            assert state.as_dict(image.resumed(p.flash())) == states[i], where + ": the board's journal"
            if looks[i] is None:
                continue
            oled, px = look(p.emu)
            assert oled == looks[i][0], where + ": OLED pixels"
            assert px == looks[i][1], where + ": NeoPixel frame"
        assert p.resets == 0, p.reset_log
        end, _ = p.outcome()
        assert end == states[-1]  # the board's own answer, over USB
    finally:
        p.close(keep=False)


def blank_board(tmp_path):
    """A Pico holding MicroPython alone (an empty filesystem), at its REPL."""
    from host_sim.rp2040.session import Pico
    p = Pico("pico_pca9685", ROOT, str(tmp_path), blank=True)
    p.interrupt()
    return p


def run_on_firmware(tmp_path, code):
    """The lines code prints at the REPL of a Pico holding the firmware."""
    from host_sim.rp2040.session import Pico
    p = Pico("pico_pca9685", ROOT, str(tmp_path))
    try:
        p.interrupt()
        return p.exec(code).replace("\r\n", "\n").splitlines()
    finally:
        p.close(keep=False)


@needs_pico
def test_cards_are_checked_alike_on_the_board(tmp_path):
    """The board runs the engine as native code and a card's check as viper
    (tools.mpy.EMIT), where a shift past 31 bits wraps: the same cards are
    taken and refused there, for the same reasons, as on CPython."""
    from host_sim.tests.vmscripts import CARDS, cards_expected
    assert run_on_firmware(tmp_path, CARDS) == cards_expected()


@needs_pico
def test_files_the_board_writes_read_back_on_the_host(tmp_path):
    """The board's littlefs writes, the host's reads the flash image: a
    400-byte journal rewritten 24 times (its entry reaches the end of the
    directory's block every 8th time: docs/rp2040.md), beside files too big
    to sit in the directory."""
    p = blank_board(tmp_path)
    try:
        p.exec("with open('/big.bin', 'wb') as f:\n f.write(bytes(i * 7 & 255 for i in range(9000)))\n"
               "with open('/mid.bin', 'wb') as f:\n f.write(b'm' * 513)")
        want = {"/big.bin": bytes(i * 7 & 255 for i in range(9000)), "/mid.bin": b"m" * 513}
        for k in range(24):
            p.exec("with open('/game.jnl', 'wb') as f:\n f.write(bytes((%d + i) & 255 for i in range(400)))" % k)
            want["/game.jnl"] = bytes((k + i) & 255 for i in range(400))
            assert image.files(p.flash()) == want, "after rewrite %d" % (k + 1)
    finally:
        p.close(keep=False)


# rp2.Flash's raw writes go to the bootrom's flash_range_erase/_program as
# given: what the W25Q16JV makes of them, computed here
FLASH_STEPS = [  # (MicroPython at the board's REPL, f the last block; the flash after it)
    ("f.writeblocks(0, bytes(range(256)) * 16)", lambda m: bytearray(bytes(range(256)) * 16)),
    # a program can only clear bits
    ("f.writeblocks(0, b'\\x0f' * 256, 0x100)", lambda m: m[:0x100] + bytes(b & 0x0f for b in m[0x100:0x200]) + m[0x200:]),
    # a page program from the middle of a page wraps to the page's start
    ("f.writeblocks(0, bytes(255 - i for i in range(256)), 0x380)",
     lambda m: m[:0x300] + bytes(m[0x300 + i] & (255 - ((i - 0x80) % 256)) for i in range(256)) + m[0x400:]),
    # a count short of a page: the bootrom programs the whole page, the bytes after the buffer too
    ("big = bytearray(b'\\xaa' * 10 + b'\\x55' * 246)\nf.writeblocks(0, memoryview(big)[:10], 0x600)",
     lambda m: m[:0x600] + bytes(b & (0xaa if i < 10 else 0x55) for i, b in enumerate(m[0x600:0x700])) + m[0x700:]),
    # an erase of 16 bytes: the sector holding them, all 4 KiB
    ("big = bytearray(range(256))\nf.writeblocks(0, memoryview(big)[:16])",
     lambda m: bytearray(bytes(range(256)) + b"\xff" * (4096 - 256))),
]


@needs_pico
def test_raw_flash_writes_do_what_the_flash_chip_does(tmp_path):
    """The harness's flash_range_erase and flash_range_program against the
    chip's rules, through MicroPython's rp2.Flash on the last block of the
    filesystem's region (an empty filesystem uses only its first two): the
    board reads back, and the saved image holds, what the chip would hold."""
    p = blank_board(tmp_path)
    try:
        p.exec("import rp2, binascii\nf = rp2.Flash(start=%d, len=4096)\nbuf = bytearray(4096)" % (image.SIZE - 4096))
        model = bytearray(b"\xff" * 4096)
        for code, after in FLASH_STEPS:
            model = bytearray(after(model))
            got = p.exec(code + "\nf.readblocks(0, buf)\nprint(binascii.hexlify(buf).decode())").strip()
            assert bytes.fromhex(got) == model, code
            assert p.flash()[-4096:] == model, code + ": the saved image"
    finally:
        p.close(keep=False)


@needs_pico
def test_press_prints_what_the_micropython_runtime_prints_and_resumes_from_flash(tmp_path):
    """`press --runtime rp2040` in two runs on one --flash folder: the second
    resumes the first's game; both print what the micropython runtime does."""
    import subprocess
    import sys
    from host_sim import ROOT as REPO
    out = {}
    for rt in ("micropython", "rp2040"):
        for part, keys in enumerate((["--players", "3", "--seed", "5", "r", "o"], ["n", "o", "1", "o", "o"])):
            proc = subprocess.run([sys.executable, "-m", "host_sim", "press", "--runtime", rt,
                                   "--flash", str(tmp_path / rt), "--record-out", str(tmp_path / (rt + ".rec"))]
                                  + keys, capture_output=True, text=True, cwd=REPO, timeout=300)
            assert proc.returncode == 0, proc.stderr[-2000:]
            out[rt, part] = proc.stdout.splitlines()[-1]
    assert out["rp2040", 0] == out["micropython", 0]
    assert out["rp2040", 1] == out["micropython", 1]
    assert '"phase": "reveal"' in out["rp2040", 1]
    assert (tmp_path / "rp2040.rec").read_text() == (tmp_path / "micropython.rec").read_text()


@needs_pico
def test_power_cut_at_a_random_instruction_resumes_with_the_windows_open(tmp_path):
    """Cut the power during a key's reaction (the emulator stopped at a random
    instruction, the flash kept as it was): the board boots, resumes the
    game from its journal as it stood before or after that key, and opens
    that game's windows again."""
    from host_sim.rp2040.session import Pico
    board, setup = "pico_pca9685", {"players": 3, "rules": "standard", "seed": 5}
    keys = "r o n o".split()
    rng = random.Random(7)
    flash = str(tmp_path / "flash")
    p = Pico(board, ROOT, flash, setup)
    for k in keys:
        p.key(k, REACT_MS)
    before = state.as_dict(image.resumed(p.flash()))
    assert before["open"], "the game must have windows open for this test"
    p.push("n")
    p.run(rng.randrange(1, 80 + REACT_MS))
    p.power_cut()
    after_cut = state.as_dict(image.resumed(open(p.path, "rb").read()))
    p = Pico(board, ROOT, flash)  # the same flash: a second power-up
    try:
        p.run(1500)  # the windows move into place
        assert p.resets == 0
        angles = p.emu.angles()  # before Ctrl-C closes the lid
        st, _ = p.outcome()
        assert st == after_cut
        assert st["open"] == before["open"]  # NEXT moves the cursor: no window changes
    finally:
        p.close(keep=False)
    # the servo horns: open (1,900 us) at 126 degrees, closed (1,100 us) at 54
    assert [w + 1 for w in range(12) if angles[w] > 90] == before["open"], angles


@needs_pico
def test_bench_figures_come_from_the_board(tmp_path):
    """make bench's boot and heap figures (the rest take minutes: make bench)."""
    from bench import rp2040 as bench
    ms = bench.boot_ms(str(tmp_path))
    assert 10 < ms < 5000  # the firmware's own boot, not the emulator's start
    free, ran_ms = bench.heap_free(str(tmp_path))
    assert 0 < free < 246016 and ran_ms >= 400  # 200 steps of 2 ms sleep at least


@needs_pico
def test_make_flash_onto_the_emulated_pico_with_mpremote(tmp_path):
    """`python -m host_sim pico --pty LINK`, then what `make flash PORT=LINK`
    runs: the real mpremote copies the firmware onto a Pico holding
    MicroPython alone, resets it, and it boots into the device's setup menu."""
    import subprocess
    import sys
    import time
    from host_sim import ROOT as REPO
    from tools.mpy import tool
    link = str(tmp_path / "pico")
    pico = subprocess.Popen([sys.executable, "-m", "host_sim", "pico", "--pty", link, "--flash", str(tmp_path / "fl")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    try:
        assert "emulated Pico on" in pico.stdout.readline()
        flashed = subprocess.run([sys.executable, "-m", "tools.flash", "--port", link, str(tmp_path / "mpy")],
                                 capture_output=True, text=True, cwd=REPO, timeout=600)
        assert flashed.returncode == 0, flashed.stdout[-2000:] + flashed.stderr[-2000:]
        t0 = time.monotonic()
        lines = []
        while not any("draws on the OLED" in ln for ln in lines):  # the reset, then main.py's boot
            assert time.monotonic() - t0 < 120, lines
            lines.append(pico.stdout.readline())
        assert lines[0].startswith("restart")
        got = subprocess.run([tool("mpremote"), "connect", link, "resume", "exec",
                              "print(dev.ctl.mode, dev.ctl.store.game, dev.hw.cfg['name'])"],
                             capture_output=True, text=True, timeout=120)
        assert got.stdout.split() == ["0", "None", "pico_pca9685"], got.stdout + got.stderr  # M_SETUP
    finally:
        pico.terminate()
        pico.wait(30)
    assert os.path.getsize(tmp_path / "fl" / "flash.img") == image.SIZE
    on_flash = image.files(open(tmp_path / "fl" / "flash.img", "rb").read())  # what the board wrote, read whole
    copied = {"/main.py": os.path.join(FIRMWARE, "main.py")}
    for top, _dirs, names in os.walk(tmp_path / "mpy"):
        rel = os.path.relpath(top, tmp_path / "mpy")
        if rel != ".":  # the packages; main.mpy stays behind
            copied.update(("/%s/%s" % (rel, n), os.path.join(top, n)) for n in names)
    assert "/app/device.mpy" in copied and "/main.mpy" not in on_flash
    for path, src in sorted(copied.items()):
        with open(src, "rb") as f:
            assert on_flash.get(path) == f.read(), path


@needs_pico
def test_epaper_board_shows_the_same_picture(tmp_path):
    """The e-paper board (SPI, DC, RST, BUSY): the same keys give the same game
    and the same picture on the glass as on CPython."""
    from host_sim.rp2040.session import Pico
    board, setup, keys = "pico_epaper", {"players": 3, "rules": "standard", "seed": 5}, "r o n o".split()
    (tmp_path / "cpython").mkdir()
    s = press.start(board, str(tmp_path / "cpython"), setup)  # first: the two share emu.world
    for k in keys:
        s.key(k)
    s.run(1000)  # the last partial refresh over
    want = state.as_dict(s.game())
    glass, seen = bytes(s.emu.epaper.glass), look(s.emu)
    refreshes = (s.emu.epaper.full_refreshes, s.emu.epaper.partial_refreshes)
    assert want["open"], "a window must be open for the picture to show it"
    p = Pico(board, ROOT, str(tmp_path / "pico"), setup)
    try:
        for k in keys:
            p.key(k)
        p.run(1000)
        assert state.as_dict(image.resumed(p.flash())) == want
        assert p.emu.epaper.errors == [] and p.emu.epaper.refused == 0
        assert (p.emu.epaper.full_refreshes, p.emu.epaper.partial_refreshes) == refreshes
        assert glass != b"\xff" * len(glass)  # something shows
        assert bytes(p.emu.epaper.glass) == glass
        assert look(p.emu) == seen
    finally:
        p.close(keep=False)


@needs_pico
def test_sim_plays_on_the_emulated_pico(tmp_path):
    """`make sim RUNTIME=rp2040`: the terminal UI drives the emulated Pico;
    ROLL pressed in it opens the rolled windows, shown on the lid and the scores."""
    import argparse
    import asyncio
    from host_sim.rp2040.sim import session
    from host_sim.tui.app import SimApp
    args = argparse.Namespace(players=3, rules=None, seed=5, board="pico_pca9685", flash=None, runtime="rp2040")

    async def go(s):
        app = SimApp(s, None, False)
        async with app.run_test(size=(190, 40)) as pilot:
            app.advance(300)
            await pilot.press("r")
            app.advance(400)
            await pilot.press("o")
            app.advance(1500)
            await pilot.pause()
            return app

    with session(args) as s:
        app = asyncio.run(go(s))
        g = s.game()
        assert state.as_dict(g)["open"] == [6]  # the micropython runtime's game after r o
        lid = app.lid_shown[0]  # per window: (open columns, moving, colour)
        assert sum(1 for w in lid if w[0] > 0) == 1
        assert "round 1/" in str(app.scores_shown)


@needs_pico
def test_a_stalled_loop_is_reset_by_the_watchdog_and_the_game_resumes(tmp_path):
    """The RP2040's own watchdog (as rp2040js runs it): a loop that stops
    feeding it resets the chip after the firmware's 5 s, and the game resumes."""
    from host_sim.rp2040.session import Pico
    p = Pico("pico_pca9685", ROOT, str(tmp_path), {"players": 3, "rules": "standard", "seed": 5})
    try:
        for k in "r o".split():
            p.key(k, REACT_MS)
        before = state.as_dict(image.resumed(p.flash()))
        p.interrupt()  # the REPL keeps the watchdog fed by a timer: stop it, then hang
        t0 = clock.now_us()  # before the line goes: the timer's last feed is at most 1 s before it runs
        p.link.write_serial(b"dev.hw.watchdog.timer.deinit()\nwhile True: pass\n\x04")
        while not p.resets and clock.now_us() - t0 < 12000000:
            p.run(100)
        assert p.reset_log and p.reset_log[0][1] == "watchdog", p.reset_log
        stalled_ms = (p.reset_log[0][0] - t0) // 1000
        # Watchdog(timeout_ms=5000), last fed by the REPL's timer (every 1 s) or, before its first tick, by
        # the loop's last step before Ctrl-C (up to 1 s and a step, 60 ms with three 135-degree moves)
        assert 3900 <= stalled_ms <= 5100, stalled_ms
        p.run(1500)  # boot, resume, the windows reopen
        angles = p.emu.angles()
        st, _ = p.outcome()
        assert st == before
        assert [w + 1 for w in range(12) if angles[w] > 90] == before["open"]
    finally:
        p.close(keep=False)


@needs_pico
def test_press_lang_speaks_the_language_on_the_emulated_pico(tmp_path):
    """`press --runtime rp2040 --lang` chooses the language as the setup menu
    does: the board's OLED shows what the micropython runtime's shows, and
    prints the same state."""
    import subprocess
    import sys
    from host_sim import ROOT as REPO
    out = {}
    for rt in ("micropython", "rp2040"):
        png = tmp_path / (rt + ".png")
        proc = subprocess.run([sys.executable, "-m", "host_sim", "press", "--runtime", rt, "--lang", "zh-hans",
                               "--players", "3", "--seed", "5", "--oled-out", str(png), "r"],
                              capture_output=True, text=True, cwd=REPO, timeout=300)
        assert proc.returncode == 0, proc.stderr[-2000:]
        out[rt] = proc.stdout.splitlines()[-1], png.read_bytes()
    assert out["rp2040"] == out["micropython"]
    proc = subprocess.run([sys.executable, "-m", "host_sim", "press", "--runtime", "rp2040",
                           "--players", "3", "--seed", "5", "--oled-out", str(tmp_path / "en.png"), "r"],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0 and (tmp_path / "en.png").read_bytes() != out["rp2040"][1]  # English differs


FULL = """
import os
from drivers.storage import Storage
st = Storage('/')
st.write('game.jnl', b'HEAD')
n = 0
chunk = memoryview(b'x' * 4096)  # 64 KB files written a 4 KB chunk at a time: the firmware holds the heap
for sz in (65536, 4096, 256, 16):  # files, each whole or gone: to the last block littlefs will give
    for _ in range(40):
        try:
            with open('/fill%d' % n, 'wb') as f:
                for _ in range(sz // 4096 or 1):
                    f.write(chunk[:sz])
            n += 1
        except OSError as e:
            err = e.errno
            break
print('filled', err in (28, 36))  # ENOSPC, or littlefs' 36 for a block it cannot give
k = 0
while not st.full and k < 100:
    st.append('game.jnl', b'y' * 64)
    k += 1
print('append full', st.full, k < 100)
print('new game refused', st.write('game.jnl', b'N' * 8192), st.full)
st.write('settings.json', b'{}')
print('settings keep full', st.full)
for i in range(n + 1):
    try:
        os.remove('/fill%d' % i)
    except OSError:
        pass
print('new game', st.write('game.jnl', b'NEWHEAD'), st.full)
st.append('game.jnl', b'ab')
print('saved', st.read('game.jnl'))
try:
    with open('/first.rec.tmp', 'wb') as f:
        f.write(b'half of a first export')
except OSError:
    pass
print('first write cut', st.read('first.rec'), sorted(n for n in os.listdir('/') if n.startswith('first')))
"""


@needs_pico
def test_flash_full_clears_on_the_boards_littlefs_and_a_cut_first_write_leaves_no_file(tmp_path):
    """On the rp2 port's real littlefs, filled to its last block: the append
    that finds no room sets `full`; a settings write does not clear it (the
    journal's appends were dropped); once space is freed, the new game's
    whole rewrite saves and clears it, and its appends are saved. A .tmp
    left by a first write cut short is no file."""
    got = run_on_firmware(tmp_path, FULL)
    assert got == ["filled True", "append full True True", "new game refused False True", "settings keep full True",
                   "new game True False", "saved b'NEWHEADab'", "first write cut None []"], got
