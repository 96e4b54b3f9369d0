"""Faults at boot and parts lost in play, on the emulated board: every one is
shown in words with the windows closed, none is a boot loop, a lost OLED
does not stop play, a full flash plays on unsaved."""
import json
import os
import shutil

import pytest

from host_sim import FIRMWARE, hw
from host_sim.tests import oledtext
from host_sim.tests.snapshot import snapshot

clock = hw.install()
from emu import world  # noqa: E402
from emu.session import Session  # noqa: E402

GAME = {"players": 3, "rules": "standard", "seed": 4}


def session(tmp_path, setup=GAME, board="pico_pca9685", root=FIRMWARE, lost=()):
    return Session(board, os.path.join(root, ""), str(tmp_path) + "/", setup, lost=lost)


def text(s):
    return " ".join(oledtext.read(s.emu.oled).replace("\n", "").split())


def blinks(s, ms=1000):
    led = world.pin(25)
    seen = set()
    for _ in range(ms // 130):
        s.run(130)
        seen.add(led.out)
    return seen == {0, 1}


def closed(s):
    return all(a < 90 for a in s.emu.angles())


@pytest.mark.parametrize("name", ["settings.json", "calib.json"])
@pytest.mark.parametrize("body", ["[" * 100000 + "]" * 100000, "[" * 2000 + "]" * 2000,
                                  "{\"deck\": %s}" % ("1" * 5000), "\x00\xff garbage"])
def test_a_damaged_or_huge_json_file_boots_with_defaults(tmp_path, name, body):
    (tmp_path / name).write_text(body)
    s = session(tmp_path)
    s.keys("r o")
    assert s.errors == [] and s.reboots == 0 and s.game().open_mask


def test_a_settings_file_over_the_size_cap_counts_as_damaged(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"deck": 5, "pad": "x" * 5000}))
    s = session(tmp_path, setup=None)
    assert s.dev.ctl.store.settings["deck"] == 199
    (tmp_path / "settings.json").write_text(json.dumps({"deck": 5}))
    s.reboot()
    assert s.dev.ctl.store.settings["deck"] == 5


def test_errors_in_words():
    from app.broken import describe
    assert describe(OSError(28)) == "flash full"
    assert describe(MemoryError()) == "out of memory"
    assert describe(OSError(5)).startswith("a part does not answer")


def test_a_missing_servo_board_is_named_and_blinks_no_boot_loop(tmp_path):
    s = session(tmp_path, lost=("pca",))
    assert "no servo board (PCA9685) at I2C 0x40" in text(s)
    assert blinks(s, 6000) and s.reboots == 0  # no watchdog, no reset: it stays on the message


def test_a_missing_oled_plays_on_and_the_buzzer_says_so(tmp_path):
    s = session(tmp_path, lost=("oled",))
    assert s.dev.hw.oled is None and s.dev.hw.buzzer.playing
    s.keys("r o")
    assert s.errors == [] and s.game().open_mask


def test_a_resume_that_fails_closes_every_window_shows_it_and_does_not_reset(tmp_path, monkeypatch):
    s = session(tmp_path)
    s.keys("r o")
    s.run(1000)
    assert not closed(s)
    from app.store import Store  # the game store resumes the journal

    def no_memory(self):
        raise MemoryError()
    monkeypatch.setattr(Store, "resume", no_memory)
    s.dev.fail(RuntimeError("planted"))  # the lid as a reset finds it: open
    s.emu.servos[0]  # (the angles stay where they were across the reboot)
    s.reboot()
    s.run(3000)
    assert "boot: out of memory" in text(s)
    assert closed(s)
    assert blinks(s, 8000) and s.reboots == 1  # the watchdog is fed: no reset into the same error


def test_a_missing_deck_is_a_message_not_a_boot_loop(tmp_path):
    root = tmp_path / "fw"
    shutil.copytree(os.path.join(FIRMWARE, "boards"), str(root / "boards"))  # no decks/
    s = session(tmp_path / "flash", board="pico_epaper", root=str(root))
    assert text(s).startswith("boot: deck ") and s.dev.msg.endswith("decks/demo.deck: no such file")
    assert blinks(s) and s.reboots == 0


