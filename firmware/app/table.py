"""A compiled text table on flash (lang/zh-hans.bin, lang/zh-hant.bin, built
from texts/ by `make font`). Only its index is in RAM, 3 bytes of hash and
2 of offset a text; a text is read from flash when it is shown.

File: b"TXT1", count n (u16), 0 (u16), n hashes (u24, sorted), n + 1
offsets (u16) into the UTF-8 texts that follow."""


def key(s):
    """A text's 24-bit hash (small ints only, on a 32-bit board too)."""
    h = 0
    for b in s.encode():
        h = (h * 31 + b) & 0xFFFFFF
    return h


class Table:
    def __init__(self, path):
        from app.datafile import open_data  # the UF2's frozen copy where the filesystem has none
        self.f = f = open_data(path)
        head = f.read(8)
        if len(head) < 8 or head[:4] != b"TXT1":
            raise ValueError("%s: not a text table" % path)
        self.n = n = head[4] | head[5] << 8
        self.keys = f.read(3 * n)
        self.offs = f.read(2 * n + 2)
        self.base = 8 + 5 * n + 2

    def get(self, s):
        """s's translation, or s itself if the table has none."""
        h = key(s)
        k = self.keys
        lo = 0
        hi = self.n - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            i = 3 * mid
            v = k[i] | k[i + 1] << 8 | k[i + 2] << 16
            if v == h:
                o = self.offs
                a = o[2 * mid] | o[2 * mid + 1] << 8
                b = o[2 * mid + 2] | o[2 * mid + 3] << 8
                self.f.seek(self.base + a)
                return str(self.f.read(b - a), "utf-8")
            if v < h:
                lo = mid + 1
            else:
                hi = mid - 1
        return s
