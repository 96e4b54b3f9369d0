"""ERC of the circuit-as-code: clean for both boards, and it catches circuits broken on purpose."""

import pytest

from hardware.schematics import boards, circuit, erc, parts
from hardware.schematics.skidl_env import skidl

skidl_net = skidl.Net


def _build(board="pico_pca9685"):
    return circuit.build(boards.load(board))


def _part(ckt, name, nth=0):
    return [p for p in ckt.parts if p.name == name][nth]


@pytest.mark.parametrize("board", boards.BOARDS + tuple(circuit.VARIANTS))
def test_circuit_has_no_erc_errors_or_warnings(board):
    report = erc.run(circuit.build_named(board))
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


def test_guard_trips_between_the_supply_and_what_the_parts_take():
    (uv_lo, uv_hi), (ov_lo, ov_hi) = circuit.guard_trip_range()
    limit, part = min(circuit.RAIL_LIMITS_V)
    assert ov_hi < limit, f"over-voltage trip up to {ov_hi:.2f} V: {part} takes {limit:.2f} V"
    assert ov_lo > circuit.SUPPLY_MAX_V, f"over-voltage trip from {ov_lo:.2f} V cuts off a {circuit.SUPPLY_MAX_V} V supply"
    assert 4.0 < uv_lo and uv_hi < 4.75, f"under-voltage trip {uv_lo:.2f}-{uv_hi:.2f} V: 5 V -5 % must pass"


def test_guard_parts_are_rated_with_margin_for_the_adapters_claimed():
    # a hot-plugged cable rings up to twice the adapter's voltage, either polarity
    assert 2 * circuit.ADAPTER_MAX_V <= circuit.FET_VDS_V
    assert 2 * circuit.ADAPTER_MAX_V <= circuit.GUARD_VIN_MAX_V
    fets = [p for p in _build().parts if p.name == "IRLB8721PBF"]
    assert len(fets) == 2 and all(f"{circuit.FET_VDS_V} V" in p.description for p in fets)


# Circuits broken the ways the domain checks exist for: each must be caught, by the right rule.

def _pin_on(ckt, net_name, part_name):
    return next(p for p in _net(ckt, net_name).pins if p.part.name == part_name)


def _move(pin, net):
    pin.disconnect()
    pin += net


def _other_end(ckt, net_name, resistor_to):
    """The pin, at `resistor_to`, of the resistor between nets `net_name` and `resistor_to`."""
    for pin in _net(ckt, net_name).pins:
        if pin.part.name == "R":
            other = [p for p in pin.part.pins if p is not pin][0]
            if other.net is not None and other.net.name == resistor_to:
                return other
    raise AssertionError(f"no resistor from {net_name} to {resistor_to}")


def _domain_errors(ckt):
    return erc.run(ckt).errors


@pytest.mark.parametrize("net", ["I2C_SDA", "SERVO_OE", "SEAT1_EXT"])
def test_erc_catches_a_pull_up_to_5v(net):
    ckt = _build()
    _move(_other_end(ckt, net, "+3V3"), _net(ckt, "+5V"))
    errors = _domain_errors(ckt)
    assert any(e.startswith(f"{net} is pulled to 5.00 V") for e in errors), errors


def test_erc_catches_the_pca9685_on_5v():
    ckt = _build()
    _move(_part(ckt, "PCA9685PW")["VDD"], _net(ckt, "+5V"))
    errors = _domain_errors(ckt)
    assert any("(PCA9685PW) runs on +5V" in e and "I2C_SDA" in e for e in errors), errors


def test_erc_catches_the_oled_on_5v():
    ckt = _build()
    oled = next(p for p in ckt.parts if p.value == "OLED GND VCC SCL SDA")
    _move(oled[2], _net(ckt, "+5V"))
    errors = _domain_errors(ckt)
    assert any(f"{oled.ref} (OLED GND VCC SCL SDA) runs on +5V" in e for e in errors), errors


def test_erc_catches_the_level_shifter_bypassed():
    ckt = _build()
    _move(_other_end(ckt, "PIXEL_DIN1", "PIXELS_5V"), _net(ckt, "PIXELS_3V3"))  # GPIO -> 330R -> DIN
    errors = _domain_errors(ckt)
    assert any("(WS2812B) runs on +5V_PIXELS" in e and "PIXELS_3V3" in e for e in errors), errors


def test_erc_catches_the_servo_rail_capacitor_removed():
    ckt = _build()
    c1 = next(p for p in ckt.parts if p.name == "C_Polarized" and p[2].net.name == "GND_SERVO")
    ckt.rmv_parts(c1)
    errors = _domain_errors(ckt)
    assert any(e.startswith("+5V_SERVO has 0 uF") for e in errors), errors


def test_erc_catches_the_net_tie_removed():
    ckt = _build()
    ckt.rmv_parts(_part(ckt, "NetTie_2"))
    errors = _domain_errors(ckt)
    assert any("not joined to" in e and "GND" in e for e in errors), errors


def test_erc_catches_a_servo_header_on_logic_ground():
    ckt = _build()
    header = next(p for p in ckt.parts if p.value == "SG90 servo")
    _move(header[3], _net(ckt, "GND"))
    errors = _domain_errors(ckt)
    assert any(f"{header.ref} (SG90 servo) takes current from +5V_SERVO but returns it on GND" in e
               for e in errors), errors


def test_erc_catches_the_breakout_fed_through_the_signal_cable_ground():
    ckt = circuit.build_named("pico_pca9685_breakout")
    terminal = next(p for p in ckt.parts if p.value == "breakout V+ GND")
    _move(terminal[2], _net(ckt, "GND"))  # the breakout's one ground wired to logic GND, as it once was
    errors = _domain_errors(ckt)
    assert any(f"{terminal.ref} (breakout V+ GND) takes current from +5V_SERVO but returns it on GND" in e
               for e in errors), errors


def test_erc_catches_the_fuse_bypassed():
    ckt = _build()
    fuse = _part(ckt, "Polyfuse")
    with ckt:
        wire = parts.make("net_tie", "wire", "a wire across the fuse")
    wire[1] += fuse[1].net
    wire[2] += fuse[2].net  # a wire soldered across F1
    errors = _domain_errors(ckt)
    assert any(e.startswith("+5V_SERVO is fed from +5V_GUARDED") and "without passing the fuse" in e
               for e in errors), errors


def test_erc_catches_the_buzzer_straight_on_a_gpio():
    ckt = _build()
    buzzer = _part(ckt, "Buzzer")
    _move(buzzer["+"], _net(ckt, "BUZZER"))
    _move(buzzer["-"], _net(ckt, "GND"))
    errors = _domain_errors(ckt)
    assert any("(FT12K03-42-2K) draws about 120 mA straight from the GPIO net BUZZER" in e for e in errors), errors