@pytest.mark.parametrize("content, ok", [(b"\xef\xbb\xbfpico_direct_pwm\r\n", True),
                                         (b"\x00\x01\xfe\xff", False)])
def test_board_txt_with_a_bom_is_read_and_a_binary_one_named(tmp_path, content, ok):
    from app import board
    root = tmp_path / "fw"
    shutil.copytree(os.path.join(FIRMWARE, "boards"), str(root / "boards"))
    (root / "board.txt").write_bytes(content)
    if ok:
        assert board.load(None, str(root) + "/")["controls"].get("ladder") is not None
    else:
        with pytest.raises(board.ConfigError, match="board.txt: not a board name"):
            board.load(None, str(root) + "/")


@pytest.mark.parametrize("part", ["oled", "pca"])
def test_fail_never_raises_with_a_part_unplugged_mid_game(tmp_path, part):
    s = session(tmp_path)
    s.keys("r o")
    cfg = s.dev.hw.cfg
    addr = cfg["oled"]["address"] if part == "oled" else cfg["shutters"]["address"]
    world.bus(cfg["i2c"]["id"]).detach(addr)
    s.dev.fail(OSError(5))  # returns: the reset follows


def test_a_full_flash_says_so_plays_on_and_resumes_what_was_saved(tmp_path, monkeypatch):
    s = session(tmp_path)
    s.keys("r o p")
    saved = snapshot(s.game())
    import builtins
    real_open = builtins.open

    def no_room(path, mode="r", *a, **k):
        if "a" in mode or "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr(builtins, "open", no_room)
    s.key("2")
    assert s.dev.ctl.msg == "Flash full: play goes on, not saved"
    s.keys("o c 2 c")
    assert s.errors == [] and s.reboots == 0
    played = snapshot(s.game())
    assert played != saved  # play went on
    monkeypatch.setattr(builtins, "open", real_open)
    s.reboot()
    s.run(1500)
    assert snapshot(s.game()) == saved  # what was on flash before it filled


def test_a_new_games_seed_comes_from_the_hardware_random_source_not_the_time(tmp_path):
    """Start pressed at the very same microsecond on two boards: the seeds
    differ, as their random sources do; the same source repeats (emulation)."""
    import random
    s = session(tmp_path, setup=None)
    seeds = []
    for src in (1, 2, 1):
        random.seed(src)
        clock.reset(123456789)
        seeds.append(s.dev.out.entropy())
    assert seeds[0] != seeds[1] and seeds[0] == seeds[2]
    assert all(0 <= x < 1 << 32 for x in seeds)


def _rehead(path, change, magic=b"MJ2 "):
    """The journal at path with its header changed by change(head), written
    with magic (MJ2: its CRC made right; MJ1: none)."""
    from app import journal as jn
    with open(path, "rb") as f:
        data = f.read()
    nl = data.index(b"\n")
    head = json.loads(data[4:nl - 5])
    change(head)
    h = json.dumps(head).encode()
    tail = (" %04x" % jn.crc16(0xFFFF, h)).encode() if magic == jn.MAGIC else b""
    with open(path, "wb") as f:
        f.write(magic + h + tail + data[nl:])


def test_a_header_with_an_unknown_preset_under_a_good_crc_is_a_damaged_game_on_the_oled(tmp_path):
    s = session(tmp_path)
    s.keys("r o p")
    _rehead(os.path.join(str(tmp_path), "game.jnl"), lambda h: h.update(rules="tournament"))
    s.reboot()
    assert s.dev.ctl.msg == "Game file damaged: kept as game.bad"
    s.run(1500)
    assert os.path.exists(os.path.join(str(tmp_path), "game.bad"))
    assert s.errors == [] and s.reboots == 1 and s.game() is None


def test_an_old_mj1_journal_resumes_says_so_on_the_oled_and_is_rewritten(tmp_path):
    s = session(tmp_path)
    s.keys("r o p")
    saved = snapshot(s.game())
    path = os.path.join(str(tmp_path), "game.jnl")
    _rehead(path, lambda h: h.pop("opts"), b"MJ1 ")
    s.reboot()
    assert s.dev.ctl.msg == "old game file, not checked"
    s.run(300)
    assert snapshot(s.game()) == saved and s.errors == []
    with open(path, "rb") as f:
        assert f.read(4) == b"MJ2 "
