"""The rules engine: the whole game of rules.md as `legal()` + `apply()`.

Pure Python for CPython and MicroPython: no I/O, no clock, no randomness.
Chance (card layouts, dice) comes in as actions, so a game is its action log
and replays exactly. The log is a bytearray of a few bytes per action. Undo
goes back to one small checkpoint, the state before the current card (or
the card before, when known), and re-applies the actions since; only an undo
past those replays the log from the start. No snapshot stack is kept.

apply() hands each action to one method (the table _MOVES): presses come
seconds apart, and the board's resumed boot, which replays the whole log,
stays well under its second with a call per action (bench/rp2040.py).
The board's build compiles this module to native code (tools/mpy.py); a
card's numbers are checked in game.cardbits (viper code there).

The game's sizes are stated here once (SEATS, WINDOWS, FACES): every module
that needs one imports it.

Seats and windows are 0-based here; records and screens add 1.
"""

from game import Refused, const
from game.cardbits import pack as _pack

# Action codes. Chance actions: CARD, ROLL. Everything else is a player's.
CARD = const(1)
ROLL = const(2)
SKIP = const(3)
OPEN = const(4)
GUESS = const(5)
PASS = const(6)
END = const(7)
ORDER = const(8)
CLOSE = const(9)
REVEAL = const(10)
NOBODY = const(-1)  # `reveal none`

# Phases, and their names (game.state, the screens).
P_ROLL = const(0)
P_OPEN = const(1)
P_DECIDE = const(2)
P_CALL = const(3)
P_REVEAL = const(4)
_P_OVER = const(5)  # private: a public name takes a slot in the module's globals, and a full map slows every lookup of a builtin
PHASES = ("roll", "open", "decide", "call", "reveal", "over")  # by P_*; the words the top band shows (app.screens)

# The `dice` option and the `decline_reward` option, as indexes of their words in rules.KINDS.
_DICE_REQUIRED = const(0)
_DICE_OPTIONAL = const(1)
_DICE_OFF = const(2)
_PER_WINDOW = const(0)
_PER_OPEN_WINDOW = const(1)
_FLAT = const(2)

