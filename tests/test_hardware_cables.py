"""A path for each cable: servo leads and the LED chain reach the board with the leads the BOM lists."""

import csv

from hardware.lid import cables, routing
from hardware.schematics import boards

ROOT = boards.ROOT / "hardware"


def test_every_servo_lead_reaches_its_header_with_at_most_one_extension():
    runs = cables.servo_runs()
    assert sorted(runs) == list(range(1, 13))
    too_long = {n: round(mm) for n, mm in runs.items() if mm > cables.SG90_LEAD + cables.EXTENSION - 20}
    assert not too_long, f"servo leads longer than an SG90's lead and one extension: {too_long}"
    with (ROOT / "schematics" / "pico_pca9685_bom.csv").open() as f:
        extensions = sum(int(r["Quantity"]) for r in csv.DictReader(f) if "servo extension" in r["Value"])
    need = [n for n, mm in runs.items() if mm > cables.SG90_LEAD]
    assert len(need) <= extensions
    readme = (ROOT / "README.md").read_text()
    assert f"windows {min(need)}-{max(need)} need a 30 cm extension" in readme
    assert need == list(range(min(need), max(need) + 1))


def test_the_led_chain_reaches_from_the_board_and_from_led_to_led():
    first, hops = cables.pixel_runs()
    assert first <= cables.PIXELS_LEAD, f"J24 to LED 1 is {first:.0f} mm"
    assert len(hops) == 11 and max(hops) <= cables.LED_HOP, [round(h) for h in hops]
    text = f"| {first / 10:.0f} cm, then {min(hops) / 10:.0f}-{max(hops) / 10:.0f} cm each"  # as the guide rounds
    assert text in (ROOT / "README.md").read_text(), text


def test_window_n_plugs_into_the_header_the_netlist_gives_it():
    from hardware.schematics import outputs
    _, nets = outputs.read_netlist((ROOT / "schematics" / "pico_pca9685.net").read_text())
    for n in range(1, 13):
        assert (f"J{3 + n}", "1") in nets[f"SERVO{n}_HDR"]


def test_the_led_wire_bought_covers_the_chain_and_led_12s_feed_to_the_bay():
    first, hops = cables.pixel_runs()
    feed = cables.seat_feed()
    lay = routing.layout()
    assert lay["seat_feed"][0][:2] == lay["led"][-1][-1][:2], "the feed starts at LED 12"
    per_colour = (first + sum(hops) + feed) / 1000
    with (ROOT / "schematics" / "pico_pca9685_bom.csv").open() as f:
        wire = [r for r in csv.DictReader(f) if r["Value"].startswith("wire 24 AWG")]
    assert len(wire) == 1 and int(wire[0]["Quantity"]) >= 3 * per_colour, (wire, per_colour)


def test_the_assembly_guide_gives_every_led_wire_its_length():
    from hardware.lid import exploded
    text = next(t for title, _, t, _ in exploded.STEPS if title.startswith("Servos and LEDs"))
    first, hops = cables.pixel_runs()
    want = f"{first / 10:.0f} cm from J24 to LED 1, then " + ", ".join(f"{h / 10:.0f}" for h in hops)
    assert want in text and f"{cables.seat_feed() / 10:.0f} cm" in text, text
