"""The terminal app: the device's step() runs on the virtual clock, kept up
with the wall clock by a timer; a key schedules a button press on that clock
and returns at once, so the screen never waits for the device."""
import os
import random
import sys
import time
from collections import deque

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from host_sim import FIRMWARE, hw
from host_sim.tui import view
from host_sim.tui.words import lang_index, w
from emu import clock  # noqa: E402 (view put the emulated parts on the path)
from game import engine  # noqa: E402


def _deflate():
    """The deck's zlib reader: the CircuitPython build's fakes have no
    `deflate` (CircuitPython has none), so the MicroPython fakes' one."""
    try:
        import deflate  # noqa: F401
    except ImportError:
        import importlib.util
        spec = importlib.util.spec_from_file_location("deflate", os.path.join(hw.FAKES, "deflate.py"))
        sys.modules["deflate"] = mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)


_deflate()
from emu import deckcards  # noqa: E402 (the built-in deck, read as the e-paper board reads it)

TICK_S = 0.025  # how often the device catches up with the wall clock
SLICE_MS = 25  # virtual time run between two looks at the key queue
MAX_LAG_MS = 250  # after a stall, the device skips time rather than racing
GAP_MS = 60  # released between two queued presses, so each is its own press
KEYS = "123456rnopuUc"
OLED_BLOCKS = (130, 34)  # the OLED at two pixels a cell, with its border
OLED_BRAILLE = (66, 18)  # eight pixels a cell (braille dots), with its border
SCORES_H = 5  # the score panel's lines, with its border
ROOT = FIRMWARE.rstrip("/") + "/"  # the firmware tree: its built-in deck


def layout(width, height):
    """The panels for a terminal of width x height cells: (OLED in blocks?,
    OLED with its border?, the lid's Geom, the lid with its border?). The
    OLED and the scores stand on the left, the lid takes what is left."""
    rows = height - 1  # the help line
    for blocks, (ow, oh) in ((True, OLED_BLOCKS), (False, OLED_BRAILLE)):
        if width - ow >= 4 * 5 + 2 and rows - oh >= SCORES_H or not blocks:
            break
    border = width - ow >= 4 * 4 + 2 and rows - oh >= SCORES_H - 2
    if not border:
        ow, oh = ow - 2, oh - 2
    lw, lh = width - ow, rows
    lid_border = lw >= 4 * 4 + 2 and lh >= 3 * 4 + 2
    geom = view.Geom.fit(lw - 2 * lid_border, lh - 2 * lid_border)
    return blocks, border, geom, lid_border


