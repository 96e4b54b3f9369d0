"""Picture decks: the file format, the firmware's reader, the host tool, the
built-in demo deck and the order a game draws its cards in."""
import struct
import subprocess
import sys

import pytest
from PIL import Image, ImageDraw

from tools import ROOT
from tools import deck as tool
from tools import texts
from host_sim.tests.epaper_util import TILE_BYTES, random_cards, write_deck
from drivers.deck import Deck, DeckError  # noqa: E402
from game.shuffle import deck_order  # noqa: E402


def test_cards_read_back_as_written(tmp_path):
    cards = random_cards(3, 4, ["ball", "boat", "cat"])
    assert tool.read(write_deck(tmp_path / "d.deck", cards)) == cards


def test_one_tile_reads_without_the_rest(tmp_path):
    """Every byte outside the header, the index and tile (1, 7) is trashed: it still reads."""
    cards = random_cards(2, 5)
    data = bytearray(tool.pack(cards))
    offs = struct.unpack_from("<27I", data, 12)
    k = 1 * 13 + 1 + 7
    for i in range(12 + 4 * 27, len(data)):
        if not offs[k] <= i < offs[k + 1]:
            data[i] ^= 0x5A
    path = tmp_path / "trashed.deck"
    path.write_bytes(bytes(data))
    d = Deck(str(path))
    buf = bytearray(TILE_BYTES)
    d.tile(1, 7, buf)
    assert bytes(buf) == cards[1][1][7]
    with pytest.raises(DeckError, match="card 1 window 7 is damaged \\(bad zlib data\\)"):
        d.tile(1, 6, buf)  # its neighbour was trashed: the reader says so


def test_bad_deck_files_are_named(tmp_path):
    with pytest.raises(DeckError, match="nothing.deck: no such file"):
        Deck(str(tmp_path / "nothing.deck"))
    (tmp_path / "x.deck").write_bytes(b"PNG\x00" * 10)
    with pytest.raises(DeckError, match="x.deck: not a deck file"):
        Deck(str(tmp_path / "x.deck"))
    good = tool.pack(random_cards(1, 1))
    (tmp_path / "cut.deck").write_bytes(good[:-100])
    d = Deck(str(tmp_path / "cut.deck"))
    with pytest.raises(DeckError, match="card 0 window 12 is damaged"):
        d.tile(0, 11, bytearray(TILE_BYTES))
    with pytest.raises(DeckError, match="no card 1"):
        d.tile(1, 0, bytearray(TILE_BYTES))


def test_pack_refuses_what_the_device_could_not_show():
    with pytest.raises(tool.DeckBuildError, match="at least one card"):
        tool.pack([])
    with pytest.raises(tool.DeckBuildError, match="needs 1 to 50 bytes"):
        tool.pack([("x" * 51, random_cards(1, 1)[0][1])])
    with pytest.raises(tool.DeckBuildError, match="a tile of 10 bytes"):
        tool.pack([("x", [b"\x00" * 10] * 12)])


def oled_glyphs():
    """The OLED's glyph file's glyphs (committed: no font needed to test)."""
    from tools import font
    with open(font.OUT, "rb") as f:
        return font.read_table(f.read())


def test_names_in_three_languages_and_their_glyphs_travel_with_the_deck(tmp_path):
    glyphs = oled_glyphs()
    cards = random_cards(2, 6, [("window", "视窗", "視窗"), "cat"])
    path = tmp_path / "zh.deck"
    path.write_bytes(tool.pack(cards, glyphs))
    assert tool.read(str(path)) == cards
    d = Deck(str(path))
    assert [d.name(0, k) for k in range(3)] == ["window", "视窗", "視窗"]
    assert [d.name(1, k) for k in range(3)] == ["cat"] * 3  # one name: every language's
    buf = bytearray(24)
    for ch in "视視窗":
        assert d.glyph(ord(ch), buf) and bytes(buf) == glyphs[ord(ch)], ch
    assert not d.glyph(ord("水"), buf) and not d.glyph(ord("a"), buf)  # only the names' glyphs
    latin = Deck(write_deck(tmp_path / "en.deck", random_cards(1, 1)))
    assert latin.glyphs == 0 and not latin.glyph(ord("视"), buf)  # no glyph table: as before


