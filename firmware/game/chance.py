"""Chance draws (first player, card layouts, dice) from a seeded generator.

The engine itself never draws: whoever drives it (the device, a record with
a `seed`) draws here and applies the result as an action. xorshift32 is used
instead of `random` because it gives the same numbers on CPython and on
MicroPython for the same seed.
"""

from game.engine import WINDOWS as _WINDOWS, FACES as _FACES



class Rng:
    def __init__(self, seed=0):
        self.x = (seed & 0xFFFFFFFF) or 0x9E3779B9  # xorshift needs a non-zero state
        for _ in range(4):  # spread small seeds over the bits
            self.next()

    def next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def below(self, k):
        """A number in 0..k-1 (k small: the bias is below 1e-6)."""
        return (self.next() >> 8) % k


def card(rng):
    """A card's token numbers for windows 1..12: 1-6 twice, shuffled."""
    t = bytearray(_WINDOWS)
    for i in range(_WINDOWS):
        t[i] = i // 2 + 1  # each number on two windows
    for i in range(_WINDOWS - 1, 0, -1):
        j = rng.below(i + 1)
        t[i], t[j] = t[j], t[i]
    return t


def roll(rng):
    return rng.below(_FACES) + 1, rng.below(_FACES) + 1
