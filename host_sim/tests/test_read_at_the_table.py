"""What a family reads on the play screens, in both languages: results
whole and at a glance (a pass's reward, each seat's gain over its crystals,
0 for a loss that took nothing, the ranking a seat a line after the last
card's result) and the Chinese screens as complete as the English (the
round in every phase, the join beside a tie's order, PASS with its meaning,
what to do after a reveal). Read back from the panel's pixels (oledread)
or from the strings the frame draws (bench.seat_text's Recorder)."""
import random

from bench import seat_text
from host_sim import autoplay, oledread, press

_G = {"players": 4, "rules": "standard", "seed": 3}
_SIX = {"players": 6, "rules": "standard", "seed": 3}


def _start(tmp_path, setup, lang="en", keys=""):
    flash = tmp_path / ("f" + lang)
    flash.mkdir()
    press.choose_lang(str(flash), lang)
    s = press.start("pico_pca9685", str(flash), setup)
    s.keys(keys)
    s.run(3000)  # messages expire, the panel holds the whole frame
    return s


def _rows(s):
    return oledread.rows_of(press.oled_lines(s))


def _strings(s):
    return seat_text.drawn(s.dev.ctl).strings


def test_each_seat_reads_its_change_over_the_card_over_its_crystals(tmp_path):
    s = _start(tmp_path, _G, keys="r o p 1 2 o c 2")  # P4 passed (+1); P1, P2 joined (2 each to P4); P2 right
    assert s.dev.ctl.cur.result == "P2 right: +11\nP1 -2  P2 +9  P4 +5"  # as the Scores page counts the card
    rows = _rows(s)
    assert oledread.tall(rows, 0, 15, 13) == "P2 right: +11"
    for seat, amount in ((0, "-2"), (1, "+9"), (3, "+5")):
        assert oledread.tall(rows, seat * 32, 45, len(amount), 7) == amount  # over its crystals


def test_a_loss_that_took_nothing_reads_0_over_its_crystals(tmp_path):
    s = _start(tmp_path, _G, keys="r o p 1 2 o c 2 c r o 1 o c o")  # P1 guesses with nothing held: nobody right
    assert s.dev.ctl.cur.result == "Nobody right\nP1 0"
    rows = _rows(s)
    assert oledread.tall(rows, 0, 45, 1, 7) == "0"  # over seat 1's crystals
    assert oledread.tall(rows, 4, 55, 1, 7) == "0"  # its crystals


def test_six_seats_gains_each_over_its_own_crystals(tmp_path):
    s = _start(tmp_path, _SIX, keys="r o p 1 2 5 o c 2")
    g = s.game()
    rows = _rows(s)
    gains = s.dev.ctl.cur.result.split("\n")[1].split("  ")
    assert len(gains) >= 2
    for part in gains:
        seat, amount = part.split(" ")
        x = (int(seat[1:]) - 1) * 21
        assert oledread.tall(rows, x, 45, len(amount), 7) == amount, part
        assert oledread.tall(rows, x + 4, 55, len("%d" % g.crystals[int(seat[1:]) - 1]), 7) == "%d" % g.crystals[int(seat[1:]) - 1]


def test_a_pass_shows_its_reward_until_a_seat_joins(tmp_path):
    s = _start(tmp_path, _G, keys="r o p")
    assert s.dev.ctl.cur.passed == "P4 +1"
    assert oledread.tall(_rows(s), 0, 15, 5) == "P4 +1"
    s.keys("1")
    s.run(300)
    assert s.dev.ctl.cur.passed == ""
    assert oledread.tall(_rows(s), 0, 15, 5) == "In: 1"


def test_game_over_shows_the_last_card_then_the_ranking_a_seat_a_line(tmp_path):
    s = _start(tmp_path, {"players": 6, "rules": "summary", "seed": 1})
    autoplay.play(s, 1)
    s.run(3000)
    g = s.game()
    assert g.over() and s.dev.ctl.cur.result
    words = oledread.text(_rows(s))
    assert "GAME OVER" in words and "OK: ranking" in words
    assert s.dev.ctl.cur.result.split("\n")[0] in words
    s.keys("o")
    s.run(300)
    lines = [t for _, _, t in oledread.words(_rows(s), "tall")]
    for seat in range(g.n):
        mine = [t for t in lines if "P%d " % (seat + 1) in t]
        assert len(mine) == 1 and mine[0].count("P") == 1 and mine[0].endswith("P%d %d" % (seat + 1, g.crystals[seat])), lines