class SimApp(App):
    TITLE = w("title", 0)
    CSS = """
    #left { width: auto; height: 100%; }
    #oled { border: round rgb(80,80,80); }
    #lid { border: round rgb(80,80,80); }
    #scores { border: round rgb(80,80,80); height: auto; padding: 0 1; }
    #help { dock: bottom; height: 1; color: rgb(160,160,160); }
    """

    def __init__(self, session, picture=None, realtime=True, saved=None):
        """session: an emu Session; picture: the card under the lid for every
        card (a file or a Pillow image), or None: the built-in deck's
        pictures, a new one for each card (emu.deckcards); realtime False:
        time moves only by advance() (tests); saved: where an exported
        game.rec is kept (tui.saved)."""
        super().__init__()
        self.session = session
        self.saved = saved
        self.exports = 0  # the exports said on the help line (until the next key)
        self.picture = picture
        self.fitted = {}  # (picture, lid size) -> (x, y) -> rgb
        self.geom = view.GEOM
        self.realtime = realtime
        self.queue = deque()
        self.busy_until = 0  # virtual us: the last queued press is over
        self.boots = session.reboots
        self.owed = 0.0  # virtual ms behind the wall clock
        self.shown = None  # the OLED as last drawn
        self.lid_shown = self.scores_shown = None
        self.lang = -1  # the language the terminal's words are in

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                yield Static(id="oled")
                yield Static(id="scores")
            yield Static(id="lid")
        yield Static(w("help", 0), id="help")

    def on_mount(self):
        self.fit(self.size.width, self.size.height)
        self.redraw()
        if self.realtime:
            self.last = time.monotonic()
            self.set_interval(TICK_S, self.tick)

    def on_resize(self, event):
        self.fit(event.size.width, event.size.height)  # the event's size: self.size may lag
        self.redraw()

    def fit(self, width, height):
        """Size the panels to the terminal (layout()) and draw them anew."""
        blocks, border, geom, lid_border = layout(width, height)
        oled = self.query_one("#oled")
        oled.set_class(blocks, "blocks")
        ow, oh = OLED_BLOCKS if blocks else OLED_BRAILLE
        oled.styles.border = ("round", "rgb(80,80,80)") if border else ("none", "black")
        oled.styles.width, oled.styles.height = ow - 2 * (not border), oh - 2 * (not border)
        self.query_one("#scores").styles.width = ow - 2 * (not border)
        lid = self.query_one("#lid")
        lid.styles.border = ("round", "rgb(80,80,80)") if lid_border else ("none", "black")
        lid.styles.width, lid.styles.height = geom.width + 2 * lid_border, geom.height + 2 * lid_border
        if geom.picture_size != self.geom.picture_size:
            self.fitted.clear()  # fitted to the old size: a terminal dragged about would keep them all
        self.geom = geom
        self.shown = self.lid_shown = None

    def on_key(self, event):
        k = event.character
        if k == "q":
            self.exit()
        elif k is not None and k in KEYS:
            if self.exports:
                self.query_one("#help").update(w("help"))
            self.queue.append(k)
            self.feed()
        else:
            return
        event.stop()

    def tick(self):
        now = time.monotonic()
        ms = min((now - self.last) * 1000, MAX_LAG_MS)
        self.last = now
        self.advance(ms)

    def feed(self):
        """Press the next queued key once the last press is over."""
        s = self.session
        if s.reboots != self.boots:  # the clock started again from zero
            self.boots = s.reboots
            self.busy_until = 0
        while self.queue and clock.now_us() >= self.busy_until:
            hold = s.push(self.queue.popleft())
            self.busy_until = clock.now_us() + ((hold + GAP_MS) * 1000 if hold else 0)

    def advance(self, ms):
        """Run the device for ms of virtual time, then redraw."""
        self.owed += ms
        while self.owed >= 1:
            self.feed()
            t0 = clock.now_us()
            run = min(self.owed, SLICE_MS)
            self.session.run(run)
            dt = (clock.now_us() - t0) / 1000
            self.owed -= dt if dt > 0 else run  # a reboot restarted the clock
        self.feed()
        self.redraw()

    def speak(self):
        """The terminal's own words in the language the device speaks now."""
        k = lang_index()
        if k != self.lang:
            self.lang = k
            self.title = w("title", k)
            self.query_one("#oled").border_title = w("oled", k)
            self.query_one("#lid").border_title = w("lid", k)
            self.query_one("#help").update(w("help", k))
            self.scores_shown = None

    def redraw(self):
        s = self.session
        emu = s.emu
        self.speak()
        oled = self.query_one("#oled")
        panel = emu.oled
        key = (bytes(panel.ram), panel.on, panel.inverted, panel.seg_remap, panel.com_flip, oled.has_class("blocks"))
        if key != self.shown:
            self.shown = key
            px = view.oled_pixels(panel)
            oled.update(view.oled_blocks(px) if oled.has_class("blocks") else view.oled_braille(px))
        state = (view.lid_state(emu, s.dev.hw.cfg, self.geom, s.dev.hw.shutters), self.card_picture())
        if state != self.lid_shown:
            self.lid_shown = state
            self.query_one("#lid").update(view.lid(state[0], self.fitted_picture(state[1]), self.geom))
        if self.saved is not None:  # the help line says where an exported record went, till the next key
            self.saved.watch(s.dev)
            if self.saved.exports != self.exports:
                self.exports = self.saved.exports
                self.query_one("#help").update(self.saved.said)
        text = view.scores(s.game(), s.card, s.reboots, self.answer(), self.lang, view.seat_lights(emu))
        if text != self.scores_shown:
            self.scores_shown = text
            self.query_one("#scores").update(text)


    def card_picture(self):
        """Which picture is under the lid: the user's (-1), the built-in
        deck's picture of the game's current card, or None before a game."""
        if self.picture is not None:
            return -1
        return deckcards.card_index(self.session.dev, ROOT)

    def fitted_picture(self, k):
        if k is None:
            return None
        key = (k, self.geom.picture_size)
        if key not in self.fitted:
            if k < 0:
                img = self.picture
            else:
                from PIL import Image
                data, width, height = deckcards.rows(deckcards.deck(ROOT), k)
                img = Image.frombytes("1", (width, height), bytes(data)).convert("RGB")
            self.fitted[key] = view.fit_picture(img, self.geom)
        return self.fitted[key]

    def answer(self):
        """At the reveal, once the card is out (or the e-paper panel shows it
        whole): what the picture is, from the deck in the device's language."""
        s = self.session
        g = s.game()
        if g is None or g.phase != engine.P_REVEAL:
            return ""
        sh = s.dev.hw.shutters
        if sh.cards:  # named once the panel shows it whole (the second press)
            return sh.deck.name(sh.card, lang_index()) if all(sh.is_open(i) for i in range(sh.n)) else ""
        if s.card or self.picture is not None:
            return ""
        return deckcards.deck(ROOT).name(self.card_picture(), lang_index())


def fresh(args):
    """A game started at once with no --seed: a fresh seed and deck secret
    (repeatable with --secret), so its pictures and dice are new each run."""
    from host_sim.flags import setup_of
    if getattr(args, "seed", None) is None and setup_of(args) is not None:
        rng = random.Random(args.secret) if getattr(args, "secret", None) is not None else random.SystemRandom()
        args.seed = rng.getrandbits(32)
        args.deck_secret = rng.getrandbits(64)


def main(args):
    """`python -m host_sim sim`: returns the exit status."""
    import sys
    from host_sim import press
    picture = None
    if args.picture is not None:
        try:
            picture = view.load_picture(args.picture)
        except (OSError, ValueError) as e:  # Pillow: OSError for a file it cannot read
            why = getattr(e, "strerror", None) or "not a picture Pillow can read"
            print("--picture: %s: %s" % (args.picture, why), file=sys.stderr)
            return 2
    fresh(args)
    try:
        with press.session(args) as s:
            from host_sim.tui.saved import Saved
            SimApp(s, picture, saved=Saved(args.flash)).run()
    except press.UsageError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
