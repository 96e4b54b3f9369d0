"""A path for each cable: servo leads and the LED chain reach the board with the leads the BOM lists."""

import csv

from hardware.lid import cables
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
    import math
    text = f"| {cables.PIXELS_LEAD / 10:.0f} cm, then {math.floor(min(hops) / 10)}-{math.ceil(max(hops) / 10)} cm each"
    assert text in (ROOT / "README.md").read_text(), text


def test_window_n_plugs_into_the_header_the_netlist_gives_it():
    from hardware.schematics import outputs
    _, nets = outputs.read_netlist((ROOT / "schematics" / "pico_pca9685.net").read_text())
    for n in range(1, 13):
        assert (f"J{3 + n}", "1") in nets[f"SERVO{n}_HDR"]
