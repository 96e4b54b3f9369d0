"""Shutters against emulated SG90s (on a PCA9685 or on RP2040 PWM pins) and light valves."""
import json
import os
import random

import pytest

from host_sim import hw

clock = hw.install()
from drivers.buttons import PRESS  # noqa: E402
from emu.servo import max_concurrent, pulse_to_deg  # noqa: E402

SERVO_BOARDS = ["pico_pca9685", "pico_direct_pwm"]
C, O = 900, 2100  # the servo boards' closed and open ends: the lid's 108 degrees (hardware/lid/pulses.py)


def at(us):
    """The angle a pulse of `us` asks for, within what 12-bit PWM can hit (0.3 degrees)."""
    return pytest.approx(pulse_to_deg(us), abs=0.3)


def run_until_idle(h, limit_ms=10000):
    t0 = clock.now_us()
    while h.shutters.busy():
        clock.sleep_ms(1)
        h.shutters.update()
        assert clock.now_us() - t0 < limit_ms * 1000, "shutters never settled"


@pytest.mark.parametrize("name", SERVO_BOARDS)
def test_boot_closes_every_window_three_at_a_time(name):
    cfg, emu, h = hw.boot(name)
    assert emu.angles() == [at(cfg["shutters"]["closed_us"])] * 12
    assert max_concurrent(emu.servos) == 3
    assert not any(s.moving() for s in emu.servos)


@pytest.mark.parametrize("name", SERVO_BOARDS)
def test_close_all_in_four_rounds_of_three(name):
    cfg, emu, h = hw.boot(name)
    for i in range(12):
        h.shutters.open(i)
    run_until_idle(h)
    assert emu.angles() == [at(cfg["shutters"]["open_us"])] * 12
    t0 = clock.now_us()
    h.shutters.close_all()
    run_until_idle(h)
    took_ms = (clock.now_us() - t0) / 1000
    assert emu.angles() == [at(cfg["shutters"]["closed_us"])] * 12
    move = h.shutters._travel_ms(cfg["shutters"]["open_us"], cfg["shutters"]["closed_us"])
    # the lid's 108 degrees at the SG90's 125 ms per 60 at 4.6 V (225 ms), a quarter more (281.25 ms,
    # whole ms up: 282), 10 ms to settle
    assert move == 292
    assert 4 * move <= took_ms <= 4 * move + 8  # three at a time: four rounds of one move
    # the servos really were still: the driver's estimate covers the motion
    assert all(s.moves[-1][1] <= clock.now_us() for s in emu.servos)


@pytest.mark.parametrize("name", SERVO_BOARDS)
def test_a_new_card_closes_every_window(name):
    """set_card() is the one call for a new card on every board: servos close."""
    cfg, emu, h = hw.boot(name)
    for i in (2, 7):
        h.shutters.open(i)
    run_until_idle(h)
    assert h.shutters.cards == 0  # the cards are printed
    h.shutters.set_card(5)
    run_until_idle(h)
    assert emu.angles() == [at(cfg["shutters"]["closed_us"])] * 12


@pytest.mark.parametrize("max_moving", [1, 3, 5])
def test_never_more_than_max_moving(max_moving):
    cfg, emu, h = hw.boot("pico_pca9685")
    h.shutters.max_moving = max_moving
    for s in emu.servos:
        s.moves.clear()  # boot's moves were at the board's 3
    rnd = random.Random(max_moving)
    for step in range(400):
        i = rnd.randrange(12)
        (h.shutters.open if rnd.random() < 0.5 else h.shutters.close)(i)
        if rnd.random() < 0.3:
            h.shutters.close_all()
        # steps of 1, 2, 5, 20 ms stretched to the lid's 292 ms move (from 198 ms): as many asks per move
        clock.sleep_ms(rnd.choice((1, 3, 7, 29)))
        h.shutters.update()
    run_until_idle(h)
    assert max_concurrent(emu.servos) == max_moving
    for i, s in enumerate(emu.servos):  # every window ends where it was last asked to be
        want = cfg["shutters"]["open_us"] if h.shutters.is_open(i) else cfg["shutters"]["closed_us"]
        assert s.angle() == at(want)


