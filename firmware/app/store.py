"""The game store: the game, its journal on flash, the settings and the deck
count. Every action applied goes to the journal first thing after, so a
power cut loses nothing; resume replays the journal. What the game allows
(its legal actions, the windows they open) is computed once per change and
shared by the screens, the lights and the cursor. The card slot is
app.slot's."""
from app import journal as jn
from app import settings
from game import Refused, chance, engine, rules


class Store:
    def __init__(self, storage):
        self.storage = storage
        self.journal = jn.Journal(storage)
        self.settings = settings.load(storage)
        self.game = None  # type: engine.Game | None
        self.seed = 0
        self.secret = None  # the deck order's own secret, None: drawn from the seed
        self.deck_base = self.settings["deck"]  # cards left when the count last started
        self.deck_at = 0  # the game's cards dealt then
        self.report = ""  # what resume found (a dropped journal tail, an old file)
        self.resumed = False  # a game came back from the journal at boot
        self.changes = 0  # bumped on every change of the game
        self._legal = None
        self._mask = 0
        self._at = -1  # the change _legal and _mask were computed for

    def deck_left(self):
        g = self.game
        return self.deck_base - ((g.cards if g else 0) - self.deck_at)

    def legal(self):
        """The game's legal actions now (built once per change)."""
        if self._at != self.changes:
            g = self.game
            assert g is not None  # asked in play only
            self._legal = legal = g.legal()
            m = 0
            for code, a in legal:
                if code == engine.OPEN:
                    m |= 1 << a
            self._mask = m
            self._at = self.changes
        return self._legal

    def allowed(self):
        """Windows the active player may open now, as a 12-bit mask."""
        self.legal()
        return self._mask

    def new_game(self, players, preset, dice, seed, secret=None, first=-1):
        """first: the first player's seat (0-based), or -1: drawn from the seed."""
        opts = rules.preset(preset)
        if dice:
            opts["dice"] = dice
        self.deck_base = self.deck_left() if self.game else self.settings["deck"]
        if not 0 <= first < players:
            first = chance.Rng(seed).below(players)
        self.game = engine.Game(players, opts, first, preset)
        self.seed = seed
        self.secret = secret
        self.deck_at = 0
        self.changes += 1
        self.journal.rewrite(jn.header(self.game, seed, self.deck_base, secret), b"")
        s = self.settings
        s["players"] = players
        s["rules"] = preset
        s["dice"] = opts["dice"]
        s["deck"] = self.deck_base
        settings.save(self.storage, s)

    def resume(self):
        """Rebuild the game from the journal, which comes folded, so its log
        is replayed once; False if there is none (or it is damaged)."""
        j = self.journal
        upto = -1
        lost = 0
        while True:
            got = j.fold(upto)
            if got is None:
                return False
            head, data, dropped, at, top, reload = got
            lost += dropped
            try:
                opts, checked = jn.options(head)
                self.game = g = engine.Game(head["players"], opts, head["first"], head["rules"], checked)
                self.seed = head["seed"]
                self.deck_base = head["deck"]
                self.deck_at = head.get("at", 0)
                self.secret = x = head.get("secret")  # none in a journal from before, or from a given seed
                for v in (self.seed, self.deck_base, self.deck_at, head.get("n", 0), 0 if x is None else x):
                    if not isinstance(v, int) or isinstance(v, bool):
                        raise TypeError
            except (KeyError, TypeError, ValueError):  # Refused among them: a header passing its CRC
                self.game = None  # but not this firmware's to run is damaged, never a reset
                j.bad(data)
                return False
            if reload >= 0:
                self._reloaded(reload)
            n = _replay(g, data, at, top)
            if n == top:
                break
            upto = at[n] >> 3  # whole but not legal here (another firmware wrote it): keep what came before
        self.changes += 1
        if j.old:  # rewritten with its CRC at once, so the next boot checks it
            self.report = jn.OLD
            self.compact()
        elif lost:
            self.report = "journal: %d bytes of a torn write dropped" % lost
        self.resumed = True
        return True

    def compact(self):
        """The journal rewritten as the game's own log: every UNDO folded away
        with what it took back, the deck count and the draw counter kept in the
        header. One atomic write: a power cut leaves the old journal or this."""
        g = self.game
        assert g is not None
        self.journal.rewrite(jn.header(g, self.seed, self.deck_base, self.secret, self.deck_at), g.log,
                             self.journal.entries)

    def rng(self):
        """The chance source of the next draw: from the game's seed and the
        journal's length, so a replayed or resumed game draws the same."""
        return chance.Rng(self.seed ^ ((self.journal.entries * 0x9E3779B1) & 0xFFFFFFFF))

    def do(self, op, a, b=0):
        """Apply a player or chance action and journal it; Refused if illegal."""
        g = self.game
        assert g is not None
        start = len(g.log)
        g.apply(op, a, b)
        self.changes += 1
        self.journal.append(g.log, start)

    def undo(self):
        g = self.game
        assert g is not None
        g.undo()
        self.changes += 1
        j = self.journal
        j.mark(jn.UNDO)
        if j.size > 3 * len(g.log) + jn.COMPACT:  # an action is at most 3 bytes per log byte on flash
            self.compact()

    def discard(self):
        """A card left the deck unplayed (seen through a window): one less in
        the deck, kept in the journal's header by a compaction (rare: no
        journal entry of its own)."""
        self.deck_base -= 1
        if self.game is not None:
            self.compact()

    def _reloaded(self, cards):
        self.deck_base = settings.DECK - 1
        self.deck_at = cards - (1 if cards else 0)

    def reload_deck(self):
        """A full deck is in: the count starts again (its blocker discarded)."""
        if self.game is not None:
            self.journal.mark(jn.RELOAD)
            self._reloaded(self.game.cards)
        else:
            self.deck_base = settings.DECK - 1
        self.settings["deck"] = self.deck_left()
        settings.save(self.storage, self.settings)


def _replay(g, data, at, top):
    """The folded actions at[:top] applied to game g, each decoded where it
    lies in the file (engine._walk's decoding, inline: no log copied, no
    generator, no tuple an action); how many applied before one was Refused."""
    card = engine.CARD  # locals: looked up once, not once an action
    roll = engine.ROLL
    order = engine.ORDER
    reveal = engine.REVEAL
    nobody = engine.NOBODY
    none_byte = nobody & 15  # `reveal none` as the engine logs it
    n = 0
    try:
        while n < top:
            x = at[n] >> 3
            op = data[x] >> 4
            a = data[x] & 15
            b = 0
            if op == card:
                a = bytes((data[x + 1] >> 4, data[x + 1] & 15, data[x + 2] >> 4, data[x + 2] & 15,
                           data[x + 3] >> 4, data[x + 3] & 15, data[x + 4] >> 4, data[x + 4] & 15,
                           data[x + 5] >> 4, data[x + 5] & 15, data[x + 6] >> 4, data[x + 6] & 15))
            elif op == roll:
                b = data[x + 1] & 15
                a = data[x + 1] >> 4
            elif op == order:
                a = data[x + 1:x + 1 + a]
            elif op == reveal and a == none_byte:
                a = nobody
            g.apply(op, a, b)  # pyright: ignore[reportArgumentType] (a card, an order)
            n += 1
    except Refused:
        pass
    return n
