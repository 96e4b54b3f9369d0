"""`python -m host_sim press`: the stable scripted interface to the device."""
import json

import pytest

from host_sim.__main__ import main


def run(capsys, *argv):
    code = main(["press"] + list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_prints_the_state_json_as_its_last_line(capsys):
    code, out, err = run(capsys, "--players", "3", "--seed", "5", "r", "o", "p", "o")
    assert code == 0
    st = json.loads(out.splitlines()[-1])
    assert st["players"] == 3 and st["rules"] == "standard" and st["card"] == 1
    assert st["phase"] == "roll" and st["closed"] == 11 and sum(st["crystals"]) == 7
    assert set(st) >= {"round", "active", "open", "dice", "call", "over", "winners"}


def test_the_same_keys_give_the_same_game(capsys):
    a = run(capsys, "--players", "4", "--rules", "zh-cn", "--seed", "9", "r o p 2 o c 2 c r")
    b = run(capsys, "--players", "4", "--rules", "zh-cn", "--seed", "9", "r", "o", "p", "2", "o", "c", "2", "c", "r")
    c = run(capsys, "--players", "4", "--rules", "zh-cn", "--seed", "10", "r o p 2 o c 2 c r")
    assert a == b and a[1] != c[1]


def test_flash_dir_resumes_and_setup_flags_are_then_ignored(capsys, tmp_path):
    d = str(tmp_path / "flash")
    _, first, _ = run(capsys, "--flash", d, "--players", "5", "--seed", "2", "r o")
    _, again, _ = run(capsys, "--flash", d, "--players", "3")
    assert again == first
    _, more, _ = run(capsys, "--flash", d, "p")
    assert json.loads(more)["phase"] == "call"
    assert json.loads(more)["players"] == 5


def test_record_out_replays_to_the_same_state(capsys, tmp_path):
    rec = tmp_path / "game.rec"
    _, out, _ = run(capsys, "--players", "3", "--seed", "1", "--record-out", str(rec), "r o p 2 o c 2 c r o")
    assert main(["replay", str(rec)]) == 0
    replayed = capsys.readouterr().out
    assert json.loads(replayed) == json.loads(out.splitlines()[-1])


def test_no_flags_boot_into_the_setup_menu(capsys):
    code, out, _ = run(capsys)
    assert code == 0 and out.strip() == "null"
    _, out, _ = run(capsys, "n n n o")  # the menu's Start
    st = json.loads(out)
    assert st["players"] == 3 and st["rules"] == "standard" and st["card"] == 1


def test_bad_input_is_refused_with_a_message(capsys):
    code, out, err = run(capsys, "--players", "3", "r x")
    assert code == 2 and "unknown key 'x'" in err and out == ""
    code, _, err = run(capsys, "--rules", "chess")
    assert code == 2 and "--rules: unknown preset 'chess'" in err
    code, _, err = run(capsys, "--players", "7")
    assert code == 2 and "--players: 2 to 6, got 7" in err
    code, _, err = run(capsys, "--board", "nonesuch", "r")
    assert code == 2 and "boards/nonesuch.json: no such file" in err


def test_a_game_started_from_the_menu_is_repeatable_with_a_pinned_secret(capsys):
    a = run(capsys, "--secret", "9", "n n n o r o")
    b = run(capsys, "--secret", "9", "n n n o r o")
    assert a == b and json.loads(a[1])["closed"] == 11


def test_trace_writes_a_line_per_key_with_state_and_oled(capsys, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, out, _ = run(capsys, "--players", "3", "--seed", "5", "--trace", str(trace), "r o 1 o c 1 c r")
    assert code == 0
    lines = [json.loads(x) for x in trace.read_text().splitlines()]
    assert [x["key"] for x in lines] == "r o 1 o c 1 c r".split()
    assert lines[-1]["state"] == json.loads(out.splitlines()[-1])
    assert lines[0]["state"]["phase"] == "open" and lines[3]["state"]["phase"] == "reveal"
    for x in lines:
        assert len(x["oled"]) == 64 and all(len(r) == 128 and set(r) <= {"#", "."} for r in x["oled"])
    assert lines[0]["oled"] != lines[1]["oled"]  # each line is the panel after its own key


def test_oled_out_is_the_panel_pixel_for_pixel(capsys, tmp_path):
    from PIL import Image
    png, trace = tmp_path / "oled.png", tmp_path / "t.jsonl"
    for board in ("pico_pca9685", "pico_direct_pwm", "pico_epaper"):
        assert run(capsys, "--board", board, "--players", "4", "--seed", "2", "--oled-out", str(png),
                   "--trace", str(trace), "r o")[0] == 0
        img = Image.open(png).convert("RGB")
        assert img.size == (128, 64)
        last = json.loads(trace.read_text().splitlines()[-1])["oled"]
        got = ["".join("#" if img.getpixel((x, y)) == (255, 255, 255) else "." for x in range(128)) for y in range(64)]
        assert got == last and any("#" in r for r in got)


def test_a_bad_key_changes_nothing_on_the_flash(capsys, tmp_path):
    d = str(tmp_path / "flash")
    _, first, _ = run(capsys, "--flash", d, "--players", "3", "--seed", "2", "r")
    code, _, err = run(capsys, "--flash", d, "o o x")
    assert code == 2 and "unknown key 'x'" in err
    _, again, _ = run(capsys, "--flash", d)
    assert again == first


def test_unwritable_outputs_exit_2_with_one_line(capsys, tmp_path):
    for flag in ("--trace", "--record-out", "--oled-out"):
        code, out, err = run(capsys, "--players", "3", flag, str(tmp_path / "no" / "such" / "f"), "r")
        assert code == 2 and err.count("\n") == 1 and err.startswith(flag) and "Traceback" not in err


def test_a_wait_token_lets_a_week_pass_in_seconds(capsys):
    import time
    keys = "r o p 2 o c 2 c r"
    _, plain, _ = run(capsys, "--players", "4", "--seed", "9", keys)
    t = time.time()
    code, waited, _ = run(capsys, "--players", "4", "--seed", "9", "~604800000 r o ~1123200000 p 2 o c 2 c r ~5000")
    assert code == 0 and time.time() - t < 10
    assert waited == plain  # a week (and 13 days) idle changes nothing, and loses no press after it


def test_a_bad_wait_token_is_named(capsys):
    code, out, err = run(capsys, "--players", "3", "r", "~week")
    assert code == 2 and "~week" in err and out == ""


def _files(d):
    return {p.name: p.read_bytes() for p in sorted(d.iterdir()) if p.name != ".in-use"}


@pytest.mark.parametrize("argv", [
    ["--record-out", "/nonexistent-folder/x.rec", "p", "o"],
    ["--trace", "/nonexistent-folder/t.jsonl", "o"],
    ["--lang", "zh-hans", "x"],
    ["--lang", "zh-hant", "o", "~2592000001"],
    ["o", "\x1b[2J"],
])
def test_a_refused_press_leaves_the_flash_and_settings_as_they_were(capsys, tmp_path, argv):
    d = tmp_path / "flash"
    run(capsys, "--flash", str(d), "--players", "3", "--seed", "4", "r o")
    before = _files(d)
    code, out, err = run(capsys, "--flash", str(d), *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert _files(d) == before


def test_a_wait_beyond_30_days_is_refused_in_one_line(capsys):
    code, out, err = run(capsys, "--players", "3", "~2592000000", "~99999999999999")
    assert code == 2 and out == ""
    assert err == "wait '~99999999999999': at most 2592000000 ms (30 days)\n"
    code, out, _ = run(capsys, "--players", "3", "~00000000000000000000000001000")  # leading zeros: a number
    assert code == 0


def test_keys_and_seeds_are_quoted_short_and_escaped(capsys):
    code, _, err = run(capsys, "--players", "3", "x" * 5000)
    assert code == 2 and len(err) < 120 and err.startswith("unknown key 'xxx")
    code, _, err = run(capsys, "--players", "3", "\x1b]52;c;aGk=\x07")
    assert code == 2 and err == "unknown key '\\x1b]52;c;aGk=\\x07' (1-6, r, n, o, p, u, U, c)\n"
    with pytest.raises(SystemExit):
        main(["press", "--seed", "\x1b[2J" + "9" * 5000, "r"])
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2J" in err and len(err) < 200


def test_a_seed_with_many_leading_zeros_is_still_its_number(capsys):
    a = run(capsys, "--players", "3", "--seed", "0" * 30 + "5", "r")
    b = run(capsys, "--players", "3", "--seed", "5", "r")
    assert a == b and a[0] == 0


def test_an_output_path_is_checked_before_the_first_key(capsys, tmp_path):
    code, out, err = run(capsys, "--players", "3", "--record-out", "/nonexistent-folder/x.rec", "r")
    assert code == 2 and err == "--record-out /nonexistent-folder/x.rec: no folder /nonexistent-folder\n"
    code, out, err = run(capsys, "--players", "3", "--oled-out", str(tmp_path), "r")
    assert code == 2 and err == "--oled-out %s: a folder, not a file\n" % tmp_path


def _menu_header(capsys, d, *flags):
    """The journal header of a game started from the e-paper board's menu."""
    code, _, _ = run(capsys, "--board", "pico_epaper", "--flash", str(d), *(list(flags) + ["n n n o"]))
    assert code == 0
    data = (d / "game.jnl").read_bytes()
    return json.loads(data[4:data.index(b"\n") - 5])


def test_menu_games_draw_a_fresh_secret_at_every_power_up_unless_pinned(capsys, tmp_path):
    a, b = (_menu_header(capsys, tmp_path / n) for n in "ab")
    assert a["secret"] != b["secret"] and a["seed"] != b["seed"]
    c, d = (_menu_header(capsys, tmp_path / n, "--secret", "0" * 25 + "18446744073709551615") for n in "cd")
    assert c == d and c["secret"] not in (a["secret"], b["secret"])
    with pytest.raises(SystemExit):
        run(capsys, "--secret", "18446744073709551616", "r")
    assert "secret must be 0 to 18446744073709551615" in capsys.readouterr().err


def test_each_refused_key_says_why_on_stderr_and_the_run_goes_on(capsys):
    """A refused press changes nothing and exits 0, as before, but says which
    key and why (the OLED's message), a line for each; an accepted key says nothing."""
    code, out, err = run(capsys, "--players", "3", "--seed", "5", "o r r n o 5")
    assert code == 0
    _, plain, quiet = run(capsys, "--players", "3", "--seed", "5", "r n o")
    assert json.loads(out) == json.loads(plain)  # the refused keys changed nothing
    assert err.splitlines() == ["key 1 (o) refused: Press ROLL first",
                                "key 3 (r) refused: Open a window: NEXT picks, OK opens",
                                "key 6 (5) refused: No seat 5 at this table"]
    assert quiet == ""
    _, _, err = run(capsys, "--lang", "zh-hans", "--players", "3", "--seed", "5", "o")
    assert err.splitlines() == ["key 1 (o) refused: 请先按ROLL"]  # in the device's words, as on its OLED


def _lit(path):
    from PIL import Image
    img = Image.open(path).convert("L")
    return {(x, y) for y in range(img.height) for x in range(img.width) if img.getpixel((x, y))}


def _whole_frame_lit(flash, code):
    """The lit pixels of the device's whole frame at boot, drawn at once."""
    from host_sim import press
    import framebuf
    from app import frame, lang
    press.choose_lang(flash, code)
    s = press.start("pico_pca9685", flash)
    try:
        fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        frame.draw(fb, s.dev.ctl)
        return {(x, y) for y in range(64) for x in range(128) if fb.pixel(x, y)}
    finally:
        lang.use("en")


@pytest.mark.parametrize("code", ["en", "zh-hans", "zh-hant"])
def test_oled_out_right_after_boot_captures_the_whole_setup_menu(capsys, tmp_path, code):
    """The frame is drawn a part a step: --oled-out steps on until it is
    whole (it caught 205 of the English menu's 1,702 lit pixels, and a blank
    Chinese screen)."""
    png = str(tmp_path / "boot.png")
    code_, out, _ = run(capsys, "--lang", code, "--oled-out", png)
    assert code_ == 0 and out.strip() == "null"
    (tmp_path / "flash").mkdir()
    want = _whole_frame_lit(str(tmp_path / "flash"), code)
    assert len(want) > 1000 and _lit(png) == want


def test_trace_captures_each_keys_whole_frame(capsys, tmp_path):
    """--trace too: its first line, a wait of 0 ms right after boot, holds the
    whole setup menu, not the part drawn in the boot's 20 ms."""
    trace = tmp_path / "t.jsonl"
    code, _, _ = run(capsys, "--lang", "zh-hans", "--trace", str(trace), "~0", "n")
    assert code == 0
    lines = [json.loads(x)["oled"] for x in trace.read_text().splitlines()]
    got = [{(x, y) for y in range(64) for x in range(128) if rows[y][x] == "#"} for rows in lines]
    (tmp_path / "flash").mkdir()
    assert got[0] == _whole_frame_lit(str(tmp_path / "flash"), "zh-hans")
    assert got[1] != got[0]  # the cursor moved on


@pytest.mark.parametrize("keys", [
    "r o 1 o c | 1 c r",  # the card pulled at the reveal, the next one put in
    "r o 1 o c 1 | c r",  # out, the next card dealt: still to go in
    "r o 1 o c 1 c | r o p o",  # the next card in: play goes on
    "r o 1 o c 1 u | c r",  # an UNDO across the deal: card 1 wanted back
    "r o 1 o c 1 c u | r c r",  # the reveal undone, card 2 in: "Take the new card out unseen"
])
def test_keys_split_over_runs_on_one_flash_play_as_one_run(capsys, tmp_path, keys):
    """The card slot (in or out, the game's card or the one to swap) is kept
    beside the flash between runs: keys pressed over several calls give the
    state and the refusals of the same keys in one call. Each run is a
    power-up (the lid closes and opens again), so each goes on after ~2000."""
    flags = ["--players", "3", "--seed", "5"]
    whole = run(capsys, *flags, keys.replace("|", "~2000"))
    d = str(tmp_path / "flash")
    outs, errs = [], ""
    for i, part in enumerate(keys.split("|")):
        code, out, err = run(capsys, "--flash", d, *flags, ("~2000 " if i else "") + part)
        assert code == 0
        outs.append(out)
        errs += err.replace("--flash %s holds a game: resumed it, --players, --rules and --seed ignored\n" % d, "")
    assert outs[-1] == whole[1]
    assert [line.split(" refused: ")[1] for line in errs.splitlines()] == \
        [line.split(" refused: ")[1] for line in whole[2].splitlines()]
