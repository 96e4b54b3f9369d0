"""The OLED's frame is drawn in parts, a part a step (app.frame), and
reaches the panel only whole: no step draws a whole frame at once, no page of
a half-drawn frame is sent, and a key pressed while a frame is drawn is
handled as soon as at rest, its newer frame drawn instead. Every screen's
states of the golden images (host_sim/tests/screens.py), in English and in
Chinese; how long a part takes on the RP2040 is bench/rp2040.py's."""
import os

import pytest

from host_sim import hw, press
from host_sim.tests.screens import SCREENS

clock = hw.install()
import framebuf  # noqa: E402 - the simulator's, installed above

from app import frame  # noqa: E402

STEP_MS = 2  # main.py's sleep between steps
LIMIT = 400  # steps for a key to be seen, its frame drawn and sent: far more than enough
SETTLE = 100  # steps a press and its release take (80 ms held), with time to spare
# (screen, key that changes it); in Chinese too
CASES = [("roll", "5"), ("open", "n"), ("call_joined", "3"), ("reveal", "5"), ("result", "5"),
         ("message", "r"), ("card_out", "5"), ("menu", "n"), ("calibrate", "n"), ("calibrate_ask", "n"),
         ("self_test", "r"), ("scores", "n"), ("reload", "5"), ("setup", "n")]


def at(tmp_path, name, lang):
    setup, keys = SCREENS[name]
    flash = str(tmp_path)
    press.choose_lang(flash, lang)
    if setup and "deck" in setup:
        from app import settings
        from drivers.storage import Storage
        store = Storage(os.path.join(flash, ""))
        kept = settings.load(store)
        kept["deck"] = setup["deck"]
        settings.save(store, kept)
    s = press.start("pico_pca9685", flash, setup)
    s.keys(keys)
    return s


def whole(ctl):
    """The frame of ctl's state, drawn at once."""
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    frame.draw(fb, ctl)
    return bytes(fb.buf)


def pages(frame):
    """A frame's half pages (64 columns): what the driver sends at a time."""
    return [frame[k * 64:(k + 1) * 64] for k in range(16)]


def step_until_shown(s, key=None):
    """Press key (if any), then step until the panel holds the whole frame of
    the state; after every step: a step that began a frame has not finished
    it, and each half page on the panel is that half of a whole frame (the
    one shown before, or one of a state seen since). Returns the steps that
    drew."""
    dev = s.dev
    oled = dev.hw.oled
    began = []
    fill = oled.fill

    def fill_(c):  # every frame begins with fill(0)
        began.append(c)
        fill(c)

    oled.fill = fill_
    seen = [pages(bytes(s.emu.oled.ram))]  # whole frames, page by page
    drawn = {}  # version: its whole frame
    drawing = 0
    if key:
        s.push(key)
    try:
        for n in range(LIMIT):
            del began[:]
            before = bytes(oled.buffer)
            dev.step()
            clock.sleep_ms(STEP_MS)
            v = dev.ctl.version
            if v not in drawn:
                drawn[v] = whole(dev.ctl)
                seen.append(pages(drawn[v]))
            want = drawn[v]
            now = bytes(oled.buffer)
            if began or now != before:
                drawing += 1
            assert not (began and now == want), "step %d drew a whole frame at once" % n
            ram = pages(bytes(s.emu.oled.ram))
            for k in range(16):
                assert any(ram[k] == f[k] for f in seen), "step %d: half page %d of a half-drawn frame on the panel" % (
                    n, k)
            if n >= SETTLE and bytes(s.emu.oled.ram) == want and not dev.dirty:
                return drawing
    finally:
        del oled.fill
    raise AssertionError("the frame was not on the panel after %d steps" % LIMIT)


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
@pytest.mark.parametrize("name,key", CASES)
def test_a_frame_is_drawn_in_parts_and_only_a_whole_one_reaches_the_panel(tmp_path, name, key, lang):
    s = at(tmp_path, name, lang)
    s.run(3000)  # messages expire, the panel holds the whole frame
    assert step_until_shown(s, key) >= 2


def steps_to_handle(s, key):
    """Press key: the steps from the contact's closing to the key's handling."""
    ctl = s.dev.ctl
    v = ctl.version
    s.push(key)
    n = 0
    while ctl.version == v:
        s.dev.step()
        clock.sleep_ms(STEP_MS)
        n += 1
    return n


def test_a_key_pressed_while_a_frame_is_drawn_wins_and_its_frame_replaces_it(tmp_path):
    s = at(tmp_path, "roll", "en")
    s.run(3000)
    dev = s.dev
    ctl = dev.ctl
    rest = steps_to_handle(s, "5")  # at rest
    s.run(3000)
    # again, a frame being drawn meanwhile (a change of state just before)
    ctl.version += 1
    for _ in range(3):  # the lights take a step, then the frame's first part
        dev.step()
        clock.sleep_ms(STEP_MS)
        if dev.frame is not None:
            break
    assert dev.frame is not None, "no frame being drawn"
    busy = steps_to_handle(s, "5")
    assert busy == rest, "a key waited for the frame being drawn: %d steps, %d at rest" % (busy, rest)
    step_until_shown(s)  # the newer frame, drawn from its start, is the one shown
    assert bytes(s.emu.oled.ram) == whole(ctl)