def test_names_the_device_cannot_show_are_refused(tmp_path):
    tiles = random_cards(1, 1)[0][1]
    glyphs = oled_glyphs()
    with pytest.raises(tool.DeckBuildError, match="one name or 3"):
        tool.pack([(("window", "视窗"), tiles)], glyphs)
    with pytest.raises(tool.DeckBuildError, match="on one line"):
        tool.pack([(("window", "视\n窗", "視窗"), tiles)], glyphs)
    with pytest.raises(tool.DeckBuildError, match="no glyph for \u2603"):
        tool.pack([("snow \u2603", tiles)], glyphs)
    with pytest.raises(tool.DeckBuildError, match="apt install xfonts-wqy"):
        tool.glyph_table(["视"], pcf=str(tmp_path / "none.pcf"))


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.deck"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_deck_tool_builds_lists_and_shows(tmp_path):
    png = tmp_path / "moon.png"
    img = Image.new("RGB", (300, 200), "white")
    ImageDraw.Draw(img).ellipse((60, 10, 240, 190), fill="black")
    img.save(png)
    jpg = tmp_path / "sky.jpg"
    Image.linear_gradient("L").resize((400, 280)).convert("RGB").save(jpg)
    svg = tmp_path / "box.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
                   '<rect x="4" y="4" width="16" height="16" fill="none" stroke="black" stroke-width="2"/></svg>')
    out = tmp_path / "t.deck"
    p = run("build", str(png), str(jpg), str(svg), "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert "3 cards" in p.stdout
    p = run("list", str(out))
    rows = [line.split("\t") for line in p.stdout.splitlines()]
    assert [r[:2] for r in rows] == [["0", "moon"], ["1", "sky"], ["2", "box"]]
    p = run("show", str(out), "0", "-o", str(tmp_path / "c.png"))
    assert p.returncode == 0, p.stderr
    card = Image.open(tmp_path / "c.png").convert("L")
    assert card.size == (400, 300)
    assert card.getpixel((150, 140)) == 0 and card.getpixel((5, 5)) == 255  # a black disc on white
    sky = tool.read(str(out))[1][1]
    grey = sum(bin(b).count("1") for b in sky[5]) / (TILE_BYTES * 8)
    assert 0.2 < grey < 0.8  # the photo was dithered, not cut at one threshold
    assert run("show", str(out), "7", "-o", str(tmp_path / "c.png")).returncode == 2
    bad = run("build", str(tmp_path / "none.png"), "-o", str(out))
    assert bad.returncode == 2 and "none.png: cannot read the picture" in bad.stderr


def test_demo_deck_has_200_named_cards_within_the_budget():
    d = Deck(tool.DEMO)
    assert d.count >= 200
    names = [d.name(c) for c in range(d.count)]
    assert len(set(names)) == len(names) and all(names)
    sizes = tool.sizes(tool.DEMO)
    assert sum(sizes) / len(sizes) <= 2048
    with open(tool.DECKS + "/demo.tsv") as f:
        listed = [line.rstrip("\n").split("\t")[1] for line in f if not line.startswith("#")]
    assert names == listed  # the committed deck is what make deck builds from the list
    rows = tool.demo_rows()
    assert [tuple(d.name(c, k) for k in range(3)) for c in range(d.count)] == [tuple(r[1:]) for r in rows]
    buf = bytearray(24)
    for code, k in (("zh-hans", 2), ("zh-hant", 3)):
        for r in rows:
            assert texts.own_script(code, r[k]) == r[k], (code, r[k])  # no form of the other script
            assert all(d.glyph(ord(ch), buf) for ch in r[k]), r[k]  # every glyph in the deck
            assert len(r[k]) * 12 <= 400  # on the name strip
    assert sum(r[2] != r[3] for r in rows) > len(rows) // 2  # the scripts differ where they do


def test_deck_order_is_a_shuffle_from_the_seed():
    a = list(deck_order(12345, 241))
    assert sorted(a) == list(range(241))
    assert a == list(deck_order(12345, 241))
    assert a != list(deck_order(12346, 241)) and a != sorted(a)
    firsts = {deck_order(seed, 241)[0] for seed in range(200)}
    assert len(firsts) > 100  # the first card differs from game to game


def test_the_reader_takes_the_tiles_size_from_the_header(tmp_path):
    from drivers.card_layout import TILE_H, TILE_WB
    d = Deck(write_deck(tmp_path / "d.deck", random_cards(1, 1)))
    assert (d.windows, d.tile_wb, d.tile_h) == (12, TILE_WB, TILE_H) and TILE_BYTES == TILE_WB * TILE_H


def test_a_tile_that_inflates_to_nothing_says_how_many_bytes(tmp_path):
    import zlib
    data = bytearray(tool.pack(random_cards(1, 1)))
    offs = struct.unpack_from("<14I", data, 12)
    c = zlib.compressobj(9, zlib.DEFLATED, tool.WBITS)
    empty = c.compress(b"") + c.flush()
    data[offs[1 + 4]:offs[1 + 4] + len(empty)] = empty  # window 5: a sound stream of no bytes
    path = tmp_path / "empty.deck"
    path.write_bytes(bytes(data))
    with pytest.raises(DeckError, match="card 0 window 5 is damaged \\(0 bytes, not %d\\)" % TILE_BYTES):
        Deck(str(path)).tile(0, 4, bytearray(TILE_BYTES))
