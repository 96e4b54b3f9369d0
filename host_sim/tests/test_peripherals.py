"""NeoPixels, buzzer, watchdog, timers and buses against their emulations
(flash storage: test_storage.py)."""
import os

import pytest

from host_sim import hw

clock = hw.install()
from emu import world  # noqa: E402


def test_pixels_are_capped_and_sent_green_first():
    cfg, emu, h = hw.boot("pico_pca9685")
    h.pixels.fill(255, 255, 255)
    h.pixels.set(3, 255, 0, 128)
    t0 = clock.now_us()
    h.pixels.show()
    frame = emu.pixels.data
    assert len(frame) == 54  # 18: the windows', then the seats'

    assert max(frame) == 64  # the board's brightness cap
    assert frame[9:12] == bytes((0, 64, 32))  # GRB on the wire
    assert clock.now_us() - t0 == 54 * 10 + 50  # 1.25 us a bit, then the latch
    h.pixels.off()
    assert emu.pixels.data == bytes(54)


def test_pixels_off_at_full_brightness_is_dark():
    cfg, emu, h = hw.boot("pico_pca9685")
    h.pixels.brightness = 255
    h.pixels.fill(255, 255, 255)
    h.pixels.show()
    assert emu.pixels.data == bytes([255]) * 54
    h.pixels.off()
    assert emu.pixels.data == bytes(54)


def test_buzzer_plays_a_tune_and_falls_silent():
    cfg, emu, h = hw.boot("pico_pca9685")
    pwm = emu.buzzer.pwm
    h.buzzer.play(((880, 100), (0, 50), (1320, 100)))
    heard = []
    for _ in range(300):
        heard.append(pwm.freq() if pwm.duty_u16() else 0)
        clock.sleep_ms(1)
        h.buzzer.update()
    assert heard[:100] == [880] * 100
    assert heard[100:150] == [0] * 50
    assert heard[150:250] == [1320] * 100
    assert heard[250:] == [0] * 50
    assert not h.buzzer.playing


def test_buzzer_slice_leaves_servo_pwm_alone():
    cfg, emu, h = hw.boot("pico_direct_pwm")
    h.buzzer.tone(2000, 50)
    assert all(p.freq() == 50 for p in h.shutters.backend.pwms)


def test_watchdog_resets_a_stuck_loop_only():
    import machine
    cfg, emu, h = hw.boot("pico_pca9685")
    h.watchdog.timeout_ms = 1000
    h.watchdog.start()
    for _ in range(50):
        clock.sleep_ms(100)
        h.watchdog.feed()
    assert not world.state["wdt_expired"]
    clock.sleep_ms(1001)
    assert world.state["wdt_expired"]
    assert machine.reset_cause() == machine.WDT_RESET


def test_a_loop_stopped_for_the_repl_is_kept_fed_by_a_timer():
    _, _, h = hw.boot("pico_pca9685")
    h.watchdog.timeout_ms = 2000
    h.watchdog.start()
    h.watchdog.keep_fed(500)
    for _ in range(100):  # 10 s at the REPL, nobody feeding
        clock.sleep_ms(100)
    assert not world.state["wdt_expired"]


def test_a_watchdog_never_started_is_not_fed_nor_started_by_keep_fed():
    from drivers.watchdog import Watchdog
    hw.boot("pico_pca9685")
    w = Watchdog(1000)
    w.keep_fed(100)
    w.feed()
    clock.sleep_ms(3000)
    assert w.wdt is None and not hasattr(w, "timer") and not world.state["wdt_expired"]


def test_the_watchdog_timeout_is_capped_at_the_rp2040_counters_8388_ms():
    from drivers.watchdog import Watchdog
    assert Watchdog(9000).timeout_ms == 8388 and Watchdog(8388).timeout_ms == 8388
    assert Watchdog().timeout_ms == 5000


def test_boot_without_storage_dir_leaves_no_directory_behind():
    _, _, h = hw.boot("pico_pca9685")
    flash = h.storage.root
    h.shutters.save_calibration()
    assert os.listdir(flash) == ["calib.json"]
    hw.boot("pico_pca9685")
    assert not os.path.exists(flash)