@pytest.mark.parametrize("name", SERVO_BOARDS)
def test_boot_from_anywhere_keeps_to_max_moving(name, tmp_path):
    """At power-up the horns may stand anywhere: the first close allows the longest way."""
    from app import board
    from app import port
    from app.hardware import Hardware
    from drivers.storage import Storage
    from emu.board import Board
    from host_sim import FIRMWARE
    hw.reset()
    cfg = board.load(name, FIRMWARE + "/")
    emu = Board(cfg, angles=[0, 180] * 6)
    h = Hardware(cfg, port, Storage(str(tmp_path) + "/"))
    run_until_idle(h)
    assert emu.angles() == [at(cfg["shutters"]["closed_us"])] * 12
    assert max_concurrent(emu.servos) == 3


def test_moves_start_oldest_request_first_and_a_reversal_turns_at_once():
    cfg, emu, h = hw.boot("pico_pca9685")
    run_until_idle(h)
    h.shutters.max_moving = 1
    for s in emu.servos:
        s.moves.clear()
    starts = []
    for i in (5, 8, 3):  # 8 asked before 3: it goes first, whatever their numbers
        h.shutters.open(i)
    h.shutters.close(5)  # while 5 opens: it turns back at once, still one servo running
    assert emu.servos[5].moving() and not emu.servos[8].moving()
    h.shutters.open(8)   # asked again while waiting: keeps its place
    while h.shutters.busy():
        clock.sleep_ms(1)
        h.shutters.update()
    for i, s in enumerate(emu.servos):
        starts += [(m[0], i) for m in s.moves]
    assert [i for _, i in sorted(starts)] == [5, 5, 8, 3]
    assert emu.servos[5].angle() == at(cfg["shutters"]["closed_us"])
    assert emu.servos[8].angle() == at(cfg["shutters"]["open_us"])


def test_pca9685_outputs_stay_off_until_enabled_and_after_disable():
    from drivers.shutter_outputs import PcaServos
    from machine import Pin
    hw.reset()
    oe = Pin(22, Pin.OUT, value=0)
    servos = PcaServos(_NoPca(), [0, 1], oe)
    assert oe.value() == 1  # /OE high: outputs off, whatever the pin held
    servos.enable(True)
    assert oe.value() == 0
    servos.enable(False)
    assert oe.value() == 1


class _NoPca:
    def off(self, channel):
        pass


def test_open_starts_at_once_when_a_slot_is_free():
    cfg, emu, h = hw.boot("pico_pca9685")
    h.shutters.open(7)
    assert emu.servos[7].moving()
    assert not emu.servos[6].moving()


def test_no_pulses_before_the_driver_is_ready():
    """OE is pulled up on the board: until the firmware drives it low, the
    PCA9685 outputs nothing, whatever its registers hold."""
    from app import board
    from emu.board import Board
    from host_sim import FIRMWARE
    hw.reset()
    cfg = board.load("pico_pca9685", FIRMWARE + "/")
    emu = Board(cfg)
    emu.pca.reg[0] = 0x20  # awake, as after a soft reset without a power cycle
    emu.pca.reg[6:10] = bytes((0, 0, 0x4C, 0x01))  # a stale 1.6 ms pulse
    assert emu.pca.pulse_us(0) == 0
    _, emu, h = hw.boot("pico_pca9685", wait=False)
    assert emu.pca.reg[0xFE] == 121  # prescale for 50 Hz from the 25 MHz oscillator
    assert abs(emu.pca.pulse_us(0) - cfg["shutters"]["closed_us"]) <= 5


def test_direct_pwm_is_50hz():
    cfg, emu, h = hw.boot("pico_direct_pwm", wait=False)
    driven = 0
    for pwm in h.shutters.backend.pwms:  # the first moves of the power-up close-all
        assert pwm.freq() == 50
        if pwm._pulse_us():
            driven += 1
            assert abs(pwm._pulse_us() - cfg["shutters"]["closed_us"]) <= 1
    assert driven == 3


def test_calibration_survives_a_reboot(tmp_path):
    cfg, emu, h = hw.boot("pico_pca9685", str(tmp_path))
    h.shutters.calibrate(4, open_us=1950, closed_us=950)
    h.shutters.save_calibration()
    run_until_idle(h)
    assert emu.servos[4].angle() == at(950)
    _, emu, h = hw.boot("pico_pca9685", str(tmp_path))  # power cycle, same flash
    assert emu.servos[4].angle() == at(950)
    assert emu.servos[3].angle() == at(C)
    h.shutters.open(4)
    run_until_idle(h)
    assert emu.servos[4].angle() == at(1950)
    _, emu, h = hw.boot("pico_pca9685")  # other flash: the board's defaults
    assert emu.servos[4].angle() == at(C)


