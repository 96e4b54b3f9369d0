"""Play: the game's turns by buttons. ROLL rolls, NEXT moves the cursor over
the windows the dice allow, OK opens one (or closes a call), PASS passes,
the seat buttons guess, join a call, order a tie or name who was right; a
short UNDO takes back the last action. Its fields: the cursor, the seats
pressed to order a tie, the last reveal's result and a pass's reward."""
from app import lang, lights
from app.modes import K_NEXT, K_OK, K_PASS, K_ROLL, M_PLAY
from app.slot import UNSEEN
from game import Refused, chance, engine
from game.engine import CARD, CLOSE, END, GUESS, NOBODY, OPEN, ORDER, PASS, REVEAL, ROLL, SKIP


class Mode:
    QUIET = False  # messages show over the screen
    shown = -1  # the card whose picture was asked for at its reveal (digital card; set on the object)

    def __init__(self):
        self.cursor = -1  # the window NEXT points at
        self.order = []  # seats pressed to order a tie
        self.result = ""  # who won and lost what, after a reveal
        self.passed = ""  # what a pass earned ("P2 +2"), shown in the call it opens

    def _do(self, ctl, op, a, b=0):
        """Apply a player or chance action and journal it; Refused if illegal."""
        ctl.store.do(op, a, b)
        if op != CARD:  # the next action that acts ends a reveal's result and a refusal's message
            self.result = ""
            self.passed = ""
            ctl.msg = ""
        ctl.version += 1

    def next_window(self, ctl):
        """The next window after the cursor that the dice allow, or -1."""
        m = ctl.store.allowed()
        if not m:
            return -1
        for d in range(1, engine.WINDOWS + 1):
            w = (self.cursor + d) % engine.WINDOWS
            if (m >> w) & 1:
                return w
        return -1

    def undo(self, ctl, now):
        g = ctl.store.game
        if g is None or not g.can_undo():
            ctl.refuse("A roll can't be undone" if g is not None and _last_act(g) == ROLL else "Nothing to undo", now)
            return
        cards = g.cards
        ctl.store.undo()
        if g.cards != cards:  # the card before goes back under the lid
            ctl.slot.dealt(g.cards)
        self.result = ""
        self.passed = ""
        self.order = []
        ctl.enter(M_PLAY)
        self.cursor = -1
        if g.phase == engine.P_OPEN or g.phase == engine.P_DECIDE:
            self.cursor = self.next_window(ctl)
        ctl.say("Undone", now)

    back = undo  # a short UNDO

    def tick(self, ctl, now):
        pass

    def card(self, ctl, present, now):
        g = ctl.store.game
        # the game's own card only: the old one comes out when a swap is asked for
        if g and not present and ctl.slot.fresh and g.phase != engine.P_REVEAL and not g.over() and not ctl.slot.back:
            ctl.refuse("Card out! Put it back", now)

    def key(self, ctl, k, now):
        g = ctl.store.game
        if g.over():
            if k == K_OK and self.result:  # the last card's result is read: the ranking
                self.result = ""
                ctl.version += 1
                return
            ctl.refuse("Game over: UNDO or menu", now)
            return
        why = ctl.slot.blocked()
        ph = g.phase
        if why and ph != engine.P_REVEAL:
            ctl.refuse(why, now)
            return
        legal = ctl.store.legal()
        try:
            if ph == engine.P_REVEAL:
                self._reveal(ctl, k, legal, now)
            elif k == K_ROLL:
                if g.pending() != ROLL:
                    ctl.refuse(_NOT_NOW[ph], now)
                    return
                d1, d2 = chance.roll(ctl.store.rng())
                self._do(ctl, ROLL, d1, d2)
                self.cursor = -1
                self.cursor = self.next_window(ctl)
                ctl.sound("roll")
            elif k == K_NEXT:
                if ph == engine.P_ROLL and (SKIP, 0) in legal:
                    self._do(ctl, SKIP, 0)
                    self.cursor = self.next_window(ctl)
                elif ctl.store.allowed():
                    self.cursor = self.next_window(ctl)
                elif ph == engine.P_ROLL:
                    ctl.refuse(_NOT_NOW[0], now)
                    return
                else:
                    ctl.refuse(_NO_MORE, now)
                    return
            elif k == K_OK:
                if ph == engine.P_CALL:
                    cards = g.cards
                    passed = self.passed  # cleared by the close: a pass's reward, while nobody is in
                    self._do(ctl, CLOSE, 0)
                    self.order = []
                    self._after_close(ctl)
                    if passed and g.phase != engine.P_REVEAL:  # nobody joined: the turn moves on, the reward kept
                        ctl.say(lang.tr("Nobody called: %s") % passed, now)
                    self._void(ctl, cards, now)
                elif ph == engine.P_ROLL:
                    ctl.refuse(_NOT_NOW[0], now)
                    return
                else:
                    if self.cursor < 0 or not (ctl.store.allowed() >> self.cursor) & 1:
                        self.cursor = self.next_window(ctl)  # the cursor's window is no longer allowed
                    if self.cursor < 0:
                        ctl.refuse(_NO_MORE, now)
                        return
                    self._do(ctl, OPEN, self.cursor)
                    self.cursor = self.next_window(ctl)
                    ctl.sound("open")
            elif k == K_PASS:
                if (PASS, 0) in legal:
                    cards = g.cards
                    s = g.active
                    had = g.crystals[s]
                    self._do(ctl, PASS, 0)
                    if g.phase == engine.P_CALL:  # the call's screen shows what the pass earned
                        self.passed = "P%d %s" % (s + 1, _gain(g.crystals[s] - had))
                    self.cursor = self.next_window(ctl)
                    if g.phase != engine.P_CALL:
                        ctl.deal()
                        self._void(ctl, cards, now)
                elif (END, 0) in legal:
                    self._do(ctl, END, 0)
                else:
                    ctl.refuse(_NOT_NOW[ph], now)
                    return
            elif k < K_ROLL:  # a seat button
                self._seat(ctl, k, legal, now)
        except Refused as e:
            ctl.refuse(e.text(lang.tr), now)  # in the language in use

    def _seat(self, ctl, s, legal, now):
        g = ctl.store.game
        if s >= g.n:
            ctl.refuse(lang.tr("No seat %d at this table") % (s + 1), now)
            return
        ph = g.phase
        if ph == engine.P_CALL and (g.joined >> s) & 1:
            self._order_key(ctl, s, legal, now)
            return
        if (GUESS, s) not in legal:
            if ph == engine.P_CALL:
                if s == g.active:
                    ctl.refuse(lang.tr("P%d is already in" if g.active_guessed else "P%d passed: can't join") % (s + 1), now)
                else:
                    ctl.refuse(lang.tr("P%d can't pay %d") % (s + 1, g.opts["challenge_cost"]), now)
            elif ph == engine.P_DECIDE and s == g.active:
                ctl.refuse("Passed: PASS ends the turn", now)
            elif s == g.active:
                ctl.refuse(_NOT_NOW[ph], now)
            else:
                ctl.refuse(lang.tr("P%d: wait for a call") % (s + 1), now)
            return
        self._do(ctl, GUESS, s)  # the call's screen lists who is in
        self.order = []

    def _order_key(self, ctl, s, legal, now):
        tie = None
        for code, a in legal:
            if code == ORDER and s in a:
                tie = a
        if tie is None:
            ctl.refuse(lang.tr("P%d is in the call") % (s + 1), now)
            return
        if self.order and (self.order[0] not in tie or s in self.order):
            self.order = []
        self.order.append(s)
        if len(self.order) == len(tie):
            self._do(ctl, ORDER, bytes(self.order))  # the call's screen shows the new order
            self.order = []

    def _void(self, ctl, cards, now):
        """A card that ended with no reveal (every window open, nobody in the
        call) is void: say so, as the slot now wants the next card."""
        g = ctl.store.game
        if g.cards != cards and not g.over() and not ctl.digital:
            ctl.say("Void card: swap it", now)

    def _after_close(self, ctl):
        if ctl.store.game.phase == engine.P_REVEAL:
            ctl.sound("reveal")
        else:
            self.cursor = self.next_window(ctl)
            ctl.deal()

    def _reveal(self, ctl, k, legal, now):
        g = ctl.store.game
        if ctl.slot.must_pull():
            ctl.refuse(UNSEEN if ctl.slot.back else "Pull the card first", now)
            return
        veiled = ctl.digital and self.shown != g.cards
        if k == K_OK:
            who = NOBODY
        elif k < K_ROLL and (REVEAL, k) in legal:
            who = k
        else:
            ctl.refuse(lang.tr("P%d did not guess") % (k + 1) if k < K_ROLL else
                       "OK shows the picture" if veiled else "Seat that was right, or OK", now)
            return
        if veiled:  # the digital picture waits for a second press (OK, or a guesser's seat
            # again): one stray seat press shows nothing, and UNDO takes that guess back unseen
            self.shown = g.cards  # a power cut veils it again: it asks once more
            ctl.version += 1
            return
        had = g.crystals[who] if who != NOBODY else 0
        seats = g.call_order()
        self._do(ctl, REVEAL, who)
        others = []
        for s in range(g.n):  # each seat's change over the card, as the Scores page counts it (join
            d = g.card_gain(s)  # fees, a pass's reward, the reveal); a guesser who held nothing: 0
            if d or s in seats or s == who:
                others.append("P%d %s" % (s + 1, _gain(d)))
        won = lang.tr("P%d right: +%d") % (who + 1, g.crystals[who] - had) if who != NOBODY else lang.tr("Nobody right")
        self.result = won + "\n" + "  ".join(others)  # two spaces part the seats: a seat and its amount stay on one line
        self.cursor = -1
        ctl.deal()

    def windows(self, ctl):
        """A window opens only when the game says it is open, the current card
        is in the slot and no reveal is under way."""
        g = ctl.store.game
        if g is None or g.need_card or not ctl.slot.card_in or not ctl.slot.fresh or g.over():
            return 0
        if g.phase == engine.P_REVEAL:  # a printed card is pulled; a digital one is shown whole when asked
            return 0xFFF if ctl.digital and self.shown == g.cards else 0
        return g.open_mask

    def light(self, ctl, out):
        g = ctl.store.game
        if g is None or g.need_card or g.over() or ctl.slot.blocked():  # nobody may press but the card
            return
        lights.seats(g, ctl.store.legal(), out)
        if g.phase == engine.P_OPEN or g.phase == engine.P_DECIDE:
            lights.dice(g, ctl.store.allowed(), self.cursor, out)

    def draw(self, fb, ctl):
        from app import screens_play
        return screens_play.draw(fb, ctl)


_NOT_NOW = ("Press ROLL first", "Open a window: NEXT picks, OK opens", "OK opens, seat guesses, PASS",
            "Call open: seats join, OK closes", "", "")
_NO_MORE = "No window left: guess or PASS"


def _gain(d):
    """A change of crystals as read: +2, -1, and 0 for a loss that took nothing."""
    return "+%d" % d if d > 0 else "%d" % d


def _last_act(g):
    """The last action of the game's log that is not a deal (0: none)."""
    last = 0
    for _, op, _a, _b in engine._walk(g.log, 0):
        if op != CARD:
            last = op
    return last
