"""The printed cards of the emulated card slot (the terminal simulator and
the web page): the built-in deck's pictures, in the order the e-paper board
shows its own (game.shuffle.deck_order on the game's seed and deck secret),
so no player can tell the next picture from the last; named at the reveal
from the deck, in the device's language."""
from drivers.deck import Deck
from game.shuffle import deck_order

DECK = "decks/demo.deck"  # beside the firmware, as the e-paper board's config names it
COLS, ROWS = 4, 3
_open = {}  # root -> Deck, opened once


def deck(root):
    """The built-in deck of the firmware tree at root (a path ending in /)."""
    d = _open.get(root)
    if d is None:
        d = _open[root] = Deck(root + DECK)
    return d


def card_index(dev, root):
    """The deck index of the picture under the lid now, or None before the
    first card: the e-paper board's own (its shutters know it); on the other
    boards card k of the game is deck_order(seed, n, secret)[(k - 1) % n]."""
    ctl = getattr(dev, "ctl", None)
    if ctl is None:  # a board-config error on the screen: no game
        return None
    st = ctl.store
    g = st.game
    if g is None or not g.cards:
        return None
    sh = dev.hw.shutters
    if sh.cards:
        return sh.card
    n = deck(root).count
    return deck_order(st.seed, n, st.secret)[(g.cards - 1) % n]


def rows(d, index):
    """Picture `index` of deck d whole: its 12 tiles side by side, 4 by 3,
    as 1-bit rows (1 white, leftmost pixel in bit 7); (bytes, width, height)."""
    wb, h = d.tile_wb, d.tile_h
    row = COLS * wb
    out = bytearray(row * ROWS * h)
    tile = bytearray(wb * h)
    for i in range(COLS * ROWS):
        d.tile(index, i, tile)
        at = (i // COLS) * h * row + (i % COLS) * wb
        for r in range(h):
            out[at + r * row:at + r * row + wb] = tile[r * wb:(r + 1) * wb]
    return out, row * 8, ROWS * h
