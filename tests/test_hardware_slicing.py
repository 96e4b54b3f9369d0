"""The print guide's grams and hours are PrusaSlicer's with the repository's
profile: the small parts are re-sliced here (a few seconds each; the lid and
the base take minutes, so their figures are checked where `python -m
hardware.lid.slicing` wrote them, against the guide)."""
import re
from pathlib import Path

import pytest

from hardware.lid import slicing

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "hardware_print.md"
# switch_frame and top_plate: sliced upside down, pillar_back on its face, as they print
SMALL = ("diffuser", "switch_frame", "foot", "seat_pod_base", "top_plate", "pillar_back")


def guide_rows():
    rows = {}
    for line in GUIDE.read_text().splitlines():
        m = re.match(r"\| `(\w+)` \| (\d+) \|.*\| ([0-9.]+) \| ([0-9.]+) \| [^|]+ \|$", line)
        if m:
            rows[m.group(1)] = (int(m.group(2)), float(m.group(3)), float(m.group(4)))
    return rows


def test_the_guide_gives_the_slicer_figures_for_every_part_and_their_total():
    sliced, rows = slicing.load(), guide_rows()
    assert set(rows) == set(slicing.PARTS) == set(sliced)
    for name, (copies, g, h) in rows.items():
        assert g == pytest.approx(sliced[name][0], abs=0.05) and h == pytest.approx(sliced[name][1], abs=0.005), name
    total = re.search(r"about \*\*(\d+) g\*\* of filament and \*\*([0-9.]+) h\*\*", GUIDE.read_text())
    assert total, "docs/hardware_print.md: no total line"
    assert int(total.group(1)) == round(sum(c * sliced[n][0] for n, (c, _, _) in rows.items()))
    assert float(total.group(2)) == pytest.approx(sum(c * sliced[n][1] for n, (c, _, _) in rows.items()), abs=0.05)


@pytest.mark.skipif(slicing.slicer() is None, reason="prusa-slicer is not installed (Debian: apt-get install prusa-slicer)")
@pytest.mark.parametrize("name", SMALL)
def test_prusaslicer_gives_the_guides_figures(name):
    grams, hours, support = slicing.slice_part(name)
    want_g, want_h, want_support = slicing.load()[name]
    assert grams == pytest.approx(want_g, rel=0.10) and hours == pytest.approx(want_h, rel=0.10), (
        f"{name}: PrusaSlicer gives {grams:.2f} g, {hours:.3f} h; the guide {want_g} g, {want_h} h")
    assert support == pytest.approx(want_support, abs=0.05), f"{name}: PrusaSlicer lays {support:.2f} g of support"


def test_figures_are_read_from_the_gcode_and_a_gcode_without_them_is_named():
    g = "; filament used [g] = 12.5\n; estimated printing time (normal mode) = 1d 2h 3m 4s\n"
    assert slicing.figures(g) == (12.5, (86400 + 7200 + 180 + 4) / 3600, 0.0)
    # support: only the moves that extrude (X/Y and a larger E) inside a support section count
    lay = (";TYPE:Perimeter\nG1 X1 Y1 E5\n;TYPE:Support material\nG1 E5.5\nG1 X2 Y2 E7.5\nG1 E7\n"
           ";TYPE:Support material interface\nG1 X3 Y3 E8.5\n;TYPE:Perimeter\nG1 X4 Y4 E20\n")
    assert slicing.figures(g + lay)[2] == pytest.approx((2.0 + 1.5) * slicing.FILAMENT_G_PER_MM)
    with pytest.raises(ValueError, match="filament used"):
        slicing.figures("; nothing\n")
