"""`python -m host_sim replay` and `play`, as a person or another tool runs them."""
import glob
import json
import os
import subprocess
import sys

import pytest

from host_sim import ROOT

GOLDEN = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "golden", "*.rec")))


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "host_sim"] + list(args), cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("path", GOLDEN, ids=[os.path.basename(p) for p in GOLDEN])
def test_golden_records(path):
    p = run("replay", path)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("\n") == 1  # one line
    got = json.loads(p.stdout)
    with open(path[:-4] + ".json") as f:
        want = json.load(f)
    for key, value in want.items():
        assert got[key] == value, key


def test_golden_records_cover_every_preset():
    assert sorted(os.path.basename(p)[:-4] for p in GOLDEN) == ["family", "standard", "summary", "zh-cn"]


def test_replay_refuses_an_illegal_record(tmp_path):
    f = tmp_path / "bad.rec"
    f.write_text("players 3\nfirst 1\n# comment\n\ncard 1 2 3 4 5 6 1 2 3 4 5 6\nroll 2 5\nopen 2\n"
                 "open 4   # not allowed\nopen 5\n")
    p = run("replay", str(f))
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip() == "line 8: open 4: window 4 is not allowed by dice 5 (2 is used)"


def test_replay_refuses_a_malformed_record(tmp_path):
    f = tmp_path / "bad.rec"
    f.write_text("players 3\nroll two five\n")
    p = run("replay", str(f))
    assert p.returncode == 2
    assert p.stderr.strip() == "line 2: roll two five: a die must be a number, got 'two'"


def test_replay_missing_file(tmp_path):
    p = run("replay", str(tmp_path / "nope.rec"))
    assert p.returncode == 2 and "nope.rec" in p.stderr


def test_play_a_few_actions_and_save(tmp_path):
    saved = tmp_path / "game.rec"
    p = run("play", "--players", "2", "--rules", "family", "--seed", "5",
            stdin="help\nroll\nfly\nclose\nundo\nsave %s\nquit\n" % saved)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Macroscope: 2 players, rules family" in out
    assert "round 1/10" in out and "windows:" in out and "you may:" in out
    assert "refused: fly: unknown action 'fly'" in out
    assert "refused: close: there is no call to close" in out
    assert "refused: undo: a roll is never taken back" in out
    text = saved.read_text()
    assert text.startswith("players 2\nrules family\n") and "\nroll " in text
    again = run("replay", str(saved))
    assert json.loads(again.stdout)["phase"] == "open"


def test_play_continues_a_record(tmp_path):
    src = GOLDEN[0]
    p = run("play", "--load", src, stdin="")
    assert p.returncode == 0
    assert "game over" in p.stdout


def test_play_refuses_what_is_not_due_and_keeps_the_game(tmp_path):
    p = run("play", "--seed", "1", stdin="open 1\npass\nroll\nroll\nsave %s\nquit\n"
            % (tmp_path / "no" / "such" / "dir.rec"))
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "refused: open 1: not now: roll the dice first" in out
    assert "refused: pass: not now: roll the dice first" in out
    assert "refused: roll: no roll now (phase open)" in out
    assert "cannot save" in out and "No such file or directory" in out
    assert "Traceback" not in out + p.stderr
    assert out.count("dice: -") >= 3  # no dice were rolled by the refused actions


def test_play_refuses_a_file_that_is_not_text(tmp_path):
    f = tmp_path / "bin.rec"
    f.write_bytes(b"\xff\xfe\x00")
    p = run("play", "--load", str(f))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr == run("replay", str(f)).stderr == "%s: not a text file (invalid start byte)\n" % f


def test_play_load_errors_read_like_replays(tmp_path):
    f = tmp_path / "bad.rec"
    f.write_text("players 3\nplayers 4\n")
    p = run("play", "--load", str(f))
    assert p.returncode == 2
    assert p.stderr == run("replay", str(f)).stderr == (
        "line 2: players 4: players is already set: each header line appears at most once\n")
    p = run("play", "--load", str(tmp_path / "nope.rec"))
    assert p.returncode == 2 and p.stderr == "%s: No such file or directory\n" % (tmp_path / "nope.rec")


