"""The rules engine: the whole game of rules.md as `legal()` + `apply()`.

Pure Python for CPython and MicroPython: no I/O, no clock, no randomness.
Chance (card layouts, dice) comes in as actions, so a game is its action log
and replays exactly. The log is a bytearray of a few bytes per action; undo
replays it up to an earlier point, so no snapshots are kept.

Seats and windows are 0-based here; records and screens add 1.
"""
try:
    from micropython import const
except ImportError:  # CPython: const(x) is x
    const = int

from game import rules
from game import Refused

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
NAMES = ("", "card", "roll", "skip", "open", "guess", "pass", "end", "order", "close", "reveal")
NOBODY = const(-1)  # `reveal none`

# Phases (game.state names them).
P_ROLL = const(0)
P_OPEN = const(1)
P_DECIDE = const(2)
P_CALL = const(3)
P_REVEAL = const(4)
P_OVER = const(5)

WINDOWS = const(12)
_ALL = const(0xFFF)
_NONE_BYTE = const(15)  # `reveal none` in the log


# An action the rules do not allow now; the game is left untouched.
IllegalAction = Refused


class Game:
    def __init__(self, players, opts=None, first=0, preset="standard"):
        if not 2 <= players <= 6:
            raise IllegalAction("players", players)
        if not 0 <= first < players:
            raise IllegalAction("first", first + 1, players)
        self.n = players
        self.preset = preset
        base = rules.preset(preset)  # refuses an unknown preset name
        self.opts = rules.validate(opts if opts is not None else base)
        self.first = first
        o = self.opts
        # The options the hot path reads, as plain attributes.
        self._dice = ("required", "optional", "off").index(o["dice"])
        self._reward = ("per_window", "per_open_window", "flat").index(o["decline_reward"])
        self._cost = o["challenge_cost"]
        self._needs_funds = o["challenge_needs_funds"]
        self._maxw = o["max_windows"]
        self._rounds = o["rounds"]
        self.crystals = [0] * players
        self.tokens = bytearray(WINDOWS)
        self._closed_with = bytearray(7)  # closed windows per token number
        self._joined_with = [0] * players  # crystals held when joining a call
        self._prio = bytearray(players)  # tie order within a call
        self.log = bytearray()
        self._restart()

    # -- state -------------------------------------------------------------

    def _restart(self):
        for s in range(self.n):
            self.crystals[s] = self.opts["start_crystals"]
        self.log = bytearray()
        self.round = 1
        self.cards = 0
        self.active = self.first
        self.starter = self.first
        self._clear_lid()
        self.need_card = True
        self.joined = 0xFF  # as if all had joined: _new_turn clears every seat's call data
        self.n_at_guess = 0
        self._new_turn()

    def _new_turn(self):
        self.phase = P_OPEN if self._dice == 2 else P_ROLL
        self.d1 = 0  # 0: no dice this turn (not rolled yet, skipped, or off)
        self.d2 = 0
        self.used = 0  # bit i: die i spent
        self.turn_opened = 0
        self.unrewarded = 0  # windows opened since the last reward
        self.passed = False  # a pass already taken since the last window
        self.active_guessed = False
        if self.joined:  # clear the call's data, so that the state is a function of the log
            for s in range(self.n):
                self._joined_with[s] = 0
                self._prio[s] = 0
        self.joined = 0  # bitmask of challengers in the call
        self.join_count = 0

    def _clear_lid(self):
        """No card under the lid: every window closed, no token numbers."""
        self.open_mask = 0
        for i in range(WINDOWS):
            self.tokens[i] = 0
        for i in range(7):
            self._closed_with[i] = 0

    def closed(self):
        """N: closed windows now."""
        c = WINDOWS
        m = self.open_mask
        while m:
            m &= m - 1
            c -= 1
        return c

    def is_open(self, w):
        return (self.open_mask >> w) & 1 == 1

    def over(self):
        return self.phase == P_OVER

    def pending(self):
        """The chance action the game waits for: CARD, ROLL (dice on, not
        yet rolled; `skip` may stand instead with optional dice) or 0."""
        if self.need_card:
            return CARD
        if self.phase == P_ROLL:
            return ROLL
        return 0

    def winners(self):
        if self.phase != P_OVER:
            return []
        top = max(self.crystals)
        return [s for s in range(self.n) if self.crystals[s] == top]

    def call_order(self):
        """Seats in speaking order: the active player first if guessing, then
        challengers by fewest crystals when joining, ties by join or `order`."""
        out = [self.active] if self.active_guessed else []
        ch = [s for s in range(self.n) if (self.joined >> s) & 1]
        jw = self._joined_with
        pr = self._prio
        ch.sort(key=lambda s: jw[s] * 64 + pr[s])
        return out + ch

    # -- what may be done -------------------------------------------------

    def _die_for(self, w):
        """The die to spend on window w: a matching one first, else a free
        one (its number is on no closed window); -1 if none allows w."""
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
        if self.open_mask == _ALL or self.turn_opened >= self._maxw:
            return False
        return self.d1 == 0 or self.used != 3

    def legal(self):
        """The player actions allowed now, as (code, argument) pairs.
        Chance actions are not listed: see `pending()`."""
        out = []
        ph = self.phase
        if self.need_card or ph == P_OVER:
            return out
        if ph == P_ROLL:
            if self._dice == 1:
                out.append((SKIP, 0))
        elif ph == P_OPEN or ph == P_DECIDE:
            if ph == P_OPEN or self._can_open_more():
                for w in range(WINDOWS):
                    if not self.is_open(w) and (self.d1 == 0 or self._die_for(w) >= 0):
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
                    tie = [t for t in order if t != self.active and jw[t] == jw[s]]
                    for t in tie:
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
        """Apply one action, or raise IllegalAction with the reason and
        change nothing. CARD: a = 12 token numbers; ROLL: a, b = the dice;
        OPEN: a = window; GUESS/REVEAL: a = seat (REVEAL: NOBODY too);
        ORDER: a = seats in their new speaking order."""
        ph = self.phase
        if ph == P_OVER:
            raise IllegalAction("now5")
        if self.need_card and op != CARD:
            raise IllegalAction("no_card")
        log = self.log
        if op == OPEN:
            self._open(a)
            log.append(OPEN << 4 | a)
        elif op == ROLL:
            if ph != P_ROLL or self._dice == 2:
                raise IllegalAction("dice_off") if self._dice == 2 else self._not_now()
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise IllegalAction("die")
            self.d1 = a
            self.d2 = b
            self.used = 0
            self.phase = P_OPEN
            log.append(ROLL << 4)
            log.append(a << 4 | b)
        elif op == GUESS:
            self._guess(a)
            log.append(GUESS << 4 | a)
        elif op == PASS:
            if ph != P_DECIDE or self.passed:
                raise self._not_now() if ph != P_DECIDE else IllegalAction("passed")
            self._pass()
            log.append(PASS << 4)
        elif op == CLOSE:
            if ph != P_CALL:
                raise IllegalAction("no_call")
            log.append(CLOSE << 4)
            if self.active_guessed or self.joined:
                self.phase = P_REVEAL
            else:
                self._no_takers()
        elif op == REVEAL:
            self._reveal(a)
            log.append(REVEAL << 4 | (_NONE_BYTE if a == NOBODY else a))
        elif op == CARD:
            self._card(a)
            log.append(CARD << 4)
            t = self.tokens
            for i in range(0, WINDOWS, 2):
                log.append(t[i] << 4 | t[i + 1])
        elif op == SKIP:
            if ph != P_ROLL or self._dice != 1:
                raise IllegalAction("no_skip") if self._dice != 1 else self._not_now()
            self.phase = P_OPEN
            log.append(SKIP << 4)
        elif op == END:
            if ph != P_DECIDE or not self.passed:
                raise IllegalAction("end")
            log.append(END << 4)
            self.active = (self.active + 1) % self.n
            self._new_turn()
        elif op == ORDER:
            self._order(a)
            log.append(ORDER << 4 | len(a))
            for s in a:
                log.append(s)
        else:
            raise IllegalAction("unknown_op", op)

    def _not_now(self):
        return IllegalAction("now%d" % self.phase)

    def _open(self, w):
        ph = self.phase
        if not 0 <= w < WINDOWS:
            raise IllegalAction("no_window", w + 1)
        if ph != P_OPEN and not (ph == P_DECIDE and self._can_open_more()):
            raise IllegalAction("no_more") if ph == P_DECIDE else self._not_now()
        if self.is_open(w):
            raise IllegalAction("is_open", w + 1)
        if self.d1:
            i = self._die_for(w)
            if i < 0:
                u = self.used
                raise IllegalAction("by_dice", w + 1, "%d (%d is used)" % (
                    (self.d2, self.d1) if u == 1 else (self.d1, self.d2))
                    if u else "%d and %d" % (self.d1, self.d2))
            self.used |= 1 << i
        self.open_mask |= 1 << w
        self._closed_with[self.tokens[w]] -= 1
        self.turn_opened += 1
        self.unrewarded += 1
        self.passed = False
        self.phase = P_DECIDE

    def _guess(self, s):
        if not 0 <= s < self.n:
            raise IllegalAction("no_seat", s + 1)
        ph = self.phase
        if ph == P_DECIDE:
            if s != self.active:
                raise IllegalAction("not_yours", self.active + 1)
            if self.passed:
                raise IllegalAction("passed")
            self.active_guessed = True
            self.n_at_guess = self.closed()
            self.phase = P_CALL if self.opts["challenge_guess"] else P_REVEAL
            return
        if ph != P_CALL:
            raise self._not_now()
        if s == self.active:
            raise IllegalAction("guessed" if self.active_guessed else "declined", s + 1)
        if (self.joined >> s) & 1:
            raise IllegalAction("in_call", s + 1)
        c = self.crystals[s]
        if self._needs_funds and c < self._cost:
            raise IllegalAction("funds", s + 1, c, self._cost)
        self._joined_with[s] = c
        self._prio[s] = 16 + self.join_count  # after any seats an `order` placed
        self.join_count += 1
        self.joined |= 1 << s
        paid = c if c < self._cost else self._cost
        self.crystals[s] = c - paid
        self.crystals[self.active] += paid

    def _pass(self):
        r = self._reward
        if r == 0:
            gain = self.unrewarded
        elif r == 1:
            gain = WINDOWS - self.closed()
        else:
            gain = self.opts["decline_flat"]
        self.crystals[self.active] += gain
        self.unrewarded = 0
        self.passed = True
        if self.opts["guess_after_pass"]:
            self.n_at_guess = self.closed()
            self.phase = P_CALL
        else:
            self._no_takers()

    def _no_takers(self):
        """A pass that drew no guess: void card, a chance to open on, or next turn."""
        if self.open_mask == _ALL:
            self._end_card(self.opts["void_card_counts"])
        elif self.opts["call_after_each_window"] and self._can_open_more():
            self.phase = P_DECIDE
        else:
            self.active = (self.active + 1) % self.n
            self._new_turn()

    def _order(self, seats):
        if self.phase != P_CALL:
            raise IllegalAction("order_when")
        k = len(seats)
        if k < 2:
            raise IllegalAction("order_two")
        mask = 0
        for s in seats:
            if not 0 <= s < self.n or not (self.joined >> s) & 1:
                raise IllegalAction("not_challenger", s + 1)
            if (mask >> s) & 1:
                raise IllegalAction("twice", s + 1)
            mask |= 1 << s
        held = self._joined_with[seats[0]]
        for s in range(self.n):
            tie = (self.joined >> s) & 1 and self._joined_with[s] == held
            if tie != bool((mask >> s) & 1):
                raise IllegalAction("tie", held)
        for i in range(k):
            self._prio[seats[i]] = i

    def _reveal(self, right):
        if self.phase != P_REVEAL:
            raise self._not_now()
        guessers = self.joined | ((1 << self.active) if self.active_guessed else 0)
        if right != NOBODY and not (0 <= right < self.n and (guessers >> right) & 1):
            raise IllegalAction("no_guess", right + 1)
        n = self.n_at_guess
        losers = guessers
        if right != NOBODY:
            self.crystals[right] += n
            losers &= ~(1 << right)
            if self.opts["bystanders_lose"]:
                losers |= ((1 << self.n) - 1) & ~guessers
        for s in range(self.n):
            if (losers >> s) & 1:
                c = self.crystals[s] - n
                self.crystals[s] = c if c > 0 else 0
        self._end_card(True)

    def _end_card(self, counts):
        """The card leaves the lid (revealed or void): windows close; the next
        round, or the end of the game."""
        self._clear_lid()
        if counts:
            if self.round >= self._rounds:
                self._new_turn()
                self.phase = P_OVER
                return
            self.round += 1
        if self.opts["next_round_starter"] == "rotate":
            self.starter = (self.starter + 1) % self.n
        else:
            self.starter = (self.active + 1) % self.n
        self.active = self.starter
        self.need_card = True
        self._new_turn()

    def _card(self, tokens):
        if not self.need_card:
            raise IllegalAction("has_card")
        if len(tokens) != WINDOWS:
            raise IllegalAction("card_len", len(tokens))
        count = 0  # a nibble per number: validate before touching the state
        for t in tokens:
            if not 1 <= t <= 6:
                raise IllegalAction("token", t)
            count += 1 << (4 * t)
        if count != 0x2222220:
            for d in range(1, 7):
                if (count >> (4 * d)) & 15 != 2:
                    raise IllegalAction("pairs", d, (count >> (4 * d)) & 15)
        for i in range(WINDOWS):
            self.tokens[i] = tokens[i]
        for d in range(1, 7):
            self._closed_with[d] = 2
        self.cards += 1
        self.need_card = False

    # -- undo and replay --------------------------------------------------

    def actions(self):
        """Every action of the log, in order, as (code, a, b)."""
        for _, op, a, b in _walk(bytes(self.log)):
            yield op, a, b

    def _starts(self):
        """Offsets in the log of the latest player action and the latest roll."""
        last_player = last_roll = -1
        for i, op, _, _ in _walk(self.log):
            if op == ROLL:
                last_roll = i
            elif op != CARD:
                last_player = i
        return last_player, last_roll

    def can_undo(self):
        p, r = self._starts()
        return p >= 0 and p > r

    def undo(self):
        """Take back the latest player action and the chance that followed
        it. A roll is never taken back."""
        p, r = self._starts()
        if p < r:
            raise IllegalAction("roll_kept")
        if p < 0:
            raise IllegalAction("no_undo")
        self.replay(self.log[:p])

    def replay(self, log):
        """Reset to the start and apply a log (e.g. a journal read back);
        on an illegal action the game is left as it was."""
        old = self.log
        src = bytes(log)
        self._restart()
        try:
            for _, op, a, b in _walk(src):
                self.apply(op, a, b)
        except IllegalAction:
            self.replay(old)
            raise


def _walk(log):
    """Yield (offset, code, a, b) for each action of a log; CARD's and
    ORDER's a are fresh bytes. A log cut inside an action is refused."""
    i = 0
    while i < len(log):
        op = log[i] >> 4
        a = log[i] & 15
        b = 0
        step = 7 if op == CARD else 2 if op == ROLL else 1 + a if op == ORDER else 1
        if i + step > len(log):
            raise IllegalAction("log_end", i)
        if op == CARD:
            t = bytearray(WINDOWS)
            for j in range(WINDOWS):
                t[j] = (log[i + 1 + j // 2] >> (4 - 4 * (j & 1))) & 15
            a = bytes(t)
        elif op == ROLL:
            a = log[i + 1] >> 4
            b = log[i + 1] & 15
        elif op == ORDER:
            a = log[i + 1:i + step]
        elif op == REVEAL and a == _NONE_BYTE:
            a = NOBODY
        yield i, op, a, b
        i += step
