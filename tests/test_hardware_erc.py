"""ERC of the circuit-as-code: clean for both boards, and it catches circuits broken on purpose."""

import pytest

from hardware.schematics import boards, circuit, erc
from hardware.schematics.skidl_env import skidl

skidl_net = skidl.Net


def _build(board="pico_pca9685"):
    return circuit.build(boards.load(board))


def _part(ckt, name, nth=0):
    return [p for p in ckt.parts if p.name == name][nth]


@pytest.mark.parametrize("board", boards.BOARDS)
def test_circuit_has_no_erc_errors_or_warnings(board):
    report = erc.run(_build(board))
    assert (report.errors, report.warnings) == ([], []), str(report)


def test_erc_catches_an_unconnected_input():
    ckt = _build()
    shifter_in = _part(ckt, "74AHCT125")[2]  # gate 1 input, normally the pixel GPIO
    shifter_in.disconnect()
    report = erc.run(ckt)
    assert any("Unconnected pin" in w and "74AHCT125" in w for w in report.warnings), str(report)


def test_erc_catches_an_input_cut_off_from_its_driver():
    ckt = _build()
    pixel_gpio = boards.load("pico_pca9685")["pixels"]["pin"]
    pixel_pad = _part(ckt, "RaspberryPi_Pico")[f"GP{pixel_gpio}"]
    pixel_pad.disconnect()  # the level shifter's input is left alone on its net
    pixel_pad += ckt.NC
    report = erc.run(ckt)
    assert any("No drivers for net PIXELS_3V3" in w for w in report.warnings), str(report)


def test_erc_catches_two_outputs_shorted():
    ckt = _build("pico_direct_pwm")
    first, second = _part(ckt, "WS2812B", 0), _part(ckt, "WS2812B", 1)
    first["DOUT"] += second["DOUT"]  # both drive the same data line
    report = erc.run(ckt)
    assert any("OUTPUT" in e and "WS2812B" in e for e in report.errors), str(report)


def _swap(part, a, b):
    """Turn a polarised part round: pins `a` and `b` trade nets."""
    net_a, net_b = part[a].net, part[b].net
    part[a].disconnect()
    part[b].disconnect()
    part[a] += net_b
    part[b] += net_a


def _net(ckt, name):
    return next(n for n in ckt.nets if n.name == name)


def test_erc_catches_the_5v_pixel_data_on_a_gpio():
    ckt = _build()
    pixel_gpio = boards.load("pico_pca9685")["pixels"]["pin"]
    pad = _part(ckt, "RaspberryPi_Pico")[f"GP{pixel_gpio}"]
    shifter_in = _part(ckt, "74AHCT125")[2]
    pad.disconnect()
    pad += _net(ckt, "PIXELS_5V")  # the GPIO now sees the 5 V side of the level shifter
    shifter_in.disconnect()
    shifter_in += ckt.NC
    report = erc.run(ckt)
    assert any(f"GP{pixel_gpio} " in e and "PIXELS_5V" in e and "5 V net" in e for e in report.errors), str(report)


def test_erc_catches_a_reversed_schottky():
    ckt = _build()
    _swap(_part(ckt, "D_Schottky"), "A", "K")  # USB would now feed the pixels and the servo rail
    report = erc.run(ckt)
    assert any("usb supply reaches +5V" in e for e in report.errors), str(report)


def test_erc_catches_the_input_fet_with_drain_and_source_swapped():
    ckt = _build()
    q_in = next(p for p in ckt.parts if getattr(p, "role", "") == "input")
    _swap(q_in, "D", "S")  # the two body diodes now conduct in series: no guard against over-voltage
    report = erc.run(ckt)
    assert any("adapter supply reaches" in e and q_in.ref in e for e in report.errors), str(report)


def test_erc_catches_a_reversed_electrolytic():
    ckt = _build("pico_direct_pwm")
    _swap(_part(ckt, "C_Polarized"), "1", "2")
    report = erc.run(ckt)
    assert any("+ lead on GND_SERVO" in e for e in report.errors), str(report)


def test_erc_catches_an_untagged_net():
    ckt = _build()
    with ckt:
        extra = skidl_net("MYSTERY")
    unused_input = _part(ckt, "74AHCT125")[5]
    unused_input.disconnect()
    extra += unused_input  # an unused gate's input, moved off GND onto a net nobody tagged
    report = erc.run(ckt)
    assert any("net MYSTERY has no voltage tag" in e for e in report.errors), str(report)


def test_guard_trips_between_the_supply_tolerance_and_what_the_parts_take():
    under, over = circuit.guard_trips()
    assert 5.25 < over < 5.8, f"over-voltage trip {over:.2f} V: 5 V +5 % must pass, WS2812B/VSYS take 5.5 V"
    assert 4.0 < under < 4.75, f"under-voltage trip {under:.2f} V"