def test_chinese_shows_the_round_in_every_play_phase(tmp_path):
    s = _start(tmp_path, {"players": 3, "rules": "zh-cn", "seed": 2}, "zh-hans")
    rng = random.Random(3)
    seen = set()
    for _ in range(400):
        ctl = s.dev.ctl
        g = ctl.store.game
        if g.over():
            break
        if not ctl.msg:
            seen.add(g.phase)
            assert "%d/%d" % (g.round, g.opts["rounds"]) in _strings(s), (g.phase, _strings(s))
        k = autoplay.next_key(ctl, rng)
        if k is None:
            break
        s.key(k)
    assert seen == {0, 1, 2, 3, 4}


def test_chinese_tie_shows_the_join_beside_its_order(tmp_path):
    s = _start(tmp_path, _SIX, "zh-hans", "r o p 1 2 5")  # 1 2 5 tie; seats 3, 4 and 6 may still join
    drawn = _strings(s)
    assert any("排序" in t for t in drawn) and any("座位加入付2" in t for t in drawn), drawn


def test_chinese_pass_says_what_it_means_and_a_reveal_what_comes_next(tmp_path):
    s = _start(tmp_path, _G, "zh-hans", "r o")
    assert "PASS不猜" in _strings(s)
    s.keys("p 1 2 o c 2")  # the reveal: the slot asks for the next card
    s.run(3000)
    assert any("下一张卡" in t for t in _strings(s)), _strings(s)
    s.keys("c")  # the card in: ROLL is next
    s.run(3000)
    assert "请按ROLL" in _strings(s)


def test_crystal_counts_too_long_for_their_cell_stay_in_it():
    """Six seats give a cell 21 px: two tall digits. A count of 10^17 (only a
    hand-made record reaches it) is drawn tiny, inside its own cell, never
    over its neighbour's; a count that fits stays tall."""
    import framebuf
    from app import screens

    class G:
        n = 6
        active = 2
        crystals = [10 ** 17, 7, 10 ** 17, 12345, 99, 10 ** 17]
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    screens.scores(fb, G)
    cw = 128 // 6
    for s in range(1, 6):  # the column between two cells stays dark (the active cell's bar ends before it)
        edge = s * cw - 1
        assert not any(fb.pixel(edge, y) for y in range(screens.SY - 1, 64)), "seat %d's count crosses into %d's" % (s, s + 1)
    rows = oledread.rows_of(["".join("#" if fb.pixel(x, y) else "." for x in range(128)) for y in range(64)])
    assert oledread.tall(rows, cw + 4, screens.SY, 1, 7) == "7" and oledread.tall(rows, 4 * cw + 4, screens.SY, 2, 7) == "99"


def test_a_pass_nobody_joins_says_so_with_its_reward(tmp_path):
    s = _start(tmp_path, _G, keys="r o p")  # P4 passes: +1, the call opens
    assert s.dev.ctl.cur.passed == "P4 +1"
    s.keys("o")  # nobody joined: OK closes the call, the turn moves on
    s.run(300)  # the message still up (2.5 s)
    ctl = s.dev.ctl
    assert ctl.store.game.phase == 0 and ctl.msg == "Nobody called: P4 +1"
    words = oledread.text(_rows(s))
    assert "Nobody called:" in words and "P4 +1" in words, words


def test_a_pass_nobody_joins_says_so_in_chinese(tmp_path):
    s = _start(tmp_path, _G, "zh-hans", "r o p")
    s.keys("o")
    s.run(300)
    ctl = s.dev.ctl
    assert ctl.msg == "无人加入：P4 +1", ctl.msg
    assert any(t.startswith("无人加入") for t in _strings(s)), _strings(s)  # in the message box
