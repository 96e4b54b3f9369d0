"""Reading the journal at boot and writing it whole (app.journal's load()
and rewrite(), which drop this module again after): the header and its CRC,
then every whole entry, folded into the game's log as it is read."""
from array import array

from app.journal import BAD, MAGIC, MAGIC1, RELOAD, UNDO, crc16
from game import engine


def entry_len(data, i):
    """Length of the entry starting at data[i] (without its CRC); 0 if unknown."""
    b = data[i]
    op = b >> 4
    if b == UNDO or b == RELOAD:
        return 1
    if op == engine.CARD:
        return 7
    if op == engine.ROLL:
        return 2
    if op == engine.ORDER:
        return 1 + (b & 15)
    if 0 < op < len(engine.NAMES):
        return 1
    return 0


def load(j, upto=-1):
    """Journal j's load() (app.journal). No object per entry is kept: the
    actions' offsets go into an array, as in a stack an UNDO pops."""
    import json
    j.damaged = False
    data = j.storage.read(j.name)
    if not data:
        return None
    nl = data.find(b"\n")
    end = nl
    if data.startswith(MAGIC):
        end = nl - 5  # " 1a2b": the CRC of the JSON before it, as written (lower case)
        ok = end > 4 and data[end:nl] == (" %04x" % crc16(0xFFFF, data, 4, end)).encode()
    else:
        ok = data.startswith(MAGIC1)
    header = None
    if ok and nl > 0:
        try:
            header = json.loads(data[4:end])
        except ValueError:
            pass
    if not isinstance(header, dict):
        j.damaged = True  # never guessed at: kept whole for recovery
        j.storage.write(BAD, data)
        return None
    i = nl + 1
    crc = 0xFFFF
    count = 0
    at = array("I")  # offsets of the game's actions: at[:top]
    top = 0
    cards = 0  # CARDs among them
    reload = -1
    end = len(data) if upto < 0 else upto
    while i < end:
        k = entry_len(data, i)
        if k == 0 or i + k + 2 > len(data):
            break
        c = crc16(crc, data, i, i + k)
        if data[i + k] != c >> 8 or data[i + k + 1] != c & 0xFF:
            break
        b = data[i]
        if b == UNDO:  # the latest player action and the cards dealt after it go; a roll stays
            n = top - 1
            while n >= 0 and data[at[n]] >> 4 == engine.CARD:
                n -= 1
            if n < 0 or data[at[n]] >> 4 == engine.ROLL:
                break  # nothing it may take back: not this game's, dropped with what follows
            cards -= top - 1 - n
            top = n
        elif b == RELOAD:
            reload = cards
        else:
            if top == len(at):
                at.append(i)
            else:
                at[top] = i
            top += 1
            cards += b >> 4 == engine.CARD
        crc = c
        count += 1
        i += k + 2
    dropped = len(data) - i
    if dropped:
        j.storage.write(j.name, data[:i])
    log = bytearray()
    for n in range(top):
        log += data[at[n]:at[n] + entry_len(data, at[n])]
    n = header.get("n", 0)  # entries before these, folded into the header by a rewrite
    j.crc = crc
    j.entries = (n if isinstance(n, int) else 0) + count
    j.size = i
    return header, log, dropped, at, reload


def rewrite(j, header, log, entries=-1):
    """Journal j's rewrite() (app.journal)."""
    import json
    body = bytearray()
    crc = 0xFFFF
    i = count = 0
    while i < len(log):
        k = entry_len(log, i)
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
    j.crc = crc
    j.entries = header.get("n", 0) + count
    j.size = len(h) + len(body)
    return j.storage.write(j.name, h + body)
