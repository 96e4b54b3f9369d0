"""The controller: button gestures -> the mode the device is in.

It holds what every mode shares: the game store (app.store: the game, its
journal, the settings, the deck count), the card slot (app.slot), the message
shown, and the modes themselves (app/mode/: setup, play, menu, calibrate,
self-test, reload, result: the Scores page), each loaded on first use and
owning its fields, its keys,
what it draws and which windows it allows. Time comes in as `now` (ms
ticks) and outputs go through `out` (sounds, calibration, export, entropy),
so it is tested without any hardware. It never blocks."""
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int

import sys

from app import lang
from app.modes import K_CARD, K_UNDO, M_MENU, M_PLAY, M_RELOAD, M_SETUP
from app.slot import Slot
from app.store import Store
from drivers.buttons import LONG, PRESS, RELEASE, SHORT
from game import chance
from game.engine import CARD

MSG_MS = const(2500)
# app/mode/<name>.py for each mode, by its number (app.modes.M_*)
_MODES = ("setup", "play", "menu", "calibrate", "selftest", "reload", "result")


class Controller:
    def __init__(self, storage, out, clock, setup=None, digital=False):
        """storage: flash (journal, settings); out: the device's outputs;
        clock: ticks_ms/ticks_add/ticks_diff (MicroPython's `time`);
        setup: {"players", "rules", "seed"[, "dice", "secret"]} starts a game
        at once when there is no game to resume (the simulator's flags; a
        secret orders the deck as a menu game's does);
        digital: the card is a picture the device shows (the e-paper board):
        no card slot, no deck to reload, and the reveal shows the picture."""
        self.out = out
        self.clock = clock
        self.digital = digital
        self.store = st = Store(storage)
        self.slot = Slot(st, digital)
        lang.use(lang.chosen(st.settings))
        self.msg = ""
        self.msg_until = 0
        self.msg_play = False  # the message is about the game: drawn over play only
        self.version = 0  # bumped on every visible change
        self.last_key = -1
        self.play = None  # the play mode, kept from its first use: its cursor, a tie's order, the result
        self.mode = -1  # none yet: enter() sets it, and self.cur, its object
        if st.resume():
            self._playing()
            if st.deck_left() < 0 and not digital:  # the power went while the device asked for a reload
                self.enter(M_RELOAD)
        elif setup is not None:
            self.new_game(setup["players"], setup["rules"], setup.get("dice"), setup["seed"], setup.get("secret"))
        else:
            self.enter(M_SETUP)

    # -- modes -----------------------------------------------------------------

    def load(self, m):
        """Mode m's object: the play mode's, the current mode's, or a new
        one, its module imported on first use."""
        if m == M_PLAY and self.play is not None:
            return self.play
        if m == self.mode:
            return self.cur
        name = "app.mode." + _MODES[m]
        __import__(name)
        md = sys.modules[name].Mode()
        if m == M_PLAY:
            self.play = md
        return md

    def enter(self, m):
        """Switch to mode m; returns its object. A mode left, but play, is
        dropped: the next visit makes it anew."""
        md = self.load(m)
        old = self.mode
        if old != m and old != M_PLAY and old >= 0:
            self.cur.stop(self)  # the mode is left: it stops (the calibration puts back unsaved ends)
        self.mode = m
        self.cur = md
        self.version += 1
        return md

    # -- messages ----------------------------------------------------------------

    def say(self, text, now=None):
        c = self.clock
        self.msg_play = False
        self.msg = lang.tr(text)
        self.msg_until = c.ticks_add(c.ticks_ms() if now is None else now, MSG_MS)
        self.version += 1

    def boxed(self):
        """A message is drawn over the mode's screen: not over a quiet mode,
        and one about the game (the resume's) not over a menu, the setup or
        the reload, which a player must read whole."""
        return self.msg and not self.cur.QUIET and (self.mode == M_PLAY or not self.msg_play)

    def sound(self, name):
        if self.store.settings["sound"]:
            self.out.sound(name)

    def refuse(self, text, now=None):
        self.sound("refuse")
        self.say(text, now)

    def tick(self, now):
        """Time passes: messages expire, the self-test moves on."""
        if self.msg and self.clock.ticks_diff(now, self.msg_until) >= 0:
            self.msg = ""
            self.version += 1
        self.cur.tick(self, now)

    # -- the game ------------------------------------------------------------------

    def new_game(self, players, preset, dice, seed, secret=None, first=-1):
        self.store.new_game(players, preset, dice, seed, secret, first)
        lang.use(lang.chosen(self.store.settings))
        self._playing()
        self.version += 1

    def _playing(self):
        """A game was set up or resumed: play it, with the card that is in."""
        self.enter(M_PLAY).result = ""
        self.deal()
        self.slot.fresh = True  # whatever card is in is the game's

    def deal(self):
        """Deal the card the game waits for (the previous one left the lid)."""
        st = self.store
        g = st.game
        if g is not None and g.need_card and not g.over():
            st.do(CARD, chance.card(st.rng()))
            self.slot.dealt()  # a digital board shows the next picture itself
            if st.deck_left() < 0 and not self.digital:
                self.enter(M_RELOAD)

    def reload_deck(self, now):
        """A full deck is in: the count starts again (its blocker discarded)."""
        self.store.reload_deck()
        self.enter(M_PLAY if self.store.game is not None else M_SETUP)
        self.say("Reloaded: discard the blocker card", now)

    # -- input -----------------------------------------------------------------

    def key(self, k, kind, now):
        """A button event: k a key code, kind buttons.PRESS/SHORT/LONG/RELEASE."""
        if k == K_CARD:
            if (kind == PRESS or kind == RELEASE) and not self.digital:
                if self.slot.change(kind == PRESS) and self.store.deck_left() < 0 and not self.digital:
                    self.enter(M_RELOAD)  # the seen card was the deck's last
                self.cur.card(self, kind == PRESS, now)
                self.version += 1
            return
        self.last_key = k
        if k == K_UNDO:  # short: undo or back, on release; long: the menu
            if kind == LONG:
                self.enter(M_MENU).item = 0
            elif kind == SHORT:
                self.cur.back(self, now)
                self.version += 1
            return
        if kind != PRESS:  # everything else acts on the press, for speed
            return
        self.cur.key(self, k, now)
        self.version += 1

    # -- what the outputs show ------------------------------------------------------

    def windows(self):
        """The 12-bit mask of windows that may be open now (the mode's say)."""
        return self.cur.windows(self)

