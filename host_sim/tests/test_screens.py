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
