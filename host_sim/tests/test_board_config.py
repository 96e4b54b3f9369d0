"""The board config: both shipped boards load; every kind of mistake is named by its key."""
import copy
import json
import os

import pytest

from host_sim import FIRMWARE
from host_sim import hw

hw.install()
from app import board  # noqa: E402


def shipped(name):
    with open(os.path.join(FIRMWARE, "boards", name + ".json")) as f:
        return json.load(f)


@pytest.mark.parametrize("name", ["pico_pca9685", "pico_direct_pwm"])
def test_shipped_boards_validate(name):
    cfg = board.load(name, FIRMWARE + "/")
    assert cfg["name"] == name
    assert cfg["shutters"]["max_moving"] == 3


def test_epaper_board_validates_with_the_hat_pins():
    cfg = board.load("pico_epaper", FIRMWARE + "/")
    sh = cfg["shutters"]
    assert (sh["dc"], sh["cs"], sh["sck"], sh["mosi"], sh["rst"], sh["busy"]) == (8, 9, 10, 11, 12, 13)
    assert sh["baudrate"] == 4000000 and sh["deck"] == FIRMWARE + "/decks/demo.deck"  # found under the root
    assert os.path.exists(sh["deck"])


def test_epaper_mistakes_name_the_key():
    sh = lambda f: (lambda c: f(c["shutters"]))  # noqa: E731
    assert "shutters.sck: GP15 cannot be SCK of SPI1" in bad("pico_epaper", sh(lambda s: s.update(sck=15)))
    assert "shutters.mosi: GP19 cannot be MOSI of SPI1" in bad("pico_epaper", sh(lambda s: s.update(mosi=19)))
    assert "shutters.miso: missing" in bad("pico_epaper", sh(lambda s: s.pop("miso")))
    assert "seat_buttons[0]: GP3 is already used by shutters.busy" in bad("pico_epaper", sh(lambda s: s.update(busy=3)))
    assert "shutters.deck: must be the path of a deck file" in bad("pico_epaper", sh(lambda s: s.update(deck="")))
    assert "shutters.baudrate: 40000000 is outside" in bad("pico_epaper", sh(lambda s: s.update(baudrate=40000000)))
    assert "shutters.max_partials: 0 is outside 1..100" in bad("pico_epaper", sh(lambda s: s.update(max_partials=0)))


def bad(name, change):
    cfg = copy.deepcopy(shipped(name))
    change(cfg)
    with pytest.raises(board.ConfigError) as e:
        board.validate(cfg)
    return str(e.value)


def test_an_oled_the_screens_cannot_fill_is_refused():
    """A 32-row panel: the screens draw down to row 63, so the config says no
    (it used to pass, then the first screen raised IndexError)."""
    msg = bad("pico_pca9685", lambda c: c["oled"].update(height=32))
    assert "board config: oled.height: must be 64 (the screens are drawn for 128x64), not 32" == msg


def test_missing_pin_names_the_key():
    msg = bad("pico_pca9685", lambda c: c.pop("card_switch"))
    assert "card_switch: missing" in msg
    msg = bad("pico_pca9685", lambda c: c["controls"].pop("undo"))
    assert "controls.undo: missing" in msg
    msg = bad("pico_pca9685", lambda c: c["seat_buttons"].pop())
    assert "seat_buttons: needs 6 pins, has 5" in msg


def test_pin_used_twice_names_both_keys():
    msg = bad("pico_pca9685", lambda c: c.update(card_switch=14))
    assert "card_switch: GP14 is already used by seat_buttons[2]" in msg
    msg = bad("pico_direct_pwm", lambda c: c["pixels"].update(pin=7))
    assert "pixels.pin: GP7 is already used by shutters.pins[7]" in msg


