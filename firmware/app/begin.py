"""How a game begins: a new one set up (a resumed one: app.journal_read);
the journal written whole, for it or compacted. The store loads this only
then and drops it after, so its code takes no RAM during play."""
from app import settings
from app.journal import MAGIC, crc16
from game import chance, engine


def new_game(st, players, preset, dice, seed, secret=None):
    from game import rules
    opts = rules.preset(preset)
    if dice:
        opts["dice"] = dice
    st.deck_base = st.deck_left() if st.game else st.settings["deck"]
    first = chance.Rng(seed).below(players)
    st.game = engine.Game(players, opts, first, preset)
    st.seed = seed
    st.secret = secret
    st.deck_at = 0
    st.changes += 1
    st.journal.rewrite(_header(st), b"")
    s = st.settings
    s["players"] = players
    s["rules"] = preset
    s["dice"] = opts["dice"]
    s["deck"] = st.deck_base
    settings.save(st.storage, s)


def _header(st):
    """The journal's header for the store's game."""
    from game import rules
    g = st.game
    head = {"players": g.n, "rules": g.preset, "first": g.first, "seed": st.seed, "deck": st.deck_base,
            "opts": [g.opts[k] for k in rules.NAMES],  # resolved: a resume needs no game.rules
            "dice": g.opts["dice"]}  # and, for a firmware with other options, the preset's one change
    if st.secret is not None:  # the deck order's own secret (a digital-card board)
        head["secret"] = st.secret
    return head


def compact(st):
    """The journal rewritten as the game's own log: every UNDO folded away
    with what it took back, the deck count and the draw counter kept in the
    header. One atomic write: a power cut leaves the old journal or this."""
    head = _header(st)
    head["at"] = st.deck_at
    st.journal.rewrite(head, st.game.log, st.journal.entries)


def rewrite(j, header, log, entries=-1):
    """Journal j's rewrite() (app.journal), j.storage written once."""
    import json
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
    j.crc = crc
    j.entries = header.get("n", 0) + count
    j.size = len(h) + len(body)
    return j.storage.write(j.name, h + body)
