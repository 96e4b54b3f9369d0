"""Every screen right after every press, in every round: whole games by
button presses, the OLED read back from the emulated panel's pixels after
each key and checked against what the device is doing (screencheck)."""
import json
import os
import random
import subprocess
import sys

import pytest

from host_sim import press
from host_sim.tests import screencheck
from host_sim.tests.keyplay import next_key

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def play(tmp_path, board, setup, seed):
    """A whole game; returns its keys and, after each, what the screen must
    show and the panel's rows. Fails at the first screen that lacks it."""
    (tmp_path / "flash").mkdir()
    press.choose_lang(str(tmp_path / "flash"), "en")  # the checks read English (zh-cn would speak Chinese)
    s = press.start(board, str(tmp_path / "flash"), setup)
    s.run(500)
    rng = random.Random(seed)
    keys, wants, rounds = [], [], set()
    results = screencheck.Results()
    while len(keys) < 3000:
        k = next_key(s.dev.ctl, rng)
        if k is None:
            break
        s.key(k)
        keys.append(k)
        want = screencheck.expect(s.dev.ctl, results.after_key(s.game()))
        miss = screencheck.check(press.oled_lines(s), want)
        assert not miss, "after %r (key %d of %s): %s\n%s" % (
            k, len(keys), " ".join(keys[-12:]), miss, "\n".join(press.oled_lines(s)))
        wants.append(want)
        rounds.add(s.game().round)
    assert s.game().over() and len(rounds) >= 3, "the game must reach its end, past round 2"
    return keys, wants


CASES = [("pico_pca9685", "standard", 4, 1), ("pico_pca9685", "family", 3, 2),
         ("pico_pca9685", "summary", 5, 3), ("pico_pca9685", "zh-cn", 6, 4),
         ("pico_direct_pwm", "standard", 2, 5), ("pico_epaper", "family", 4, 6)]


@pytest.mark.parametrize("board,preset,players,seed", CASES)
def test_every_screen_of_a_whole_game(tmp_path, board, preset, players, seed):
    play(tmp_path, board, {"players": players, "rules": preset, "seed": seed}, seed)


@pytest.mark.parametrize("board,preset,players,seed", [("pico_pca9685", "zh-cn", 3, 7),
                                                       ("pico_direct_pwm", "summary", 4, 8)])
def test_circuitpython_shows_the_same_screens(tmp_path, board, preset, players, seed):
    """The CircuitPython build, by `press --trace`, for the same keys: the same
    state and a panel that passes the same checks after every key."""
    keys, wants = play(tmp_path, board, {"players": players, "rules": preset, "seed": seed}, seed)
    trace = tmp_path / "trace.jsonl"
    out = subprocess.run([sys.executable, "-m", "host_sim", "press", "--runtime", "circuitpython",
                          "--board", board, "--players", str(players), "--rules", preset, "--seed", str(seed),
                          "--lang", "en", "--trace", str(trace)] + keys, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(x) for x in trace.read_text().splitlines()]
    assert [x["key"] for x in lines] == keys
    for i, (x, want) in enumerate(zip(lines, wants)):
        miss = screencheck.check(x["oled"], want)
        assert not miss, "CircuitPython after key %d %r: %s" % (i + 1, keys[i], miss)
