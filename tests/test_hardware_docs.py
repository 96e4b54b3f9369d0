"""The README tables, drawings and Wokwi diagram are current and agree with the firmware's configs."""

import json

import pytest

from hardware.schematics import boards, build, circuit, domains, ladder, power, wokwi


@pytest.fixture(scope="module")
def docs():
    cfgs = {name: boards.load(name) for name in boards.BOARDS}
    return build.doc_files(cfgs, {name: circuit.build(cfgs[name]) for name in boards.BOARDS})


@pytest.mark.parametrize("name", ["README.md", "wiring_pico_pca9685.svg", "wiring_pico_direct_pwm.svg",
                                  "wiring_pico_epaper.svg", "stripboard_pico_pca9685.svg",
                                  "stripboard_pico_pca9685.md",
                                  "power.svg", "wokwi/diagram.json", "point_to_point_pico_pca9685.md"])
def test_generated_doc_is_current(docs, name):
    path = build.HARDWARE / name
    assert path in docs, f"build.py no longer generates {name}"
    assert path.exists() and path.read_text() == docs[path], (
        f"hardware/{name} is stale: run python -m hardware.schematics.build")


def test_ladder_readings_match_the_firmware_levels():
    ctl = boards.load("pico_direct_pwm")["controls"]
    rows = ladder.table(ctl["order"])
    readings = [value for _, _, value, _, _ in rows]
    assert all(b - a > 6000 for a, b in zip(readings, readings[1:])), f"ladder steps too close: {readings}"
    for (name, _, value, _, _), level in zip(rows, ctl.get("levels", [])):
        assert abs(value - level) <= 0.005 * ladder.FULL_SCALE, (
            f"{name}: the ladder gives {value}, the firmware expects {level}")


def test_power_budget_follows_the_config_and_fits_the_supply():
    cfg = boards.load("pico_pca9685")
    rows = power.budget(cfg)
    assert power.total(rows) * 1.5 <= power.SUPPLY_A, "the recommended supply has under 1.5x margin"
    assert power.FUSE_TRIP_A <= power.SUPPLY_A, "F1 must trip before the supply gives out"
    assert power.jammed(cfg, 0) < power.FUSE_HOLD_A, "F1 would trip with every servo merely holding"
    assert power.jammed(cfg, boards.servo_count(cfg)) > power.FUSE_TRIP_A, "F1 would not trip with every flap jammed"
    assert power.jammed(cfg, 1) - power.jammed(cfg, 0) >= 0.5, "a stalled SG90 draws 0.5-0.75 A"
    brighter = json.loads(json.dumps(cfg))
    brighter["pixels"]["brightness"] = 255
    brighter["shutters"]["max_moving"] = 12
    more = power.budget(brighter)
    assert power.rail(more, "pixels") > 3.5 * power.rail(rows, "pixels")
    assert power.rail(more, "servo") > 3 * power.rail(rows, "servo")


def _wokwi_nets():
    """Union-find over diagram.json's connections: {part:pin -> set of connected part:pins}."""
    find, join = domains.union_find()
    diagram = json.loads((build.WOKWI).read_text())
    pins = set()
    for a, b, *_ in diagram["connections"]:
        join(a, b)
        pins |= {a, b}
    groups = {}
    for x in pins:
        groups.setdefault(find(x), set()).add(x)
    return {x: groups[find(x)] for x in pins}, diagram


def test_wokwi_diagram_matches_the_pin_map():
    cfg = boards.load(wokwi.BOARD)
    nets, diagram = _wokwi_nets()
    expected = {f"servo{i}:PWM": g for i, g in enumerate(cfg["shutters"]["pins"], 1)}
    expected.update({f"seat{i}:1.l": g for i, g in enumerate(cfg["seat_buttons"], 1)})
    expected.update({"oled:SDA": cfg["i2c"]["sda"], "oled:SCL": cfg["i2c"]["scl"],
                     "pixel1:DIN": cfg["pixels"]["pin"], "buzzer:2": cfg["buzzer"],
                     "card:2": cfg["card_switch"], "controls:SIG": cfg["controls"]["ladder"]})
    for pin, gpio in expected.items():
        assert f"pico:GP{gpio}" in nets.get(pin, ()), f"Wokwi: {pin} should be on GP{gpio}"
    wired = {p for p in nets if p.startswith("pico:GP")}
    assert wired == {f"pico:GP{g}" for g in expected.values()}, "Wokwi wires a GPIO the config does not use"
    pixels = [p["id"] for p in diagram["parts"] if p["type"] == "wokwi-neopixel"]
    assert len(pixels) == cfg["pixels"]["count"]
    for a, b in zip(pixels, pixels[1:]):
        assert f"{b}:DIN" in nets[f"{a}:DOUT"], f"Wokwi: NeoPixel chain broken between {a} and {b}"
    for part in diagram["parts"]:
        ground = {"wokwi-servo": "GND", "board-ssd1306": "GND", "wokwi-neopixel": "VSS",
                  "wokwi-pushbutton": "2.l", "wokwi-buzzer": "1"}.get(part["type"])
        if ground:
            assert any(p.startswith("pico:GND") for p in nets[f"{part['id']}:{ground}"]), f"{part['id']} not grounded"


# References the README's prose names, with the part each must be (the generated tables follow the code anyway).
PROSE_REFS = {"J1": "5V DC jack 5A", "J2": "power in", "U2": "LTC4365", "Q1": "IRLB8721PBF", "Q2": "IRLB8721PBF",
              "R1": "953k", "R2": "24k9", "R3": "100k", "F1": "MF-RG300", "C1": "1000uF", "C2": "100nF",
              "NT1": "NetTie", "FB1": "120R@100MHz 3A", "D1": "1N5819", "D3": "1N5819", "Q3": "2N3904"}


def test_references_in_the_readme_prose_are_the_parts_it_says():
    ckt = circuit.build(boards.load("pico_pca9685"))
    values = {p.ref: str(p.value) for p in ckt.parts}
    wrong = {ref: values.get(ref) for ref, value in PROSE_REFS.items() if values.get(ref) != value}
    assert not wrong, f"hardware/README.md names these references for other parts now: {wrong}"
    text = build.README.read_text()
    for ref in PROSE_REFS:
        assert f"{ref}" in text, f"{ref} is no longer in hardware/README.md: drop it from PROSE_REFS"


def test_readme_states_the_guard_trips_the_circuit_gives():
    (uv_lo, uv_hi), (ov_lo, ov_hi) = circuit.guard_trip_range()
    text = " ".join(build.README.read_text().split())
    assert f"UV {uv_lo:.2f}-{uv_hi:.2f} V, OV {ov_lo:.2f}-{ov_hi:.2f} V" in text
    assert f"goes out between {ov_lo:.2f} and {ov_hi:.2f} V" in text, "bring-up step 1 states another trip"
    assert f"between {uv_lo:.2f} and {uv_hi:.2f} V" in text
    assert "5.50 V" in text and ov_hi < 5.5, "the bring-up's ceiling must lie above the trip and at 5.5 V"
