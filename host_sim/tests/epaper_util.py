"""Helpers for the e-paper tests: decks of random pictures, the board booted
with one, and the regions of the card."""
import random

from tools import deck as deckfile
from host_sim import hw

clock = hw.install()
from drivers.card_layout import NAME, ROW, TILE_BYTES, Painter, region  # noqa: E402
from drivers.deck import Deck  # noqa: E402


def random_cards(n, seed, names=None):
    rnd = random.Random(seed)
    return [((names or ["card %d" % c for c in range(n)])[c],
             [bytes(rnd.getrandbits(8) for _ in range(TILE_BYTES)) for _ in range(12)]) for c in range(n)]


def write_deck(path, cards):
    with open(path, "wb") as f:
        f.write(deckfile.pack(cards))
    return str(path)


def boot(deck_path=None):
    """pico_epaper booted (its first full refresh done), with deck_path's deck
    instead of the demo deck if given, on card 0."""
    cfg, emu, h = hw.boot("pico_epaper")
    s = h.shutters
    if deck_path is not None:
        s.deck = Deck(deck_path)
        s.set_card(0)
    s.wait(1)
    return cfg, emu, h


def positions(r):
    """Frame indexes of region r, row by row."""
    xb, y, wb, h = region(r)
    return [(y + row) * ROW + xb + c for row in range(h) for c in range(wb)]


def name_bytes(name, glyph=None):
    buf = bytearray(TILE_BYTES)
    Painter(buf).name(name, glyph)
    return bytes(buf[:ROW * region(NAME)[3]])


def settle(s, limit_ms=20000):
    """Run the shutters' update() until the panel shows every request."""
    t0 = clock.now_us()
    while s.busy():
        clock.sleep_ms(5)
        s.update()
        assert clock.now_us() - t0 < limit_ms * 1000, "the panel never settled"
