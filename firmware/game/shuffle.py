"""The order in which a digital-card board (e-paper) shows a deck's pictures.
Loaded only on such a board: a printed-card board's RAM holds none of it."""
from array import array

from game.chance import Rng


def deck_order(seed, n, secret=None):
    """The order in which a game shows the n pictures of a deck (digital-card
    board): card k of the game is deck index order[k % n].

    secret: the game's deck secret (64 bits of the hardware random source,
    kept in the journal header): the shuffle is drawn from it alone, by
    xorshift64* whose 64-bit state no search can cover. The seed cannot serve:
    the table sees what it draws (the first player, the layouts, the dice)
    and 2^32 seeds are searched in minutes. None (a game from the command
    line's seed, a journal from before): drawn from the seed on a stream of
    its own, as before. Either way a resumed game finds the same card."""
    rng = Rng(seed ^ 0x6A09E667)
    x = (secret or 0) & 0xFFFFFFFFFFFFFFFF or 0x9E3779B97F4A7C15  # xorshift needs a non-zero state
    order = array("H", range(n))
    for i in range(n - 1, 0, -1):
        if secret is None:
            j = rng.below(i + 1)
        else:
            x ^= x >> 12
            x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
            x ^= x >> 27
            # the high bits of the product: no output bit is linear in the state
            j = ((x * 0x2545F4914F6CDD1D) >> 40 & 0xFFFFFF) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order