def test_damaged_calibration_is_ignored(tmp_path):
    (tmp_path / "calib.json").write_text('{"open": [2100], "closed": ')
    _, emu, h = hw.boot("pico_pca9685", str(tmp_path))
    assert list(h.shutters.closed_us) == [C] * 12
    with pytest.raises(ValueError):
        h.shutters.calibrate(0, open_us=3000)


@pytest.mark.parametrize("closed", [[1500.5] * 12, [C] * 11 + [str(C)], [C] * 11])
def test_calibration_of_the_wrong_form_leaves_the_defaults(tmp_path, closed):
    import json
    (tmp_path / "calib.json").write_text(json.dumps({"open": [O] * 12, "closed": closed}))
    _, emu, h = hw.boot("pico_pca9685", str(tmp_path))
    assert list(h.shutters.closed_us) == [C] * 12
    assert emu.angles() == [at(C)] * 12


def test_calibration_on_flash_may_hold_the_limits(tmp_path):
    import json
    (tmp_path / "calib.json").write_text(json.dumps({"open": [O + 200] * 12, "closed": [C - 200] * 12}))
    _, emu, h = hw.boot("pico_pca9685", str(tmp_path))  # the config's ends +- the margin (docs/hardware.md)
    assert list(h.shutters.closed_us) == [C - 200] * 12 and list(h.shutters.open_us) == [O + 200] * 12


def test_light_valve_backend_switches_gpio(tmp_path):
    from drivers.shutter_outputs import GpioShutters
    from drivers.shutters import Shutters
    from emu import world
    from machine import Pin
    hw.reset()
    pins = list(range(12))
    s = Shutters(GpioShutters([Pin(p, Pin.OUT) for p in pins]), max_moving=12, ms_per_60deg=0, settle_ms=30)
    s.wait()
    assert [world.pin(p).level() for p in pins] == [0] * 12
    s.open(2)
    s.open(5)
    assert [world.pin(p).level() for p in pins] == [0, 0, 1, 0, 0, 1] + [0] * 6
    s.close_all()
    s.wait()
    assert [world.pin(p).level() for p in pins] == [0] * 12


def test_light_valves_start_closed_whatever_the_pins_held():
    from drivers.shutter_outputs import GpioShutters
    from emu import world
    from machine import Pin
    hw.reset()
    pins = [Pin(p, Pin.OUT, value=1) for p in range(12)]
    GpioShutters(pins)
    assert [world.pin(p).level() for p in range(12)] == [0] * 12


@pytest.mark.parametrize("us, ok", [(499, None), (500, False), (699, False), (700, True),
                                    (2300, True), (2301, False), (2500, False), (2501, None)])
def test_calibration_takes_500_to_2500_us_within_the_configs_ends_and_margin(us, ok):
    cfg, emu, h = hw.boot("pico_pca9685")
    end = "closed_us" if us < 1500 else "open_us"  # each end on its own side (closed 900, open 2100)
    if ok is None:
        with pytest.raises(ValueError, match="^pulse %d us outside 500..2500$" % us):
            h.shutters.calibrate(3, closed_us=us)
    else:  # past the config's end by more than 200 us: refused, nothing changed
        assert h.shutters.calibrate(3, **{end: us}) is ok
        assert getattr(h.shutters, end)[3] == (us if ok else getattr(h.shutters, end)[4])


def test_light_valve_board_from_config(tmp_path):
    """A board config with backend "gpio" builds light-valve shutters on its pins."""
    import json
    import os
    from app import board
    from app import port
    from app.hardware import Hardware
    from drivers.storage import Storage
    from emu.board import Board
    from host_sim import FIRMWARE
    with open(os.path.join(FIRMWARE, "boards", "pico_direct_pwm.json")) as f:
        cfg = json.load(f)
    cfg["shutters"].update(backend="gpio", ms_per_60deg=0, settle_ms=250)  # e-ink-like: 250 ms a change
    cfg = board.validate(cfg)
    hw.reset()
    emu = Board(cfg)
    h = Hardware(cfg, port, Storage(str(tmp_path) + "/"))
    h.shutters.wait()
    h.shutters.open(0)
    h.shutters.open(11)
    assert [v.level() for v in emu.valves] == [1] + [0] * 10 + [1]
    h.shutters.wait(1)
    t0 = clock.now_us()
    h.shutters.close_all()
    h.shutters.wait(1)
    assert [v.level() for v in emu.valves] == [0] * 12
    assert (clock.now_us() - t0) // 1000 == 250  # both closed together: 2 <= max_moving


