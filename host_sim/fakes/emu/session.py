"""Scripted play on the emulated board (CPython or the MicroPython VM): boot
the firmware's device as main.py does, press keys on the virtual clock, and
reboot the board when its watchdog fires or a step raises, as a Pico would.

Keys are the `press` letters: 1-6 the seat buttons, r ROLL, n NEXT, o OK,
p PASS, u UNDO, U a long UNDO, c the card (pull it out, or put one in);
~MS waits MS of virtual time with nothing pressed (~604800000: a week)."""
from emu import clock, world
from emu.board import Board

STEP_MS = 2  # main.py's loop: a step, then 2 ms of sleep
HOLD_MS = 80  # a press, held
LONG_MS = 1000  # a long press (the buttons driver's long_ms is 800)
REACT_MS = 300  # after the release: time for the device to react
BOOT_MS = 20  # after power-up: the first steps before anyone presses a key
BOOT_LOOP = 20  # resets in a row without one whole step: the emulation gives up
CONTROLS = {"r": "roll", "n": "next", "o": "ok", "p": "pass", "u": "undo", "U": "undo"}
WAIT_MOST = 30 * 24 * 3600 * 1000  # ms: a ~MS wait's limit


def _said(k):
    """A key as an error line quotes it: control bytes escaped, 40 characters at most."""
    out = "".join("\\x%02x" % ord(c) if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in k)
    return "'%s'" % (out if len(out) <= 40 else out[:37] + "...")


class BootLoop(RuntimeError):
    pass


class Keys:
    """Key presses on an emulated board's buttons, on the virtual clock: the
    board's owner has emu (emu.board.Board), card, down ({}), run(ms) and
    wait(ms)."""
    emu: "Board"
    card: "bool"
    down: "dict"

    def run(self, ms):
        raise NotImplementedError

    def wait(self, ms):
        raise NotImplementedError

    def push(self, k):
        """Start pressing key k now and return at once: the press, its hold
        and release are scheduled on the virtual clock. Returns the ms the
        gesture lasts (0 for the card, which just changes)."""
        if k == "c":
            self.card = not self.card
            self.emu.card.set(self.card)
            return 0
        hold = LONG_MS if k == "U" else HOLD_MS
        self.button(k).press(hold)
        return hold

    def button(self, k):
        """The emulated button of key k (not the card)."""
        if k in CONTROLS:
            return self.emu.buttons[CONTROLS[k]]
        if len(k) == 1 and k.isdigit() and "seat" + k in self.emu.buttons:  # the board's seats, from 1
            return self.emu.buttons["seat" + k]
        raise ValueError("unknown key %s (1-6, r, n, o, p, u, U, c)" % _said(k))

    def hold(self, k):
        """Key k goes down now and stays down until release(k): a button held
        for as long as a person holds it (the web page's pointer)."""
        self.button(k).set(True)
        self.down[k] = clock.now_us()

    def release(self, k):
        """Key k comes up now, or HOLD_MS after it went down if that is later:
        a tap as short as a click is still a whole press, as push(k) makes it."""
        t = self.down.pop(k, None)
        if t is not None:
            self.button(k).set(False, max(clock.now_us(), t + HOLD_MS * 1000))

    def key(self, k, react_ms=REACT_MS):
        """Press and release one key, then give the device react_ms; ~MS waits."""
        if k[0] == "~":
            self.wait(self.wait_ms(k))
        else:
            self.run(self.push(k) + react_ms)

    def wait_ms(self, k):
        """The ms of a wait token ~MS; ValueError naming a bad one. At most
        30 days: a longer jump confuses the firmware's tick arithmetic."""
        ms = k[1:].lstrip("0") or k[1:2]  # leading zeros: still the number
        if not ms or not all("0" <= c <= "9" for c in ms):
            raise ValueError("bad wait %s: ~ and the ms to wait, as ~604800000 (a week)" % _said(k))
        if len(ms) > 10 or int(ms) > WAIT_MOST:
            raise ValueError("wait %s: at most %d ms (30 days)" % (_said(k), WAIT_MOST))
        return int(ms)

    def keys(self, text):
        for k in text.split():
            self.key(k)


