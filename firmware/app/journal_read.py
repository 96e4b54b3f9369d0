"""Reading the journal at boot (app.journal's load(), which drops this
module again after): the header and its CRC, then every whole entry."""
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


def load(j):
    """Journal j's load() (app.journal)."""
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
    out = []
    while i < len(data):
        k = entry_len(data, i)
        if k == 0 or i + k + 2 > len(data):
            break
        c = crc16(crc, data, i, i + k)
        if data[i + k] != c >> 8 or data[i + k + 1] != c & 0xFF:
            break
        out.append(data[i:i + k])
        crc = c
        i += k + 2
    dropped = len(data) - i
    if dropped:
        j.storage.write(j.name, data[:i])
    j.crc = crc
    j.entries = len(out)
    return header, out, dropped
