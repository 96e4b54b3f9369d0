"""Windows on an e-paper panel showing a digital card: the shutter interface of
drivers.shutters (open, close, close_all, set_card, is_open, busy, update,
wait, n, cards) for a board whose 12 windows are regions of one SSD1683 panel.

open(i) decodes tile i of the current card, and only it, into the frame and
queues a partial refresh; close(i) draws lid i back. Requests made while the
panel refreshes wait and go out together as one refresh. close_all() draws
every lid and queues a full refresh (clears ghosting: one per card); so does
the partial that would pass max_partials since the last full. When every
window is open the card's name is drawn below the grid, in the language the
device speaks (which_name: the index of that language among the deck's names,
given by the app), with the deck's own glyphs.

Secrecy: no buffer here ever holds an unopened window's picture. The frame
holds lids, gutters and opened tiles; the panel's "old" RAM is written only
with what the panel has just shown. After a long idle the panel sleeps."""
import time
from micropython import const

from drivers.card_layout import NAME, ROW, TILE_BYTES, Painter, region
from drivers.ssd1683 import HEIGHT, NEW, OLD

_REGIONS = const(13)  # 12 windows and the name strip
IDLE_SLEEP_MS = const(60000)
WAIT_MS = const(10000)  # the longest wait() blocks: a full refresh takes about 3 s


class EpaperShutters:
    def __init__(self, panel, deck, n=12, max_partials=15, which_name=None):
        """panel: drivers.ssd1683.SSD1683; deck: drivers.deck.Deck;
        which_name(): the index of the card name to draw (None: the first)."""
        self.panel = panel
        self.which_name = which_name
        self.deck = deck
        self.n = n
        self.max_partials = max_partials
        self.card = 0
        self.cards = deck.count  # the controller draws card k of a game as game.shuffle.deck_order(...)[k % cards]
        self.target = bytearray(n)  # 1: open, as last asked
        self.tokens = bytearray(n)  # each window's token number, on its lid (0: no card)
        self.frame = bytearray(ROW * HEIGHT)  # what the panel is to show
        for k in range(len(self.frame)):
            self.frame[k] = 0xFF  # white gutters (in place: no second 15 kB buffer)
        self.tile = bytearray(TILE_BYTES)
        mv = memoryview(self.tile)
        self._views = (mv, mv[:ROW * region(NAME)[3]])  # a window's bytes, the strip's
        self.paint = Painter(self.tile)
        self._dirty = bytearray(_REGIONS)  # changed in the frame, not yet refreshed
        self._sent = bytearray(_REGIONS)  # in the running partial: 1 closed, 2 open; to "old" after
        self._full = False
        self._ready = False  # registers set since the last reset
        self.partials = 0  # since the last full refresh
        self._idle_since = time.ticks_ms()
        self.close_all()

    # Requests
    def open(self, i):
        if self.target[i]:
            return
        self.target[i] = 1
        self.deck.tile(self.card, i, self.tile)  # read only once asked open
        self._put(i)
        if self._region_open(NAME):  # the whole picture is open: its name too
            self._name()
            self._put(NAME)
        self.update()

    def close(self, i):
        if not self.target[i]:
            return
        self.target[i] = 0
        self.paint.lid(i, self.tokens[i])
        self._put(i)
        self.paint.gutter()
        self._put(NAME)
        self.update()

    def close_all(self):
        for i in range(self.n):
            self.target[i] = 0
            self.paint.lid(i, self.tokens[i])
            self._put(i)
        self.paint.gutter()
        self._put(NAME)
        self._full = True
        self.update()

    def set_card(self, card, tokens=None):
        """Show card `card` of the deck (its index in the deck file), every
        window closed: one full refresh; tokens: each window's token number
        (a bytes-like of n, 0: none), drawn on its lid."""
        self.deck.name(card)  # checks the index before anything changes
        self.card = card
        t = self.tokens
        for i in range(self.n):
            t[i] = tokens[i] if tokens is not None else 0
        self.close_all()

    def is_open(self, i):
        return self.target[i] == 1

    def busy(self):
        if self._full or self.panel.busy():
            return True
        for r in range(_REGIONS):
            if self._dirty[r] or self._sent[r]:
                return True
        return False

    def wait(self, step_ms=5, limit_ms=WAIT_MS):
        """Block until the panel shows every request (self-test, shutdown),
        or limit_ms at most: a BUSY line stuck high must not hang Ctrl-C."""
        t = time.ticks_ms()
        while self.busy() and time.ticks_diff(time.ticks_ms(), t) < limit_ms:
            time.sleep_ms(step_ms)
            self.update()

    # The frame and the panel
    def _copy(self, r, into_frame):
        """Region r between the tile buffer and the frame."""
        xb, y, wb, h = region(r)
        f = self.frame
        t = self.tile
        k = 0
        for row in range(y, y + h):
            base = row * ROW + xb
            for c in range(base, base + wb):
                if into_frame:
                    f[c] = t[k]
                else:
                    t[k] = f[c]
                k += 1

    def _name(self):
        """The name strip at the reveal, in the device's language."""
        k = 0 if self.which_name is None else self.which_name()
        self.paint.name(self.deck.name(self.card, k), self.deck.glyph)

    def _region_open(self, r):
        if r == NAME:
            for i in range(self.n):
                if not self.target[i]:
                    return 0
            return 1
        return self.target[r]

    def _put(self, r):
        self._copy(r, True)
        self._dirty[r] = 1

    def _send(self, r, plane):
        xb, y, wb, h = region(r)
        self.panel.window(xb, y, wb, h)
        self.panel.write(plane, self._views[r == NAME])

    def _redraw(self, r, was_open):
        """Region r as the last partial showed it, into the tile buffer (it
        has changed in the frame since: opened or closed again meanwhile)."""
        if r == NAME:
            if was_open:
                self._name()
            else:
                self.paint.gutter()
        elif was_open:
            self.deck.tile(self.card, r, self.tile)  # shown already: no secret
        else:
            self.paint.lid(r, self.tokens[r])

    def update(self):
        """Move the panel on: call it often; it never waits for the panel."""
        p = self.panel
        if p.busy():
            return
        for r in range(_REGIONS):  # a partial is over: "old" gets what the glass shows
            sent = self._sent[r]
            if sent:
                self._sent[r] = 0
                if self._full:
                    continue  # the full refresh to come writes both planes whole
                if self._dirty[r]:
                    self._redraw(r, sent == 2)
                else:
                    self._copy(r, False)
                self._send(r, OLD)
        work = self._full
        for r in range(_REGIONS):
            if self._dirty[r]:
                work = True
        if not work:
            if not p.asleep and time.ticks_diff(time.ticks_ms(), self._idle_since) >= IDLE_SLEEP_MS:
                p.sleep()
                self._ready = False
            return
        if p.asleep:
            p.reset()  # busy for a moment: the next update() goes on
            self._ready = False
            return
        if not self._ready:
            p.init()
            self._ready = True
        if self.partials >= self.max_partials:
            self._full = True
        if self._full:
            p.window(0, 0, ROW, HEIGHT)
            p.write(NEW, self.frame)
            p.write(OLD, self.frame)
            p.refresh(True)
            self._full = False
            self.partials = 0
            for r in range(_REGIONS):
                self._dirty[r] = 0
        else:
            for r in range(_REGIONS):
                if self._dirty[r]:
                    self._dirty[r] = 0
                    self._sent[r] = 1 + self._region_open(r)
                    self._copy(r, False)
                    self._send(r, NEW)
            p.refresh(False)
            self.partials += 1
        self._idle_since = time.ticks_ms()
