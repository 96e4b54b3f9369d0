"""Scripted play on the emulated Pico: MicroPython's rp2 port boots main.py
from a littlefs image, as a board fresh from `make flash` does, with the
simulator's device models on its pins and buses (host_sim/rp2040/link.py).
The keys are the `press` letters and take the same time as on the other
runtimes (emu.session): a press held HOLD_MS, then REACT_MS for the device.

outcome() asks the board over its USB serial, as a person with mpremote
would: Ctrl-C stops main.py's loop (the lid closes), and the raw REPL prints
the game's state from main.py's `dev`."""
import json
import os
import tempfile

from emu import clock, world
from emu.board import Board
from emu.session import Keys
from host_sim.rp2040 import image
from host_sim.rp2040.link import Link, PicoError

IMAGE = "flash.img"  # the flash filesystem's file in a --flash folder
BOOT_LIMIT_MS = 5000  # a board not showing anything by then is broken
SEEN_MS = 150  # a person's quickest answer to a screen that appeared
CHUNK_US = 50000  # the longest run without a look at the inputs


class Pico(Keys):
    def __init__(self, name, root, flash_dir, setup=None, card=True, blank=False, lang=None, source=False):
        """name: the board config; root: the firmware tree; flash_dir: where
        the flash image lives (kept: a second Pico on it resumes); setup:
        start this game if the flash holds none; card: one in the slot;
        blank: a new flash holds an empty filesystem (MicroPython alone, for
        `make flash`), and power-up does not wait for the device; lang: the
        language chosen in the settings (a code of app.lang); source: a new
        flash holds the firmware as .py source, as `mpremote mip install`
        leaves it, not compiled."""
        from app import board
        self.name = name
        self.cfg = board.load(name, root)  # a bad board is refused here (ConfigError)
        self.path = os.path.join(flash_dir, IMAGE)
        self.card = card
        self.resets = 0
        self.reset_log = []  # (when, why) of every restart
        self.link = None
        self.down = {}
        self.boot_us = None
        self._image(setup, blank, lang, source)
        self.power_up(wait=not blank)

    def _image(self, setup, blank, lang, source):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        if not os.path.exists(self.path):
            data = image.empty() if blank else image.make(self.name, setup, lang, source)
        else:
            with open(self.path, "rb") as f:
                data = f.read()
            if setup is not None and not image.has(data, "/game.jnl"):
                extra = image.setup_game(setup, lang)
                data = image.with_files(data, extra)
        if lang is not None and not blank:
            data = image.with_lang(data, lang)
        with open(self.path, "wb") as f:
            f.write(data)

    def power_up(self, wait=True):
        """A fresh board at time zero with this flash, run (if wait) until
        the device draws on its OLED (the driver's init only clears it): the
        setup menu, or the resumed game."""
        world.reset()
        self.emu = Board(self.cfg)
        if self.card:
            self.emu.card.set(True, 0)
        self.inputs = list(self.emu.buttons.values()) + [self.emu.card]
        if self.emu.epaper is not None:
            self.inputs.append(self.emu.epaper)  # its BUSY pin
        self.link = Link(self.path, ws2812=[self.cfg["pixels"]["pin"]], on_reset=self._reset)
        self.boot_us = self.until_drawn() if wait else clock.now_us()

    def until_drawn(self):
        """Run until the device draws on its OLED; returns that time (us), then
        lets SEEN_MS pass: nobody presses, nor types Ctrl-C, before the screen
        has been seen, and the boot ends meanwhile."""
        oled = self.emu.oled
        while not (oled.on and any(oled.ram)):
            if clock.now_us() > BOOT_LIMIT_MS * 1000:
                raise PicoError("the emulated Pico showed nothing on its OLED in %d ms; its USB serial said: %r"
                                % (BOOT_LIMIT_MS, bytes(self.link.serial[-400:])))
            self.link.run(clock.now_us() + 1000)
        drawn = clock.now_us()
        self.link.run(drawn + SEEN_MS * 1000)
        return drawn

    def _reset(self, why):
        self.resets += 1
        self.reset_log.append((clock.now_us(), why))

    def power_cut(self):
        """The power goes now: the flash keeps what was written, nothing else."""
        self.link.save(self.path)
        self.link.close()
        self.link = None

    def flash(self):
        """The flash filesystem's bytes as they are now."""
        self.link.save(self.path)
        with open(self.path, "rb") as f:
            return f.read()

    def close(self, keep=True):
        """Stop the emulator, keeping the flash as it is (a power cut) if keep."""
        if self.link is not None:
            if keep:
                self.link.save(self.path)
            self.link.close()
            self.link = None

    # -- time (the keys: emu.session.Keys) ------------------------------------

    def run(self, ms):
        end = clock.now_us() + ms * 1000
        while clock.now_us() < end:
            self._ahead(end)

    def wait(self, ms):
        """A wait (~MS): the chip runs it all (no skipping ahead here)."""
        self.run(ms)

    def _ahead(self, end):
        """Run the chip towards end, stopping where an input may change (a
        contact's bounce), so the chip sees every level the models make."""
        now = clock.now_us()
        t = min(end, now + CHUNK_US)
        for b in self.inputs:
            n = b.next_change(now)
            if n is not None and n < t:
                t = n
        self.link.run(max(t, now + 1))

    # -- the USB serial ---------------------------------------------------------

    def _serial_until(self, marker, limit_ms=60000):
        """Run until the USB serial output holds marker; return and take what came before it."""
        end = clock.now_us() + limit_ms * 1000
        while marker not in self.link.serial:
            if clock.now_us() > end:
                raise PicoError("the emulated Pico did not answer %r in %d ms; its USB serial said: %r"
                                % (marker, limit_ms, bytes(self.link.serial[-400:])))
            self._ahead(clock.now_us() + 2000)
        i = self.link.serial.index(marker)
        out = bytes(self.link.serial[:i])
        del self.link.serial[:i + len(marker)]
        return out

    def interrupt(self):
        """Ctrl-C: main.py's loop stops with the lid closed; the REPL answers."""
        self.link.serial.clear()
        self.link.write_serial(b"\x03")
        self._serial_until(b">>> ")
        self.link.write_serial(b"\x01")  # the raw REPL: no echo, output framed by Ctrl-D
        self._serial_until(b"raw REPL; CTRL-B to exit\r\n>")

    def exec(self, code):
        """Run code at the raw REPL; its printed output, or PicoError with the traceback."""
        self.link.write_serial(code.encode() + b"\x04")
        self._serial_until(b"OK")
        out = self._serial_until(b"\x04")
        err = self._serial_until(b"\x04>")
        if err:
            raise PicoError("on the emulated Pico: %s" % err.decode(errors="replace").strip())
        return out.decode()

    def outcome(self, record=False):
        """(state dict or None, record text or None) of the game the board plays, asked over USB."""
        self.interrupt()
        got = self.exec("import json\nfrom game import state\ng = dev.ctl.store.game if hasattr(dev, 'ctl') else None\n"
                        "print(json.dumps(state.as_dict(g)) if g is not None else 'null')")
        st = in_order(json.loads(got))
        rec = None
        if record and st is not None:
            rec = self.exec("from game import record\nprint(record.write(dev.ctl.store.game), end='')")
            rec = rec.replace("\r\n", "\n")
        return st, rec


def in_order(d):
    """A state dict in the key order CPython's state.as_dict gives (the
    board's dicts keep no order), so the JSON printed is the same text."""
    if d is None:
        return None
    from game import engine, rules, state
    order = list(state.as_dict(engine.Game(2, rules.preset("standard"), 0, "standard")))
    return {k: d[k] for k in sorted(d, key=lambda k: order.index(k) if k in order else len(order))}


def scratch():
    """A folder for a flash image that lasts one run."""
    return tempfile.TemporaryDirectory(prefix="pico-flash-")