class Session(Keys):
    def __init__(self, name, root, flash_root, setup=None, card=True, runtime="micropython", angles=None,
                 lost=()):
        """name: the board config; root: the firmware tree (with boards/);
        flash_root: the emulated flash (keep it to resume in a later session);
        setup: start this game if the flash holds none; card: one in the slot;
        runtime: "circuitpython" boots the CircuitPython build (cp.main.start),
        its fakes installed (host_sim.cpy); angles: where the servos' horns
        stand at power-up (default mid-travel; a reboot keeps them where they are);
        lost: parts left off the board at every boot ("oled", "pca")."""
        self.name = name
        self.runtime = runtime
        self.root = root
        self.flash_root = flash_root
        self.card = card
        self.lost = lost
        self.reboots = 0
        self.errors = []
        self.down = {}  # key -> when hold(k) pressed it, until release(k)
        self.angles = angles
        self.boot(setup)

    def boot(self, setup=None):
        """Power up and let the firmware settle for BOOT_MS."""
        self.power_up(setup)
        self.run(BOOT_MS)

    def power_up(self, setup=None):
        """A fresh board at time zero, the firmware started on it."""
        from app import board
        if self.runtime == "circuitpython":
            from cp import port
            from cp.main import start
            from cp.storage import FatStorage as Storage
        else:
            from app import port
            from app.device import start
            from drivers.storage import Storage
        world.hardware_random(port)  # start() builds the hardware from this module (it is forgotten after)
        old = getattr(self, "emu", None)
        if old is not None and old.servos:  # a reset does not move a horn (read before the clock restarts)
            self.angles = old.angles()
        world.reset()
        try:
            cfg = board.load(self.name, self.root)
        except board.ConfigError:
            cfg = board.load(board.DEFAULT, self.root)  # the parts are there all the same
        n = len(cfg["shutters"].get("channels", cfg["shutters"].get("pins", ())))
        self.kept = bool(self.angles) and len(self.angles) == n  # the horns' places are known
        self.cfg = cfg  # the board config the emulated parts were built from
        self.emu = Board(cfg, oled="oled" not in self.lost, pca="pca" not in self.lost,
                         angles=self.angles if self.kept else None)
        if self.card:
            self.emu.card.set(True, 0)
        self.storage = Storage(self.flash_root)
        self.dev = start(self.name, self.root, self.storage, setup)

    def run(self, ms, step_ms=STEP_MS):
        """Let the device run for ms: a step, then step_ms of sleep (main.py's
        STEP_MS; the web page takes longer ones while nothing moves).
        A step that raises, or the watchdog, resets the board; the board then
        settles for BOOT_MS and the rest of ms is dropped (its clock restarted
        from zero). A board that fails BOOT_LOOP times in a row, never
        finishing a step, raises BootLoop: a Pico would reset for ever."""
        end = clock.now_us() + ms * 1000
        failed = 0
        while clock.now_us() < end:
            try:
                self.dev.step()
            except Exception as e:  # noqa: BLE001 - main.py's handler, then its reset
                self.errors.append(repr(e))
                self.dev.fail(e)
                failed += 1
                end = self._reset(failed, repr(e))
                continue
            clock.sleep_ms(step_ms)
            failed = 0
            if world.state["wdt_expired"]:
                end = self._reset(1, "the watchdog")

    def _reset(self, failed, why):
        """Reset the board after a fault; the end of the BOOT_MS it settles for."""
        if failed >= BOOT_LOOP:
            raise BootLoop("the board resets at every step (%d times in a row): %s" % (failed, why))
        self.reboots += 1
        self.power_up()
        return clock.now_us() + BOOT_MS * 1000

    def wait(self, ms):
        """Let ms pass with nothing pressed, as run(ms) would, but where the
        device says it has nothing to do (emu.quiet) the clock jumps, the
        watchdog fed as the skipped steps would have: a week in seconds."""
        from emu import quiet
        end = clock.now_us() + ms * 1000
        while clock.now_us() < end:
            boots = self.reboots
            self.run(STEP_MS)
            if self.reboots != boots:
                continue
            q = quiet.ms(self.dev)
            left = (end - clock.now_us()) // 1000
            if q < 0 or q > left:
                q = left
            nxt = self._next_input()
            if nxt is not None:
                q = min(q, max(0, (nxt - clock.now_us()) // 1000))
            hw = getattr(self.dev, "hw", None)
            while q > STEP_MS:  # the watchdog's timeout is 5 s or more
                d = min(q, 4000)
                if hw is not None:
                    hw.watchdog.feed()
                clock.sleep_ms(d)
                q -= d

    def _next_input(self):
        """The virtual time (us) of the next scheduled switch change, or None."""
        t = None
        sws = list(self.emu.buttons.values()) + [self.emu.card]
        for b in sws:
            for c in b._changes[b._i:]:
                if c[0] > clock.now_us() and (t is None or c[0] < t):
                    t = c[0]
        return t

    def reboot(self):
        """Reset the board, as its reset button does."""
        self.reboots += 1
        self.boot()

    def stall(self, ms):
        """The loop hangs for ms (no step): the watchdog's business."""
        clock.sleep_ms(ms)
        if world.state["wdt_expired"]:
            self.reboot()

    def game(self):
        ctl = getattr(self.dev, "ctl", None)
        return ctl.store.game if ctl is not None else None
