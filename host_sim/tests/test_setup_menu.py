"""The setup menu says in its title line what the chosen preset changes
(game.rules.ABOUT, a line per preset) and sets the first player: at random
(the default) or a seat, kept in the settings, carried by the game's
journal, its record and its state JSON. On the VM: tests/test_setup_vm.py."""
import json
import os

from host_sim import oledread, press
from host_sim.__main__ import main
from game import chance, record, rules
from app import lang, settings
from drivers.storage import Storage

FIRST = "n n n n n"  # the cursor from Seats to the First line
START = "n n n n o"  # from the First line on to Start (NEXT wraps round), OK


def shown(s):
    """The OLED's small text, once the frame is whole: (x, y, text) runs."""
    press.frame_whole(s)
    return oledread.words(oledread.rows_of(s.emu.oled.text().split("\n")))


def top_line(s):
    return [t for x, y, t in shown(s) if y == 0][0]


def test_each_preset_has_a_line_that_fits_the_panel():
    assert len(rules.ABOUT) == len(rules.PRESET_NAMES) == len(set(rules.ABOUT))
    for name in rules.PRESET_NAMES:
        assert 0 < len(rules.about(name)) <= 16, name  # 128 px of the 8x8 font
    assert rules.about("house") == ""  # a preset declared without one: the title stays


def test_the_title_line_says_what_the_preset_changes_while_it_is_chosen(tmp_path):
    s = press.start("pico_pca9685", str(tmp_path))
    assert top_line(s) == "NEW GAME"
    s.key("n")  # the cursor on Rules
    seen = [top_line(s)]
    for _ in rules.PRESET_NAMES[1:-1]:
        s.key("o")
        seen.append(top_line(s))
    assert seen == list(rules.ABOUT[:-1])
    s.key("n")  # off the Rules line: the title again
    assert top_line(s) == "NEW GAME"
    ctl = s.dev.ctl
    try:
        s.keys("r o")  # ROLL: back up on Rules; OK: zh-cn, which speaks its edition's language
        assert ctl.store.settings["rules"] == "zh-cn" and ctl.cur.item == 1
        assert ctl.cur.title(ctl) == "每开一窗可猜测"
    finally:
        lang.use("en")


def test_the_first_player_is_random_by_default(tmp_path, capsys):
    assert settings.defaults()["first"] == 0
    s = press.start("pico_pca9685", str(tmp_path))
    assert "First: random" in [t for _, _, t in shown(s)]
    s.keys("n n n o")  # Start, First untouched
    st = s.dev.ctl.store
    assert st.game.first == chance.Rng(st.seed).below(3)  # drawn from the game's seed, as before


def test_a_set_first_player_starts_the_game_and_is_kept(tmp_path, capsys):
    flash = str(tmp_path / "flash")
    rec = str(tmp_path / "game.rec")
    assert main(["press", "--flash", flash, "--record-out", rec, FIRST, "o o", START]) == 0
    assert json.loads(capsys.readouterr().out)["active"] == 2  # P2 plays first
    with open(rec) as f:
        text = f.read()
    assert "first 2" in text.splitlines()
    assert record.load(text.splitlines()).game.active == 1  # the record replays with P2 first
    with open(os.path.join(flash, "game.jnl"), "rb") as f:
        data = f.read()
    assert json.loads(data[4:data.index(b"\n") - 5])["first"] == 1
    assert settings.load(Storage(os.path.join(flash, "")))["first"] == 2
    # the next game from the menu offers P2 again
    s = press.start("pico_pca9685", flash)
    assert s.game().first == 1
    s.keys("U n o")  # the menu's New game
    s.run(3000)  # the boot's "Resumed" box gone
    assert "First: P2" in [t for _, _, t in shown(s)]


def test_the_first_line_offers_the_tables_seats_then_random(tmp_path):
    s = press.start("pico_pca9685", str(tmp_path))
    s.keys(FIRST)
    got = []
    for _ in range(5):
        s.key("o")
        got.append(s.dev.ctl.store.settings["first"])
    assert got == [1, 2, 3, 0, 1]  # three seats
    s.keys("o o")  # P3
    s.keys("n")  # Seats: 3 -> 4 -> 5 -> 6 -> 2, where P3 has no chair
    for players, first in ((4, 3), (5, 3), (6, 3), (2, 0)):
        s.key("o")
        assert (s.dev.ctl.store.settings["players"], s.dev.ctl.store.settings["first"]) == (players, first)


def test_a_bad_first_in_the_settings_file_keeps_random(tmp_path):
    st = Storage(os.path.join(str(tmp_path), ""))
    for bad in (True, -1, 4, "2", 2.0):
        st.save_json(settings.NAME, {"players": 3, "first": bad})
        assert settings.load(st)["first"] == 0, bad
    st.save_json(settings.NAME, {"players": 3, "first": 3})
    assert settings.load(st)["first"] == 3
