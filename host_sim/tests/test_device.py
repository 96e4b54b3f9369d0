"""The whole device on the emulated board: the firmware's step() on the
virtual clock, played by button presses as a family would."""
import json
import os
import random

import pytest

from host_sim import FIRMWARE, hw, latency, press
from host_sim import oledread
from host_sim.tests import oledtext
from host_sim.tests.keyplay import next_key, replay_journal
from host_sim.tests.snapshot import snapshot

clock = hw.install()
from app import controller as c  # noqa: E402
from game import engine, record, rules, state  # noqa: E402

BOARDS = ["pico_pca9685", "pico_direct_pwm"]


# Every shutter closed after power-up: 12 at 3 a time, each timed the longest way (2500 us to the closed
# 900 us, 144 degrees) in 385 ms at the SG90's speed: 1540 ms.
POWER_UP_MS = 2000


def session(tmp_path, setup=None, board="pico_pca9685"):
    return press.start(board, str(tmp_path), setup)


def lid_safe(s):
    """Every window the shutters hold open is open in the game, with the current card in."""
    ctl = s.dev.ctl
    sh = s.dev.hw.shutters
    asked = sum(1 << i for i in range(12) if sh.is_open(i))
    g = ctl.store.game
    if asked:
        assert g is not None and ctl.slot.card_in and ctl.slot.fresh and not g.over()
        if ctl.digital and g.phase == engine.P_REVEAL:
            return  # the digital card is shown whole at the reveal
        assert g.phase != engine.P_REVEAL
        assert asked & ~g.open_mask == 0, (asked, g.open_mask)


def play_out(s, rng, limit=3000, react_ms=120):
    keys = []
    for _ in range(limit):
        k = next_key(s.dev.ctl, rng)
        if k is None:
            return keys
        keys.append(k)
        s.key(k, react_ms)
        lid_safe(s)
    raise AssertionError("no end after %d keys: %s" % (limit, keys[-30:]))


@pytest.mark.parametrize("board", BOARDS + ["pico_epaper"])
@pytest.mark.parametrize("preset", rules.PRESET_NAMES)
def test_whole_game_by_button_presses(tmp_path, board, preset):
    seed = rules.PRESET_NAMES.index(preset) * 7 + len(board)
    s = session(tmp_path, {"players": 3 + seed % 4, "rules": preset, "seed": seed}, board)
    keys = play_out(s, random.Random(seed))
    g = s.game()
    assert g.over() and g.winners()
    assert s.errors == [] and s.reboots == 0
    # the journal on flash and the exported record give the same game
    again, dropped = replay_journal(s.storage)
    assert dropped == 0 and snapshot(again) == snapshot(g)
    rec = record.write(g)
    assert state.as_dict(record.load(rec.splitlines()).game) == state.as_dict(g)
    # the end screen says so, from the OLED's pixel memory (a zh-cn game in Chinese)
    from app import lang
    from host_sim.tests.oledtext import shows
    if preset == "zh-cn":
        assert lang.code == "zh-hans" and shows(s.emu.oled, "游戏结束", 0, 0)
    else:
        assert "GAME OVER" in oled_text(s)
    assert len(keys) > 40


def oled_text(s):
    return oledtext.read(s.emu.oled)


@pytest.mark.parametrize("board", BOARDS)
def test_press_to_shutter_within_20_ms_while_the_oled_redraws(board):
    """The bench's measurement (host_sim/latency.py), on fewer presses."""
    ms = latency.press_to_shutter_ms(presses=20, board=board)
    assert len(ms) == 20 and 0 < max(ms) <= latency.BOUND_MS


def test_the_percentile_is_by_nearest_rank():
    xs = list(range(1, 201))
    assert latency.percentile(xs, 99) == 198 and latency.percentile(xs, 50) == 100
    assert latency.percentile([5], 99) == 5 and latency.percentile([3, 1, 2], 100) == 3


def test_a_stalled_loop_is_reset_by_the_watchdog_and_the_game_resumes(tmp_path):
    s = session(tmp_path, {"players": 4, "rules": "zh-cn", "seed": 8})
    s.keys("r o o")
    before = snapshot(s.game())
    w = [i for i in range(12) if s.game().is_open(i)]
    s.stall(4000)
    assert s.reboots == 0  # 4 s is within the 5 s watchdog
    s.run(10)
    s.stall(6000)
    assert s.reboots == 1
    s.run(1500)
    assert snapshot(s.game()) == before
    assert [i for i in range(12) if s.dev.hw.shutters.is_open(i)] == w  # reopened to match
    assert [round(a) for a in s.emu.angles()] == [
        round(s.emu.servos[0].angle()) if i not in w else round(s.emu.servos[w[0]].angle()) for i in range(12)]


