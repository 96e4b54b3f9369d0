"""The device: one non-blocking step() that polls the buttons, advances the
controller and drives the outputs. main.py calls it from an asyncio loop;
the simulator, `press` and the tests call the same step() on a virtual clock.

A step never sleeps or waits: the shutters move on their own schedule, the
buzzer plays its tune a note per step, the frame is drawn a part a step
(app.frame: at most about 2 ms each on the RP2040) and the OLED gets
at most half a changed page (64 bytes, about 1.5 ms at 400 kHz) per step, so a
press is never held up behind a whole frame. The long jobs take a step
each: the keys (with the journal, written after the servos have their
pulses), the lights, a part of the frame, then its pages, sent only once
the frame is whole; a change is on the OLED a few steps later."""
import time

from app import frame, lang, lights
from app.controller import Controller
from app.modes import KEY_NAMES

EXPORT = "game.rec"
_FIRST_POLLS = 10  # 20 ms before the first screen: drivers.buttons takes a level 15 ms (lock_ms) after it began, two polls agreeing
_PER_STEP = 9  # pixels set a step (Device._light): 18 in two steps
FLASH_FULL = "Flash full: play goes on, not saved"
TUNES = {
    "roll": ((988, 40), (0, 30), (1319, 60)),
    "open": ((1568, 30),),
    "refuse": ((196, 160),),
    "reveal": ((784, 90), (988, 90), (1319, 200)),
}


class Outputs:
    """What the controller may ask of the hardware."""

    def __init__(self, hw, storage):
        self.hw = hw
        self.storage = storage

    def sound(self, name):
        self.hw.buzzer.play(TUNES[name])

    def pulses(self, i):
        s = self.hw.shutters
        return s.open_us[i], s.closed_us[i]

    def calibrate(self, i, open_us, closed_us):
        self.hw.shutters.calibrate(i, open_us, closed_us)

    def save_calibration(self):
        self.hw.shutters.save_calibration()

    def export(self, text):
        self.storage.write(EXPORT, text.encode())

    def entropy(self, n=4):
        """A new game's n-byte number: n bytes of the RP2040's hardware random
        source (the port's urandom: its ring oscillator) mixed with the
        microsecond counter at Start. 4 bytes: the seed of the dice and
        layouts; 8: the deck order's secret. (The
        emulated board's source repeats from power-up: menu games repeat there.)"""
        return (int.from_bytes(self.hw.urandom(n), "big") ^ int(time.ticks_us()) * 0x9E3779B1) % (1 << 8 * n)