def test_pin_that_cannot_do_the_job():
    assert "controls.ladder: GP22 cannot read analog" in bad(
        "pico_direct_pwm", lambda c: c["controls"].update(ladder=22))
    assert "i2c.sda: GP21 cannot be SDA of I2C0" in bad(
        "pico_pca9685", lambda c: c["i2c"].update(sda=21, scl=20))
    assert "seat_buttons[1]: GP25 is not a usable Pico GPIO" in bad(
        "pico_pca9685", lambda c: c["seat_buttons"].__setitem__(1, 25))
    # GP0 and GP16 are both PWM channel 0A: two servos would get one pulse
    assert "shutters.pins[11]: GP16 shares PWM channel 0A with shutters.pins[0]" in bad(
        "pico_direct_pwm", lambda c: c["shutters"]["pins"].__setitem__(11, 16) or c["seat_buttons"].__setitem__(4, 11))
    # the buzzer's tone would retune a servo sharing its slice
    assert "buzzer: GP27 is on PWM slice 5 with the servo of shutters.pins[10]" in bad(
        "pico_direct_pwm", lambda c: c.update(buzzer=27))
    assert "i2c.scl: GP26 cannot be SCL of I2C1" in bad(
        "pico_direct_pwm", lambda c: c["i2c"].update(id=1, sda=22, scl=26))
    assert "shutters.channels[3]: channel 1 is used twice" in bad(
        "pico_pca9685", lambda c: c["shutters"]["channels"].__setitem__(3, 1))


@pytest.mark.parametrize("pin", [23, 24, 25, 29, 30, -1])
def test_pins_the_pico_does_not_bring_out_are_refused(pin):
    # GP23 (regulator), GP24 (VBUS sense), GP25 (LED), GP29 (VSYS/3)
    assert "card_switch: GP%d is not a usable Pico GPIO" % pin in bad(
        "pico_pca9685", lambda c: c.update(card_switch=pin))


def test_i2c_on_any_pin_the_rp2040_allows():
    # GP22 is SDA and GP27 SCL of I2C1: the rule (n >> 1) & 1, even SDA, not a list
    cfg = copy.deepcopy(shipped("pico_direct_pwm"))
    cfg["i2c"].update(id=1, sda=22, scl=27)
    assert board.validate(cfg)["i2c"]["sda"] == 22
    from machine import I2C, Pin
    hw.reset()
    I2C(1, sda=Pin(22), scl=Pin(27))
    with pytest.raises(ValueError, match="bad SDA pin"):
        I2C(0, sda=Pin(22), scl=Pin(21))


@pytest.mark.parametrize("key, value, why", [
    ("shutters", [], "shutters: must be an object"),
    ("shutters", "x", "shutters: must be an object"),
    ("i2c", [1, 2], "i2c: must be an object"),
    ("controls", [1], "controls: must be an object"),
    ("oled", None, "oled: must be an object"),
    ("pixels", 19, "pixels: must be an object"),
    ("seat_buttons", {"a": 1}, "seat_buttons: must be a list"),
])
def test_section_of_the_wrong_type_is_named(key, value, why):
    assert why in bad("pico_direct_pwm", lambda c: c.update({key: value}))


def test_ladder_order_must_be_names():
    assert "controls.order: must be a list of names" in bad(
        "pico_direct_pwm", lambda c: c["controls"]["order"].__setitem__(2, 3))
    assert "controls.order: must be a list" in bad(
        "pico_direct_pwm", lambda c: c["controls"].update(order="roll"))


def test_unknown_backend_and_bad_values():
    assert "shutters.backend: unknown backend 'stepper'" in bad(
        "pico_pca9685", lambda c: c["shutters"].update(backend="stepper"))
    assert "shutters.max_moving: 0 is outside 1..12" in bad(
        "pico_pca9685", lambda c: c["shutters"].update(max_moving=0))
    assert "i2c.freq: must be an integer" in bad("pico_pca9685", lambda c: c["i2c"].update(freq="fast"))
    assert "controls.levels[2]: levels must rise" in bad(
        "pico_direct_pwm", lambda c: c["controls"]["levels"].__setitem__(2, 100))
    # equal levels: one reading would stand for two buttons
    assert "controls.levels[2]: levels must rise" in bad(
        "pico_direct_pwm", lambda c: c["controls"]["levels"].__setitem__(2, c["controls"]["levels"][1]))
    assert "controls.order: must name each of" in bad(
        "pico_direct_pwm", lambda c: c["controls"]["order"].__setitem__(0, "next"))


