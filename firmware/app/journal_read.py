"""Reading the journal at boot (app.journal's load() and resume(), which
drop this module again after): the header and its CRC, then every whole
entry, folded into the game's log as it is read, and the game rebuilt from
it. Writing it whole is app.begin's: a resume loads less code."""
from array import array

from app.journal import _CRC, BAD, MAGIC, MAGIC1, crc16
from game import Refused, const, engine

# game.engine's and app.journal's numbers, copied (a test checks each)
_CARD = const(1)
_ROLL = const(2)
_ORDER = const(8)
_SEATS = const(6)
_REVEAL = const(10)
_NOBODY = const(-1)
_NONE_BYTE = const(15)
_UNDO = const(0x00)
_RELOAD = const(0xF0)

# game.rules' option names (a test checks the copy): a header's "opts" lists
# the game's options in this order.
NAMES = ("start_crystals", "dice", "decline_reward", "decline_flat",
         "challenge_cost", "challenge_needs_funds", "challenge_guess",
         "guess_after_pass", "call_after_each_window", "bystanders_lose",
         "void_card_counts", "next_round_starter", "rounds", "max_windows")
# and the values each may take (game.rules.KINDS, copied: a test checks): a
# number is the least whole value, a tuple the words, "bool" True or False
_KINDS = (0, ("required", "optional", "off"), ("per_window", "per_open_window", "flat"),
          0, 0, "bool", "bool", "bool", "bool", "bool", "bool",
          ("after_active", "rotate"), 1, 1)

# An action's length (without its CRC) by its code (its first byte's high
# nibble), as engine.size() says (a test checks): 0 for ORDER, whose length
# is in its low nibble, and for codes no action has, where the marks are.
_LEN = b"\x00\x07\x02\x01\x01\x01\x01\x01\x00\x01\x01\x00\x00\x00\x00\x00"


