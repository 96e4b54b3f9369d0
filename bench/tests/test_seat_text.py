"""seat_text_mm measures what the screens draw: it meets its goal, and it
falls when an item is drawn in small text (the 8x8 font is 3.0 mm on the
BOM's panel) or left out."""
import host_sim  # noqa: F401
from bench import seat_text

# short games: every phase of play, game over included, in both scripts
_GAMES = (("pico_pca9685", {"players": 3, "rules": "summary", "seed": 2}, "en", 3),
          ("pico_pca9685", {"players": 3, "rules": "summary", "seed": 5}, "zh-hans", 4))


def test_the_pitch_is_the_bom_panels():
    assert abs(seat_text.pitch_mm() - 27.49 / 64) < 1e-9


def test_every_item_is_read_from_a_chair():
    mm, what = seat_text.seat_text_mm(_GAMES)
    assert mm >= 3.5, what


def test_crystals_in_small_text_fail_the_figure(monkeypatch):
    from app import screens

    def small(fb, g):  # the old row: "1:2" in the 8x8 font
        for s in range(g.n):
            screens.text("%d:%d" % (s + 1, g.crystals[s]), fb, (s % 3) * 5, 6 + s // 3)
    monkeypatch.setattr(screens, "scores", small)
    mm, what = seat_text.seat_text_mm(_GAMES)
    assert mm < 3.5 and "roll" in what or "open" in what or "decide" in what, what


def test_a_result_left_out_fails_the_figure(monkeypatch):
    from app import screens
    monkeypatch.setattr(screens, "gains", lambda fb, g, result, y: None)
    mm, what = seat_text.seat_text_mm(_GAMES)
    assert mm == 0 and "not drawn" in what, what
