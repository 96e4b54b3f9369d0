"""The controller: button gestures -> the engine's legal actions.

It holds only UI state (mode, cursor, menus, the message shown, the card
switch); the game is the engine's, and every action it applies goes to the
journal first thing after. Time comes in as `now` (ms ticks) and outputs go
through `out` (sounds, calibration, export, entropy), so it is tested without
any hardware. It never blocks."""
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int

from app import journal as jn
from app import lang, settings
from app.modes import (K_CARD, K_NEXT, K_OK, K_PASS, K_ROLL, K_UNDO, M_CALIB, M_MENU, M_PLAY, M_RELOAD,
                       M_SETUP, M_TEST)
from game import Refused, chance, engine
from game.engine import CARD, CLOSE, END, GUESS, NOBODY, OPEN, ORDER, PASS, REVEAL, ROLL, SKIP

MSG_MS = const(2500)


class Controller:
    def __init__(self, storage, out, clock, setup=None, digital=False):
        """storage: flash (journal, settings); out: the device's outputs;
        clock: ticks_ms/ticks_add/ticks_diff (MicroPython's `time`);
        setup: {"players", "rules", "seed"[, "dice"]} starts a game at once
        when there is no game to resume (the simulator's flags);
        digital: the card is a picture the device shows (the e-paper board):
        no card slot, no deck to reload, and the reveal shows the picture."""
        self.storage = storage
        self.out = out
        self.clock = clock
        self.digital = digital
        self.journal = jn.Journal(storage)
        self.settings = settings.load(storage)
        lang.use(lang.chosen(self.settings))
        self.game = None
        self.seed = 0
        self.mode = M_SETUP
        self.item = 0  # menu / setup line
        self.cursor = -1  # window NEXT points at
        self.msg = ""
        self.msg_until = 0
        self.version = 0  # bumped on every visible change
        self.card_in = digital  # a digital card is always in
        self.fresh = True  # the card in the slot is the game's current card
        self.saw_out = False
        self.back = 0  # after an UNDO across a deal: the card wanted back in the slot
        self.order = []  # seats pressed to order a tie
        self.result = ""  # who won and lost what, after a reveal
        self.deck_base = self.settings["deck"]
        self.deck_at = 0
        self.cal = 0  # calibrate: window, and which end (0 closed, 1 open)
        self.cal_end = 1
        self.test_at = 0
        self.test_win = 0
        self.last_key = -1
        self.report = ""  # what resume found (a dropped journal tail)
        if not self.resume() and setup is not None:
            self.new_game(setup["players"], setup["rules"], setup.get("dice"), setup["seed"])

    # -- messages and state ------------------------------------------------

    def say(self, text, now=None):
        c = self.clock
        self.msg = lang.tr(text)
        self.msg_until = c.ticks_add(c.ticks_ms() if now is None else now, MSG_MS)
        self.version += 1

    def sound(self, name):
        if self.settings["sound"]:
            self.out.sound(name)

    def refuse(self, text, now=None):
        self.sound("refuse")
        self.say(text, now)

    def tick(self, now):
        """Time passes: messages expire, the self-test moves on."""
        if self.msg and self.clock.ticks_diff(now, self.msg_until) >= 0:
            self.msg = ""
            self.version += 1
        if self.mode == M_TEST:
            self._menus().tick(self, now)

    def deck_left(self):
        g = self.game
        return self.deck_base - ((g.cards if g else 0) - self.deck_at)

    # -- games ---------------------------------------------------------------

    def new_game(self, players, preset, dice, seed):
        from game import rules
        opts = rules.preset(preset)
        if dice:
            opts["dice"] = dice
        self.deck_base = self.deck_left() if self.game else self.settings["deck"]
        first = chance.Rng(seed).below(players)
        self.game = engine.Game(players, opts, first, preset)
        self.seed = seed
        self.deck_at = 0
        head = {"players": players, "rules": preset, "first": first, "seed": seed, "deck": self.deck_base}
        if opts["dice"] != rules.preset(preset)["dice"]:
            head["dice"] = opts["dice"]
        self.journal.start(head)
        s = self.settings
        s["players"] = players
        s["rules"] = preset
        s["dice"] = opts["dice"]
        s["deck"] = self.deck_base
        settings.save(self.storage, s)
        lang.use(lang.chosen(s))
        self.mode = M_PLAY
        self.result = ""
        self._settle()
        self.fresh = True  # a new game starts with whatever card is in the slot
        self.version += 1

    def resume(self):
        """Rebuild the game from the journal; False if there is none."""
        got = self.journal.load()
        if got is None:
            return False
        head, entries, dropped = got
        try:
            from game import rules
            opts = rules.preset(head["rules"])
            if "dice" in head:
                opts["dice"] = rules.check("dice", head["dice"])
            self.game = g = engine.Game(head["players"], opts, head["first"], head["rules"])
            self.seed = head["seed"]
            self.deck_base = head["deck"]
            if not (isinstance(self.seed, int) and isinstance(self.deck_base, int)):
                raise TypeError
        except (KeyError, TypeError, Refused):
            self.report = "journal header unreadable: new game"
            self.game = None
            return False
        self.deck_at = 0
        for k in range(len(entries)):
            e = entries[k]
            try:
                if e[0] == jn.UNDO:
                    g.undo()
                elif e[0] == jn.RELOAD:
                    self._reloaded()
                else:
                    for _, op, a, b in engine._walk(e, 0):
                        g.apply(op, a, b)
            except Refused:
                # whole but not legal here (another firmware wrote it): keep what came before
                for x in entries[k:]:
                    dropped += len(x) + 2
                self.journal.rewrite(head, entries[:k])
                break
        if dropped:
            self.report = "journal: %d bytes of a torn write dropped" % dropped
        self.mode = M_PLAY
        self._settle()
        self.fresh = True  # after a power cut, the card in the slot is taken as the game's
        if self.deck_left() < 0 and not self.digital:  # the power went while the device asked for a reload
            self.mode = M_RELOAD
        self.version += 1
        return True

    def _rng(self):
        """The chance source of the next draw: from the game's seed and the
        journal's length, so a replayed or resumed game draws the same."""
        return chance.Rng(self.seed ^ ((self.journal.entries * 0x9E3779B1) & 0xFFFFFFFF))

    def _menus(self):
        """The menus' code, loaded when a menu is first used (a game set up
        by the simulator's flags never loads it: RAM is scarce)."""
        from app import menus
        return menus

    def _g(self):
        """The game (play modes only have one)."""
        g = self.game
        assert g is not None
        return g

    def _do(self, op, a, b=0):
        """Apply a player or chance action and journal it; Refused if illegal."""
        g = self._g()
        start = len(g.log)
        g.apply(op, a, b)
        self.journal.append(g.log, start)
        if op != CARD:  # the next action that acts ends a reveal's result and a refusal's message
            self.result = ""
            self.msg = ""
        self.version += 1

    def _settle(self):
        """Deal the card the game waits for (the previous one left the lid)."""
        g = self._g()
        if g.need_card and not g.over():
            self._do(CARD, chance.card(self._rng()))
            if self.digital:
                return  # the device shows the next picture itself
            self.fresh = False
            self.saw_out = not self.card_in
            self.back = 0
            if self.deck_left() < 0:
                self.mode = M_RELOAD

    def _reloaded(self):
        cards = self._g().cards
        self.deck_base = settings.DECK - 1
        self.deck_at = cards - (1 if cards else 0)

    def reload_deck(self, now):
        """A full deck is in: the count starts again (its blocker discarded)."""
        if self.game is not None:
            self.journal.mark(jn.RELOAD)
            self._reloaded()
        else:
            self.deck_base = settings.DECK - 1
        self.settings["deck"] = self.deck_left()
        settings.save(self.storage, self.settings)
        self.mode = M_PLAY if self.game is not None else M_SETUP
        self.say("Reloaded: discard the blocker card", now)

    # -- input -----------------------------------------------------------------

    def key(self, k, kind, now):
        """A button event: k a key code, kind buttons.PRESS/SHORT/LONG/RELEASE."""
        if k == K_CARD:
            if (kind == 0 or kind == 3) and not self.digital:
                self._card(kind == 0, now)
            return
        self.last_key = k
        if k == K_UNDO:  # short: undo or back, on release; long: the menu
            if kind == 2:
                self._menus().open_menu(self)
            elif kind == 1:
                self._undo_key(now)
            return
        if kind != 0:  # everything else acts on the press, for speed
            return
        if self.mode == M_PLAY:
            self._play(k, now)
        else:
            self._menus().key(self, k, now)
        self.version += 1

    def _card(self, present, now):
        self.card_in = present
        if not present:
            self.saw_out = True
        elif self.saw_out and not self.fresh:
            self.fresh = True
            self.back = 0
        g = self.game
        if self.mode == M_PLAY and g and not present and g.phase != engine.P_REVEAL and not g.over() and not self.back:
            self.refuse("Card out! Put it back", now)
        self.version += 1

    def _undo_key(self, now):
        m = self.mode
        if m == M_PLAY or m == M_RELOAD:
            g = self.game
            if g is None or not g.can_undo():
                self.refuse("A roll can't be undone" if g is not None and _last_act(g) == ROLL else "Nothing to undo", now)
                return
            cards = g.cards
            g.undo()
            self.journal.mark(jn.UNDO)
            if g.cards != cards and not self.digital:  # the card before goes back under the lid
                self.fresh = False
                self.saw_out = not self.card_in
                self.back = g.cards
            self.result = ""
            self.order = []
            self.mode = M_PLAY
            self.cursor = -1
            if g.phase == engine.P_OPEN or g.phase == engine.P_DECIDE:
                self.cursor = self._next_window()
            self.say("Undone", now)
        elif m == M_CALIB:
            self.out.save_calibration()
            self.mode = M_MENU
            self.say("Calibration saved", now)
        elif m == M_SETUP:
            if self.game is not None:
                self.mode = M_PLAY
        else:
            self.mode = M_PLAY if self.game is not None else M_SETUP
        self.version += 1

    # -- play ------------------------------------------------------------------

    def blocked(self):
        """Why play waits for the card, or "" (at the reveal it is pulled)."""
        g = self.game
        if g is None or g.over():
            return ""
        b = self.back
        if b and self.card_in and not self.fresh:  # the new card, dealt then undone: never shown
            return _UNSEEN if g.phase == engine.P_REVEAL else lang.tr("Swap: put back card %d") % b
        if g.phase == engine.P_REVEAL:
            return "Pull the card" if self.must_pull() else ""
        if not self.card_in:
            return lang.tr("Put back card %d") % b if b else "Insert the card" if self.fresh else "Insert next card"
        if not self.fresh:
            return "Swap the card"
        return ""

    def must_pull(self):
        """At the reveal: the printed card is still to be pulled out and shown."""
        return self.card_in and not self.digital

    def allowed(self):
        """Windows the active player may open now, as a 12-bit mask."""
        m = 0
        for code, a in self._g().legal():
            if code == OPEN:
                m |= 1 << a
        return m

    def _next_window(self):
        m = self.allowed()
        if not m:
            return -1
        for d in range(1, 13):
            w = (self.cursor + d) % 12
            if (m >> w) & 1:
                return w
        return -1

    def _play(self, k, now):
        g = self._g()
        if g.over():
            self.refuse("Game over: UNDO or menu", now)
            return
        why = self.blocked()
        ph = g.phase
        if why and ph != engine.P_REVEAL:
            self.refuse(why, now)
            return
        legal = g.legal()
        try:
            if ph == engine.P_REVEAL:
                self._reveal_key(k, legal, now)
            elif k == K_ROLL:
                if g.pending() != ROLL:
                    self.refuse(_NOT_NOW[ph], now)
                    return
                d1, d2 = chance.roll(self._rng())
                self._do(ROLL, d1, d2)
                self.cursor = -1
                self.cursor = self._next_window()
                self.sound("roll")
            elif k == K_NEXT:
                if ph == engine.P_ROLL and (SKIP, 0) in legal:
                    self._do(SKIP, 0)
                    self.cursor = self._next_window()
                elif self.allowed():
                    self.cursor = self._next_window()
                elif ph == engine.P_ROLL:
                    self.refuse(_NOT_NOW[0], now)
                    return
                else:
                    self.refuse(_NO_MORE, now)
                    return
            elif k == K_OK:
                if ph == engine.P_CALL:
                    self._do(CLOSE, 0)
                    self.order = []
                    self._after_close(now)
                elif ph == engine.P_ROLL:
                    self.refuse(_NOT_NOW[0], now)
                    return
                else:
                    if self.cursor < 0 or not (self.allowed() >> self.cursor) & 1:
                        self.cursor = self._next_window()  # the cursor's window is no longer allowed
                    if self.cursor < 0:
                        self.refuse(_NO_MORE, now)
                        return
                    self._do(OPEN, self.cursor)
                    self.cursor = self._next_window()
                    self.sound("open")
            elif k == K_PASS:
                if (PASS, 0) in legal:
                    self._do(PASS, 0)  # what the pass earned shows in the scores
                    self.cursor = self._next_window()
                    if g.phase != engine.P_CALL:
                        self._settle()
                elif (END, 0) in legal:
                    self._do(END, 0)
                else:
                    self.refuse(_NOT_NOW[ph], now)
                    return
            elif k < 6:
                self._seat(k, legal, now)
        except Refused as e:
            self.refuse(_short(e), now)

    def _seat(self, s, legal, now):
        g = self._g()
        if s >= g.n:
            self.refuse(lang.tr("No seat %d at this table") % (s + 1), now)
            return
        ph = g.phase
        if ph == engine.P_CALL and (g.joined >> s) & 1:
            self._order_key(s, legal, now)
            return
        if (GUESS, s) not in legal:
            if ph == engine.P_CALL:
                if s == g.active:
                    self.refuse(lang.tr("P%d is already in" if g.active_guessed else "P%d passed: can't join") % (s + 1), now)
                else:
                    self.refuse(lang.tr("P%d can't pay %d") % (s + 1, g.opts["challenge_cost"]), now)
            elif ph == engine.P_DECIDE and s == g.active:
                self.refuse("Passed: PASS ends the turn", now)
            elif s == g.active:
                self.refuse(_NOT_NOW[ph], now)
            else:
                self.refuse(lang.tr("P%d: wait for a call") % (s + 1), now)
            return
        self._do(GUESS, s)  # the call's screen lists who is in
        self.order = []

    def _order_key(self, s, legal, now):
        tie = None
        for code, a in legal:
            if code == ORDER and s in a:
                tie = a
        if tie is None:
            self.refuse(lang.tr("P%d is in the call") % (s + 1), now)
            return
        if self.order and (self.order[0] not in tie or s in self.order):
            self.order = []
        self.order.append(s)
        if len(self.order) == len(tie):
            self._do(ORDER, bytes(self.order))  # the call's screen shows the new order
            self.order = []

    def _after_close(self, now):
        g = self._g()
        if g.phase == engine.P_REVEAL:
            self.sound("reveal")
        else:
            self.cursor = self._next_window()
            self._settle()

    def _reveal_key(self, k, legal, now):
        g = self._g()
        if self.must_pull():
            self.refuse(_UNSEEN if self.back else "Pull the card first", now)
            return
        if k == K_OK:
            who = NOBODY
        elif k < 6 and (REVEAL, k) in legal:
            who = k
        else:
            self.refuse(lang.tr("P%d did not guess") % (k + 1) if k < 6 else "Seat that was right, or OK", now)
            return
        before = list(g.crystals)
        seats = g.call_order()
        self._do(REVEAL, who)
        others = []
        for s in range(g.n):  # a wrong guesser who held nothing lost all the same: -0
            d = g.crystals[s] - before[s]
            if s != who and (d or s in seats):
                others.append("P%d %s%d" % (s + 1, "+" if d > 0 else "-", d if d > 0 else -d))
        won = lang.tr("P%d right: +%d") % (who + 1, g.crystals[who] - before[who]) if who != NOBODY else lang.tr("Nobody right")
        self.result = won + "\n" + " ".join(others)
        self.cursor = -1
        self._settle()

    # -- what the outputs show ------------------------------------------------------

    def windows(self):
        """The 12-bit mask of windows that may be open now. A window opens only
        when the game says it is open, the current card is in the slot and no
        reveal is under way; calibration and the self-test run with no card."""
        m = self.mode
        if m == M_CALIB:
            return (1 << self.cal) if self.cal_end and not self.card_in else 0
        if m == M_TEST:
            return (1 << self.test_win) if not self.card_in else 0
        g = self.game
        if g is None or g.need_card or not self.card_in or not self.fresh:
            return 0
        if g.over():
            return 0
        if g.phase == engine.P_REVEAL:  # a printed card is pulled; a digital one is shown whole
            return 0xFFF if self.digital else 0
        return g.open_mask


_NOT_NOW = ("Press ROLL first", "Open a window: NEXT picks, OK opens", "OK opens, seat guesses, PASS",
            "Call open: seats join, OK closes", "", "")
_NO_MORE = "No window left: guess or PASS"
_UNSEEN = "Take the new card out unseen"  # dealt, then undone: it must not be shown


def _last_act(g):
    """The last action of the game's log that is not a deal (0: none)."""
    last = 0
    for _, op, _a, _b in engine._walk(g.log, 0):
        if op != CARD:
            last = op
    return last


def _short(e):
    """A refusal's text (the message box wraps it over four lines)."""
    return lang.refusal(e)
