"""The device's screens, from the emulated OLED's pixel memory, against
golden images (refresh: `.venv/bin/python -m host_sim.tests.screens`)."""
import pytest

from host_sim.tests import screens


@pytest.mark.parametrize("lang", screens.LANGS)
@pytest.mark.parametrize("name", sorted(screens.SCREENS))
def test_screen_matches_its_golden_image(tmp_path, name, lang):
    got = screens.pixels(screens.render(name, str(tmp_path), lang))
    want = screens.golden_pixels(name, lang)
    diff = sum(a != b for ra, rb in zip(got, want) for a, b in zip(ra, rb))
    assert len(got) == len(want) and diff == 0, "%d pixels differ from %s" % (diff, screens.path(name, lang))


def test_a_menu_marks_the_rows_above_and_below_what_it_shows(tmp_path):
    from host_sim import press
    (tmp_path / "f").mkdir()
    s = press.start("pico_pca9685", str(tmp_path / "f"), {"players": 3, "rules": "standard", "seed": 2})
    lit = s.emu.oled.lit
    s.keys("U")  # the menu: eight rows, six shown, Sound and Scores below
    s.run(300)
    assert lit(123, 54) and not lit(123, 9)
    s.keys("n n n n n n n")  # the cursor on Scores, the last row: Back is above
    s.run(300)
    assert lit(123, 9) and not lit(123, 54)
