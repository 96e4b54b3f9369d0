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
it took back (`fold`); the store replays the game's log once. Past COMPACT bytes more than
the game's own log needs, the journal is rewritten as that log, the deck
count and the draw counter moved into the header (`at`, `n`): in one atomic
write, so a power cut leaves the old journal or the new one, whole."""
import json
from array import array

from game import const, engine, rules


NAME = "game.jnl"
BAD = "game.bad"
MAGIC = b"MJ2 "
MAGIC1 = b"MJ1 "  # before the header had its CRC: still read
UNDO = const(0x00)
RELOAD = const(0xF0)
COMPACT = const(2048)  # bytes of folded-away entries (about 350 UNDOs) that trigger a rewrite
OLD = "old game file, not checked"  # an MJ1 header: no CRC, so no check can tell seed 5 from 7


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


# An action's length (without its CRC) by its code (its first byte's high
# nibble), from engine.size(): 0 for ORDER, whose length is in its low
# nibble, and for codes no action has, where the marks are.
_LEN = bytes([0 if op == engine.ORDER else engine.size(op << 4) for op in range(16)])


def header(g, seed, deck, secret, at=-1):
    """The journal's header for game g: its options resolved (a resume needs
    no preset), the dice also on their own (a firmware with other options
    resumes with the preset and them). at >= 0: the deck count's start."""
    head = {"players": g.n, "rules": g.preset, "first": g.first, "seed": seed, "deck": deck,
            "opts": [g.opts[k] for k in rules.NAMES], "dice": g.opts["dice"]}
    if secret is not None:  # the deck order's own secret
        head["secret"] = secret
    if at >= 0:
        head["at"] = at
    return head


def options(head):
    """A header's options as a dict, checked as game.rules does. A list of
    another length (a firmware with other options wrote it): the preset's,
    with the header's dice. ValueError if the preset, a value or the dice
    are not this firmware's: the file is damaged, not another game."""
    o = head.get("opts")
    if isinstance(o, list) and len(o) == len(rules.NAMES):
        for i in range(len(o)):
            k = rules.KINDS[i]
            v = o[i]
            if k == "bool":
                ok = v is True or v is False
            elif isinstance(k, tuple):
                ok = v in k
            else:
                ok = not isinstance(v, bool) and isinstance(v, int) and v >= k
            if not ok:
                raise ValueError("journal header: option %s" % rules.NAMES[i])
        opts = dict(zip(rules.NAMES, o))
    else:  # options from before they were written in the header, or another firmware's
        opts = None
    name = head.get("rules")
    if name not in rules.PRESET_NAMES:
        raise ValueError("journal header: preset %r" % (name,))
    if opts is None:
        opts = rules.preset(name)
        if "dice" in head:
            opts["dice"] = rules.check("dice", head["dice"])
    return opts, o is not None and len(o) == len(rules.NAMES)


