"""The e-paper board's deck order: a Fisher-Yates shuffle drawn from the
game's 64-bit secret by xorshift64* (Vigna's constants), or from the seed on
a stream of its own; each a permutation, each order as likely as another.
The same secret must give the same order on every runtime and after a
resume, so the generator is held to its published definition."""
import random
from collections import Counter

import pytest

from host_sim import hw

hw.install()
from game.chance import Rng  # noqa: E402
from game.shuffle import deck_order  # noqa: E402

M64 = (1 << 64) - 1


def xorshift64star(x):
    """Vigna, "An experimental exploration of Marsaglia's xorshift generators,
    scrambled" (2016): xorshift64* with shifts 12, 25, 27 and the multiplier
    2685821657736338717; here the product's bits 40-63."""
    while True:
        x ^= x >> 12
        x ^= (x << 25) & M64
        x ^= x >> 27
        yield (x * 2685821657736338717 & M64) >> 40


def fisher_yates(n, below):
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@pytest.mark.parametrize("secret", [1, 0x0123456789ABCDEF, M64, 1 << 64 | 5])
@pytest.mark.parametrize("n", [2, 12, 40])
def test_a_secret_shuffles_by_xorshift64_star(secret, n):
    out = xorshift64star(secret & M64)
    assert list(deck_order(7, n, secret)) == fisher_yates(n, lambda k: next(out) % k)


def test_a_zero_secret_still_shuffles():
    out = xorshift64star(0x9E3779B97F4A7C15)  # the generator's state may not be 0
    assert list(deck_order(7, 40, 0)) == fisher_yates(40, lambda k: next(out) % k)


@pytest.mark.parametrize("seed", [0, 5, 0xFFFFFFFF])
def test_without_a_secret_the_seed_draws_on_a_stream_of_its_own(seed):
    rng = Rng(seed ^ 0x6A09E667)  # not the stream of the game's layouts and dice
    assert list(deck_order(seed, 30, None)) == fisher_yates(30, rng.below)
    assert list(deck_order(seed, 30, None)) != fisher_yates(30, Rng(seed).below)


@pytest.mark.parametrize("secret", [True, False])
def test_every_order_of_three_pictures_is_as_likely(secret):
    r = random.Random(3)
    seen = Counter(tuple(deck_order(r.getrandbits(32), 3, r.getrandbits(64) if secret else None))
                   for _ in range(6000))
    assert sorted(seen) == sorted({(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)})
    assert all(850 < c < 1150 for c in seen.values()), seen  # 1000 each; 150 is 5 standard deviations


def test_one_picture_and_none():
    assert list(deck_order(1, 1, 5)) == [0] and list(deck_order(1, 0, 5)) == []