@pytest.mark.parametrize("name", SERVO_BOARDS)
def test_press_to_shutter_within_20ms_while_the_screen_updates(name):
    """A main loop as the device runs it: poll, act, redraw the score, every 2 ms.
    Partial OLED updates keep press-to-motion under 20 ms."""
    cfg, emu, h = hw.boot(name)
    rnd = random.Random(1)
    start = clock.now_us() + 5000
    presses = []
    for k in range(12):
        seat = k % 6
        at = start + k * 150000 + rnd.randrange(0, 40000)
        emu.buttons["seat%d" % (seat + 1)].press(hold_ms=40, at_us=at)
        presses.append((at, k))
    score = shown = 0
    while clock.now_us() < start + 12 * 150000 + 200000:
        h.buttons.poll()
        e = h.buttons.get()
        if e >= 0 and (e & 3) == PRESS and h.buttons.names[e >> 2].startswith("seat"):
            w = score % 12
            (h.shutters.close if h.shutters.is_open(w) else h.shutters.open)(w)
            score += 1
            h.oled.fill_rect(0, 0, 64, 8, 0)
            h.oled.text("score %d" % score, 0, 0)
            h.oled.show()
        elif clock.now_us() // 50000 != shown:  # a running timer on screen, redrawn every 50 ms
            shown = clock.now_us() // 50000
            h.oled.fill_rect(64, 56, 64, 8, 0)
            h.oled.text("%5.1f s" % (shown / 20), 64, 56)
            h.oled.show()
        h.shutters.update()
        clock.sleep_ms(2)
    assert score == 12
    for at, k in presses:
        started = [a for s in emu.servos for a, b in s.moves if a >= at]
        assert min(started) - at <= 20000


@pytest.mark.parametrize("name", ["pico_pca9685", "pico_direct_pwm"])
def test_a_servo_is_released_once_its_move_has_settled(name):
    """No pulse is left on a shutter at rest (a shutter held against a stop stalls the
    servo); the horn stays where the move left it."""
    cfg, emu, h = hw.boot(name)
    closed = at(cfg["shutters"]["closed_us"])
    assert emu.angles() == [closed] * 12
    assert [s.source() for s in emu.servos] == [0] * 12
    h.shutters.open(3)
    assert emu.servos[3].source() > 0  # driven while it moves
    run_until_idle(h)
    assert emu.servos[3].source() == 0
    assert emu.angles()[3] == at(cfg["shutters"]["open_us"])


def test_a_window_the_board_config_holds_keeps_its_pulse(tmp_path):
    from app import board
    from host_sim import FIRMWARE
    import json
    with open(os.path.join(FIRMWARE, "boards", "pico_pca9685.json")) as f:
        cfg = json.load(f)
    cfg["shutters"]["hold"] = [4]
    cfg = board.validate(cfg)
    hw.reset()
    from emu.board import Board
    from app import port
    from app.hardware import Hardware
    from drivers.storage import Storage
    emu = Board(cfg)
    h = Hardware(cfg, port, Storage(str(tmp_path) + "/"))
    h.shutters.open(3)
    h.shutters.open(4)
    run_until_idle(h)
    assert emu.servos[3].source() > 0
    assert emu.servos[4].source() == 0


def test_the_ends_keep_apart_and_never_cross():
    _, emu, h = hw.boot("pico_pca9685")  # closed 900, open 2100
    s = h.shutters
    assert not s.calibrate(2, closed_us=O)  # the closed end onto the open one
    assert not s.calibrate(2, closed_us=O - 299)  # closer than MIN_TRAVEL_US
    assert not s.calibrate(2, open_us=C - 50)  # the open end past the closed one
    assert (s.open_us[2], s.closed_us[2]) == (O, C)
    assert s.calibrate(2, closed_us=O - 300) and s.closed_us[2] == O - 300


@pytest.mark.parametrize("o, c", [(C, O), (O, O - 100), (O + 200, O)])
def test_a_calibration_file_with_crossed_or_close_ends_falls_back_to_the_board_config(tmp_path, o, c):
    (tmp_path / "calib.json").write_text(json.dumps({"open": [O] * 11 + [o], "closed": [C] * 11 + [c]}))
    _, emu, h = hw.boot("pico_pca9685", str(tmp_path))
    assert list(h.shutters.closed_us) == [C] * 12 and list(h.shutters.open_us) == [O] * 12
    run_until_idle(h)
    assert all(emu.servos[i].angle() == at(C) for i in range(12))


# -- release time and re-drive (the SG90's speed at the lowest rail voltage) ------

