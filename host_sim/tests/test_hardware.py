"""The one hardware assembly (firmware/app/hardware.py): every shutter backend a
board config can name is built from the runtime's port and wired by the
emulator under the same name; the drivers' buttons are the controller's keys;
the device draws as many OLED pages as the driver has."""
import copy
import json
import os

import pytest

from host_sim import FIRMWARE, hw, press

clock = hw.install()
from app import board, hardware, port  # noqa: E402
from app.modes import BACKENDS, KEY_NAMES  # noqa: E402
from game.engine import SEATS  # noqa: E402


def config(backend):
    """A validated board config with this shutter backend."""
    name = {"pca9685": "pico_pca9685", "epaper": "pico_epaper"}.get(backend, "pico_direct_pwm")
    with open(os.path.join(FIRMWARE, "boards", name + ".json")) as f:
        cfg = json.load(f)
    cfg["shutters"]["backend"] = backend  # "gpio": light valves on the PWM board's pins
    if backend == "epaper":
        cfg["shutters"]["deck"] = os.path.join(FIRMWARE, cfg["shutters"]["deck"])
    return board.validate(cfg)


def test_one_table_of_backend_names():
    from emu.board import WIRING
    assert set(hardware.SHUTTERS) == set(BACKENDS) == set(WIRING)


@pytest.mark.parametrize("backend", BACKENDS)
def test_each_backend_is_built_on_the_port_and_moves_the_emulated_part(backend, tmp_path):
    from drivers.storage import Storage
    from emu import world
    from emu.board import Board
    hw.reset()
    cfg = config(backend)
    emu = Board(cfg)
    assert hardware.unsupported(cfg, port) is None
    h = hardware.Hardware(cfg, port, Storage(str(tmp_path) + "/"))
    h.shutters.wait()
    sent = sum(b.bytes_sent for b in world.spi_buses.values())
    h.shutters.open(0)
    h.shutters.wait()
    if emu.servos:
        open_angle = emu.servos[0].angle()
        assert open_angle != emu.servos[1].angle()  # window 1 opened, window 2 did not
    elif emu.valves:
        assert [v.level() for v in emu.valves] == [1] + [0] * 11
    else:
        assert sum(b.bytes_sent for b in world.spi_buses.values()) > sent  # the panel was redrawn
    assert h.shutters.is_open(0)


def test_a_port_without_a_backends_primitive_is_refused_by_name():
    class NoSpi:
        NAME = "TinyPython"
        pca9685 = pwm = output = None
    assert hardware.unsupported(config("pwm"), NoSpi) is None
    assert hardware.unsupported(config("epaper"), NoSpi) == (
        "board config: shutters.backend: TinyPython cannot drive 'epaper' shutters (it drives pca9685, pwm, gpio)")


def test_the_self_test_looks_for_the_chip_of_the_backend():
    assert hardware.i2c_chips(config("pca9685")) == {0x3C: "OLED (SSD1306)", 0x40: "servo driver (PCA9685)"}
    assert hardware.i2c_chips(config("pwm")) == {0x3C: "OLED (SSD1306)"}


@pytest.mark.parametrize("name", ["pico_pca9685", "pico_direct_pwm", "pico_epaper"])
def test_the_drivers_buttons_are_named_as_the_controllers_keys(name):
    """The button on seat_buttons[0] is key 0, seat1, in the drivers, the
    emulator and the controller alike."""
    cfg, emu, h = hw.boot(name)
    assert sorted(h.buttons.names) == sorted(KEY_NAMES)
    assert sorted(emu.buttons) == sorted(KEY_NAMES[:-1])  # the card is emu.card
    first = h.buttons.names[0]
    assert first == KEY_NAMES[0] == "seat1"
    assert [emu.buttons[KEY_NAMES[i]]._pin.n for i in range(SEATS)] == cfg["seat_buttons"]


def test_the_device_sends_as_many_pages_as_its_oled_has(tmp_path):
    """The page count is the driver's: a 32-row panel (4 pages) on the device
    takes every screen without an IndexError."""
    from drivers.ssd1306 import SSD1306
    from emu import world
    from emu.ssd1306 import SSD1306 as Panel
    s = press.start("pico_pca9685", str(tmp_path), {"players": 3, "rules": "standard", "seed": 1})
    small = Panel(128, 32)
    world.bus(0).attach(0x3D, small)
    s.dev.hw.oled = SSD1306(copy.copy(s.dev.hw.i2c), 0x3D, 128, 32)
    s.keys("r o n")
    assert s.errors == [] and s.reboots == 0
    assert any(small.ram)  # the screen's top half reached the panel