@pytest.mark.parametrize("extra", [["--players", "4"], ["--rules", "zh-cn"], ["--seed", "3"]])
def test_play_refuses_options_that_load_would_ignore(extra):
    p = run("play", "--load", GOLDEN[0], *extra)
    assert p.returncode == 2 and "leave out --players, --rules and --seed" in p.stderr


def test_play_leaves_quietly_on_ctrl_c():
    import signal
    # a shell's background job ignores SIGINT, and its children too: the
    # game gets the terminal's usual Ctrl-C, whoever runs the tests
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "play", "--seed", "1"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = ""
    while not seen.endswith("> "):  # the game waits for a line
        c = proc.stdout.read(1)
        assert c, "the game ended before its prompt"
        seen += c
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)  # its input kept open: it must end by the signal, not by the input's end
    err = proc.stderr.read()
    proc.stdin.close()
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_play_says_who_won_and_lost_and_offers_undo_at_the_end(tmp_path):
    rec = tmp_path / "g.rec"
    rec.write_text("players 2\nfirst 1\nset rounds 1\ncard 1 2 3 4 5 6 1 2 3 4 5 6\n")
    p = run("play", "--load", str(rec), stdin="roll 1 2\nopen 1\nguess 1\nguess 2\nclose\nreveal 2\n"
            "undo\nreveal 1\nsave %s\n" % (tmp_path / "g#1.rec"))
    out = p.stdout
    assert "  P2 was right: P2 +11, P1 -4\n" in out  # N = 11; P1 held 4 (P2 paid 2 to join)
    assert "  P1 was right: P1 +11, P2 -0\n" in out  # P2 held 0: a wrong guess, as the OLED says it
    end = out[out.rindex("== round"):]
    assert "game over" in end and "seat 1's turn" not in end and "*" not in end
    assert "game over: winner P1" in end and "you may: undo" in end
    assert (tmp_path / "g#1.rec").exists() and not (tmp_path / "g").exists()


def test_play_says_which_die_is_used():
    from host_sim import play
    from game import record

    g = record.load(["players 2", "first 1", "card 1 2 3 4 5 6 1 2 3 4 5 6", "roll 1 3", "open 3"]).game
    assert play.dice(g) == "1 3 (3 is used)"
    g = record.load(["players 2", "first 1", "card 1 2 3 4 5 6 1 2 3 4 5 6", "roll 1 3", "open 1"]).game
    assert play.dice(g) == "1 3 (1 is used)"
    g = record.load(["players 2", "first 1", "card 1 2 3 4 5 6 1 2 3 4 5 6", "roll 3 3", "open 3"]).game
    assert play.dice(g) == "3 3 (one is used)"


def test_replay_refuses_a_record_over_4_mb_at_once(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_sim", "replay", "/dev/zero"], cwd=ROOT,
                       capture_output=True, text=True, timeout=20)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "/dev/zero: over 4 MB, larger than any game's record\n"
    f = tmp_path / "long.rec"
    f.write_text("players 3\n" + "# a comment line\n" * (4 << 16))  # 4 MB and some
    p = run("replay", str(f))
    assert p.returncode == 2 and "over 4 MB" in p.stderr


def test_replay_shows_a_records_control_bytes_escaped(tmp_path):
    f = tmp_path / "osc.rec"
    f.write_text("players 3\nroll \x1b]52;c;aGk=\x07 \x1b[2J\x9b\n", encoding="utf-8")  # \x9b: C1 CSI
    p = run("replay", str(f))
    assert p.returncode == 2 and p.stdout == ""
    assert not any(ord(c) < 32 and c != "\n" or 127 <= ord(c) < 160 for c in p.stderr)
    assert "\\x1b]52;c;aGk=\\x07" in p.stderr and "\\x1b[2J\\x9b" in p.stderr
    assert p.stderr.count("\n") == 1


def test_a_shells_locale_picks_the_sims_language():
    """make sim passes the shell's LANG: a device code or a Chinese locale
    names a language, any other locale none (the device's own choice holds)."""
    from host_sim.flags import lang_of_locale
    got = [lang_of_locale(x) for x in ("zh-hant", "en", "zh_CN.UTF-8", "zh_TW.UTF-8", "zh_HK", "zh_SG.UTF-8",
                                       "en_US.UTF-8", "C.UTF-8", "de_DE")]
    assert got == ["zh-hant", "en", "zh-hans", "zh-hant", "zh-hant", "zh-hans", None, None, None]
