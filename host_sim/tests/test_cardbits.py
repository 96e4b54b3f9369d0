"""game.cardbits: a card's numbers checked and packed (viper code on the
board; these cases run it as Python, tests/test_engine_vm.py and
test_rp2040.py as the board's machine code)."""
import pytest

from game import cardbits

GOOD = [(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), (6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6),
        (3, 6, 1, 6, 2, 4, 5, 1, 2, 5, 3, 4)]
BAD = [(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7),  # a 7
       (0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6),  # a 0
       (65, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6),  # 65: its shift, modulo 32, is 1's
       (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 72),  # 72: its shift, modulo 32, is 0
       (9, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6),  # 9: its shift, modulo 32, is 4's
       (1, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6),  # three 1s, one 2
       (255,) * 12, (0,) * 12]


def packed(t):
    entry = bytearray(b"\x10\xaa\xaa\xaa\xaa\xaa\xaa")
    return cardbits.pack(memoryview(bytearray(t)), memoryview(entry)), bytes(entry)


@pytest.mark.parametrize("t", GOOD)
def test_a_card_is_packed_a_nibble_a_number(t):
    ok, entry = packed(t)
    assert ok == 1
    assert entry == bytes([0x10] + [t[2 * i] << 4 | t[2 * i + 1] for i in range(6)])


@pytest.mark.parametrize("t", BAD)
def test_a_wrong_card_is_refused_and_its_entry_untouched(t):
    assert packed(t) == (0, b"\x10\xaa\xaa\xaa\xaa\xaa\xaa")


@pytest.mark.parametrize("i", range(12))
def test_a_number_past_7_is_refused_wherever_it_lies(i):
    """x + 64 shifts, modulo 32, as x does: only the guard tells them apart,
    for each of the 12 numbers it reads."""
    t = list(GOOD[2])
    t[i] += 64
    assert packed(t) == (0, b"\x10\xaa\xaa\xaa\xaa\xaa\xaa")
