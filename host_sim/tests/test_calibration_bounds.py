"""Calibration is bounded by the board config's travel: no end on flash nor
one set while calibrating goes past the config's closed or open end by more
than drivers.calibration.MARGIN_US (docs/hardware.md), so a window is never
driven into its lid; a refused calib.json says which key is wrong, and the
config's ends are used."""
import json
import random

import pytest

from host_sim import hw

hw.install()
from drivers import calibration  # noqa: E402
from emu.servo import pulse_to_deg  # noqa: E402

M = calibration.MARGIN_US
# the board config's ends (the lid's: hardware/lid/pulses.py), so calibrations may set 700..2300
C, O = 900, 2100


def boot_with(tmp_path, data):
    (tmp_path / "calib.json").write_text(json.dumps(data))
    return hw.boot("pico_pca9685", str(tmp_path))


def test_the_widest_ends_are_refused_and_the_config_ends_used(tmp_path):
    _, emu, h = boot_with(tmp_path, {"open": [2500] * 12, "closed": [500] * 12})
    assert list(h.shutters.closed_us) == [C] * 12 and list(h.shutters.open_us) == [O] * 12
    assert h.shutters.why == "calib.json: open[0]: 2500 us is outside 700..2300 (the board config's ends +- 200 us)"
    assert max(abs(a - pulse_to_deg(C)) for a in emu.angles()) < 0.3  # nothing driven past closed


def test_ends_within_the_margin_are_kept(tmp_path):
    _, emu, h = boot_with(tmp_path, {"open": [O + M] * 12, "closed": [C - M] + [C] * 11})
    assert h.shutters.closed_us[0] == C - M and h.shutters.open_us[5] == O + M and h.shutters.why == ""


@pytest.mark.parametrize("data, why", [
    ({"open": [O] * 12, "closed": [C] * 11 + [C - M - 1]},
     "calib.json: closed[11]: 699 us is outside 700..2300 (the board config's ends +- 200 us)"),
    ({"open": [O] * 12, "closed": [C] * 11 + [True]}, "calib.json: closed[11]: must be an integer"),
    ({"open": [O] * 12, "closed": [C] * 11}, "calib.json: closed: needs a list of 12 pulses"),
    ({"open": [O] * 12, "closed": [C] * 3 + [O - 299] + [C] * 8},
     "calib.json: window 4: open and closed must keep 300 us apart, open on the board config's side"),
    ([1, 2], "calib.json: not an object"),
])
def test_a_refused_file_names_the_key(tmp_path, data, why):
    _, emu, h = boot_with(tmp_path, data)
    assert h.shutters.why == why and list(h.shutters.closed_us) == [C] * 12


def test_calibrating_stops_at_the_margin():
    _, emu, h = hw.boot("pico_pca9685")
    s = h.shutters
    assert s.calibrate(2, closed_us=C - M) is True
    assert s.calibrate(2, closed_us=C - M - 1) is False and s.closed_us[2] == C - M
    assert s.calibrate(2, open_us=O + M + 1) is False and s.open_us[2] == O
    with pytest.raises(ValueError):
        s.calibrate(2, open_us=3000)


def test_random_calibration_files_never_drive_past_the_margin(tmp_path):
    """Random files (pulses anywhere in 0..3000, floats, strings, short
    lists): each is taken whole or refused whole, and every end in use is
    within the config's ends +- MARGIN_US and 300 us apart."""
    rnd = random.Random(28)
    taken = 0
    for k in range(60):
        d = tmp_path / str(k)
        d.mkdir()
        near = (C - M - 50, O + M + 50)
        pick = lambda: rnd.choice([rnd.randint(0, 3000), rnd.randint(*near), 1.5, "1100", None])  # noqa: E731
        n = 12 if rnd.random() < 0.9 else rnd.randint(0, 13)
        _, _, h = boot_with(d, {"open": [pick() for _ in range(n)], "closed": [pick() for _ in range(n)]})
        s = h.shutters
        taken += s.why == ""
        for i in range(12):
            assert C - M <= s.closed_us[i] <= O + M and C - M <= s.open_us[i] <= O + M
            assert s.open_us[i] - s.closed_us[i] >= 300
    assert taken >= 0


def test_a_refused_calibration_is_said_on_the_oled_and_the_repl(tmp_path, capsys):
    """calib.json refused at boot: the shutters move by the board config's ends,
    the panel says so for a moment, the REPL prints which value."""
    from host_sim import press
    (tmp_path / "calib.json").write_text(json.dumps({"open": [2500] * 12, "closed": [500] * 12}))
    press.choose_lang(str(tmp_path), "en")
    s = press.start("pico_pca9685", str(tmp_path))
    assert s.dev.ctl.msg == "calib.json refused: calibrate again"
    assert "open[0]: 2500 us is outside 700..2300" in capsys.readouterr().out
