"""Calibration by presses on the emulated board: the screen says what UNDO
does, OK saves the ends to calib.json, and leaving without saving puts the
previous ends back and writes nothing."""
import os

from host_sim import press

G = {"players": 3, "rules": "standard", "seed": 2}


def _shown(s):
    """The OLED's 8 rows of text, read from the panel's pixels."""
    from host_sim.tests import oledtext
    return [r.rstrip() for r in oledtext.read(s.emu.oled).split("\n")]


def _start(tmp_path):
    (tmp_path / "f").mkdir()
    s = press.start("pico_pca9685", str(tmp_path / "f"), G)
    s.run(300)
    return s, tmp_path / "f" / "calib.json"


def test_leaving_calibration_unsaved_restores_the_ends_and_writes_nothing(tmp_path):
    s, calib = _start(tmp_path)
    sh = s.dev.hw.shutters
    before = (list(sh.open_us), list(sh.closed_us))
    s.keys("c U n n o o o n r p")  # the card out, Calibrate: window 1 open +40, window 2 closed -20
    s.run(500)
    assert sh.open_us[0] == before[0][0] + 40 and sh.closed_us[1] == before[1][1] - 20
    assert "UNDO: done" in " ".join(_shown(s))
    s.keys("u")
    s.run(300)
    shown = _shown(s)
    assert shown[5:8] == ["Save changes?", "OK: save", "UNDO: don't save"], shown
    s.keys("u")
    s.run(1000)
    assert (list(sh.open_us), list(sh.closed_us)) == before
    assert not os.path.exists(str(calib))
    from host_sim.tests import oledtext
    assert s.dev.ctl.mode == 2 and oledtext.shows(s.emu.oled, "Not saved", 4, 21)  # the message box
    assert not sh.busy() and sh.cmd_us[0] == before[1][0]  # window 1 driven back to its old closed end


def test_ok_at_the_question_saves_the_ends(tmp_path):
    s, calib = _start(tmp_path)
    sh = s.dev.hw.shutters
    s.keys("c U n n o p p u o")  # window 1 open -40, then UNDO and OK: saved
    s.run(500)
    import json
    assert json.loads(calib.read_text())["open"][0] == sh.open_us[0] == 2100 - 40