def test_defaults_fill_optional_keys():
    cfg = copy.deepcopy(shipped("pico_pca9685"))
    for k in ("max_moving", "closed_us", "open_us"):
        del cfg["shutters"][k]
    out = board.validate(cfg)["shutters"]
    assert (out["max_moving"], out["closed_us"], out["open_us"]) == (3, 1100, 1900)


def test_device_chooses_board_by_file(tmp_path):
    os.makedirs(tmp_path / "boards")
    for name in ("pico_pca9685", "pico_direct_pwm"):
        (tmp_path / "boards" / (name + ".json")).write_text(json.dumps(shipped(name)))
    root = str(tmp_path) + "/"
    assert board.load(root=root)["name"] == board.DEFAULT
    (tmp_path / "board.txt").write_text("pico_direct_pwm\n")
    assert board.load(root=root)["name"] == "pico_direct_pwm"
    (tmp_path / "board.txt").write_text("pico_w\n")
    with pytest.raises(board.ConfigError) as e:
        board.load(root=root)
    assert str(e.value) == "board config: boards/pico_w.json: no such file (board.txt names 'pico_w')"
    # a name given by the caller: board.txt has nothing to do with it
    with pytest.raises(board.ConfigError) as e:
        board.load("typo", root)
    assert str(e.value) == "board config: boards/typo.json: no such file"
    (tmp_path / "boards" / "broken.json").write_text("{")
    with pytest.raises(board.ConfigError, match="boards/broken.json: not valid JSON"):
        board.load("broken", root)


def test_held_windows_are_window_numbers_named_once():
    assert "shutters.hold[0]: 13 is outside 1..12" in bad(
        "pico_pca9685", lambda c: c["shutters"].update(hold=[13]))
    assert "shutters.hold[1]: window 3 is named twice" in bad(
        "pico_pca9685", lambda c: c["shutters"].update(hold=[3, 3]))
    assert "shutters.hold: must be a list" in bad(
        "pico_pca9685", lambda c: c["shutters"].update(hold=3))
    cfg = copy.deepcopy(shipped("pico_pca9685"))
    cfg["shutters"]["hold"] = [1, 12]
    assert board.validate(cfg)["shutters"]["hold"] == [1, 12]
    assert board.validate(copy.deepcopy(shipped("pico_pca9685")))["shutters"]["hold"] == []


def test_servo_ends_and_speed_are_range_checked_naming_the_key():
    sh = lambda **kw: (lambda c: c["shutters"].update(kw))  # noqa: E731
    assert "shutters.open_us: 900 is within 300 us of closed_us 900" in bad("pico_pca9685", sh(open_us=900))
    assert "shutters.open_us: 1000 is within 300 us" in bad("pico_direct_pwm", sh(open_us=1000))
    assert "shutters.ms_per_60deg: 0 is outside 30..1000" in bad("pico_pca9685", sh(ms_per_60deg=0))
    assert "shutters.ms_per_60deg: 29 is outside 30..1000" in bad("pico_direct_pwm", sh(ms_per_60deg=29))


def _on_flash(tmp_path, board_txt, config=None):
    import shutil
    shutil.copytree(os.path.join(FIRMWARE, "boards"), str(tmp_path / "boards"))
    (tmp_path / "board.txt").write_bytes(board_txt)
    if config is not None:
        (tmp_path / "boards" / "x.json").write_text(config)
    with pytest.raises(board.ConfigError) as e:
        board.load(None, str(tmp_path) + "/")
    return str(e.value)


def test_a_nul_in_board_txt_is_named_not_called_bad_json(tmp_path):
    msg = _on_flash(tmp_path, b"pico_pca9685\x00\n")
    assert msg == "board.txt: character 13 is '\\x00': a board name has letters, digits, _ - . only"
    assert "character 3 is '/'" in _on_flash(tmp_path / "b", b"../x")