class Journal:
    def __init__(self, storage, name=NAME):
        self.storage = storage
        self.name = name
        self.crc = 0xFFFF
        self.entries = 0  # entries written since the game began (the draw counter)
        self.size = 0  # bytes of the file
        self.damaged = False  # the last read found a damaged header (kept in BAD)
        self.old = False  # the last read found an MJ1 header (no CRC)
        self._buf = bytearray(10)  # one entry and its CRC: the longest is 7 + 2

    def rewrite(self, header, log, entries=-1):
        """The journal as header + an entry per action of log (the engine's
        format), in one atomic write (a new game: an empty log). entries >= 0:
        the draw counter to keep (the header's `n` says how many entries came
        before these)."""
        body = bytearray()
        crc = 0xFFFF
        i = count = 0
        while i < len(log):
            k = engine.size(log[i])  # a log holds actions only: no marks
            if not k:
                raise ValueError("not an action at byte %d of the log" % i)
            crc = crc16(crc, log, i, i + k)
            body += log[i:i + k]
            body.append(crc >> 8)
            body.append(crc & 0xFF)
            count += 1
            i += k
        if entries >= 0:
            header["n"] = entries - count
        h = json.dumps(header).encode()
        h = MAGIC + h + (" %04x\n" % crc16(0xFFFF, h)).encode()
        self.crc = crc
        self.entries = header.get("n", 0) + count
        self.size = len(h) + len(body)
        self.old = False
        return self.storage.write(self.name, h + body)

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

    def bad(self, data):
        """The file is damaged: kept whole in BAD for recovery, never guessed at."""
        self.damaged = True
        self.storage.write(BAD, data)

    def fold(self, upto=-1):
        """(header, the file's bytes, bytes dropped, the game's actions'
        offsets at[:top], top, the cards dealt at the last RELOAD or -1), or
        None if there is no journal or its header fails its CRC (`damaged`).
        Every UNDO is folded away with what it took back, as a stack pops: no
        object per entry is kept, each action's offset << 3 | its length - 1
        goes into an array. A bad tail, and everything from offset `upto` on
        if given, is cut off the file, so later appends follow the last whole
        entry."""
        self.damaged = False
        data = self.storage.read(self.name)
        if not data:
            return None
        nl = data.find(b"\n")
        end = nl
        self.old = not data.startswith(MAGIC)
        if not self.old:
            end = nl - 5  # " 1a2b": the CRC of the JSON before it, as written (lower case)
            ok = end > 4 and data[end:nl] == (" %04x" % crc16(0xFFFF, data, 4, end)).encode()
        else:
            ok = data.startswith(MAGIC1)
        head = None
        if ok and nl > 0:
            try:
                head = json.loads(data[4:end])
                if end == nl:  # no CRC: its options, if any, are not taken unchecked
                    head.pop("opts", None)
            except (ValueError, AttributeError, TypeError):
                head = None
        if not isinstance(head, dict):
            self.bad(data)
            return None
        i = nl + 1
        crc = 0xFFFF
        count = 0
        size = len(data)
        # room made for every entry (3 bytes at least), so none is appended
        at = array("I", bytes(4 * ((size - i) // 3 + 1)))
        top = 0
        cards = 0  # CARDs among them
        reload = -1
        end = size if upto < 0 else upto
        t = _CRC
        lens = _LEN
        card = engine.CARD  # the engine's numbers as locals: the loop below looks up no global
        roll = engine.ROLL
        order = engine.ORDER
        seats = engine.SEATS
        try:
            while i < end:  # the hot loop of a resume: no calls, locals only
                b = data[i]
                k = lens[b >> 4]
                if not k:  # a mark, an ORDER, or not an entry
                    if b == UNDO or b == RELOAD:
                        k = 1
                    elif b >> 4 == order and b & 15 <= seats:
                        k = 1 + (b & 15)
                    else:
                        break
                c = ((crc << 8) & 0xFF00) ^ t[(crc >> 8) ^ b]
                if k > 1:  # most entries are a byte: no range made for them
                    for x in range(i + 1, i + k):
                        c = ((c << 8) & 0xFF00) ^ t[(c >> 8) ^ data[x]]
                if data[i + k] != c >> 8 or data[i + k + 1] != c & 0xFF:
                    break
                if b == UNDO:  # the latest player action and the cards dealt after it go; a roll stays
                    n = top - 1
                    while n >= 0 and data[at[n] >> 3] >> 4 == card:
                        n -= 1
                    if n < 0 or data[at[n] >> 3] >> 4 == roll:
                        break  # nothing it may take back: not this game's, dropped with what follows
                    cards -= top - 1 - n
                    top = n
                elif b == RELOAD:
                    reload = cards
                else:
                    at[top] = i << 3 | (k - 1)
                    top += 1
                    if b >> 4 == card:
                        cards += 1
                crc = c
                count += 1
                i += k + 2
        except IndexError:  # an entry cut short by the end of the file: dropped (not checked each entry)
            pass
        dropped = size - i
        if dropped:
            self.storage.write(self.name, data[:i])
        n = head.get("n", 0)  # entries before these, folded into the header by a rewrite
        self.crc = crc
        self.entries = (n if isinstance(n, int) else 0) + count
        self.size = i
        return head, data, dropped, at, top, reload
