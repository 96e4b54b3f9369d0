"""The self-test on emulated boards: complete, and with parts missing."""
from host_sim import FIRMWARE, hw

clock = hw.install()


def selftest(name, tmp_path, **parts):
    """An emulated board (parts=False: left off) and a SelfTest on it."""
    from app import board
    from app.selftest import SelfTest
    from drivers.storage import Storage
    from emu.board import Board
    hw.reset()
    cfg = board.load(name, FIRMWARE + "/")
    emu = Board(cfg, **parts)
    lines = []
    return SelfTest(cfg, Storage(str(tmp_path) + "/"), lines.append), emu, lines


def test_everything_present_and_pressed(tmp_path):
    from emu import world
    t, emu, lines = selftest("pico_pca9685", tmp_path)
    assert t.problems == []
    t.hw.shutters.wait()
    for s in emu.servos:
        s.moves.clear()
    t.shutters()
    assert all(len(s.moves) == 2 for s in emu.servos)  # each window opened and closed
    strip = world.pin(19)
    frames = []
    strip.listeners.append(lambda: frames.append(strip.data))
    t.pixels()
    n = 18  # the windows' pixels, then the seats'
    assert len(frames) == 3 * n + 1
    for k, frame in enumerate(frames[:-1]):  # red, green, blue, each pixel alone in turn
        lit = bytearray(3 * n)
        lit[3 * (k % n) + (1, 0, 2)[k // n]] = 64  # GRB on the wire, capped at 64
        assert frame == lit, k
    assert frames[-1] == bytes(3 * n)  # off again
    # press every button while the test listens
    t0 = clock.now_us() + 10000
    for k, name in enumerate(sorted(emu.buttons)):
        emu.buttons[name].press(hold_ms=40, at_us=t0 + k * 100000)
    emu.card.press(hold_ms=40, at_us=t0 + 20 * 100000)
    left = t.buttons(ms=5000)
    assert left == []
    shown = [line for line in lines if line.endswith(" press")]
    assert shown == [name + " press" for name in sorted(emu.buttons)] + ["card press"]
    assert "seat5 short" in lines
    assert t.problems == []


def test_missing_pca9685_is_named_and_nothing_moves(tmp_path):
    t, emu, lines = selftest("pico_pca9685", tmp_path, pca=False)
    assert t.problems == ["missing on I2C at 0x40: servo driver (PCA9685)"]
    assert t.hw is None
    assert t.run()[0].startswith("missing on I2C at 0x40")
    assert lines[-1] == "self-test: 1 problem(s)"


def test_missing_oled_is_named_and_the_rest_runs(tmp_path):
    t, emu, lines = selftest("pico_direct_pwm", tmp_path, oled=False)
    assert t.problems == ["missing on I2C at 0x3c: OLED (SSD1306)"]
    problems = t.run(button_ms=200)
    never = ["button never pressed: " + name for name in t.hw.buttons.names]
    assert len(never) == 12
    assert problems == ["missing on I2C at 0x3c: OLED (SSD1306)"] + never
    assert lines[-1] == "self-test: 13 problem(s)"


def test_the_closing_tone_ends(tmp_path):
    from emu import world
    t, emu, lines = selftest("pico_direct_pwm", tmp_path, oled=False)
    pwm = world.pin(t.cfg["buzzer"]).pwm
    heard = []
    world.pin(t.cfg["buzzer"]).listeners.append(lambda: heard.append((pwm.freq(), pwm.duty_u16())))
    t.run(button_ms=200)
    assert (300, 32768) in heard  # the low tone: problems were found
    clock.sleep_ms(10000)
    assert pwm.duty_u16() == 0 and heard[-1][1] == 0


def test_the_first_seat_button_is_reported_as_seat_1(tmp_path):
    """Seats are counted from 1 everywhere: pressing the button wired as
    seat_buttons[0] shows "seat1", and seat 1 is not among those never pressed."""
    from emu.button import Button
    t, emu, lines = selftest("pico_pca9685", tmp_path)
    first = t.cfg["seat_buttons"][0]
    Button(first).press(hold_ms=40, at_us=clock.now_us() + 10000)
    left = t.buttons(ms=500)
    assert [line for line in lines if line.endswith(" press")] == ["seat1 press"]
    assert "seat1" not in left and "seat2" in left
    assert "button never pressed: seat1" not in t.problems
