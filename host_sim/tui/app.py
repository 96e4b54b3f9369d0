"""The terminal app: the device's step() runs on the virtual clock, kept up
with the wall clock by a timer; a key schedules a button press on that clock
and returns at once, so the screen never waits for the device."""
import os
import sys
import time
from collections import deque

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from host_sim import ROOT
from host_sim.tui import view
from emu import clock  # noqa: E402 (view put the emulated parts on the path)
from game import engine  # noqa: E402

TICK_S = 0.025  # how often the device catches up with the wall clock
SLICE_MS = 25  # virtual time run between two looks at the key queue
MAX_LAG_MS = 250  # after a stall, the device skips time rather than racing
GAP_MS = 60  # released between two queued presses, so each is its own press
KEYS = "123456rnopuUc"
HELP = "1-6 seats  r ROLL  n NEXT  o OK  p PASS  u UNDO  U menu  c card  q quit"  # fits 80 columns
OLED_BLOCKS = (130, 34)  # the OLED at two pixels a cell, with its border
OLED_BRAILLE = (66, 18)  # eight pixels a cell (braille dots), with its border
SCORES_H = 5  # the score panel's lines, with its border
PICTURES = os.path.join(ROOT, "web", "page", "pictures")
# the built-in cards, one after another as the page shows them: file, then
# the name in each of the device's languages (app.lang.LANGS)
CARDS = (("lighthouse", "a lighthouse", "灯塔", "燈塔"), ("balloon", "a hot-air balloon", "热气球", "熱氣球"),
         ("owl", "an owl", "猫头鹰", "貓頭鷹"), ("sailboat", "a sailboat", "帆船", "帆船"),
         ("cactus", "a cactus", "仙人掌", "仙人掌"), ("rocket", "a rocket", "火箭", "火箭"))


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
    TITLE = "Macroscope: the device on an emulated board"
    CSS = """
    #left { width: auto; height: 100%; }
    #oled { border: round rgb(80,80,80); }
    #lid { border: round rgb(80,80,80); }
    #scores { border: round rgb(80,80,80); height: auto; padding: 0 1; }
    #help { dock: bottom; height: 1; color: rgb(160,160,160); }
    """

    def __init__(self, session, picture=None, realtime=True):
        """session: an emu Session; picture: the card under the lid for every
        card (a file or a Pillow image), or None: the six built-in pictures,
        a new one for each card; realtime False: time moves only by advance()
        (tests)."""
        super().__init__()
        self.session = session
        self.picture = picture
        self.cards = None  # the built-in pictures, loaded when first shown
        self.fitted = {}  # (picture, lid size) -> (x, y) -> rgb
        self.geom = view.GEOM
        self.realtime = realtime
        self.queue = deque()
        self.busy_until = 0  # virtual us: the last queued press is over
        self.boots = session.reboots
        self.owed = 0.0  # virtual ms behind the wall clock
        self.shown = None  # the OLED as last drawn
        self.lid_shown = self.scores_shown = None

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                oled = Static(id="oled")
                oled.border_title = "OLED"
                yield oled
                yield Static(id="scores")
            lid = Static(id="lid")
            lid.border_title = "lid"
            yield lid
        yield Static(HELP, id="help")

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

    def redraw(self):
        s = self.session
        emu = s.emu
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
        text = view.scores(s.game(), s.card, s.reboots, self.answer(), view.seat_lights(emu))
        if text != self.scores_shown:
            self.scores_shown = text
            self.query_one("#scores").update(text)


    def card_picture(self):
        """Which picture is under the lid: the user's, or the built-in one
        of the game's current card (0 before a game)."""
        if self.picture is not None:
            return -1
        g = self.session.game()
        return (g.cards - 1) % len(CARDS) if g is not None and g.cards else 0

    def fitted_picture(self, k):
        key = (k, self.geom.picture_size)
        if key not in self.fitted:
            if k < 0:
                img = self.picture
            else:
                if self.cards is None:
                    self.cards = [view.load_picture(os.path.join(PICTURES, f + ".svg")) for f, *_ in CARDS]
                img = self.cards[k]
            self.fitted[key] = view.fit_picture(img, self.geom)
        return self.fitted[key]

    def answer(self):
        """At the reveal, once the card is out (or the e-paper panel shows it
        whole): what the picture is, to check the guesses against."""
        s = self.session
        g = s.game()
        if g is None or g.phase != engine.P_REVEAL:
            return ""
        lang = sys.modules.get("app.lang")  # the device's, in this process (not on the emulated Pico)
        k = lang.LANGS.index(lang.code) if lang is not None else 0
        sh = s.dev.hw.shutters
        if getattr(sh, "deck", None) is not None:  # named once the panel shows it whole (the second press)
            return sh.deck.name(sh.card, k) if all(sh.is_open(i) for i in range(sh.n)) else ""
        if s.card or self.picture is not None:
            return ""
        return CARDS[self.card_picture()][1 + k]


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
    try:
        with press.session(args) as s:
            SimApp(s, picture).run()
    except press.UsageError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
