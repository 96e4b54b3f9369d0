"""The whole device on the emulated board: the firmware's step() on the
virtual clock, played by button presses as a family would."""
import json
import os
import random

import pytest

from host_sim import FIRMWARE, hw, press
from host_sim.tests import oledtext
from host_sim.tests.keyplay import next_key, replay_journal
from host_sim.tests.snapshot import snapshot

clock = hw.install()
from app import controller as c  # noqa: E402
from game import engine, record, rules, state  # noqa: E402

BOARDS = ["pico_pca9685", "pico_direct_pwm"]


def session(tmp_path, setup=None, board="pico_pca9685"):
    return press.start(board, str(tmp_path), setup)


def lid_safe(s):
    """Every window the shutters hold open is open in the game, with the current card in."""
    ctl = s.dev.ctl
    sh = s.dev.hw.shutters
    asked = sum(1 << i for i in range(12) if sh.is_open(i))
    g = ctl.game
    if asked:
        assert g is not None and ctl.card_in and ctl.fresh
        assert g.phase not in (engine.P_REVEAL, engine.P_OVER)
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


@pytest.mark.parametrize("board", BOARDS)
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
    # the end screen names the winners, from the OLED's pixel memory
    assert "GAME OVER" in oled_text(s)
    assert len(keys) > 40


def oled_text(s):
    return oledtext.read(s.emu.oled)