SG90_46V_DEG_PER_S = 60 / 0.125  # the SG90's 0.12 s per 60 degrees at 4.8 V, slowed to 4.6 V


def _hold_ms(us_from, us_to, ms_per_60deg=125, settle_ms=10):
    """The release time worked out from the move's angle (0.09 degrees per
    us): at ms_per_60deg, a quarter more, the settle time; whole ms up."""
    deg = abs(us_to - us_from) * 0.09
    return -(-deg * ms_per_60deg * 1.25 // 60) + settle_ms


def _released_after(h, servo, i, ask):
    """Ask window i to move; step the virtual clock 1 ms at a time; the ms
    from the request until its pulses stop."""
    t0 = clock.now_us()
    ask(i)
    assert servo.source() > 0
    while servo.source():
        clock.sleep_ms(1)
        h.shutters.update()
        assert clock.now_us() - t0 < 2000000
    return (clock.now_us() - t0) / 1000


@pytest.mark.parametrize("name", SERVO_BOARDS)
@pytest.mark.parametrize("closed_us,open_us", [(C, O), (1100, 1900), (750, 2250), (1200, 1500)])
def test_a_servo_is_released_only_after_its_move_at_the_lowest_rail_voltage(name, closed_us, open_us, monkeypatch):
    """108 (the lid's), 72, 135 and 27 degree moves on servos as slow as an SG90 at 4.6 V: the
    pulse stays on at least as long as the move's angle needs at the board's
    figure with margin, and the horn is at its end when the pulse stops."""
    from emu import servo as sv
    monkeypatch.setattr(sv, "DEG_PER_S", SG90_46V_DEG_PER_S)
    cfg, emu, h = hw.boot(name)
    run_until_idle(h)
    s = h.shutters
    for i in range(12):
        assert s.calibrate(i, open_us, closed_us)
    run_until_idle(h)
    for i, ask, frm, to in ((4, s.open, closed_us, open_us), (4, s.close, open_us, closed_us)):
        took = _released_after(h, emu.servos[i], i, ask)
        assert took >= _hold_ms(frm, to), (took, _hold_ms(frm, to))
        assert took <= _hold_ms(frm, to) + 2
        assert emu.servos[i].angle() == at(to)  # there before its pulse stopped
    if (closed_us, open_us) == (C, O):
        assert _hold_ms(C, O) == 292  # the lid's 108 degree move
    if (closed_us, open_us) == (1100, 1900):
        assert _hold_ms(1100, 1900) == 198  # a 72 degree move: 138 ms before this figure


def test_the_board_configs_speed_figure_sets_the_release_time(tmp_path):
    from app import board, port
    from app.hardware import Hardware
    from drivers.storage import Storage
    from emu.board import Board
    from host_sim import FIRMWARE
    with open(os.path.join(FIRMWARE, "boards", "pico_pca9685.json")) as f:
        cfg = json.load(f)
    assert cfg["shutters"]["ms_per_60deg"] == 125
    cfg["shutters"]["ms_per_60deg"] = 200  # a slow servo, as measured at bring-up
    got = board.validate(json.loads(json.dumps(cfg)))
    assert got["shutters"]["ms_per_60deg"] == 200
    cfg["shutters"]["ms_per_100us"] = 16  # the old figure is named, not ignored
    with pytest.raises(board.ConfigError, match="shutters.ms_per_100us: replaced by ms_per_60deg"):
        board.validate(cfg)
    hw.reset()
    emu = Board(got)
    h = Hardware(got, port, Storage(str(tmp_path) + "/"))
    run_until_idle(h)
    assert _released_after(h, emu.servos[0], 0, h.shutters.open) >= _hold_ms(C, O, 200) == 460


@pytest.mark.parametrize("name", SERVO_BOARDS)
def test_a_flap_stopped_short_is_driven_again_when_the_game_next_needs_it(name, monkeypatch):
    """Servos slower than the board's figure (a stiff hinge, a weak rail)
    stop short when their pulse is dropped; the next move asked for (a
    window opened, a card change) drives them again."""
    from emu import servo as sv
    cfg, emu, h = hw.boot(name)
    run_until_idle(h)
    s = h.shutters
    monkeypatch.setattr(sv, "DEG_PER_S", 300)  # 108 degrees in 360 ms: released at 292 ms
    opened = at(cfg["shutters"]["open_us"])
    closed = at(cfg["shutters"]["closed_us"])
    t0 = clock.now_us()
    s.open(2)
    run_until_idle(h)
    assert (clock.now_us() - t0) / 1000 <= 292 + 2  # the power-up's closing, timed the longest way, is not redone
    assert emu.servos[2].angle() != opened and emu.servos[2].source() == 0  # short, released
    s.open(7)  # the game's next action
    assert emu.servos[2].source() == 0  # the move goes first: window 7 is not held up
    run_until_idle(h)
    assert emu.servos[2].angle() == opened and emu.servos[7].angle() != opened
    assert emu.servos[2].source() == 0  # the re-drive is released too, and not repeated
    s.close(11)  # already closed: asks nothing, drives nothing again
    assert not s.busy()
    s.set_card(1)  # a card change: 2 and 7 close (2 from fully open: short)
    run_until_idle(h)
    assert emu.servos[2].angle() != closed
    s.open(0)  # the next card's first window: every shutter stopped short is driven again
    run_until_idle(h)
    assert [a.angle() for a in emu.servos[1:]] == [closed] * 11  # 0 itself short, until the next
    assert [a.source() for a in emu.servos] == [0] * 12


@pytest.mark.parametrize("name", SERVO_BOARDS)
@pytest.mark.parametrize("after_ms", [1, 60, 120])
def test_a_window_asked_back_mid_move_turns_at_once_and_is_held_until_closed(name, after_ms, monkeypatch):
    """An UNDO while a shutter opens: its servo turns back in the same step (the
    card is not shown longer), and its pulse stays on until the horn is home."""
    from emu import servo as sv
    monkeypatch.setattr(sv, "DEG_PER_S", SG90_46V_DEG_PER_S)
    cfg, emu, h = hw.boot(name)
    run_until_idle(h)
    s, servo = h.shutters, emu.servos[4]
    s.open(4)
    clock.sleep_ms(after_ms)
    s.update()
    assert servo.moving()
    turned = len(servo.moves)
    s.close(4)
    assert len(servo.moves) == turned + 1  # driven back now, not after the opening ends
    while servo.source():
        clock.sleep_ms(1)
        s.update()
    assert servo.angle() == at(cfg["shutters"]["closed_us"])


def shutters_with(tmp_path, closed_us, open_us, calib=None):
    """Shutters of explicit ends on the emulated PCA9685, calib.json (if given) on flash."""
    import json
    from drivers.shutters import Shutters
    from drivers.storage import Storage
    _, _, h = hw.boot("pico_pca9685")
    if calib is not None:
        (tmp_path / "calib.json").write_text(calib if isinstance(calib, str) else json.dumps(calib))
    return Shutters(h.shutters.backend, closed_us=closed_us, open_us=open_us,
                    storage=Storage(str(tmp_path) + "/"))


@pytest.mark.parametrize("calib, why", [
    (None, ""),
    ("[1, 2]", "calib.json: not an object"),
    ({"open": [1800] * 11, "closed": [1200] * 12}, "calib.json: open: needs a list of 12 pulses"),
    ({"open": [1800] * 12, "closed": [1200] * 11 + [1200.0]}, "calib.json: closed[11]: must be an integer"),
    ({"open": [1800] * 12, "closed": [1200] * 3 + [850] + [1200] * 8},
     "calib.json: closed[3]: 850 us is outside 900..2100 (the board config's ends +- 200 us)"),
])
def test_a_calibration_file_refused_says_what_is_wrong_where(tmp_path, capsys, calib, why):
    s = shutters_with(tmp_path, 1100, 1900, calib)
    assert s.why == why
    assert capsys.readouterr().out == (why + "\n" if why else "")  # printed for the bring-up at the REPL
    assert list(s.closed_us) == [1100] * 12


def test_a_sound_calibration_file_leaves_no_why(tmp_path):
    s = shutters_with(tmp_path, 1100, 1900, {"open": [1800] * 12, "closed": [1200] * 12})
    assert s.why == "" and list(s.closed_us) == [1200] * 12 and s.config_us == (1900, 1100)


def test_ends_keep_apart_on_a_board_whose_open_pulse_is_the_shorter(tmp_path):
    from drivers import calibration
    s = shutters_with(tmp_path, 1900, 1100)  # the servos mounted the other way round
    assert not s.up
    assert calibration.ends_ok(s, 1100, 1900) and calibration.ends_ok(s, 1500, 1800)
    assert not calibration.ends_ok(s, 1900, 1100)  # crossed
    assert not calibration.ends_ok(s, 1700, 1900)  # too close
    assert calibration.limits(s) == (900, 2100)
