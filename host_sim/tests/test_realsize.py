"""host_sim.realsize: the OLED at the BOM panel's real size beside a ruler.
The sheet's panel spans the active area's millimetres at the stated scale,
its ruler has a tick a millimetre, and a lit pixel lands where the panel's
pitch puts it."""
import pytest

from hardware.schematics.parts import DISPLAY
from host_sim import realsize


def test_the_panel_stands_at_its_real_size_beside_a_mm_ruler():
    scale = 10
    img = realsize.panel("roll", "en", scale)
    aw, ah = DISPLAY.active_mm
    m = realsize.MARGIN_MM * scale
    assert img.size == (round((aw + 2 * realsize.MARGIN_MM) * scale), round((ah + 2 * realsize.MARGIN_MM) * scale))
    px = img.load()
    # the active area: black or lit from its first column to its last, 550 px for 55.01 mm
    row = int(m + ah * scale / 2)
    inside = [x for x in range(img.size[0]) if px[x, row] in ((0, 0, 0), realsize.INK)]
    assert inside[0] == m and abs(inside[-1] + 1 - (m + aw * scale)) <= 1
    # whose turn's bar, lit from the panel's pixel (0, 0); pixel (0, 63) of the roll screen is dark
    assert px[m + 1, m + 1] == realsize.INK
    assert px[m + 1, int(m + 63.5 * DISPLAY.pitch_mm[1] * scale)] == (0, 0, 0)
    # the ruler under the panel: a tick each mm, 0 to 55
    y = int(m + ah * scale + 2 + 0.5 * scale)
    ticks = [x for x in range(img.size[0]) if px[x, y] == (230, 230, 230) and px[x - 1, y] != (230, 230, 230)]
    assert len(ticks) == int(aw) + 1 and abs(ticks[-1] - ticks[0] - int(aw) * scale) <= 1


def test_a_screen_it_does_not_know_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        realsize.main(["/dev/null", "--screens", "roll,menu"])
    assert e.value.code == 2 and "menu unknown" in capsys.readouterr().err