def test_i2c_time_follows_bus_speed_and_missing_device_is_eio():
    from machine import I2C, Pin
    hw.reset()
    from emu.ssd1306 import SSD1306
    world.bus(0).attach(0x3C, SSD1306())
    for freq, want_us in ((100000, (101 * 9 + 2) * 10), (400000, (101 * 9 + 2) * 10 // 4)):
        i2c = I2C(0, sda=Pin(20), scl=Pin(21), freq=freq)
        t0 = clock.now_us()
        i2c.writeto(0x3C, bytes(100))
        assert clock.now_us() - t0 == want_us
    with pytest.raises(OSError) as e:
        i2c.writeto(0x40, b"\x00")
    assert e.value.args[0] == 5
    assert i2c.scan() == [0x3C]
    with pytest.raises(ValueError):
        I2C(0, sda=Pin(21), scl=Pin(20))


def test_pwm_channels_of_a_slice_share_the_frequency():
    from machine import PWM, Pin
    hw.reset()
    a, b = PWM(Pin(4), freq=50), PWM(Pin(5), freq=50)
    b.freq(1000)
    assert a.freq() == 1000
    a.duty_u16(32768)
    assert a._pulse_us() == 500


def test_virtual_clock_ticks_wrap_like_micropython():
    hw.reset()
    clock.advance(((1 << 30) - 5) * 1000)
    t0 = clock.ticks_ms()
    clock.sleep_ms(10)
    t1 = clock.ticks_ms()
    assert t1 < t0 and clock.ticks_diff(t1, t0) == 10
    assert clock.ticks_add(t0, 10) == t1


def test_timer_callbacks_fire_on_the_virtual_clock():
    from machine import Timer
    hw.reset()
    fired = []
    t = Timer(-1, mode=Timer.PERIODIC, period=5, callback=lambda tm: fired.append(clock.now_us()))
    clock.sleep_ms(22)
    t.deinit()
    clock.sleep_ms(20)
    assert fired == [5000, 10000, 15000, 20000]


class _I2C:
    """Records each register write as the bytes sent."""

    def __init__(self):
        self.writes = []

    def writeto_mem(self, addr, reg, buf):
        self.writes.append((addr, reg, bytes(buf)))

    def readfrom_mem(self, addr, reg, n):
        return bytes(n)


def test_pca9685_off_after_a_pulse_sends_full_off_alone():
    from drivers.pca9685 import PCA9685
    bus = _I2C()
    chip = PCA9685(bus)
    chip.pulse_us(3, 2400)  # a pulse leaves its OFF count in the shared buffer
    chip.off(3)
    assert bus.writes[-1] == (0x40, 0x06 + 4 * 3, bytes((0, 0, 0, 0x10))), bus.writes[-1]


def test_buzzer_starts_silent():
    from drivers.buzzer import Buzzer

    class Pwm:
        duty = None

        def duty_u16(self, d):
            self.duty = d

        def freq(self, f):
            pass

    p = Pwm()
    Buzzer(p)
    assert p.duty == 0


def test_a_calibration_too_narrow_names_its_window():
    from drivers import calibration
    _, _, h = hw.boot("pico_pca9685")
    closed = [1100] * 12
    closed[2] = 1900 - calibration.MIN_TRAVEL_US + 1
    why = calibration.check(h.shutters, {"open": [1900] * 12, "closed": closed})
    assert why.startswith("calib.json: window 3: "), why


def test_shutters_move_three_at_a_time_unless_told():
    from drivers.shutters import Shutters
    _, _, h = hw.boot("pico_pca9685")
    assert Shutters(h.shutters.backend).max_moving == 3  # the power budget's three starting servos


def test_the_oled_sends_an_unchanged_half_page_only_when_told():
    from drivers.ssd1306 import SSD1306
    bus = _I2C()
    bus.writeto = lambda addr, buf: bus.writes.append((addr, None, bytes(buf)))
    oled = SSD1306(bus)
    oled.text("P1", 0, 0)
    oled.show()
    sent = len(bus.writes)
    assert oled.show_part(0) is False and len(bus.writes) == sent  # nothing changed: nothing on the bus
    assert oled.show_part(0, True) is True and len(bus.writes) == sent + 2  # its window, then its data
