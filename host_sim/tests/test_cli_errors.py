"""The command line never loses a game and never shows a traceback: every
bad input exits 2 with one line on stderr, and nothing on the flash changes."""
import json
import os
import subprocess
import sys

import pytest

from host_sim import ROOT, press
from host_sim.__main__ import main


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "host_sim"] + list(args), cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=120)


def one_line_exit_2(p, *words):
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert "Traceback" not in p.stderr and all(w in p.stderr for w in words), p.stderr
    assert len(p.stderr) <= 400


def test_flash_that_cannot_be_a_folder(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    one_line_exit_2(run("press", "--flash", str(f), "r"), "not a folder")
    one_line_exit_2(run("press", "--flash", str(tmp_path / "no" / "dir"), "r"), "no folder")
    one_line_exit_2(run("press", "--flash", "", "r"), "--flash")
    (tmp_path / "f2").mkdir()
    (tmp_path / "f2" / "game.jnl").mkdir()
    one_line_exit_2(run("press", "--flash", str(tmp_path / "f2"), "r"), "game.jnl is a folder")


def test_record_out_a_folder(tmp_path):
    one_line_exit_2(run("press", "--players", "3", "--record-out", str(tmp_path), "r"), "--record-out")


def test_long_arguments_are_cut(tmp_path):
    long = "x" * 5000
    one_line_exit_2(run("press", "--rules", long), "--rules")
    one_line_exit_2(run("press", "--seed", long), "--seed")
    one_line_exit_2(run("press", "--flash", str(tmp_path / long), "r"), "--flash")


@pytest.mark.parametrize("cmd", ["press", "play", "sim"])
def test_one_rule_for_seeds(cmd):
    for bad, why in (("4294967296", "seed must be 0 to 4294967295, got 4294967296"),
                     ("-1", "seed must be a number, got '-1'"), ("7e3", "seed must be a number, got '7e3'")):
        one_line_exit_2(run(cmd, "--seed", bad), why)


def test_a_record_refuses_the_same_seeds_in_the_same_words(tmp_path):
    f = tmp_path / "g.rec"
    f.write_text("players 3\nseed 4294967296\n")
    p = run("replay", str(f))
    assert p.returncode == 2 and "seed must be 0 to 4294967295, got 4294967296" in p.stderr
    f.write_text("players 3\nseed 4294967295\n")
    assert run("replay", str(f)).returncode == 0


def test_a_second_process_on_the_same_flash_is_refused(tmp_path, capsys):
    d = str(tmp_path / "flash")

    class Args:
        players, rules, seed, board, flash, runtime = 3, "standard", 1, "pico_pca9685", d, "micropython"

    with press.session(Args()) as s:
        s.keys("r o")
        p = run("press", "--flash", d, "p")
        one_line_exit_2(p, "flash folder in use")
    _, first = main(["press", "--flash", d]), capsys.readouterr().out
    assert json.loads(first)["phase"] == "decide"  # the refused run changed nothing


def test_a_cut_journal_is_reported_on_stderr(tmp_path):
    d = tmp_path / "flash"
    assert run("press", "--flash", str(d), "--players", "3", "--seed", "2", "r", "o").returncode == 0
    j = d / "game.jnl"
    j.write_bytes(j.read_bytes()[:-2])  # a torn last entry
    p = run("press", "--flash", str(d))
    assert p.returncode == 0 and "journal:" in p.stderr and "dropped" in p.stderr


def test_setup_flags_a_resumed_game_ignores_are_named(tmp_path):
    d = str(tmp_path / "flash")
    assert run("press", "--flash", d, "--players", "3", "--seed", "2", "r").returncode == 0
    p = run("press", "--flash", d, "--players", "5", "o")
    assert p.returncode == 0 and "--players, --rules and --seed ignored" in p.stderr
    assert json.loads(p.stdout)["players"] == 3


def test_play_set_before_the_first_action():
    p = run("play", "--seed", "3", stdin="set rounds 3\nset rounds x\nroll\nset rounds 4\nquit\n")
    assert "round 1/3" in p.stdout and "set rounds 3: the game starts with it" in p.stdout
    assert "refused: set rounds x" in p.stdout and "refused: set: only before the first action" in p.stdout


def test_play_shows_a_wrong_guesser_who_held_nothing_as_the_oled_does():
    import io
    from host_sim import play

    class Game:
        n, crystals = 3, [5, 0, 2]

    out = io.StringIO()
    play.outcome(Game, 0, [2, 0, 2], [0, 1], out)
    assert out.getvalue() == "  P1 was right: P1 +3, P2 -0\n"  # the OLED: "P1 right: +3" / "P2 -0"