def _fold(j, upto):
    """(header, the file's bytes, bytes dropped, the game's actions' offsets
    at[:top], top, the cards at the last RELOAD) or None: load()'s work but
    the log. No object per entry is kept: the actions' offsets go into an
    array, as in a stack an UNDO pops."""
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
            if end == nl:  # no CRC: its options, if any, are not taken unchecked
                header.pop("opts", None)
        except (ValueError, AttributeError, TypeError):
            header = None
    if not isinstance(header, dict):
        j.damaged = True  # never guessed at: kept whole for recovery
        j.storage.write(BAD, data)
        return None
    i = nl + 1
    crc = 0xFFFF
    count = 0
    size = len(data)
    # the game's actions: at[:top], each its offset << 3 | its length - 1;
    # room made for every entry (3 bytes at least), so none is appended
    at = array("I", bytes(4 * ((size - i) // 3 + 1)))
    top = 0
    cards = 0  # CARDs among them
    reload = -1
    end = size if upto < 0 else upto
    t = _CRC
    lens = _LEN
    try:
        while i < end:  # the hot loop of a resume: no calls, locals only
            b = data[i]
            k = lens[b >> 4]
            if not k:  # a mark, an ORDER, or not an entry
                if b == _UNDO or b == _RELOAD:
                    k = 1
                elif b >> 4 == _ORDER and b & 15 <= _SEATS:
                    k = 1 + (b & 15)
                else:
                    break
            c = ((crc << 8) & 0xFF00) ^ t[(crc >> 8) ^ b]
            if k > 1:  # most entries are a byte: no range made for them
                for x in range(i + 1, i + k):
                    c = ((c << 8) & 0xFF00) ^ t[(c >> 8) ^ data[x]]
            if data[i + k] != c >> 8 or data[i + k + 1] != c & 0xFF:
                break
            if b == _UNDO:  # the latest player action and the cards dealt after it go; a roll stays
                n = top - 1
                while n >= 0 and data[at[n] >> 3] >> 4 == _CARD:
                    n -= 1
                if n < 0 or data[at[n] >> 3] >> 4 == _ROLL:
                    break  # nothing it may take back: not this game's, dropped with what follows
                cards -= top - 1 - n
                top = n
            elif b == _RELOAD:
                reload = cards
            else:
                at[top] = i << 3 | (k - 1)
                top += 1
                if b >> 4 == _CARD:
                    cards += 1
            crc = c
            count += 1
            i += k + 2
    except IndexError:  # an entry cut short by the end of the file: dropped (not checked each entry)
        pass
    dropped = size - i
    if dropped:
        j.storage.write(j.name, data[:i])
    n = header.get("n", 0)  # entries before these, folded into the header by a rewrite
    j.crc = crc
    j.entries = (n if isinstance(n, int) else 0) + count
    j.size = i
    return header, data, dropped, at, top, reload


def load(j, upto=-1):
    """Journal j's load() (app.journal)."""
    got = _fold(j, upto)
    if got is None:
        return None
    header, data, dropped, at, top, reload = got
    log = bytearray()
    for n in range(top):
        x = at[n] >> 3
        log += data[x:x + (at[n] & 7) + 1]
    return header, log, dropped, at, reload


def _options(o):
    """A header's options as a dict, each value checked as game.rules would
    (without loading it); None if there are none or they are not this
    firmware's (another firmware wrote the header: its CRC is right)."""
    if not isinstance(o, list) or len(o) != len(NAMES):
        return None
    for i in range(len(NAMES)):
        k = _KINDS[i]
        v = o[i]
        if k == "bool":
            if v is not True and v is not False:
                return None
        elif isinstance(k, tuple):
            if v not in k:
                return None
        elif isinstance(v, bool) or not isinstance(v, int) or v < k:
            return None
    return dict(zip(NAMES, o))


def resume(j, st):
    """Store st's resume() (app.store), j its journal: the game rebuilt from j,
    which comes folded, so its log is replayed once; False if there is none.
    Here, not in app.begin, so a boot loads one module for it, not two."""
    upto = -1
    lost = 0
    while True:
        got = _fold(j, upto)
        if got is None:
            return False
        head, data, dropped, at, top, reload = got
        lost += dropped
        try:
            opts = checked = _options(head.get("opts"))
            if opts is None:  # a header from before its options were written in it, or from a
                from game import rules  # firmware with other options: the preset and the dice
                opts = rules.preset(head["rules"])  # chosen, as the device sets a game up
                if "dice" in head:
                    opts["dice"] = rules.check("dice", head["dice"])
            st.game = g = engine.Game(head["players"], opts, head["first"], head["rules"], checked is not None)
            st.seed = head["seed"]
            st.deck_base = head["deck"]
            st.deck_at = head.get("at", 0)
            st.secret = x = head.get("secret")  # none in a journal from before, or from a given seed
            for v in (st.seed, st.deck_base, st.deck_at, head.get("n", 0), 0 if x is None else x):
                if not isinstance(v, int):
                    raise TypeError
        except (KeyError, TypeError, ValueError):  # Refused among them
            st.report = "journal header unreadable: new game"
            st.game = None
            return False
        if reload >= 0:
            st._reloaded(reload)
        # each action decoded where it lies in the file (engine._walk's
        # decoding, inline: no log copied, no generator, no tuple an action)
        n = 0
        try:
            while n < top:
                x = at[n] >> 3
                op = data[x] >> 4
                a = data[x] & 15
                b = 0
                if op == _CARD:
                    a = bytes((data[x + 1] >> 4, data[x + 1] & 15, data[x + 2] >> 4, data[x + 2] & 15,
                               data[x + 3] >> 4, data[x + 3] & 15, data[x + 4] >> 4, data[x + 4] & 15,
                               data[x + 5] >> 4, data[x + 5] & 15, data[x + 6] >> 4, data[x + 6] & 15))
                elif op == _ROLL:
                    b = data[x + 1] & 15
                    a = data[x + 1] >> 4
                elif op == _ORDER:
                    a = data[x + 1:x + 1 + a]
                elif op == _REVEAL and a == _NONE_BYTE:
                    a = _NOBODY
                g.apply(op, a, b)  # pyright: ignore[reportArgumentType] (a card, an order)
                n += 1
            break
        except Refused:
            # whole but not legal here (another firmware wrote it): keep what came before it
            upto = at[n] >> 3
    st.changes += 1
    if lost:
        st.report = "journal: %d bytes of a torn write dropped" % lost
    st.resumed = True
    return True
