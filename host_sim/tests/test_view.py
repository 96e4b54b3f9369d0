"""One view of the emulated board for the terminal and the web page: how far
a shutter stands open comes from the pulses the device drives it with; the
OLED's rows are what its glass shows; a pixel is its hue."""
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
    h.shutters.calibrate(0, open_us=1800)  # the board config says 2100, from closed 900
    h.shutters.open(0)
    settle(h)
    assert flap(emu, 0, h.shutters, cfg) == pytest.approx(1.0, abs=0.01)
    assert flap(emu, 0, None, cfg) == pytest.approx(0.75, abs=0.01)  # the config alone would say 3/4
    assert view.openness(emu, cfg, 0, h.shutters) == (flap(emu, 0, h.shutters, cfg), False)
    # closed: 900 us is not a whole 12-bit PWM step, the horn stands up to 0.3 of the 108 degrees off
    assert flap(emu, 1, h.shutters, cfg) == pytest.approx(0.0, abs=0.3 / 108)


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


@pytest.mark.parametrize("on,inverted,remap,flip", [(True, False, True, True), (True, True, True, True),
                                                    (True, False, False, False), (False, False, True, True)])
def test_the_oleds_rows_are_its_pixels_as_the_glass_shows_them(on, inverted, remap, flip):
    """view.oled against the emulated SSD1306's own lit(x, y), for every
    mounting and state of the glass."""
    from emu import view
    from emu.ssd1306 import SSD1306
    p = SSD1306()
    for i in range(len(p.ram)):
        p.ram[i] = (i * 37 + i // 128) & 0xFF
    p.on, p.inverted, p.seg_remap, p.com_flip = on, inverted, remap, flip
    want = [[1 if p.lit(x, y) else 0 for x in range(128)] for y in range(64)]
    assert view.unpack(view.oled(p), 128) == want
    assert any(map(any, want)) == on


def test_a_pixel_is_its_hue_at_full_strength_or_none_when_dark():
    from emu import view
    cfg, emu, h = hw.boot("pico_pca9685")
    strip = h.pixels.strip
    strip.fill((0, 0, 0))
    strip[0] = (40, 0, 20)  # r, g, b: window 1 a dim magenta, window 2 dark
    strip.write()
    assert view.pixel(emu, 0) == (255, 0, 127)
    assert view.pixel(emu, 1) is None


def test_a_closed_shutter_carries_no_number_as_the_real_flaps_carry_none():
    """No 1-12 beside dice of 1-6: the terminal's lid shows plain shutters."""
    from host_sim.tui import view
    state = tuple((0, False, None) for _ in range(12))
    text = view.lid(state).plain
    assert not any(c.isdigit() for c in text) and "\u2592" in text
