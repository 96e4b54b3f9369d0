"""The e-paper board: the SSD1683 driver against the emulated panel, and the
shutter backend that shows a digital card window by window."""
import os

import pytest

from host_sim import FIRMWARE

from host_sim.tests.epaper_util import (NAME, deckfile, ROW, boot, clock, name_bytes, positions, random_cards,
                                        settle, write_deck)
from emu import world  # noqa: E402  (the fakes are on the path now)
from emu.ssd1683 import FULL_US, PARTIAL_US, SSD1683 as Panel  # noqa: E402


@pytest.fixture
def board(tmp_path):
    cards = random_cards(3, 1)
    cfg, emu, h = boot(write_deck(tmp_path / "t.deck", cards))
    return cards, emu.epaper, h.shutters


def shows(panel, r, data):
    return bytes(panel.glass[k] for k in positions(r)) == data


def open_and_see(s, p, i, tile):
    """Open window i, let the panel finish, and check it shows `tile` there."""
    s.open(i)
    settle(s)
    assert shows(p, i, tile)


def clean(panel):
    assert panel.errors == [] and panel.refused == 0


# The driver on the emulated bus
def test_boot_resets_and_shows_every_lid_in_one_full_refresh():
    cfg, emu, h = boot()
    p, s = emu.epaper, h.shutters
    clean(p)
    assert (p.full_refreshes, p.partial_refreshes) == (1, 0)
    assert p.glass == p.new == p.old == s.frame
    for i in range(12):
        assert not s.is_open(i)
    assert world.spi(1).baudrate == 4000000
    assert s.cards == s.deck.count >= 200 and s.card == 0


def test_open_is_one_partial_refresh_of_that_tile_only(board):
    cards, p, s = board
    before = bytes(p.glass)
    sent = world.spi(1).bytes_sent
    t0 = clock.now_us()
    s.open(4)
    assert s.busy() and p.level() == 1
    settle(s)
    assert clock.now_us() - t0 >= PARTIAL_US
    assert (p.full_refreshes, p.partial_refreshes) == (2, 1)  # boot, set_card; this open
    assert shows(p, 4, cards[0][1][4])
    changed = {k for k in range(len(before)) if before[k] != p.glass[k]}
    assert changed and changed <= set(positions(4))
    assert p.old == p.new == p.glass  # "old" caught up: the next partial compares right
    assert world.spi(1).bytes_sent - sent <= 2500
    clean(p)


def test_opens_during_a_refresh_queue_into_one(board):
    cards, p, s = board
    s.open(0)
    clock.sleep_ms(10)
    s.update()
    s.open(5)  # while window 1 refreshes
    s.open(11)
    s.open(5)  # asked twice: once
    settle(s)
    assert p.partial_refreshes == 2
    for i in (0, 5, 11):
        assert shows(p, i, cards[0][1][i])
    clean(p)


def test_close_all_is_a_full_refresh_with_every_lid(board):
    cards, p, s = board
    lids = bytes(p.glass)
    for i in (1, 2, 3):
        s.open(i)
    settle(s)
    s.set_card(2)
    t0 = clock.now_us()
    settle(s)
    assert clock.now_us() - t0 >= FULL_US
    assert p.full_refreshes == 3 and p.partials_since_full == 0
    assert bytes(p.glass) == lids  # lids depend on nothing of the picture
    open_and_see(s, p, 7, cards[2][1][7])
    clean(p)


def test_reopened_and_closed_meanwhile_shows_the_last_request(board):
    cards, p, s = board
    lids = bytes(p.glass)
    s.open(3)
    clock.sleep_ms(5)
    s.update()
    s.close(3)  # during its own refresh
    settle(s)
    assert bytes(p.glass) == lids and p.old == p.new == p.glass
    open_and_see(s, p, 3, cards[0][1][3])
    clean(p)


def test_the_name_shows_when_every_window_is_open(board):
    cards, p, s = board
    for i in range(11):
        s.open(i)
    settle(s)
    assert shows(p, NAME, b"\xff" * (ROW * 16))
    s.open(11)
    settle(s)
    assert shows(p, NAME, name_bytes("card 0"))
    s.close(0)
    settle(s)
    assert shows(p, NAME, b"\xff" * (ROW * 16))
    clean(p)


def test_a_window_closed_while_the_name_is_sent_leaves_old_as_the_glass(board):
    """The last window opens, so the name is sent; a window closes during that
    refresh: after it, the panel's "old" plane holds what the glass shows (the
    name), not the gutter waiting to be sent, so the next partial drives the
    right pixels."""
    cards, p, s = board
    for i in range(11):
        s.open(i)
    settle(s)
    s.open(11)
    clock.sleep_ms(5)
    s.update()
    s.close(0)  # during the refresh that shows the name
    settle(s)
    assert shows(p, NAME, b"\xff" * (ROW * 16)) and p.old == p.new == p.glass
    clean(p)