def test_an_unexpected_error_closes_the_lid_shows_it_and_the_game_resumes(tmp_path):
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 4})
    s.keys("r o")
    s.run(1000)
    before = snapshot(s.game())
    closed = s.emu.servos[s.dev.ctl.play.cursor].angle()  # a window still closed
    seen = {}
    dev = s.dev
    real_fail = dev.fail

    def fail(e):
        real_fail(e)
        seen["angles"] = s.emu.angles()
        seen["screen"] = oled_text(s)
    dev.fail = fail

    def boom(now):
        raise RuntimeError("planted")
    dev.ctl.tick = boom
    s.run(50)
    assert s.errors == ["RuntimeError('planted')"] and s.reboots == 1
    assert seen["angles"] == [closed] * 12
    shown = seen["screen"].replace("\n", "")
    assert shown.startswith("ERROR, ") and "RuntimeError('planted')" in shown
    s.run(1000)
    assert snapshot(s.game()) == before


def test_a_board_that_fails_at_every_step_stops_with_a_clear_error_not_a_recursion(tmp_path, monkeypatch):
    """Each reset boots a board that fails again: the session resets it in a
    loop (a Pico would, for ever) and gives up after BOOT_LOOP resets."""
    from app import device
    from emu import session as emu_session
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 4})

    def boom(self):
        raise IndexError("planted")
    monkeypatch.setattr(device.Device, "step", boom)
    with pytest.raises(emu_session.BootLoop, match=r"20 times in a row\): IndexError\('planted'\)"):
        s.run(100)
    assert s.reboots == emu_session.BOOT_LOOP - 1 and len(s.errors) == emu_session.BOOT_LOOP


def test_an_invalid_board_config_is_shown_and_the_led_blinks(tmp_path):
    root = tmp_path / "fw"
    (root / "boards").mkdir(parents=True)
    with open(os.path.join(FIRMWARE, "boards", "pico_pca9685.json")) as f:
        cfg = json.load(f)
    (root / "boards" / "pico_pca9685.json").write_text(json.dumps(cfg))
    cfg["card_switch"] = 14
    (root / "boards" / "broken.json").write_text(json.dumps(cfg))
    from emu import world
    from emu.session import Session
    s = Session("broken", str(root) + "/", str(tmp_path) + "/")
    text = oled_text(s).replace("\n", "")
    assert "board config" in text and "card_switch" in text
    led = world.pin(25)
    seen = set()
    for _ in range(8):
        s.run(130)
        seen.add(led.out)
    assert seen == {0, 1}
    assert all(sv.source() == 0 for sv in s.emu.servos) and not s.emu.pca.enabled()


def test_resume_reopens_the_open_windows(tmp_path):
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 4})
    s.keys("r o")
    w = [i for i in range(12) if s.game().is_open(i)]
    s.run(POWER_UP_MS)
    open_angle = s.emu.servos[w[0]].angle()
    s.reboot()
    s.run(1500)
    assert [i for i in range(12) if s.emu.servos[i].angle() == open_angle] == w


def test_the_oled_shows_round_turn_and_every_seats_crystals(tmp_path):
    s = session(tmp_path, {"players": 6, "rules": "standard", "seed": 1})
    s.keys("r")
    text = oled_text(s)
    g = s.game()
    rows = oledread.rows_of(s.emu.oled.text().split("\n"))
    assert oledread.big(rows, 0, 0, 2) == "P%d" % (g.active + 1)  # whose turn, 16 px tall
    assert text.split("\n")[0].startswith("????R1/10") and text.split("\n")[1][4:].startswith("open")
    assert oledread.big(rows, 88, 0, 1) + " " + oledread.big(rows, 112, 0, 1) == "%d %d" % (g.d1, g.d2)  # the dice, 16 px tall, a blank cell apart
    for seat in range(6):  # every seat's crystals, tall in its 21 px cell of the bottom row
        assert oledread.tall(rows, seat * 21 + 4, 55, 1, 7) == "2"
    for w in range(4):  # the first row of the lid, with its token numbers
        assert oledread.glyph(rows, w * 16 + 4, 18) == "%d" % g.tokens[w]


def test_ctrl_c_closes_the_lid_and_keeps_the_watchdog_fed(tmp_path):
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 4})
    s.keys("r o")
    s.run(1000)
    assert any(s.dev.hw.shutters.is_open(i) for i in range(12))
    s.dev.stop()
    assert not any(s.dev.hw.shutters.is_open(i) for i in range(12))
    assert len(set(round(a) for a in s.emu.angles())) == 1
    s.stall(20000)  # the REPL in use: no step for 20 s
    assert s.reboots == 0


