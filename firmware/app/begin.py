"""How a game begins: a new one set up, or the journal replayed after a power
cut. The store loads this only while a game begins and drops it after, so
its code takes no RAM during play."""
from app import journal as jn
from app import settings
from game import Refused, chance, engine


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
    head = {"players": players, "rules": preset, "first": first, "seed": seed, "deck": st.deck_base}
    if secret is not None:  # the deck order's own secret (a digital-card board)
        head["secret"] = secret
    if opts["dice"] != rules.preset(preset)["dice"]:
        head["dice"] = opts["dice"]
    st.journal.start(head)
    s = st.settings
    s["players"] = players
    s["rules"] = preset
    s["dice"] = opts["dice"]
    s["deck"] = st.deck_base
    settings.save(st.storage, s)

def resume(st):
    """Rebuild the game from the journal; False if there is none."""
    got = st.journal.load()
    if got is None:
        return False
    head, entries, dropped = got
    try:
        from game import rules
        opts = rules.preset(head["rules"])
        if "dice" in head:
            opts["dice"] = rules.check("dice", head["dice"])
        st.game = g = engine.Game(head["players"], opts, head["first"], head["rules"])
        st.seed = head["seed"]
        st.deck_base = head["deck"]
        st.secret = x = head.get("secret")  # none in a journal from before, or from a given seed
        if not (isinstance(st.seed, int) and isinstance(st.deck_base, int) and (x is None or isinstance(x, int))):
            raise TypeError
    except (KeyError, TypeError, Refused):
        st.report = "journal header unreadable: new game"
        st.game = None
        return False
    st.deck_at = 0
    st.changes += 1
    for k in range(len(entries)):
        e = entries[k]
        try:
            if e[0] == jn.UNDO:
                g.undo()
            elif e[0] == jn.RELOAD:
                st._reloaded()
            else:
                for _, op, a, b in engine._walk(e, 0):
                    g.apply(op, a, b)
        except Refused:
            # whole but not legal here (another firmware wrote it): keep what came before
            for x in entries[k:]:
                dropped += len(x) + 2
            st.journal.rewrite(head, entries[:k])
            break
    if dropped:
        st.report = "journal: %d bytes of a torn write dropped" % dropped
    st.resumed = True
    return True
