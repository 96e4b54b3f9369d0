"""The input guard's over-voltage trip against the simulated load release of three servos (ngspice)."""

import pytest

from hardware.schematics import boards, guard_sim

pytestmark = pytest.mark.skipif(not guard_sim.available(), reason="ngspice is not installed (.ci/run installs it)")
MARGIN_V = 0.03  # what a trip point or a part's maximum must clear by: more than a meter's error
CFG = boards.load("pico_pca9685")


def faults(result):
    peak, trip, margin = result["no_trip"]
    out = [] if margin >= MARGIN_V else [f"a 5 V +5 % adapter reaches {peak:.3f} V at VIN_RAW: "
                                         f"the guard trips from {trip:.3f} V"]
    out += [f"{what}: {peak:.3f} V reached" for what, peak, _, margin in result["limits"] if margin < MARGIN_V]
    return out


@pytest.fixture(scope="module")
def result():
    return guard_sim.margins(CFG)


def test_the_guard_neither_drops_the_board_nor_lets_too_much_through(result):
    assert faults(result) == []
    assert not result["tripped_calm"]


def test_the_old_threshold_would_drop_the_board_at_the_adapters_high_tolerance():
    """OV 5.18-5.35 V (the divider 931k / 22.1k / 100k): a 5.25 V adapter trips it."""
    assert any("the guard trips" in f for f in faults(guard_sim.margins(CFG, ((4.24, 4.38), (5.177, 5.354)))))


def test_a_threshold_too_high_lets_the_pixels_see_more_than_they_take():
    assert any("WS2812B" in f for f in faults(guard_sim.margins(CFG, ((4.2, 4.4), (5.45, 5.62)))))


def test_the_simulated_guard_opens_above_its_trip():
    """The deck's switch: an adapter 0.1 V above the trip turns the rail off (guard_min < 0)."""
    assert guard_sim.run(5.5, 5.4, CFG)["guard_min"] < 0


def test_readme_gives_the_simulated_margins(result):
    text = " ".join((boards.ROOT / "hardware" / "README.md").read_text().split())
    peak, trip, margin = result["no_trip"]
    assert f"{margin * 1000:.0f} mV below the lowest over-voltage trip" in text
    for what, peak, limit, margin in result["limits"]:
        assert f"{what.split(' (')[0]}: {peak:.2f} V, {margin * 1000:.0f} mV under" in text, what
