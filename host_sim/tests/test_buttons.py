"""Buttons against emulated bouncing switches, on GPIOs and on the ADC ladder."""
import pytest

from host_sim import hw

clock = hw.install()
from drivers.buttons import KINDS  # noqa: E402

BOARDS = ["pico_pca9685", "pico_direct_pwm"]  # controls on GPIOs / on the ladder
POLL_MS = 2


def run(h, ms, log):
    """Poll every POLL_MS for ms; log (time_us, 'name kind') of each event."""
    end = clock.now_us() + ms * 1000
    while clock.now_us() < end:
        h.buttons.poll()
        e = h.buttons.get()
        while e >= 0:
            log.append((clock.now_us(), h.buttons.describe(e)))
            e = h.buttons.get()
        clock.sleep_ms(POLL_MS)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("button", ["seat3", "roll", "ok", "undo", "card"])
def test_press_arrives_within_20ms_despite_bounce(name, button):
    _, emu, h = hw.boot(name)
    sw = emu.card if button == "card" else emu.buttons[button]
    sw.bounce_us = 5000  # 5 ms of chatter on press and on release
    log = []
    run(h, 50, log)
    assert log == []
    t0 = clock.now_us()
    sw.press(hold_ms=120)
    run(h, 300, log)
    assert [e for _, e in log] == [button + " press", button + " short", button + " release"]
    assert log[0][0] - t0 <= 20000


@pytest.mark.parametrize("name", BOARDS)
def test_twenty_presses_a_second_none_lost(name):
    _, emu, h = hw.boot(name)
    names = ["seat0", "next", "pass", "seat5"]
    t = clock.now_us() + 1000
    for k in range(100):  # 5 s at 20 presses/s, 25 ms down, 25 ms up, 3 ms bounce
        emu.buttons[names[k % 4]].press(hold_ms=25, at_us=t + k * 50000)
    log = []
    run(h, 5200, log)
    presses = [e.split()[0] for _, e in log if e.endswith(" press")]
    assert presses == [names[k % 4] for k in range(100)]
    assert sum(e.endswith(" short") for _, e in log) == 100
    assert h.buttons.dropped == 0


@pytest.mark.parametrize("name", BOARDS)
def test_long_press(name):
    _, emu, h = hw.boot(name)
    emu.buttons["undo"].press(hold_ms=1000)
    log = []
    run(h, 1200, log)
    assert [e for _, e in log] == ["undo press", "undo long", "undo release"]
    press_t, long_t = log[0][0], log[1][0]
    assert 800000 <= long_t - press_t <= 800000 + 2 * POLL_MS * 1000


def test_single_glitch_is_not_a_press():
    _, emu, h = hw.boot("pico_pca9685")
    b = emu.buttons["seat1"]
    b.bounce_us = 0
    b.press(hold_ms=1)  # a 1 ms spike: seen by at most one poll
    log = []
    run(h, 100, log)
    assert log == []


def test_ladder_reading_between_steps_goes_to_nearest():
    _, emu, h = hw.boot("pico_direct_pwm")
    bounds = list(h.buttons.bounds)
    levels = [0, 13107, 26214, 39321, 52428]
    assert all(levels[k] < bounds[k] < (levels + [65535])[k + 1] for k in range(5))


def test_queue_full_keeps_oldest_and_counts_drops():
    _, emu, h = hw.boot("pico_pca9685")
    t = clock.now_us() + 1000
    for k in range(20):
        emu.buttons["seat2"].press(hold_ms=25, at_us=t + k * 50000)
    end = clock.now_us() + 1100 * 1000
    while clock.now_us() < end:
        h.buttons.poll()
        clock.sleep_ms(POLL_MS)
    kinds = []
    e = h.buttons.get()
    while e >= 0:
        kinds.append(KINDS[e & 3])
        e = h.buttons.get()
    assert len(kinds) == 31  # the ring holds 32 slots, one kept free
    assert kinds[:3] == ["press", "short", "release"]
    assert h.buttons.dropped == 60 - 31
