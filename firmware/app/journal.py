"""The game on flash: a header line, then every action appended as it happens.

    MJ2 {"players": 3, ...} 1a2b\n   header (JSON) and its CRC-16 in hex, written whole
                                    by atomic replace (MJ1: the same without the CRC)
    <action bytes><crc16>...        one entry per action, appended

An entry is the engine's own log bytes of one action (game.engine's format),
or UNDO, or RELOAD (the deck was reloaded), followed by a CRC-16 that chains
over every entry before it. A power cut inside an append, or any corruption,
breaks the chain there: `load()` keeps every entry before the first bad one
and says how many bytes it dropped, so resume loses nothing that was whole.
A header that fails its CRC is never read as another game: the whole file is
kept in game.bad for recovery, `damaged` is set, and the device says so.

Resume reads the entries in place and folds every UNDO away with the action
it took back, then replays the game's log once. Past COMPACT bytes more than
the game's own log needs, the journal is rewritten as that log, the deck
count and the draw counter moved into the header (`at`, `n`): in one atomic
write, so a power cut leaves the old journal or the new one, whole."""
from array import array
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int


NAME = "game.jnl"
BAD = "game.bad"
MAGIC = b"MJ2 "
MAGIC1 = b"MJ1 "  # before the header had its CRC: still read
UNDO = const(0x00)
RELOAD = const(0xF0)
COMPACT = const(2048)  # bytes of folded-away entries (about 350 UNDOs) that trigger a rewrite


def _table():
    t = array("H", bytes(512))
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
        t[i] = c
    return t


_CRC = _table()  # 512 bytes, so a resume checks a byte in one lookup
del _table  # its code is needed once


def crc16(crc, data, start=0, end=-1):
    """CRC-16/CCITT of data[start:end], continuing from crc (no allocation)."""
    if end < 0:
        end = len(data)
    t = _CRC
    for i in range(start, end):
        crc = ((crc << 8) & 0xFF00) ^ t[(crc >> 8) ^ data[i]]
    return crc


class Journal:
    def __init__(self, storage, name=NAME):
        self.storage = storage
        self.name = name
        self.crc = 0xFFFF
        self.entries = 0  # entries written since the game began (the draw counter)
        self.size = 0  # bytes of the file
        self.damaged = False  # the last load found a damaged header (kept in BAD)
        self._buf = bytearray(10)  # one entry and its CRC: the longest is 7 + 2

    def rewrite(self, header, log, entries=-1):
        """The journal as header + an entry per action of log (the engine's
        format), in one atomic write (a new game: an empty log). entries >= 0:
        the draw counter to keep (the header's `n` says how many entries came
        before these). app.begin's: loaded while a game begins or is compacted."""
        from app import begin
        return begin.rewrite(self, header, log, entries)

    def append(self, data, start=0, end=-1):
        """Append one entry: data[start:end] (an action's log bytes, or
        bytes((UNDO,)) / bytes((RELOAD,)))."""
        if end < 0:
            end = len(data)
        n = end - start
        buf = self._buf
        for k in range(n):
            buf[k] = data[start + k]
        self.crc = crc16(self.crc, buf, 0, n)
        buf[n] = self.crc >> 8
        buf[n + 1] = self.crc & 0xFF
        self.entries += 1
        if not self.storage.full:  # once the flash is full the game plays on unsaved: no gap in the chain
            self.storage.append(self.name, memoryview(buf)[:n + 2])
            self.size += n + 2

    def mark(self, code):
        self._buf[0] = code
        self.append(self._buf, 0, 1)

    def load(self, upto=-1):
        """(header dict, the game's log with every UNDO folded away, bytes
        dropped, each action's offset in the file << 3 | its length - 1 (an
        array), the cards dealt at the last RELOAD or -1) from flash; None if
        there is no journal or its header is unreadable (`damaged` says if
        it was there but failed its CRC). A bad tail, and everything from
        offset `upto` on if given, is cut off the file, so later appends
        follow the last whole entry."""
        return self._read("load", upto)

    def _read(self, name, *args):
        """app.journal_read's function `name` (load, and resume for
        app.store), the module loaded for it and dropped after: boot-only
        code takes no RAM in play."""
        import sys
        from app import journal_read
        try:
            return getattr(journal_read, name)(self, *args)
        finally:
            del sys.modules["app.journal_read"]
            import app
            if hasattr(app, "journal_read"):
                delattr(app, "journal_read")