class Device:
    def __init__(self, hw, storage, setup=None):
        """hw: app.hardware.Hardware (its shutters closed all at power-up);
        setup: start this game if there is none to resume (simulator flags)."""
        self.hw = hw
        self.out = Outputs(hw, storage)
        hw.watchdog.start()  # from here a stalled loop resets the board, and the game resumes
        self.ctl = Controller(storage, self.out, time, setup, digital=hw.shutters.cards > 0)
        if not self.ctl.digital:
            self.ctl.slot.lid = hw.shutters  # a new card goes in once its windows are closed
        # the controller's key for each of the driver's buttons (in wiring order)
        names = hw.buttons.names
        self.keys = bytearray(len(names))
        for i in range(len(names)):
            self.keys[i] = KEY_NAMES.index(names[i])
        self.shown_version = -1  # the state the frame drawn (or being drawn) shows
        self.frame = None  # the frame being drawn: its parts to come (app.frame)
        self.dirty = False  # the frame (drawn, or being drawn) differs from the panel
        self.next_page = 0
        self.mask = -1  # the windows asked open, as last sent to the shutters
        self.game_shown = None  # the game and card the shutters were last given
        self.card_shown = 0
        self.colours = bytearray(hw.pixels.n)  # a pixel a window (the board config checks)
        self.lit = bytearray(hw.pixels.n)
        self.lit[0] = 255  # differs from any palette index: the first step lights
        self.lit_version = -1
        self.lit_due = False  # colours the strip has not been given yet: set at steps of their own
        self.lit_next = 0  # the next pixel _light sets
        self.win_version = -1  # the controller's version the windows' mask was last worked out at
        self.full_seen = -1  # the journal entry the "flash full" notice was last given at
        st = self.ctl.store
        if st.report:
            self.ctl.say(st.report)
        elif st.resumed and st.game is not None:  # after a power cut: the table sees where it stands
            self.ctl.say("Resumed: round %d, P%d")
            self.ctl.msg = self.ctl.msg % (st.game.round, st.game.active + 1)
            self.ctl.msg_play = True  # the game's: a menu opened now, or the reload, is not hidden
        if st.journal.damaged:
            self.ctl.say("Game file damaged: kept as game.bad")
        why = getattr(hw.shutters, "why", "")
        if why:  # the shutters move by the board config's ends: the REPL shows which value was refused
            print(why)
            self.ctl.say("calib.json refused: calibrate again")
        if hw.oled is None:  # a missing OLED must not stop play: the buzzer says it is gone
            hw.buzzer.play(TUNES["refuse"])

    def step(self):
        """One pass: inputs, controller, outputs. Never blocks.
        At rest a step is a few checks. MicroPython puts a called function's
        frame on the heap when it needs more than 11 words (locals and stack):
        an allocation and a free per call, slow on a fragmented heap. So this
        and what it calls at rest stay small, and the long jobs (the keys,
        the windows' mask, the lights, the frame) run only when there is
        something to do."""
        self.hw.watchdog.feed()
        b = self.hw.buttons
        b.poll()
        now = time.ticks_ms()
        ctl = self.ctl
        busy = b.tail != b.head  # this step does one of the long jobs: the others wait for the next
        if busy:
            self._keys(b, now)
        else:
            busy = self.out.storage.holding
            if busy:  # the last keys' journal entries: their servos had their pulses a step ago
                self._save(now)
            ctl.tick(now)
            self._shutters()
        self.hw.buzzer.update()
        if not busy and ctl.version != self.lit_version:
            self._pixels()
        elif not busy and self.lit_due:
            self.lit_due = False
            self._light()
        elif not busy and (self.dirty or ctl.version != self.shown_version):  # at rest: no call
            self._oled()

    def _keys(self, b, now):
        """The button events waiting. Their journal entries are held in RAM
        and written at the next step (_save), once the servos have their
        pulses: a key's step and the journal's append each stay short."""
        ctl = self.ctl
        st = self.out.storage
        st.holding = True
        try:
            while True:
                e = b.get()
                if e < 0:
                    break
                ctl.key(self.keys[e >> 2], e & 3, now)
            ctl.tick(now)
            self._shutters()
        except BaseException:  # what was applied is written before the error goes on
            st.flush()
            raise

    def _save(self, now):
        """Write the journal entries held since the last keys."""
        st = self.out.storage
        st.flush()
        ctl = self.ctl
        if st.full and ctl.store.journal.entries != self.full_seen:
            self.full_seen = ctl.store.journal.entries  # said again at every action not saved
            ctl.refuse(FLASH_FULL, now)

    def _shutters(self):
        if self.ctl.version != self.win_version:  # the windows' mask changes only with what is shown
            self.win_version = self.ctl.version
            self._windows()
        self.hw.shutters.update()
        if self.ctl.slot.settled():  # the new card may go in now: the screen says so
            self.ctl.version += 1

    def _windows(self):
        s = self.hw.shutters
        g = self.ctl.store.game
        if g is not None and (g is not self.game_shown or g.cards != self.card_shown):
            self.game_shown = g
            self.card_shown = g.cards
            s.set_card(self._picture(g.cards - 1), g.tokens)  # every window closes; the lids show the tokens
            self.mask = -1
        m = self.ctl.windows()
        if m != self.mask:
            for i in range(s.n):
                if (m >> i) & 1:
                    if not s.is_open(i):
                        try:
                            s.open(i)
                        except ValueError as e:  # a damaged picture in the deck: play goes on
                            self.ctl.say(str(e))
                elif s.is_open(i):
                    s.close(i)
            self.mask = m

    def _picture(self, k):
        """Card k of this game: a printed card needs no number; a digital
        board shows the deck's pictures in an order drawn from the game's
        deck secret (or, in a game given only a seed, from the seed)."""
        n = self.hw.shutters.cards
        if not n:
            return k
        from game.shuffle import deck_order
        st = self.ctl.store
        return deck_order(st.seed, n, st.secret)[k % n]

    def _pixels(self):
        """The lights' colours, once the state has changed (no legal() list
        built every 2 ms); they go to the strip at a step of their own
        (_light): the first step after a change also builds the legal actions,
        and with the strip's bytes it passed 4 ms (rp2040_step_us_p99)."""
        self.lit_version = self.ctl.version
        lights.fill(self.ctl, self.colours)
        self.lit_due = self.colours != self.lit
        self.lit_next = 0

    def _light(self):
        """The colours into the strip's bytes, _PER_STEP pixels a step, then
        onto its wire (0.6 ms) at the last: a pixel set costs about 0.15 ms on
        the RP2040, and all 18 with the wire passed 4 ms (rp2040_step_us_p99)."""
        px = self.hw.pixels
        i = self.lit_next
        end = min(px.n, i + _PER_STEP)
        while i < end:
            k = self.colours[i]
            self.lit[i] = k
            r, g, b = lights.PALETTE[k]
            px.set(i, r, g, b)
            i += 1
        if i < px.n:
            self.lit_next = i
            self.lit_due = True
            return
        self.lit_next = 0
        px.show()

    def _oled(self):
        """A part of the frame (a newer state's restarts it), or once it is
        whole the next half page that changed."""
        oled = self.hw.oled
        if self.ctl.version != self.shown_version:
            self.shown_version = self.ctl.version
            if oled is None:
                return
            self.frame = frame.frame(oled, self.ctl)
            self.dirty = True
        f = self.frame
        if f is not None:  # no page goes out of a half-drawn frame
            self._part(f)
            return  # its pages go from the next step on
        parts = oled.parts  # the driver's: 16 half pages (8 pages on CircuitPython)
        for k in range(parts):  # the next one that changed, if any
            p = (self.next_page + k) % parts
            if oled.show_part(p):
                self.next_page = (p + 1) % parts
                return
        self.dirty = False  # the panel holds the whole frame

    def show_now(self):
        """The boot's first screen, whole and sent at once, once the inputs
        read as they stand (the card in its slot: the buttons' driver takes a
        level from two polls in a row). No press can wait behind it (nothing
        was shown to press for); drawn a part a step, then a half page a step,
        it came 137 ms after the game was resumed (rp2040_boot_resumed_ms)."""
        b = self.hw.buttons
        for _ in range(_FIRST_POLLS):
            time.sleep_ms(2)
            b.poll()
        if b.tail != b.head:
            self._keys(b, time.ticks_ms())  # their journal entries, if any, go at the loop's first step
        oled = self.hw.oled
        if oled is None:
            return
        self.shown_version = self.ctl.version
        self.frame = None
        frame.draw(oled, self.ctl)
        oled.show()
        self.dirty = False

    def _part(self, f):
        try:
            next(f)
        except StopIteration:
            self.frame = None

    def stop(self):
        """The loop stops on purpose (Ctrl-C over USB): close the lid and keep
        the watchdog fed while the REPL is used."""
        self.out.storage.flush()  # the last keys' entries, if the stop came before their step
        self.hw.shutters.close_all()
        self.hw.shutters.wait()
        self.hw.buzzer.quiet()
        self.hw.watchdog.keep_fed()

    def fail(self, err):
        """An unexpected error: every window closes and the error is shown;
        main.py resets the board a few seconds later and the game resumes."""
        try:  # the last keys' entries, if the error came before their step
            self.out.storage.flush()
        except Exception:  # noqa: BLE001 - the flash itself failed: the lid comes first
            pass
        try:  # its code is loaded only now: no RAM while playing
            from app.broken import describe, fail
        except Exception:  # noqa: BLE001 - no memory even for that: the lid first, no words
            self.hw.shutters.close_all()
            return
        fail(self.hw, "ERROR, restarting: " + describe(err))