def test_export_prints_the_record_of_the_game_on_flash(tmp_path, capsys):
    from app import export
    s = session(tmp_path, {"players": 3, "rules": "zh-cn", "seed": 6})
    s.keys("r o p 2 o c 2 c")
    g = s.game()
    export.run(str(tmp_path) + "/")
    text = capsys.readouterr().out
    assert text == record.write(g)
    assert state.as_dict(record.load(text.splitlines()).game) == state.as_dict(g)
    export.run(str(tmp_path / "empty") + "/")
    assert capsys.readouterr().out == "# no game on this board\n"


def test_a_game_set_up_from_the_menu_plays_to_the_end(tmp_path):
    s = session(tmp_path)
    press.frame_whole(s)  # 20 ms after power-up the menu's frame is still being drawn and sent
    assert "NEW GAME" in oled_text(s)
    s.keys("o o n o o o n n o")  # 5 seats, the zh-cn preset (its dice: optional), Start
    g = s.game()
    assert g.n == 5 and g.preset == "zh-cn" and g.opts["dice"] == "optional"
    play_out(s, random.Random(5))
    assert s.game().over() and s.errors == []


def test_the_digital_card_board_shows_the_picture_at_the_reveal(tmp_path):
    """pico_epaper: no card slot to mind; the reveal opens every window of the
    picture at a second press; the next card starts with every lid closed, on another picture."""
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 2}, "pico_epaper")
    sh = s.dev.hw.shutters
    first = sh.card
    s.keys("c r o p 2")  # the card key does nothing here
    assert s.dev.ctl.slot.card_in and s.game().phase == engine.P_CALL
    s.key("o")
    assert s.game().phase == engine.P_REVEAL and not any(sh.is_open(i) for i in range(12))
    s.key("o")  # the second press shows the picture
    assert all(sh.is_open(i) for i in range(12))
    s.run(3000)  # the last message goes
    assert "Who was right?" in oledread.text(oledread.rows_of(s.emu.oled.text().split("\n")))
    s.key("2")
    assert s.game().round == 2 and not any(sh.is_open(i) for i in range(12))
    from game.shuffle import deck_order
    order = deck_order(2, sh.cards)
    assert (first, sh.card) == (order[0], order[1])


def test_one_ok_builds_what_the_game_allows_once(tmp_path, monkeypatch):
    """What the game allows is computed once per change and shared by the
    cursor, the screen and the lights: an OK that opens a window builds
    Game.legal() once (the controller, screens and lights used to build it 7 times)."""
    s = session(tmp_path, {"players": 4, "rules": "standard", "seed": 3})
    s.keys("r")
    assert s.game().phase == engine.P_OPEN
    calls = []
    real = engine.Game.legal
    monkeypatch.setattr(engine.Game, "legal", lambda g: calls.append(1) or real(g))
    opened = s.game().closed()
    s.key("o")
    assert s.game().closed() == opened - 1  # a window opened
    assert len(calls) == 1


def test_a_resumed_game_says_so_with_its_round_and_seat(tmp_path):
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 5})
    assert s.dev.ctl.msg == ""  # a new game is no resume
    s.keys("r o 1 o c 1 c")  # round 2
    g = s.game()
    s.reboot()
    assert s.dev.ctl.msg == "Resumed: round %d, P%d" % (g.round, g.active + 1) and g.round == 2
    s.run(3000)
    assert s.dev.ctl.msg == ""  # for a moment, as every message


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_the_resume_notice_never_hides_the_menu(tmp_path, lang):
    """The resume's box shows over play, and a menu opened while it is up is
    read whole: the box is the game's, not the menu's."""
    press.choose_lang(str(tmp_path), lang)
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 5})
    s.keys("r o 1 o c 1 c")
    s.reboot()
    s.run(100)
    ctl = s.dev.ctl
    assert ctl.msg and ctl.boxed()  # over play: the table sees where it stands
    s.keys("U")  # the menu, at once
    s.run(200)
    from app import modes
    assert ctl.mode == modes.M_MENU and ctl.msg, "the notice is still up"
    shown = s.emu.oled.text()
    s.run(3000)  # the notice over: the menu as it is, nothing was hidden
    assert not ctl.msg and s.emu.oled.text() == shown