def test_a_card_set_without_tokens_shows_bare_lids(board):
    from drivers.card_layout import TILE_BYTES as N, Painter
    cards, p, s = board
    s.set_card(1, bytes((1, 2, 3, 4, 5, 6) * 2))
    settle(s)
    s.set_card(2)
    settle(s)
    buf = bytearray(N)
    for w in range(12):
        Painter(buf).lid(w, 0)
        assert shows(p, w, bytes(buf)), "window %d" % (w + 1)


@pytest.mark.parametrize("code,k", [("zh-hans", 1), ("zh-hant", 2)])
def test_the_name_shows_in_the_language_the_device_speaks(tmp_path, code, k):
    """A deck with names in three languages: the reveal's name strip in the
    device's language, drawn with the deck's own glyphs (no box for a
    missing one); English again once the device speaks English."""
    from app import lang
    from tools.tests.test_deck import oled_glyphs
    cards = random_cards(1, 2, [("moon", "视窗", "視窗")])
    path = str(tmp_path / "t.deck")
    with open(path, "wb") as f:
        f.write(deckfile.pack(cards, oled_glyphs()))
    cfg, emu, h = boot(path)
    p, s = emu.epaper, h.shutters
    lang.root = os.path.join(FIRMWARE, "")  # where the device's text tables are
    lang.use(code)
    assert lang.code == code
    try:
        for i in range(12):
            s.open(i)
        settle(s)
        name = cards[0][0][k]
        want = name_bytes(name, s.deck.glyph)
        assert shows(p, NAME, want)
        assert want != name_bytes(name) != name_bytes("moon")  # glyphs drawn, not boxes nor English
        ink = sum(8 - bin(b).count("1") for b in want)
        assert 40 < ink < 2 * 144  # two ideographs' strokes, not filled cells
        s.close(0)
        lang.use("en")
        s.open(0)
        settle(s)
        assert shows(p, NAME, name_bytes("moon"))
    finally:
        lang.use("en")
    clean(p)


def test_a_full_refresh_after_max_partials(board):
    cards, p, s = board
    s.max_partials = 3
    counts = []
    for i in range(5):
        s.open(i)
        settle(s)
        counts.append((p.full_refreshes, p.partial_refreshes))
    # three partials since the card's full refresh, then a full in place of the 4th, then partials again
    assert counts == [(2, 1), (2, 2), (2, 3), (3, 3), (3, 4)]
    for i in range(5):
        assert shows(p, i, cards[0][1][i])


def test_deep_sleep_when_idle_and_wake_on_the_next_open(board):
    cards, p, s = board
    clock.sleep_ms(61000)
    s.update()
    assert p.asleep and s.panel.asleep
    open_and_see(s, p, 2, cards[0][1][2])
    assert not p.asleep
    clean(p)


def test_a_bad_card_index_changes_nothing(board):
    cards, p, s = board
    from drivers.deck import DeckError
    with pytest.raises(DeckError, match="no card 3"):
        s.set_card(3)
    assert s.card == 0 and not s.busy()


# The emulated panel is strict
def bare_panel():
    from machine import SPI, Pin
    world.reset()
    p = Panel(9, 8, 12, 13)
    spi = SPI(1, 4000000, sck=Pin(10), mosi=Pin(11), miso=Pin(28))
    cs, dc, rst = Pin(9, Pin.OUT, value=1), Pin(8, Pin.OUT, value=0), Pin(12, Pin.OUT, value=1)
    rst(0)
    rst(1)
    return p, spi, cs, dc


def send(spi, cs, dc, cmd, *args):
    cs(0)
    dc(0)
    spi.write(bytes([cmd]))
    if args:
        dc(1)
        spi.write(bytes(args))
    cs(1)


def test_panel_counts_what_a_driver_gets_wrong():
    p, spi, cs, dc = bare_panel()
    send(spi, cs, dc, 0x99)
    send(spi, cs, dc, 0x44, 1)  # one argument short
    send(spi, cs, dc, 0x11, 3, 3)  # one too many
    assert p.errors == ["unknown command 0x99", "0x44: 1 argument bytes, needs 2",
                        "0x11: extra argument byte 0x03"]


