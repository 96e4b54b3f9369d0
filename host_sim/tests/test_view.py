"""One view of the emulated board for the terminal and the web page: how far
a flap stands open comes from the pulses the device drives it with."""
import pytest

from host_sim import hw

clock = hw.install()


def settle(h):
    while h.shutters.busy():
        clock.sleep_ms(5)
        h.shutters.update()


def test_a_calibrated_flap_is_fully_open_at_its_own_pulse():
    from emu.view import flap
    from host_sim.tui import view
    cfg, emu, h = hw.boot("pico_pca9685")
    h.shutters.calibrate(0, open_us=1700)  # the board config says 1900
    h.shutters.open(0)
    settle(h)
    assert flap(emu, 0, h.shutters, cfg) == pytest.approx(1.0, abs=0.01)
    assert flap(emu, 0, None, cfg) == pytest.approx(0.75, abs=0.01)  # the config alone would say 3/4
    assert view.openness(emu, cfg, 0, h.shutters) == (flap(emu, 0, h.shutters, cfg), False)
    assert flap(emu, 1, h.shutters, cfg) == 0.0


def test_a_light_valve_is_open_or_closed():
    from emu.view import flap
    cfg, emu, h = hw.boot("pico_direct_pwm")
    assert emu.servos and not emu.valves
    from drivers.shutter_outputs import GpioShutters
    from drivers.shutters import Shutters
    from machine import Pin
    hw.reset()
    from emu.board import Board
    cfg2 = dict(cfg, shutters={"backend": "gpio", "pins": list(range(12))})
    emu2 = Board(cfg2)
    s = Shutters(GpioShutters([Pin(p, Pin.OUT) for p in range(12)]), max_moving=12, ms_per_60deg=0, settle_ms=30)
    s.open(5)
    s.wait()
    assert [flap(emu2, w, s, cfg2) for w in range(12)] == [1.0 if w == 5 else 0.0 for w in range(12)]
