"""How a game begins: a new one set up, or the journal replayed after a power
cut; and the journal compacted. The store loads this only then and drops it
after, so its code takes no RAM during play."""
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
    head = {"players": g.n, "rules": g.preset, "first": g.first, "seed": st.seed, "deck": st.deck_base}
    if st.secret is not None:  # the deck order's own secret (a digital-card board)
        head["secret"] = st.secret
    if g.opts["dice"] != rules.preset(g.preset)["dice"]:
        head["dice"] = g.opts["dice"]
    return head


def compact(st):
    """The journal rewritten as the game's own log: every UNDO folded away
    with what it took back, the deck count and the draw counter kept in the
    header. One atomic write: a power cut leaves the old journal or this."""
    head = _header(st)
    head["at"] = st.deck_at
    st.journal.rewrite(head, st.game.log, st.journal.entries)


def resume(st):
    """Rebuild the game from the journal; False if there is none. The
    journal comes folded (app.journal_read): its log is replayed once."""
    upto = -1
    lost = 0
    while True:
        got = st.journal.load(upto)
        if got is None:
            return False
        head, log, dropped, at, reload = got
        lost += dropped
        try:
            from game import rules
            opts = rules.preset(head["rules"])
            if "dice" in head:
                opts["dice"] = rules.check("dice", head["dice"])
            st.game = g = engine.Game(head["players"], opts, head["first"], head["rules"])
            st.seed = head["seed"]
            st.deck_base = head["deck"]
            st.deck_at = head.get("at", 0)
            st.secret = x = head.get("secret")  # none in a journal from before, or from a given seed
            for v in (st.seed, st.deck_base, st.deck_at, head.get("n", 0), 0 if x is None else x):
                if not isinstance(v, int):
                    raise TypeError
        except (KeyError, TypeError, Refused):
            st.report = "journal header unreadable: new game"
            st.game = None
            return False
        if reload >= 0:
            st._reloaded(reload)
        k = 0
        try:
            for _, op, a, b in engine._walk(log, 0):
                g.apply(op, a, b)
                k += 1
            break
        except Refused:
            # whole but not legal here (another firmware wrote it): keep what came before
            upto = at[k]
    st.changes += 1
    if lost:
        st.report = "journal: %d bytes of a torn write dropped" % lost
    st.resumed = True
    return True
