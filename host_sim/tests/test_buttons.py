"""Buttons against emulated bouncing switches, on GPIOs and on the ADC ladder."""
import pytest

from host_sim import hw

clock = hw.install()
from drivers.buttons import KINDS  # noqa: E402

BOARDS = ["pico_pca9685", "pico_direct_pwm"]  # controls on GPIOs / on the ladder
POLL_MS = 2


def run(b, ms, log):
    """Poll Buttons b every POLL_MS for ms; log (time_us, 'name kind') of each event."""
    end = clock.now_us() + ms * 1000
    while clock.now_us() < end:
        b.poll()
        e = b.get()
        while e >= 0:
            log.append((clock.now_us(), b.describe(e)))
            e = b.get()
        clock.sleep_ms(POLL_MS)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("button", ["seat3", "roll", "ok", "undo", "card"])
def test_press_arrives_within_20ms_despite_bounce(name, button):
    _, emu, h = hw.boot(name)
    sw = emu.card if button == "card" else emu.buttons[button]
    sw.bounce_us = 5000  # 5 ms of chatter on press and on release
    log = []
    run(h.buttons, 50, log)
    assert log == []
    t0 = clock.now_us()
    sw.press(hold_ms=120)
    run(h.buttons, 300, log)
    assert [e for _, e in log] == [button + " press", button + " short", button + " release"]
    assert log[0][0] - t0 <= 20000


@pytest.mark.parametrize("name", BOARDS)
def test_twenty_presses_a_second_none_lost(name):
    _, emu, h = hw.boot(name)
    names = ["seat1", "next", "pass", "seat6"]
    t = clock.now_us() + 1000
    for k in range(100):  # 5 s at 20 presses/s, 25 ms down, 25 ms up, 3 ms bounce
        emu.buttons[names[k % 4]].press(hold_ms=25, at_us=t + k * 50000)
    log = []
    run(h.buttons, 5200, log)
    presses = [e.split()[0] for _, e in log if e.endswith(" press")]
    assert presses == [names[k % 4] for k in range(100)]
    assert sum(e.endswith(" short") for _, e in log) == 100
    assert h.buttons.dropped == 0


@pytest.mark.parametrize("name", BOARDS)
def test_long_press(name):
    _, emu, h = hw.boot(name)
    emu.buttons["undo"].press(hold_ms=1000)
    log = []
    run(h.buttons, 1200, log)
    assert [e for _, e in log] == ["undo press", "undo long", "undo release"]
    press_t, long_t = log[0][0], log[1][0]
    assert 800000 <= long_t - press_t <= 800000 + 2 * POLL_MS * 1000


def test_single_glitch_is_not_a_press():
    _, emu, h = hw.boot("pico_pca9685")
    b = emu.buttons["seat1"]
    b.bounce_us = 0
    b.press(hold_ms=1)  # a 1 ms spike: seen by at most one poll
    log = []
    run(h.buttons, 100, log)
    assert log == []


@pytest.mark.parametrize("reading, want", [
    (6000, "roll"), (13107 - 6000, "next"), (13107 + 6000, "next"), (26214 - 6000, "ok"),
    (26214 + 7000, "pass"), (52428 - 7000, "pass"), (52428 + 6000, "undo"),
    (52428 + 7000, None),  # nearer the idle full scale than the last step
])
def test_ladder_reading_between_steps_goes_to_nearest(reading, want):
    from emu.button import Ladder
    cfg, emu, h = hw.boot("pico_direct_pwm")  # levels 0, 13107, 26214, 39321, 52428
    off_step = Ladder(cfg["controls"]["ladder"], [reading])  # the ADC now reads this one
    off_step.buttons[0].press(hold_ms=40)
    log = []
    run(h.buttons, 100, log)
    assert [e for _, e in log] == ([] if want is None else [want + " press", want + " short", want + " release"])


def test_change_held_back_by_lock_ms_is_taken_after_it():
    """Hundreds of polls disagreeing while lock_ms holds must not overflow the count."""
    from drivers.buttons import Buttons
    from emu.button import Button
    from machine import Pin
    hw.reset()
    b = Buttons(("a",), [Pin(5)], lock_ms=2000)
    Button(5, bounce_us=0).press(hold_ms=3000)
    log = []
    run(b, 1990, log)  # about 1,000 polls, all held back
    assert log == []
    run(b, 20, log)
    assert [e for _, e in log] == ["a press"]
    assert 2000000 <= log[0][0] <= 2000000 + POLL_MS * 1000


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


class _Pin:
    """A switch to ground read by value(): 0 while pressed."""
    IN = PULL_UP = 0

    def __init__(self):
        self.low = False

    def init(self, *args):
        pass

    def value(self):
        return 0 if self.low else 1


def test_two_one_poll_glitches_are_not_a_press():
    """Each glitch lasts one poll; the second comes after lock_ms. Only two
    polls in a row that agree make a change: the count starts again after
    a poll that agrees with the state."""
    from drivers.buttons import Buttons
    pin = _Pin()
    b = Buttons(["a"], [pin], lock_ms=15, confirm=2)
    clock.sleep_ms(100)
    for t in range(60):  # a poll every 2 ms; glitches at 20 ms and 36 ms
        pin.low = t in (10, 18)
        b.poll()
        clock.sleep_ms(2)
    assert b.get() == -1
    pin.low = True  # a real press: two polls in a row
    b.poll()
    clock.sleep_ms(2)
    b.poll()
    assert b.describe(b.get()) == "a press"
    clock.sleep_ms(30)
    pin.low = False  # a one-poll bounce while held, after lock_ms: still down
    b.poll()
    pin.low = True
    for _ in range(5):
        clock.sleep_ms(2)
        b.poll()
    assert b.get() == -1


