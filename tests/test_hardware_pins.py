"""Every GPIO the firmware's board config claims is the net the schematic gives it; the rest go to the spare header.

The firmware's own validator (firmware/app/board.py) says which config keys are
pins; the checked-in netlist says which net each Pico pad is on. The net
names below are the schematic's naming convention, stated here independently
of the generator code.
"""

import re

import pytest

import host_sim  # noqa: F401  (puts firmware/ on the path, as the board has it)
from app import board as fw_board
from hardware.schematics import boards, outputs, parts, pico

NET_OF_KEY = [
    (r"i2c\.sda", "I2C_SDA"),
    (r"i2c\.scl", "I2C_SCL"),
    (r"shutters\.oe", "SERVO_OE"),
    (r"shutters\.pins\[(\d+)\]", "SERVO{}"),
    (r"shutters\.(sck|mosi|miso|cs|dc|rst|busy)", "EPD_{}"),
    (r"seat_buttons\[(\d+)\]", "SEAT{}"),
    (r"controls\.ladder", "CONTROLS_ADC"),
    (r"controls\.(\w+)", "BTN_{}"),
    (r"card_switch", "CARD_SW"),
    (r"pixels\.pin", "PIXELS_3V3"),
    (r"buzzer", "BUZZER"),
]


def expected_net(key):
    for pattern, net in NET_OF_KEY:
        m = re.fullmatch(pattern, key)
        if m:
            arg = m.group(1) if m.groups() else None
            return net.format(int(arg) + 1 if arg and arg.isdigit() else (arg or "").upper())
    raise AssertionError(f"the firmware claims a pin for {key!r}, which the schematic has no net for")


def claimed_pins(cfg, monkeypatch):
    """{gpio: config key} exactly as the firmware's validator claims them."""
    owners = {}

    class Recording(fw_board._Pins):
        def __init__(self):
            super().__init__()
            owners.clear()
            self.owner = owners

    monkeypatch.setattr(fw_board, "_Pins", Recording)
    fw_board.validate(cfg)
    assert owners, "the firmware validator claimed no pins: has its pin bookkeeping changed?"
    return dict(owners)


def _load(name, monkeypatch):
    cfg = boards.load(name)
    comps, nets = outputs.read_netlist(
        (boards.ROOT / "hardware" / "schematics" / f"{name}.net").read_text())
    pico_ref = next(ref for ref, (_, fp) in comps.items() if fp == pico.FOOTPRINT)
    pads = {pad: net for net, nodes in nets.items() for ref, pad in nodes if ref == pico_ref}
    return cfg, claimed_pins(cfg, monkeypatch), pads, comps, nets


@pytest.fixture(params=boards.BOARDS)
def board(request, monkeypatch):
    return _load(request.param, monkeypatch)


def test_every_configured_pin_is_on_its_net(board):
    cfg, claimed, pads, _, _ = board
    for gpio, key in claimed.items():
        pad = str(pico.pad_of(gpio))
        assert pads.get(pad) == expected_net(key), (
            f"{cfg['name']}: {key} = GP{gpio} (pad {pad}) is on net {pads.get(pad)!r}, "
            f"expected {expected_net(key)!r}")


def test_every_wired_gpio_is_in_the_config(board):
    cfg, claimed, pads, _, _ = board
    for pad, net in pads.items():
        name = pico.PADS[int(pad)]
        if not name.startswith("GP"):
            continue
        gpio = int(name[2:])
        if net == f"SPARE_GP{gpio}":  # to the spare-GPIO header, for add-ons
            assert gpio not in claimed, f"{cfg['name']}: GP{gpio} is on the spare header but {claimed[gpio]} uses it"
            continue
        assert gpio in claimed, f"{cfg['name']}: GP{gpio} is wired to {net} but the config does not use it"
        assert net == expected_net(claimed[gpio]), f"{cfg['name']}: GP{gpio} is on {net}, config says {claimed[gpio]}"


def test_pca9685_channels_drive_the_servo_headers_in_order(monkeypatch):
    cfg, _, _, comps, nets = _load("pico_pca9685", monkeypatch)
    sh = cfg["shutters"]
    assert sh["backend"] == "pca9685"
    chip = parts._template("pca9685")
    pca_ref = next(ref for ref, (value, _) in comps.items() if value == chip.name)
    for i, ch in enumerate(sh["channels"], 1):
        pin = chip[f"LED{ch}"].num
        assert (pca_ref, pin) in nets[f"SERVO{i}"], f"servo {i}: PCA9685 LED{ch} (pin {pin}) not on SERVO{i}"