def test_a_keys_step_holds_its_journal_entry_and_the_next_step_writes_it_alone(tmp_path):
    """On the RP2040 a key's action and its servos' pulses take a few ms, and
    a journal append 2-3 ms more (45 ms with a block erase): the key's step
    holds the entry in RAM, and the next step writes it and does no other
    long job (no lights, no frame), so that neither step is long."""
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 4})
    s.keys("r")
    s.run(POWER_UP_MS)
    dev = s.dev
    st = dev.out.storage
    seen = []
    real_drive, real_append, real_draw = dev.hw.shutters.backend.drive, st._append, dev._pixels

    def drive(i, is_open, us):
        seen.append(("pulse", n))
        real_drive(i, is_open, us)

    def append(name, data):
        seen.append(("journal", n))
        return real_append(name, data)

    def pixels():
        seen.append(("lights", n))
        real_draw()
    dev.hw.shutters.backend.drive = drive
    st._append = append
    dev._pixels = pixels
    v = dev.ctl.version
    s.push("o")
    n = 0
    while dev.ctl.version == v:
        n += 1
        dev.step()
        clock.sleep_ms(2)
    entries = dev.ctl.store.journal.entries
    assert seen == [("pulse", n)] and st.holding  # the key's step: the servo, no flash
    n += 1
    dev.step()
    clock.sleep_ms(2)
    assert seen == [("pulse", n - 1), ("journal", n)] and not st.holding
    n += 1
    dev.step()
    assert seen[2:] == [("lights", n)]  # the lights wait for the step after the journal's
    assert dev.ctl.store.journal.entries == entries
    again = session(tmp_path)  # what the flash holds: the action
    assert snapshot(again.game()) == snapshot(s.game())


def test_a_stop_or_an_error_before_the_journals_step_writes_what_was_held(tmp_path):
    for end in ("stop", "fail"):
        (tmp_path / end).mkdir()
        s = session(tmp_path / end, {"players": 3, "rules": "standard", "seed": 4})
        s.keys("r")
        s.run(1000)
        dev = s.dev
        v = dev.ctl.version
        s.push("o")
        while dev.ctl.version == v:
            dev.step()
            clock.sleep_ms(2)
        assert dev.out.storage.holding
        if end == "stop":
            dev.stop()  # Ctrl-C between the two steps
        else:
            dev.fail(RuntimeError("x"))
        again = session(tmp_path / end)
        assert snapshot(again.game()) == snapshot(s.game()), end


def test_the_servo_has_its_pulse_before_the_journal_and_a_cut_between_resumes_closed(tmp_path):
    """A press's servo is sent its pulse before the flash is written (a block
    erase takes 45 ms); the power going between the two loses the action, as
    it would a moment earlier: the board resumes the game as the journal had
    it, that window closed."""
    import shutil
    (tmp_path / "a").mkdir()
    s = session(tmp_path / "a", {"players": 3, "rules": "standard", "seed": 4})
    s.keys("r")
    s.run(POWER_UP_MS)
    before = snapshot(s.game())
    seen = []
    backend = s.dev.hw.shutters.backend
    real_drive, real_append = backend.drive, s.dev.out.storage._append

    def drive(i, is_open, us):
        seen.append("pulse")
        if is_open and not os.path.exists(str(tmp_path / "cut")):
            shutil.copytree(str(tmp_path / "a"), str(tmp_path / "cut"))  # the flash as the power goes
        real_drive(i, is_open, us)

    def append(name, data):
        seen.append("journal")
        return real_append(name, data)
    backend.drive = drive
    s.dev.out.storage._append = append
    s.keys("o")
    assert seen == ["pulse", "journal"]
    assert snapshot(s.game()) != before and any(s.game().is_open(i) for i in range(12))
    cut = session(tmp_path / "cut")
    cut.run(1500)
    assert snapshot(cut.game()) == before
    assert not any(cut.dev.hw.shutters.is_open(i) for i in range(12))
    assert [round(a) for a in cut.emu.angles()] == [round(cut.emu.servos[0].angle())] * 12


def test_boot_keeps_what_it_imported(tmp_path):
    """The board's heap needs no module dropped (docs/rp2040.md): the config
    checker, the assembly and the port stay imported after boot."""
    import sys
    s = press.start("pico_pca9685", str(tmp_path), {"players": 3, "rules": "standard", "seed": 1})
    s.run(100)
    for name in ("app.board", "app.hardware", "app.port", "drivers.shutter_outputs"):
        assert name in sys.modules, name


def test_the_boots_first_screen_is_whole_and_reads_the_card_in_its_slot(tmp_path):
    """start() shows the resumed game at once, the card in its slot already
    read: the same screen as a moment of the loop later, no "Insert the card"."""
    s = session(tmp_path, {"players": 3, "rules": "standard", "seed": 4})
    s.keys("r o")
    s.power_up()  # the power comes back: start() alone, no step of the loop yet
    first = bytes(s.emu.oled.ram)
    ctl = s.dev.ctl
    assert any(first) and ctl.slot.card_in and not ctl.slot.blocked() and ctl.msg.startswith("Resumed"), ctl.msg
    s.run(100)
    assert bytes(s.emu.oled.ram) == first
