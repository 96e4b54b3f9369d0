"""ERC of the circuit-as-code: clean for both boards, and it catches circuits broken on purpose."""

import pytest

from hardware.schematics import boards, circuit, erc


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