def guard(dev, loop, reset, pause):
    """Run the device's loop, as main.py and CircuitPython's code.py do. Ctrl-C
    (mpremote, or the REPL) stops it with the lid closed and the watchdog fed;
    any other error closes every window and shows the error, and pause(5)
    seconds later reset() restarts the board, whose boot resumes the game."""
    try:
        loop()
    except KeyboardInterrupt:
        if isinstance(dev, Device):
            dev.stop()
    except Exception as e:  # anything at all: make the lid safe first
        try:
            dev.fail(e)
        except Exception:  # noqa: BLE001 - fail() guards itself; the reset must come all the same
            pass
        pause(5)
        reset()


def boot(loop, reset, pause, port=None, storage=None):
    """Power-up to play, as main.py and CircuitPython's code.py run it: an
    error while starting (a lost part, a damaged file, no memory) is shown
    with the LED blinking and every window driven closed, never a boot
    loop; then the device's loop runs under guard()."""
    try:
        dev = start(port=port, storage=storage)
    except Exception as e:  # noqa: BLE001 - start() catches what it knows: this is the rest
        from app.broken import Broken, describe
        dev = Broken("boot: " + describe(e), "", port)
    guard(dev, lambda: loop(dev), reset, pause)


def start(name=None, root="", storage=None, setup=None, port=None):
    """Boot as the board does: load and check the board config, build the
    drivers (the shutters close all first), then resume or set up a game.
    port: the runtime's primitives (app.port on MicroPython, cp.port on
    CircuitPython). Returns the Device, or a Broken that shows what is
    wrong and blinks."""
    from app import board, hardware
    from drivers.storage import Storage
    lang.root = root  # the text tables and the glyph file are under the firmware's root
    if port is None:
        from app import port
    storage = storage if storage is not None else Storage(root)
    try:
        cfg = board.load(name, root)
    except board.ConfigError as e:
        from app.broken import Broken
        return Broken(str(e), root, port)
    why = hardware.unsupported(cfg, port)
    if why is not None:
        from app.broken import Broken
        return Broken(why, root, port)
    try:
        hw = hardware.Hardware(cfg, port, storage)
    except Exception as e:  # noqa: BLE001 - a part missing or a deck damaged: shown, not a boot loop
        from app.broken import Broken, missing
        return Broken("boot: " + missing(cfg, port, e), root, port)
    try:
        dev = Device(hw, storage, setup)
    except Exception as e:  # noqa: BLE001 - resume failed (memory, flash): the windows close first
        from app.broken import Broken, describe
        return Broken("boot: " + describe(e), root, port, hw)
    dev.show_now()
    import gc
    if hasattr(gc, "threshold"):  # MicroPython: collect every 64 KB allocated, not only once the heap is full:
        gc.threshold(65536)  # garbage left lying makes each later allocation search further (a heap frame's too)
    return dev