def test_panel_refuses_bytes_while_busy_and_sleeps_until_reset():
    p, spi, cs, dc = bare_panel()
    send(spi, cs, dc, 0x12)
    send(spi, cs, dc, 0x11, 3)
    assert p.refused == 2 and p.entry == 3
    clock.sleep_ms(5)
    send(spi, cs, dc, 0x10, 1)
    send(spi, cs, dc, 0x24, 0)
    assert p.asleep and p.data_bytes == 0 and p.refused == 2


def test_panel_fills_its_ram_window_row_by_row():
    p, spi, cs, dc = bare_panel()
    send(spi, cs, dc, 0x44, 2, 3)
    send(spi, cs, dc, 0x45, 10, 0, 11, 0)
    send(spi, cs, dc, 0x4E, 2)
    send(spi, cs, dc, 0x4F, 10, 0)
    send(spi, cs, dc, 0x26, 1, 2, 3, 4, 5)  # wraps to the window's start
    assert [p.old[10 * ROW + 2], p.old[10 * ROW + 3], p.old[11 * ROW + 2], p.old[11 * ROW + 3]] == [5, 2, 3, 4]
    assert p.new[10 * ROW + 2] == 0xFF and p.errors == []


def test_spi_default_miso_takes_the_dc_pin():
    """Without a MISO pin, SPI1 takes GP8, the panel's DC: the fake does so too."""
    from machine import SPI, Pin
    world.reset()
    p = Panel(9, 8, 12, 13)
    dc = Pin(8, Pin.OUT, value=1)
    SPI(1, 4000000, sck=Pin(10), mosi=Pin(11))
    assert dc.value() == 0
    with pytest.raises(ValueError, match="bad MISO pin"):
        SPI(1, sck=Pin(10), mosi=Pin(11), miso=Pin(9))
    assert p.errors == []


def test_self_test_opens_and_closes_every_window_on_the_panel(tmp_path):
    from app.selftest import SelfTest
    from drivers.storage import Storage
    cfg, emu, h = boot()
    lids = bytes(emu.epaper.glass)
    shown = set()
    emu.epaper.on_byte = lambda p: p.written >= 0 and shown.add(p.written)
    lines = []
    SelfTest(cfg, Storage(str(tmp_path) + "/"), lines.append).shutters()
    assert lines[-1] == "window 12"
    assert emu.epaper.partial_refreshes >= 12 and emu.epaper.errors == []
    for i in range(12):  # every window was written to the panel, and is closed again
        assert set(positions(i)) <= shown
    assert bytes(emu.epaper.glass) == lids