class _Ticks:
    """A `time` whose ticks_ms wraps at 2**bits on the virtual clock: 30 as
    MicroPython's, 29 as CircuitPython's adafruit_ticks."""

    def __init__(self, bits):
        self.period = 1 << bits

    def ticks_ms(self):
        return (clock.now_us() // 1000) % self.period

    def ticks_add(self, t, d):
        return (t + d) % self.period

    def ticks_diff(self, a, b):
        half = self.period // 2
        return (a - b + half) % self.period - half


@pytest.mark.parametrize("bits", [30, 29])
@pytest.mark.parametrize("poll_every_s", [600, 0])
@pytest.mark.parametrize("days", [3.5, 7, 13, 25])
def test_presses_long_presses_and_debounce_after_days_idle(monkeypatch, bits, poll_every_s, days):
    """Idle for days, polled every 10 minutes (0: not once, the clock jumps):
    a press, a long press and a one-poll glitch are still told apart, on
    either tick period (half of 2**29 ms is 3.1 days)."""
    import drivers.buttons as buttons
    monkeypatch.setattr(buttons, "time", _Ticks(bits))
    pin = _Pin()
    b = buttons.Buttons(["a"], [pin])
    for _ in range(20):
        b.poll()
        clock.sleep_ms(2)
    idle_ms = int(days * 86400000)
    if poll_every_s:
        for _ in range(idle_ms // (poll_every_s * 1000)):
            clock.sleep_ms(poll_every_s * 1000)
            b.poll()
    else:
        clock.sleep_ms(idle_ms)
    from emu import quiet
    assert quiet.buttons_quiet(b)

    def hold(ms):
        pin.low = True
        for _ in range(ms // 2):
            b.poll()
            clock.sleep_ms(2)
        pin.low = False
        for _ in range(20):
            b.poll()
            clock.sleep_ms(2)
        got = []
        e = b.get()
        while e >= 0:
            got.append(KINDS[e & 3])
            e = b.get()
        return got

    assert hold(2) == []  # one poll: a glitch
    assert hold(80) == ["press", "short", "release"]
    assert hold(1000) == ["press", "long", "release"]


def test_a_ladder_reading_moving_from_one_step_to_another_is_a_release_and_a_press():
    """A finger sliding from one ladder button to the next, no idle reading
    between: the first is released and the second pressed at the same poll,
    and the second's release is still seen (the idle fast path knows which
    button of the ladder is down, even once it is held long)."""
    from drivers.buttons import Buttons

    class Adc:
        v = 65535

        def read_u16(self):
            return self.v
    adc = Adc()
    b = Buttons(("a", "b"), [], adc, [0, 30000])
    log = []
    for v, ms in ((65535, 100), (30000, 100), (0, 1000), (65535, 100)):
        adc.v = v
        run(b, ms, log)
    assert [e for _, e in log] == ["b press", "a press", "b short", "b release", "a long", "a release"]


@pytest.mark.parametrize("name", BOARDS)
def test_a_held_button_is_debounced_only_when_a_wait_is_due(name):
    """While a button is held, nothing changes until its long press is due:
    the polls between are one read and a comparison (on the RP2040 the
    debounce is a heap-allocated call frame each time), and the long press
    and the release still arrive on time."""
    _, emu, h = hw.boot(name)
    b = h.buttons
    run(b, 50, [])
    looked = []
    real = b._debounce

    def debounce(w, step):
        looked.append(clock.now_us())
        real(w, step)
    b._debounce = debounce
    t0 = clock.now_us()
    emu.buttons["undo"].press(hold_ms=1000)
    log = []
    run(b, 1200, log)
    assert [e for _, e in log] == ["undo press", "undo long", "undo release"]
    assert log[1][0] - t0 <= 800000 + 25000  # long_ms, plus the contact's settling and a poll
    held = [t for t in looked if log[0][0] + 20000 < t < log[1][0] - 5000]
    assert held == []  # 1,200 ms of polls at 2 ms: the debounce ran only around the changes and the long press
    assert len(looked) < 40


def test_two_buttons_pressed_together_both_arrive():
    """Two GPIO buttons that change in the same poll are both looked at."""
    _, emu, h = hw.boot("pico_pca9685")
    t = clock.now_us() + 1000
    emu.buttons["seat1"].press(hold_ms=60, at_us=t)
    emu.buttons["seat4"].press(hold_ms=60, at_us=t)
    log = []
    run(h.buttons, 200, log)
    assert sorted(e for _, e in log if e.endswith(" press")) == ["seat1 press", "seat4 press"], log
    assert len({t for t, e in log if e.endswith(" press")}) == 1  # in the same poll, neither put off


def test_a_long_press_keeps_its_time_while_another_button_is_pressed():
    """UNDO held: a seat pressed meanwhile does not put off its long press."""
    _, emu, h = hw.boot("pico_pca9685")
    t = clock.now_us() + 1000
    emu.buttons["undo"].press(hold_ms=1000, at_us=t)
    emu.buttons["seat2"].press(hold_ms=1000, at_us=t + 100000)
    log = []
    run(h.buttons, 1300, log)
    longs = {e: u for u, e in log if e.endswith(" long")}
    assert sorted(longs) == ["seat2 long", "undo long"], log
    assert 800000 <= longs["undo long"] - t <= 800000 + 25000
    assert 800000 <= longs["seat2 long"] - t - 100000 <= 800000 + 25000
