"""The game store: the game, its journal on flash, the settings and the deck
count. Every action applied goes to the journal first thing after, so a
power cut loses nothing; resume replays the journal. What the game allows
(its legal actions, the windows they open) is computed once per change and
shared by the screens, the lights and the cursor.

And the card slot: whether a card is in, and whether it is the game's
current card (a card dealt while the last one was still in waits for the
swap). A digital board (e-paper) has no slot: its card is always in."""
from app import journal as jn
from app import lang, settings
from game import chance, const, engine

# game.engine's numbers as private constants (a test checks each)
_OPEN = const(4)
_P_REVEAL = const(4)


class Store:
    def __init__(self, storage):
        self.storage = storage
        self.journal = jn.Journal(storage)
        self.settings = settings.load(storage)
        self.game = None  # type: engine.Game | None
        self.seed = 0
        self.secret = None  # the deck order's own secret (app.begin), None: drawn from the seed
        self.deck_base = self.settings["deck"]  # cards left when the count last started
        self.deck_at = 0  # the game's cards dealt then
        self.report = ""  # what resume found (a dropped journal tail)
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
                if code == _OPEN:
                    m |= 1 << a
            self._mask = m
            self._at = self.changes
        return self._legal

    def allowed(self):
        """Windows the active player may open now, as a 12-bit mask."""
        self.legal()
        return self._mask

    def new_game(self, players, preset, dice, seed, secret=None):
        _begin("new_game", self, players, preset, dice, seed, secret)
        _begun()

    def resume(self):
        """Rebuild the game from the journal; False if there is none."""
        r = self.journal._read("resume", self)  # app.journal_read's
        _begun()
        return r

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
            _begin("compact", self)

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


def _begin(name, *args):
    """app.begin's function name called, the module dropped again after (its
    code takes RAM only while a game begins; the journal's rewrite() finds it
    loaded meanwhile)."""
    from app import begin
    from app.controller import forget
    try:
        return getattr(begin, name)(*args)
    finally:
        forget("app.begin")


def _begun():
    """A game has begun: the rule options' checker (game.rules, 3 KB of RAM)
    goes too; the game keeps its options, and a new game imports it again."""
    from app.controller import forget
    forget("game.rules")


UNSEEN = "Take the new card out unseen"  # dealt, then undone: it must not be shown


class Slot:
    def __init__(self, store, digital):
        self.store = store
        self.digital = digital
        self.card_in = digital
        self.fresh = True  # the card in the slot is the game's current card
        self.saw_out = False  # out since the last deal
        self.back = 0  # after an UNDO across a deal: the card wanted back in the slot

    def change(self, present):
        """The switch moved: a card went in (present) or came out."""
        self.card_in = present
        if not present:
            self.saw_out = True
        elif self.saw_out and not self.fresh:
            self.fresh = True
            self.back = 0

    def dealt(self, back=0):
        """The game moved to another printed card: the one in the slot is old
        until it has been out and a card is in again. back: an UNDO across a
        deal wants card number back in the slot again."""
        if not self.digital:
            self.fresh = False
            self.saw_out = not self.card_in
            self.back = back

    def must_pull(self):
        """At the reveal: the printed card is still to be pulled out and shown."""
        return self.card_in and not self.digital

    def blocked(self):
        """Why play waits for the card, or "" (at the reveal it is pulled)."""
        g = self.store.game
        if g is None or g.over():
            return ""
        b = self.back
        if b and self.card_in and not self.fresh:  # the new card, dealt then undone: never shown
            return UNSEEN if g.phase == _P_REVEAL else lang.tr("Swap: put back card %d") % b
        if g.phase == _P_REVEAL:
            return "Pull the card" if self.must_pull() else ""
        if not self.card_in:
            return lang.tr("Put back card %d") % b if b else "Insert the card" if self.fresh else "Insert next card"
        if not self.fresh:
            return "Swap the card"
        return ""
