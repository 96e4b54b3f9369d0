"""Secrecy of the digital card: the panel never holds a window's picture before
that window is opened, nor the card's name before the reveal; and the whole
picture waits for a second press at the reveal.

The pictures are random bytes, so a secret byte in either RAM plane would
not match a lid or an opened tile by chance (a byte equal by chance is not a
leak: it carries nothing of the picture)."""
import os
import random

import pytest

from game import engine
from host_sim.tests import oledtext
from host_sim.tests.epaper_util import (NAME, TILE_BYTES, boot, clock, name_bytes, positions, random_cards,
                                        write_deck)

WINDOWS = 12


class Allowed:
    """What each byte of a RAM plane may hold: the lids and gutters, plus
    every tile (and name) shown so far."""

    def __init__(self, lids):
        self.ok = [{b} for b in lids]

    def show(self, r, data):
        for k, b in zip(positions(r), data):
            self.ok[k].add(b)


def random_game(tmp_path, seed, actions=40):
    rnd = random.Random(seed)
    cards = random_cards(4, seed)
    cfg, emu, h = boot(write_deck(tmp_path / ("g%d.deck" % seed), cards))
    p, s = emu.epaper, h.shutters
    allowed = Allowed(bytes(p.new))
    leaks = []
    checked = [0]

    def check_byte(panel):
        k = panel.written
        if k >= 0:
            checked[0] += 1
            plane = panel.new if panel.written_new else panel.old
            if plane[k] not in allowed.ok[k]:
                leaks.append((panel.written_new, k))

    p.on_byte = check_byte
    for _ in range(actions):
        roll = rnd.random()
        closed = [i for i in range(WINDOWS) if not s.is_open(i)]
        if roll < 0.1:
            s.set_card(rnd.randrange(len(cards)))
        elif roll < 0.2 and len(closed) < WINDOWS:
            s.close(rnd.choice([i for i in range(WINDOWS) if s.is_open(i)]))
        elif closed:
            i = rnd.choice(closed)
            allowed.show(i, cards[s.card][1][i])  # allowed from the moment it is asked for
            if len(closed) == 1:
                allowed.show(NAME, name_bytes(cards[s.card][0]))
            s.open(i)
        for _ in range(rnd.choice((0, 1, 50, 400))):  # sometimes the next request comes mid-refresh
            clock.sleep_ms(5)
            s.update()
        for plane in (p.new, p.old):  # and the whole of both planes between requests
            assert all(plane[k] in allowed.ok[k] for k in range(len(plane)))
    assert leaks == [], "secret bytes in RAM at %s" % leaks[:5]
    assert p.errors == [] and p.refused == 0
    return checked[0], p


def test_no_unopened_tile_ever_reaches_the_panel(tmp_path):
    total = 0
    for seed in range(3):
        n, p = random_game(tmp_path, seed)
        total += n
        assert p.partial_refreshes > 5 and p.full_refreshes > 2
    assert total > 100000  # every RAM byte sent was checked as it arrived


def test_a_leak_would_be_caught(tmp_path):
    """The check above fails when a tile goes to "old" before its window opens."""
    cards = random_cards(1, 9)
    cfg, emu, h = boot(write_deck(tmp_path / "leak.deck", cards))
    p, s = emu.epaper, h.shutters
    allowed = Allowed(bytes(p.new))
    s.deck.tile(0, 6, s.tile)  # what a "preload" of window 7 would do
    s._send(6, 0x26)
    assert any(p.old[k] not in allowed.ok[k] for k in positions(6))