WINDOWS = const(12)  # the game's sizes, stated once: the board, the seats, a die's faces
SEATS = const(6)
FACES = const(6)  # a token number or a die: 1 to FACES
_ALL = const(0xFFF)
NONE_BYTE = const(15)  # `reveal none` in the log
_NONE_BYTE = NONE_BYTE  # the old name
_PACK = memoryview(bytearray(bytes((CARD << 4,)) + bytes(WINDOWS // 2)))  # a CARD's log entry (its code << 4, then the numbers' 6 bytes), scratch
# Fills made once, sized by the constants above: an action makes no object.
_NO_TOKENS = bytes(WINDOWS)
_NO_CLOSED = bytes(FACES + 1)
_DEALT = bytes((0,) + (2,) * FACES)  # a card's closed windows per number: each twice, none open
_NO_JOIN = (0,) * SEATS
_NO_PRIO = bytes(SEATS)


class _Slices:
    def __getitem__(self, k):
        return k


# Slices made once: native code (tools/mpy.py) makes a slice object on the
# heap at every `x[:]`, where the bytecode VM keeps it on the C stack.
_WHOLE = _Slices()[:]
_CK_CRYSTALS = _Slices()[4:]  # a checkpoint's crystals
del _Slices  # its heap


class Game:
    def __init__(self, players, opts=None, first=0, preset="standard", valid=False):
        """valid: opts are a whole options dict already checked (a game's
        own, or a journal header's under its CRC): game.rules, which checks
        them, is not loaded (a resume saves its import)."""
        if not 2 <= players <= SEATS:
            raise Refused("players", players)
        if not 0 <= first < players:
            raise Refused("first", first + 1, players)
        self.n = players
        self.preset = preset
        if not valid or opts is None:
            from game import rules  # only here: the device drops it once a game has begun
            base = rules.preset(preset)  # refuses an unknown preset name
            opts = rules.validate(opts if opts is not None else base)
        self.opts = o = opts
        self.first = first
        # The options the hot path reads, as plain attributes; the words as
        # their index in rules.KINDS.
        w = o["dice"]
        self._dice = _DICE_OFF if w == "off" else _DICE_OPTIONAL if w == "optional" else _DICE_REQUIRED
        w = o["decline_reward"]
        self._reward = _FLAT if w == "flat" else _PER_OPEN_WINDOW if w == "per_open_window" else _PER_WINDOW
        self._cost = o["challenge_cost"]
        self._needs_funds = o["challenge_needs_funds"]
        self._each = o["call_after_each_window"]
        self.crystals = [0] * players
        self.tokens = bytearray(WINDOWS)
        self._tv = memoryview(self.tokens)  # a card's tokens go in by it: 12 bytes, or refused
        self._joined_with = [0] * SEATS  # crystals held when joining a call, by seat
        self._prio = bytearray(SEATS)  # tie order within a call, by seat
        self._closed_with = bytearray(FACES + 1)  # closed windows per token number; [0]: windows open
        # The checkpoint: log offset of the current card, then round, cards,
        # active (who also starts the round then) and the crystals as they were
        # before that card. _prev: the same for the card before, a cache (its
        # offset -1 when unknown: after an undo across a deal). Both made by _restart.
        self._restart()

    # -- state -------------------------------------------------------------

    def _restart(self):
        """The state before the first card."""
        for s in range(self.n):
            self.crystals[s] = self.opts["start_crystals"]
        self.log = bytearray()
        self._ck = ck = [0] * (4 + self.n)  # a restarted game equals a new one, to the last byte
        ck[0] = -1  # no card yet
        self._prev = ck[:]
        self.round = 1
        self.cards = 0
        self.active = self.first
        self.starter = self.first
        self._wait_card()

    def _wait_card(self):
        """No card under the lid and a fresh turn: the state between cards,
        but for the round, the seats and the crystals (a restart, an undo:
        from any state, so every seat's call data is cleared)."""
        self.joined = 0xFF  # as if all had joined: _new_turn clears every seat's call data
        self._end_card(None)

    def _new_turn(self):
        self.phase = P_OPEN if self._dice == _DICE_OFF else P_ROLL
        self.d1 = 0  # 0: no dice this turn (not rolled yet, skipped, or off)
        self.d2 = 0
        self.used = 0  # bit i: die i spent
        self.turn_opened = 0
        self.unrewarded = 0  # windows opened since the last reward
        self.passed = False  # a pass already taken since the last window
        self.active_guessed = False
        self.n_at_guess = 0  # N, once the active player guessed or passed
        if self.joined:  # clear the call's data, so that the state is a function of the log
            self._joined_with[_WHOLE] = _NO_JOIN
            self._prio[_WHOLE] = _NO_PRIO
        self.joined = 0  # bitmask of challengers in the call
        self.join_count = 0

    def closed(self):
        """N: closed windows now."""
        return WINDOWS - self._closed_with[0]  # kept as windows open: counting bits costs more

    def is_open(self, w):
        return (self.open_mask >> w) & 1 == 1

    def over(self):
        return self.phase == _P_OVER

    def pending(self):
        """The chance action the game waits for: CARD, ROLL (dice on, not
        yet rolled; `skip` may stand instead with optional dice) or 0."""
        if self.need_card:
            return CARD
        if self.phase == P_ROLL:
            return ROLL
        return 0

    def winners(self):
        if self.phase != _P_OVER:
            return []
        top = max(self.crystals)
        out = []
        for s in range(self.n):
            if self.crystals[s] == top:
                out.append(s)
        return out

    def card_gain(self, s):
        """Seat s's crystals won or lost since the current card was dealt: join
        fees, a pass's reward and the reveal (from the card's checkpoint)."""
        return self.crystals[s] - self._ck[4 + s]

    def call_order(self):
        """Seats in speaking order: the active player first if guessing, then
        challengers by fewest crystals when joining, ties by join or `order`."""
        out = [self.active] if self.active_guessed else []
        first = len(out)
        jw = self._joined_with
        pr = self._prio
        for s in range(self.n):  # insertion sort: six seats at most
            if (self.joined >> s) & 1:
                i = len(out)
                while i > first and jw[out[i - 1]] * 64 + pr[out[i - 1]] > jw[s] * 64 + pr[s]:
                    i -= 1
                out.insert(i, s)
        return out

    # -- what may be done -------------------------------------------------

    def allows(self, d, w):
        """Die number d allows window w: w carries d, or no closed window
        does (the lights show it for each die)."""
        return self.tokens[w] == d or self._closed_with[d] == 0

    def die_for(self, w):
        """The die an open of window w spends: a matching one first, else a
        free one (as allows()); -1 if none allows w. Inlined: legal() asks it
        for every window."""
        t = self.tokens[w]
        free = -1
        if not self.used & 1:
            if self.d1 == t:
                return 0
            if self._closed_with[self.d1] == 0:
                free = 0
        if not self.used & 2:
            if self.d2 == t:
                return 1
            if free < 0 and self._closed_with[self.d2] == 0:
                free = 1
        return free

    def _can_open_more(self):
        """After a window: may another be opened this turn? With a call after
        each window, only once a pass found no takers."""
        if self.open_mask == _ALL or self.turn_opened >= self.opts["max_windows"]:
            return False
        if self._each and not self.passed:
            return False
        return self.d1 == 0 or self.used != 3

    def legal(self):
        """The player actions allowed now, as (code, argument) pairs.
        Chance actions are not listed: see `pending()`."""
        out = []
        ph = self.phase
        if self.need_card or ph == _P_OVER:
            return out
        if ph == P_ROLL:
            if self._dice == _DICE_OPTIONAL:
                out.append((SKIP, 0))
        elif ph == P_OPEN or ph == P_DECIDE:
            if ph == P_OPEN or self._can_open_more():
                for w in range(WINDOWS):
                    if not (self.open_mask >> w) & 1 and (self.d1 == 0 or self.die_for(w) >= 0):
                        out.append((OPEN, w))
            if ph == P_DECIDE:
                if self.passed:
                    out.append((END, 0))
                else:
                    out.append((GUESS, self.active))
                    out.append((PASS, 0))
        elif ph == P_CALL:
            for s in range(self.n):
                if (s != self.active and not (self.joined >> s) & 1
                        and not (self._needs_funds and self.crystals[s] < self._cost)):
                    out.append((GUESS, s))
            # challengers tied on crystals: any order of a tie is legal
            order = self.call_order()
            jw = self._joined_with
            seen = 1 << self.active
            for s in order:
                if not (seen >> s) & 1:
                    tie = []
                    for t in order:
                        if t != self.active and jw[t] == jw[s]:
                            tie.append(t)
                            seen |= 1 << t
                    if len(tie) > 1:
                        out.append((ORDER, tie))
            out.append((CLOSE, 0))
        elif ph == P_REVEAL:
            for s in self.call_order():
                out.append((REVEAL, s))
            out.append((REVEAL, NOBODY))
        return out

    # -- doing it ---------------------------------------------------------

    def apply(self, op, a=0, b=0):
        """Apply one action, or raise Refused with the reason and change
        nothing. CARD: a = 12 token numbers; ROLL: a, b = the dice;
        OPEN: a = window; GUESS/REVEAL: a = seat (REVEAL: NOBODY too);
        ORDER: a = seats in their new speaking order. (Unannotated: the
        type checker takes a for an int, and its callers with a card or an
        order say so.) Each action is a method of its own, by _MOVES."""
        if self.need_card:
            if op != CARD:
                raise Refused("no_card")
            self._card(a)
            return
        if self.phase == _P_OVER:
            raise Refused("now5")
        move = _MOVES.get(op)
        if move is None:
            raise Refused("unknown_op", op)
        move(self, a, b)

    def _card(self, a):
        """a = a card's 12 token numbers, under the lid now."""
        t = self._tv  # the tokens, in place: no object made
        try:
            t[_WHOLE] = a  # 12 bytes in a bytes-like a card from a log or a deal; else:
        except (ValueError, TypeError, NotImplementedError):  # another length, or a list
            fault = _card_fault(a)
            if fault is not None:
                raise fault
            t[_WHOLE] = bytes(a)
        if not _pack(t, _PACK):  # each of 1..FACES twice, or refused
            t[_WHOLE] = _NO_TOKENS  # as it was
            # naming the wrong number; if none (a bug: cardbits and _card_fault disagree), not a refusal
            raise _card_fault(a) or ValueError("cardbits")
        ck = self._prev  # this card's checkpoint; the current one becomes the card before's
        self._prev = self._ck
        self._ck = ck
        ck[0] = len(self.log)
        ck[1] = self.round
        ck[2] = self.cards
        ck[3] = self.active
        ck[_CK_CRYSTALS] = self.crystals
        self.log += _PACK  # the card's log entry, packed above
        self._closed_with[_WHOLE] = _DEALT
        self.cards += 1
        self.need_card = False

    def _has_card(self, a, b):
        raise Refused("has_card")

    def _guess(self, a, b):
        """a = seat: the active player's guess, or a challenger joining the call."""
        ph = self.phase
        if not 0 <= a < self.n:
            raise Refused("no_seat", a + 1)
        if ph == P_DECIDE:
            if a != self.active:
                raise Refused("not_yours", self.active + 1)
            if self.passed:
                raise Refused("passed")
            self.active_guessed = True
            self.n_at_guess = WINDOWS - self._closed_with[0]
            self.phase = P_CALL if self.opts["challenge_guess"] else P_REVEAL
        else:
            if ph != P_CALL:
                raise self._not_now()
            if a == self.active:
                raise Refused("guessed" if self.active_guessed else "declined", a + 1)
            if (self.joined >> a) & 1:
                raise Refused("in_call", a + 1)
            cr = self.crystals
            c = cr[a]
            cost = self._cost
            if self._needs_funds and c < cost:
                raise Refused("funds", a + 1, c, cost)
            self._joined_with[a] = c
            k = self.join_count
            self._prio[a] = 16 + k  # after any seats an `order` placed
            self.join_count = k + 1
            self.joined |= 1 << a
            k = c if c < cost else cost  # paid
            cr[a] = c - k
            cr[self.active] += k
        self.log.append(GUESS << 4 | a)

    def _open(self, a, b):
        """a = window."""
        if not 0 <= a < WINDOWS:
            raise Refused("no_window", a + 1)
        ph = self.phase
        if ph != P_OPEN and not (ph == P_DECIDE and self._can_open_more()):
            raise self._no_open(a)
        m = self.open_mask
        if (m >> a) & 1:
            raise Refused("is_open", a + 1)
        if self.d1:
            b = self.die_for(a)
            if b < 0:
                raise self._no_open(a)
            self.used |= 1 << b
        self.open_mask = m | 1 << a
        m = self._closed_with
        m[self.tokens[a]] -= 1
        m[0] += 1
        self.turn_opened += 1
        self.unrewarded += 1
        self.passed = False
        self.phase = P_DECIDE
        self.log.append(OPEN << 4 | a)

    def _roll(self, a, b):
        """a, b = the dice."""
        if self._dice == _DICE_OFF:
            raise Refused("dice_off")
        if self.phase != P_ROLL:
            raise self._not_now()
        if not (1 <= a <= FACES and 1 <= b <= FACES):
            raise Refused("die")
        self.d1 = a
        self.d2 = b
        self.phase = P_OPEN
        m = self.log
        m.append(ROLL << 4)
        m.append(a << 4 | b)

    def _close(self, a, b):
        """The call closes: a reveal, or nobody guessed."""
        if self.phase != P_CALL:
            raise Refused("no_call")
        self.log.append(CLOSE << 4)
        if self.active_guessed or self.joined:
            self.phase = P_REVEAL
        else:
            self._no_takers()

    def _reveal(self, a, b):
        """a = the seat that guessed right, or NOBODY."""
        if self.phase != P_REVEAL:
            raise self._not_now()
        lose = self.joined | ((1 << self.active) if self.active_guessed else 0)  # the guessers
        if a != NOBODY and not (0 <= a < self.n and (lose >> a) & 1):
            raise Refused("no_guess", a + 1)
        self.log.append(REVEAL << 4 | (NONE_BYTE if a == NOBODY else a))
        n = self.n_at_guess
        cr = self.crystals
        if a != NOBODY:
            cr[a] += n
            if self.opts["bystanders_lose"]:  # every seat but the right one: guessers and bystanders
                lose = ((1 << self.n) - 1) & ~(1 << a)
            else:
                lose &= ~(1 << a)
        a = 0
        while lose:  # seats by their bit, up to the last loser
            if lose & 1:
                b = cr[a]
                cr[a] = b - n if b > n else 0
            lose >>= 1
            a += 1
        self._end_card(True)

    def _pass(self, a, b):
        """The active player declines: the reward, then a call or the next turn."""
        if self.phase != P_DECIDE:
            raise self._not_now()
        if self.passed:
            raise Refused("passed")
        a = self._reward
        if a == _PER_WINDOW:
            a = self.unrewarded
        elif a == _PER_OPEN_WINDOW:
            a = self._closed_with[0]  # windows open
        else:  # _FLAT
            a = self.opts["decline_flat"]
        self.crystals[self.active] += a
        self.unrewarded = 0
        self.passed = True
        self.log.append(PASS << 4)
        if self.opts["guess_after_pass"]:
            self.n_at_guess = WINDOWS - self._closed_with[0]
            self.phase = P_CALL
        else:
            self._no_takers()

    def _not_now(self):
        return Refused("now%d" % self.phase)

    def _no_open(self, w):
        """Why window w may not be opened now (the checks of an OPEN, apart)."""
        ph = self.phase
        if ph != P_OPEN and not (ph == P_DECIDE and self._can_open_more()):
            if ph != P_DECIDE:
                return self._not_now()
            return Refused("each_window" if self._each and not self.passed else "no_more")
        u = self.used
        if u:  # the unused die, then the used one
            return Refused("by_die", w + 1, self.d2 if u == 1 else self.d1, self.d1 if u == 1 else self.d2)
        return Refused("by_dice", w + 1, self.d1, self.d2)

    def _skip(self, a, b):
        if self._dice != _DICE_OPTIONAL:
            raise Refused("no_skip")
        if self.phase != P_ROLL:
            raise self._not_now()
        self.phase = P_OPEN
        self.log.append(SKIP << 4)

    def _end(self, a, b):
        if self.phase != P_DECIDE or not self.passed:
            raise Refused("end")
        self.log.append(END << 4)
        self.active = (self.active + 1) % self.n
        self._new_turn()

    def _no_takers(self):
        """A pass that drew no guess: void card, a chance to open on, or next turn."""
        if self.open_mask == _ALL:
            self._end_card(self.opts["void_card_counts"])
        elif self._each and self._can_open_more():
            self.phase = P_DECIDE
        else:
            self.active = (self.active + 1) % self.n
            self._new_turn()

    def _order(self, seats, b):
        if self.phase != P_CALL:
            raise Refused("order_when")
        k = len(seats)
        if k < 2:
            raise Refused("order_two")
        mask = 0
        for s in seats:
            if not 0 <= s < self.n or not (self.joined >> s) & 1:
                raise Refused("not_challenger", s + 1)
            if (mask >> s) & 1:
                raise Refused("twice", s + 1)
            mask |= 1 << s
        held = self._joined_with[seats[0]]
        for s in range(self.n):
            tie = (self.joined >> s) & 1 and self._joined_with[s] == held
            if tie != bool((mask >> s) & 1):
                raise Refused("tie", held)
        log = self.log
        log.append(ORDER << 4 | k)
        for i in range(k):
            self._prio[seats[i]] = i
            log.append(seats[i])

    def _end_card(self, counts):
        """The card leaves the lid (revealed or void; counts: the round
        marker moves): the next round, or the end of the game. counts None:
        the lid alone emptied (_wait_card). No card under the lid: every
        window closed, no token numbers."""
        if counts is not None:
            if counts:
                if self.round >= self.opts["rounds"]:
                    self._wait_card()
                    self.need_card = False
                    self.phase = _P_OVER
                    return
                self.round += 1
            if self.opts["next_round_starter"] == "rotate":
                self.starter = (self.starter + 1) % self.n
            else:
                self.starter = (self.active + 1) % self.n
            self.active = self.starter
        self.open_mask = 0
        self.tokens[_WHOLE] = _NO_TOKENS  # in place, as below: an action makes no object
        self._closed_with[_WHOLE] = _NO_CLOSED
        self.need_card = True
        self._new_turn()

    # -- undo and replay --------------------------------------------------

    def actions(self):
        """Every action of the log, in order, as (code, a, b)."""
        for _, op, a, b in _walk(bytes(self.log), 0):
            yield op, a, b

    def _undo_point(self):
        """The log offset of the action undo takes back (the latest player
        action), -1 if there is none, -2 if a roll came after it. Reads the
        log from the current card on; if that card is all there is since,
        from the card before (when known) or the start."""
        p = r = -1
        start = self._ck[0]
        while p == r:  # both -1: nothing found yet
            for i, op, _, _ in _walk(self.log, start if start > 0 else 0):
                if op == ROLL:
                    r = i
                elif op != CARD:
                    p = i
            if start <= 0:
                break
            k = self._prev[0]
            start = k if 0 <= k < start else 0
        return -2 if p < r else p

    def can_undo(self):
        return self._undo_point() >= 0

    def undo(self):
        """Take back the latest player action and the chance that followed
        it. A roll is never taken back."""
        p = self._undo_point()
        if p < 0:
            raise Refused("roll_kept" if p == -2 else "no_undo")
        ck = self._ck
        prev = self._prev
        keep = prev[:]  # re-applying the card below moves ck into _prev
        if p < ck[0]:
            if not 0 <= prev[0] <= p:  # before both checkpoints: from the start
                self.replay(self.log[:p])
                return
            ck[:] = prev  # across the deal: from the card before,
            keep[0] = -1  # and the one before that is not known
        at = ck[0]
        since = bytes(self.log[at:p])
        self.log[at:] = b""
        self.round = ck[1]
        self.cards = ck[2]
        self.active = ck[3]
        self.starter = ck[3]
        self.crystals[:] = ck[4:]
        self._wait_card()
        for _, op, a, b in _walk(since, 0):
            self.apply(op, a, b)  # pyright: ignore[reportArgumentType] (a card, an order)
        self._prev[:] = keep  # its card made ck the card before's: a checkpoint known again

    def replay(self, log):
        """Reset to the start and apply a log (e.g. a journal read back);
        on an illegal action the game is left as it was."""
        old = self.log
        src = bytes(log)
        self._restart()
        try:
            for _, op, a, b in _walk(src, 0):
                self.apply(op, a, b)  # pyright: ignore[reportArgumentType] (a card, an order)
        except Refused as e:  # named: native code (tools/mpy.py) has no bare raise
            self.replay(old)
            raise e


# apply()'s table: an action's code -> its method (CARD under the lid: _card)
_MOVES = {CARD: Game._has_card, ROLL: Game._roll, SKIP: Game._skip, OPEN: Game._open, GUESS: Game._guess,
          PASS: Game._pass, END: Game._end, ORDER: Game._order, CLOSE: Game._close, REVEAL: Game._reveal}


def _card_fault(t):
    """Refused naming what is wrong with t as a card's 12 numbers: the
    length, a number out of 1..FACES, or a number not there twice; None for
    a right card."""
    if len(t) != WINDOWS:
        return Refused("card_len", len(t))
    c = 0
    for x in t:
        if not 1 <= x <= FACES:
            return Refused("token", x)
        c += 1 << (4 * x)
    for x in range(1, FACES + 1):
        if (c >> (4 * x)) & 15 != 2:
            return Refused("pairs", x, (c >> (4 * x)) & 15)
    return None


def size(b):
    """Bytes of the action whose first byte is b (its code in the high
    nibble, ORDER's count of seats in the low one); 0 for a byte no action
    starts with (an order of more than SEATS seats too). The journal reads
    its entries by it."""
    op = b >> 4
    if op == ORDER:
        return 1 + (b & 15) if b & 15 <= SEATS else 0
    return 7 if op == CARD else 2 if op == ROLL else 1 if 0 < op <= REVEAL else 0


def _walk(log, i):
    """Yield (offset, code, a, b) for each action of a log from offset i (an
    action's start); CARD's and ORDER's a are fresh bytes. A log cut inside
    an action is refused."""
    while i < len(log):
        op = log[i] >> 4
        a = log[i] & 15
        b = 0
        # size(log[i]), inline: a call an action would cost a resume 6 %
        step = 7 if op == CARD else 2 if op == ROLL else 1 + a if op == ORDER else 1
        if i + step > len(log):
            raise Refused("log_end", i)
        if op == CARD:
            t = bytearray(WINDOWS)
            for j in range(6):
                v = log[i + 1 + j]
                t[2 * j] = v >> 4
                t[2 * j + 1] = v & 15
            a = bytes(t)
        elif op == ROLL:
            a = log[i + 1] >> 4
            b = log[i + 1] & 15
        elif op == ORDER:
            a = log[i + 1:i + step]
        elif op == REVEAL and a == NONE_BYTE:
            a = NOBODY
        yield i, op, a, b
        i += step