def test_partial_refresh_drives_only_where_new_differs_from_old():
    p, spi, cs, dc = bare_panel()
    send(spi, cs, dc, 0x01, 0x2B, 0x01, 0)
    p.glass[0] = 0x0F  # what the glass shows there (a ghost the planes do not know of)
    send(spi, cs, dc, 0x26, 0x00)  # old: black
    send(spi, cs, dc, 0x4E, 0)
    send(spi, cs, dc, 0x4F, 0, 0)
    send(spi, cs, dc, 0x24, 0x00, 0xAA)  # new: byte 0 as old, byte 1 changed
    send(spi, cs, dc, 0x22, 0xFF)
    send(spi, cs, dc, 0x20)
    assert p.glass[0] == 0x0F and p.glass[1] == 0xAA  # equal bytes are not driven
    assert (p.partial_refreshes, p.full_refreshes) == (1, 0) and p.level() == 1
    clock.sleep_ms(PARTIAL_US // 1000)
    assert p.level() == 0
    send(spi, cs, dc, 0x22, 0xF7)
    send(spi, cs, dc, 0x20)
    assert p.glass[0] == 0x00 and p.partials_since_full == 0  # a full refresh shows "new" whole
    assert p.errors == []


def test_the_panel_as_png(board, tmp_path):
    from PIL import Image
    from host_sim.screen import save_epaper_png
    cards, p, s = board
    open_and_see(s, p, 0, cards[0][1][0])
    img = Image.open(save_epaper_png(p, tmp_path / "panel.png"))
    assert img.size == (400, 300)
    tile = img.crop((0, 0, 88, 88)).tobytes()
    assert bytes(255 if b > 128 else 0 for b in tile) == bytes(
        255 if cards[0][1][0][k >> 3] >> (7 - (k & 7)) & 1 else 0 for k in range(88 * 88))
    assert img.getpixel((95, 150)) > 200 and img.getpixel((104, 0)) < 50  # a gutter; a lid's frame


def test_a_busy_line_stuck_high_does_not_hang_wait_or_fail(tmp_path):
    """A broken panel whose BUSY never drops: the shutdown's wait() and the
    error path give up after their limits instead of hanging (Ctrl-C, reset)."""
    cfg, emu, h = boot(write_deck(tmp_path / "t.deck", random_cards(3, 1)))
    emu.epaper.busy_until = 1 << 62  # BUSY high for ever
    h.shutters.open(3)
    t = clock.now_us()
    h.shutters.wait()
    assert (clock.now_us() - t) // 1000 <= 10100
    from app.broken import fail
    t = clock.now_us()
    fail(h, "ERROR, restarting: planted")
    assert (clock.now_us() - t) // 1000 <= 3100


PIPS = {1: ["c"], 2: ["tl", "br"], 3: ["tl", "c", "br"], 4: ["tl", "tr", "bl", "br"],
        5: ["tl", "tr", "c", "bl", "br"], 6: ["tl", "tr", "ml", "mr", "bl", "br"]}  # a die's faces
AT = {"t": 24, "m": 44, "b": 64, "l": 24, "c": 44, "r": 64}  # pip centres on the 88 px lid


def pip_centres(token):
    return [(44, 44) if p == "c" else (AT[p[1]], AT[p[0]]) for p in PIPS.get(token, [])]


@pytest.mark.parametrize("i,token", [(0, 0), (8, 1), (3, 2), (11, 3), (5, 4), (6, 5), (1, 6)])
def test_a_lid_is_a_hatch_a_frame_and_its_tokens_pips(i, token):
    """Every pixel of the lid, from the layout's description: a black frame,
    diagonal hatch lines every 8 px and, with a card in, a white box 72 px
    square holding the token's number as a die's pips (black, 14 px across,
    their corners cut); the window's place changes nothing."""
    from drivers.card_layout import TILE_BYTES as N, TILE_H, TILE_WB, Painter
    buf = bytearray(N)
    Painter(buf).lid(i, token)
    centres = pip_centres(token)
    w = TILE_WB * 8
    wrong = []
    for y in range(TILE_H):
        for x in range(w):
            if x in (0, w - 1) or y in (0, TILE_H - 1):
                want = 0  # the frame
            elif token and 8 <= x < 80 and 8 <= y < 80:
                if x in (8, 79) or y in (8, 79):
                    want = 0  # the box's edge
                else:
                    want = 0 if any(max(abs(2 * (x - cx) + 1), abs(2 * (y - cy) + 1)) <= 13 and
                                    min(abs(2 * (x - cx) + 1), abs(2 * (y - cy) + 1)) <= 7 or
                                    max(abs(2 * (x - cx) + 1), abs(2 * (y - cy) + 1)) <= 11
                                    for cx, cy in centres) else 1  # 14 px across, its corners cut
            else:
                want = 0 if (x + y + 1) % 8 == 0 else 1  # the hatch: x + y = k + 87, k = -88 + 8j
            got = (buf[y * TILE_WB + x // 8] >> (7 - x % 8)) & 1
            if got != want:
                wrong.append((x, y))
    assert wrong == []


@pytest.mark.parametrize("text", ["\u2603\u2603\u2603", "ab\u2603"])
def test_a_name_is_centred_on_its_strip(text):
    """As much white left of the name's ink as right of it (a glyph the deck
    lacks is a 10 px box in its 12 px cell)."""
    from drivers.card_layout import NAME_H, ROW, TILE_BYTES as N, Painter
    buf = bytearray(N)
    Painter(buf).name(text)
    ink = [x for y in range(NAME_H) for x in range(ROW * 8) if not (buf[y * ROW + x // 8] >> (7 - x % 8)) & 1]
    left, right = min(ink), ROW * 8 - 1 - max(ink)
    assert left == right, (left, right)


def test_the_lids_show_the_cards_tokens_on_the_board(tmp_path):
    """The device deals a card: each closed window's lid on the glass is its
    token's face (as the cardboard's tokens show them), the OLED grid's number."""
    from emu.session import Session
    from host_sim import FIRMWARE
    from drivers.card_layout import TILE_BYTES as N, Painter
    s = Session("pico_epaper", os.path.join(FIRMWARE, ""), str(tmp_path) + "/",
                {"players": 3, "rules": "standard", "seed": 5})
    s.run(5000)  # the first card's full refresh
    tokens = list(s.game().tokens)
    assert sorted(tokens) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    buf = bytearray(N)
    p = Painter(buf)
    for w in range(12):
        p.lid(w, tokens[w])
        glass = s.emu.epaper.glass
        assert bytes(glass[k] for k in positions(w)) == bytes(buf), "window %d" % (w + 1)


def test_chip_select_is_let_go_after_every_command(board):
    """CS (GP9) low only while the driver talks to the panel: high once it is done."""
    cards, p, s = board
    assert world.pin(9).level() == 1
    s.open(3)
    settle(s)
    assert world.pin(9).level() == 1
