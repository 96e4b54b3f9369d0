"""A card's 12 token numbers, checked and packed into its log entry.

The board compiles this module as viper code (tools/mpy.py): its numbers are
machine words and a byte is read in one instruction, so a card costs a few
microseconds here instead of some 80 as Python. Everywhere else (CPython,
the VM, the web page) it runs as it reads, with the same results for any
bytes: every shift is taken modulo 32 (`& 31`) as written, where a machine
word would drop or wrap a longer one.
"""

ptr8 = memoryview  # the annotations type the arguments for viper; elsewhere nothing reads them


def pack(t: ptr8, entry: ptr8) -> int:
    """1 if t holds each of 1..6 twice, its pairs then written as entry[1..6]
    (high nibble first); 0, and entry untouched, if not."""
    if (t[0] | t[1] | t[2] | t[3] | t[4] | t[5] | t[6] | t[7] | t[8] | t[9] | t[10] | t[11]) > 7:
        return 0  # past 7 a number's nibble wraps: 65 would count as 1
    # a nibble a number: 2 in each of nibbles 1..6 only then (12 numbers: no carry)
    if ((1 << ((t[0] << 2) & 31)) + (1 << ((t[1] << 2) & 31)) + (1 << ((t[2] << 2) & 31))
            + (1 << ((t[3] << 2) & 31)) + (1 << ((t[4] << 2) & 31)) + (1 << ((t[5] << 2) & 31))
            + (1 << ((t[6] << 2) & 31)) + (1 << ((t[7] << 2) & 31)) + (1 << ((t[8] << 2) & 31))
            + (1 << ((t[9] << 2) & 31)) + (1 << ((t[10] << 2) & 31))
            + (1 << ((t[11] << 2) & 31))) != 0x2222220:
        return 0
    entry[1] = t[0] << 4 | t[1]
    entry[2] = t[2] << 4 | t[3]
    entry[3] = t[4] << 4 | t[5]
    entry[4] = t[6] << 4 | t[7]
    entry[5] = t[8] << 4 | t[9]
    entry[6] = t[10] << 4 | t[11]
    return 1
