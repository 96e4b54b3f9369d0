"""The terminal app: the device's step() runs on the virtual clock, kept up
with the wall clock by a timer; a key schedules a button press on that clock
and returns at once, so the screen never waits for the device."""
import time
from collections import deque

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from host_sim.tui import view
from emu import clock  # noqa: E402 (view put the emulated parts on the path)

TICK_S = 0.025  # how often the device catches up with the wall clock
SLICE_MS = 25  # virtual time run between two looks at the key queue
MAX_LAG_MS = 250  # after a stall, the device skips time rather than racing
GAP_MS = 60  # released between two queued presses, so each is its own press
KEYS = "123456rnopuUc"
HELP = ("1-6 seats  r ROLL  n NEXT  o OK  p PASS  u UNDO  U long UNDO  "
        "c card out/in  q quit")
BLOCKS_W = 130 + view.LID_W + 2  # the OLED at a cell per two pixels beside the lid
BLOCKS_H = 34 + 1


class SimApp(App):
    TITLE = "Macroscope: the device on an emulated board"
    CSS = """
    #oled { border: round rgb(80,80,80); width: 66; height: 18; }
    #oled.blocks { width: 130; height: 34; }
    #side { width: %d; height: auto; }
    #lid { border: round rgb(80,80,80); width: %d; height: %d; }
    #scores { border: round rgb(80,80,80); height: auto; padding: 0 1; }
    #help { dock: bottom; height: 1; color: rgb(160,160,160); }
    """ % (view.LID_W + 2, view.LID_W + 2, view.LID_H + 2)

    def __init__(self, session, picture=None, realtime=True):
        """session: an emu Session; picture: (x, y) -> rgb of the card under
        the lid (view.fit_picture); realtime False: time moves only by
        advance() (tests)."""
        super().__init__()
        self.session = session
        self.picture = picture
        self.realtime = realtime
        self.queue = deque()
        self.busy_until = 0  # virtual us: the last queued press is over
        self.boots = session.reboots
        self.owed = 0.0  # virtual ms behind the wall clock
        self.shown = None  # the OLED as last drawn
        self.lid_shown = self.scores_shown = None

    def compose(self) -> ComposeResult:
        with Horizontal():
            oled = Static(id="oled")
            oled.border_title = "OLED"
            yield oled
            with Vertical(id="side"):
                lid = Static(id="lid")
                lid.border_title = "lid"
                yield lid
                yield Static(id="scores")
        yield Static(HELP, id="help")

    def on_mount(self):
        self.on_resize()
        self.redraw()
        if self.realtime:
            self.last = time.monotonic()
            self.set_interval(TICK_S, self.tick)

    def on_resize(self, event=None):
        wide = self.size.width >= BLOCKS_W and self.size.height >= BLOCKS_H
        self.query_one("#oled").set_class(wide, "blocks")
        self.shown = None

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
        state = view.lid_state(emu, s.dev.hw.cfg)
        if state != self.lid_shown:
            self.lid_shown = state
            self.query_one("#lid").update(view.lid(state, self.picture))
        text = view.scores(s.game(), s.card, s.reboots)
        if text != self.scores_shown:
            self.scores_shown = text
            self.query_one("#scores").update(text)


def main(args):
    """`python -m host_sim sim`: returns the exit status."""
    import sys
    from host_sim import press
    picture = None
    if args.picture is not None:
        try:
            picture = view.fit_picture(args.picture)
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