def snapshots(tmp_path, cards, tag):
    """Play one fixed game; after each step, what the glass and both planes hold."""
    cfg, emu, h = boot(write_deck(tmp_path / ("%s.deck" % tag), cards))
    p, s = emu.epaper, h.shutters
    out = []
    rnd = random.Random(5)
    for step in range(30):
        if step in (12, 24):
            s.set_card(step // 12)
            s.wait()  # the last card's opened tiles are gone from the glass
        else:
            s.open(rnd.randrange(WINDOWS))
            for _ in range(rnd.choice((0, 20, 300))):
                clock.sleep_ms(5)
                s.update()
        out.append((s.card, bytes(s.target), bytes(p.glass), bytes(p.new), bytes(p.old)))
    return out


def test_another_picture_changes_no_closed_window(tmp_path):
    names = ["same", "names", "here"]
    a = snapshots(tmp_path, random_cards(3, 1, names), "a")
    b = snapshots(tmp_path, random_cards(3, 2, ["other", "names", "too"]), "b")
    compared = 0
    for (card, target, *views_a), (_, _, *views_b) in zip(a, b):
        regions = [i for i in range(WINDOWS) if not target[i]]
        if not all(target):
            regions.append(NAME)
        for r in regions:
            ks = positions(r)
            for va, vb in zip(views_a, views_b):
                assert [va[k] for k in ks] == [vb[k] for k in ks], "window %d differs" % (r + 1)
                compared += 1
    assert compared > 500


# The whole device on the e-paper board, by button presses: the reveal waits for a second press
def _device(tmp_path, rules="family", lang="en"):
    from host_sim import press
    flash = str(tmp_path / "flash")
    os.makedirs(flash, exist_ok=True)
    press.choose_lang(flash, lang)
    s = press.start("pico_epaper", flash, {"players": 3, "rules": rules, "seed": 6})
    s.run(5000)  # the first card's full refresh: every lid
    return s


def _to_decide(s):
    g = s.game()
    while g.phase != engine.P_DECIDE:
        s.key("r" if g.phase == engine.P_ROLL else "o")
    s.run(5000)


def _hidden(s, lids):
    """Windows the game has not opened, and the name, hold their lids on the
    glass and in both RAM planes; returns how many windows that is."""
    p, g = s.emu.epaper, s.game()
    closed = [i for i in range(WINDOWS) if not (g.open_mask >> i) & 1]
    for plane in (p.glass, p.new, p.old):
        for r in closed + [NAME]:
            assert all(plane[k] == lids[k] for k in positions(r)), "region %d shows its picture" % r
    return len(closed)


def _says(s, prompt):
    """The OLED shows prompt: English in play's tall lines (wrapped), Chinese drawn on a line of its own."""
    if prompt.isascii():
        from host_sim import oledread
        lines = oledread.words(oledread.rows_of(s.emu.oled.text().split("\n")), "tall")
        return prompt in " ".join(t for _, _, t in lines if len(t) > 1)  # not a stroke read as "_"
    return any(oledtext.shows(s.emu.oled, prompt, 0, y, True) for y in range(15, 41))


def _whole(s):
    """Every window on the glass shows its tile of the card."""
    sh, p = s.dev.hw.shutters, s.emu.epaper
    tile = bytearray(TILE_BYTES)
    for i in range(WINDOWS):
        sh.deck.tile(sh.card, i, tile)
        if bytes(p.glass[k] for k in positions(i)) != bytes(tile[:len(positions(i))]):
            return False
    return True


def test_one_stray_seat_press_shows_nothing_of_the_picture(tmp_path):
    """family: the active player's seat is a guess that goes straight to the
    reveal (nobody may join). Pressed by mistake, it shows nothing: the
    picture waits for OK or the seat again, and UNDO takes the guess back unseen."""
    s = _device(tmp_path)
    lids = bytes(s.emu.epaper.glass)
    _to_decide(s)
    g = s.game()
    seat = str(g.active + 1)
    s.key(seat)  # the stray press
    s.run(5000)
    assert g.phase == engine.P_REVEAL and _hidden(s, lids) >= 10
    assert _says(s, "OK shows the picture")
    s.key("r")  # no second press: still nothing
    assert s.dev.ctl.msg == "OK shows the picture"
    s.run(5000)
    _hidden(s, lids)
    s.key("u")  # taken back, unseen
    s.run(5000)
    assert g.phase == engine.P_DECIDE and _hidden(s, lids) >= 10
    s.key(seat)
    s.key(seat)  # the guess, then the second press
    s.run(5000)
    assert g.phase == engine.P_REVEAL and _whole(s)
    s.key("o")  # nobody right: the next card, every lid closed
    s.run(5000)
    assert g.cards == 2 and g.phase != engine.P_REVEAL and _hidden(s, _lids(s)) == WINDOWS


def _lids(s):
    """The glass as it is with every window's lid drawn for the game's card:
    each lid shows its token (the layout's Painter), the name strip white."""
    from drivers.card_layout import Painter
    want = bytearray(s.emu.epaper.glass)
    buf = bytearray(TILE_BYTES)
    p = Painter(buf)
    for w in range(WINDOWS):
        p.lid(w, s.game().tokens[w])
        for k, b in zip(positions(w), buf):
            want[k] = b
    for k in positions(NAME):
        want[k] = 0xFF
    return bytes(want)


@pytest.mark.parametrize("lang,prompt", [("en", "OK shows the picture"), ("zh-hans", "按OK揭晓图像"),
                                         ("zh-hant", "按OK揭曉圖片")])
def test_after_a_call_ok_closes_it_and_a_second_ok_shows_the_picture(tmp_path, lang, prompt):
    s = _device(tmp_path, "standard", lang)
    lids = bytes(s.emu.epaper.glass)
    _to_decide(s)
    g = s.game()
    s.key(str(g.active + 1))  # a guess: the call opens
    s.key("o")  # the call closes: the reveal
    s.run(5000)
    assert g.phase == engine.P_REVEAL and _hidden(s, lids) >= 10
    assert _says(s, prompt)
    s.key("o")
    s.run(5000)
    assert g.phase == engine.P_REVEAL and _whole(s) and not _says(s, prompt)
    s.power_up()  # a power cut at the reveal: resumed, the picture waits for a press again
    s.run(5000)
    assert s.game().phase == engine.P_REVEAL and _hidden(s, lids) >= 10