@pytest.mark.parametrize("digits", ["0064", "0000000000000000000064", "-0" + "0" * 30 + "1"])
def test_a_number_with_leading_zeros_is_refused_as_such(tmp_path, digits):
    text = open(os.path.join(FIRMWARE, "boards", "pico_pca9685.json")).read()
    assert '"address": 64' in text
    msg = _on_flash(tmp_path, b"x", text.replace('"address": 64', '"address": ' + digits))
    assert msg == "board config: boards/x.json: line 5: a number with leading zeros (write 64, not 064)"


def test_leading_zero_scan_keeps_strings_fractions_and_exponents():
    assert board._leading_zero('{"a": "0064", "b": 1.05, "c": 1e+05, "d": 0, "e": [0, 10064], "f": "\\\\"}') == 0
    assert board._leading_zero('{"a": "x\\"", "b": 007}') == 1


def _every_character_scan(text):
    """The leading-zero rule read one character at a time: the reference for board._leading_zero."""
    quoted, line = False, 1
    k = 0
    while k < len(text):
        ch = text[k]
        if ch == "\n":
            line += 1
        elif quoted:
            if ch == "\\":
                k += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "0" and k + 1 < len(text) and text[k + 1].isdigit() and (k == 0 or text[k - 1] not in "0123456789.eE+"):
            return line
        k += 1
    return 0


def test_leading_zero_scan_agrees_with_a_scan_of_every_character():
    import random
    rng = random.Random(7)
    found = 0
    for _ in range(3000):
        text = "".join(rng.choice('00001234"\\\n .e+-,:[]{}ab') for _ in range(rng.randint(0, 40)))
        want = _every_character_scan(text)
        assert board._leading_zero(text) == want, repr(text)
        found += want > 0
    assert 300 < found < 2700  # both answers came up often


def test_a_long_value_or_name_in_an_error_is_cut_to_one_short_line():
    msg = bad("pico_pca9685", lambda c: c["shutters"].update(backend="b" * 5000))
    assert len(msg) < 200 and "(5002 characters)" in msg
    msg = bad("pico_pca9685", lambda c: c["shutters"].update(closed_us="k" * 5000))
    assert len(msg) < 200 and msg.startswith("board config: shutters.closed_us: must be an integer, not 'kkk")


def test_the_oled_panel_is_named_or_an_old_config_is_a_ssd1306():
    assert board.load("pico_pca9685", FIRMWARE + "/")["oled"]["panel"] == "ssd1309"  # the 2.42 inch module
    assert board.load("pico_pca9685_oled096", FIRMWARE + "/")["oled"]["panel"] == "ssd1306"
    old = copy.deepcopy(shipped("pico_pca9685"))
    del old["oled"]["panel"]  # a config from before the key
    assert board.validate(old)["oled"]["panel"] == "ssd1306"
    msg = bad("pico_pca9685", lambda c: c["oled"].update(panel="sh1106"))
    assert msg == "board config: oled.panel: unknown panel 'sh1106' (one of ssd1306, ssd1309)"
    assert "oled.panel: unknown panel 1309" in bad("pico_pca9685", lambda c: c["oled"].update(panel=1309))


def test_the_pixel_chain_is_the_windows_or_the_windows_and_the_seats():
    for name in ("pico_pca9685", "pico_direct_pwm", "pico_epaper"):
        assert board.load(name, FIRMWARE + "/")["pixels"]["count"] == 18  # every board has the seat lights
    old = copy.deepcopy(shipped("pico_direct_pwm"))
    old["pixels"]["count"] = 12  # a chain without them still works
    assert board.validate(old)["pixels"]["count"] == 12
    msg = bad("pico_pca9685", lambda c: c["pixels"].update(count=15))
    assert msg == "board config: pixels.count: must be 12 (a light a window) or 18 (then a light a seat), not 15"
