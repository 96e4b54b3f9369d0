"""The page's side of the device, in MicroPython-WebAssembly: boots the
firmware on the emulated board (the simulator's own fakes and Session) on the
virtual clock, and hands the page what it draws, as one JSON string a frame.

The page calls run(ms) from a JS timer: the device's step() every 2 ms of
virtual time, as main.py does on the board; nothing here sleeps (a sleep
freezes the tab). The firmware's `time` must be the virtual clock: the fake
time module is put in sys.modules before any firmware module is imported."""
import sys

sys.modules.pop("time", None)
import time  # noqa: E402  (the fake, first on sys.path: host_sim/fakes/time.py)
from emu import clock, world  # noqa: E402

if getattr(time, "ticks_ms", None) is not clock.ticks_ms:  # a built-in time won
    raise ImportError("the virtual clock's time module did not load (sys.path: %r)" % (sys.path,))

import json  # noqa: E402
from binascii import hexlify  # noqa: E402

from emu.servo import pulse_to_deg  # noqa: E402
from emu.session import Session  # noqa: E402

_s = [None]  # the Session
_seen = {}  # what the page was last sent
_tones = []  # (virtual ms, Hz; 0 silence) since the last frame


def boot(board, players=None, rules=None, seed=None, root="/fw/", flash="/flash/"):
    """Power the board up; a game of the given setup unless the flash holds
    one (players/rules/seed None: the device's setup menu). '' when booted,
    else the device's error."""
    setup = None
    if players is not None or rules is not None or seed is not None:
        setup = {"players": players or 3, "rules": rules or "standard", "seed": seed or 0}
    s = Session(board, root, flash, setup)
    _s[0] = s
    _seen.clear()
    _listen(s)
    if not hasattr(s.dev, "ctl"):
        return s.dev.msg
    return ""


def _listen(s):
    """Keep every change of the buzzer's pin with its virtual time, so a 30 ms
    note between two frames still sounds."""
    pin = world.pin(s.emu.buzzer.n)

    def changed():
        p = pin.pwm
        hz = p.freq() if p is not None and p._duty else 0
        _tones.append((clock.now_us() // 1000, hz))
    pin.listeners.append(changed)


def run(ms):
    s = _s[0]
    before = s.reboots
    s.run(ms)
    if s.reboots != before:
        _listen(s)  # a new board: listen to its buzzer


def now_ms():
    return clock.now_us() // 1000


def push(k):
    """Press and release key k (a `press` letter), as `press` and the keyboard do."""
    _s[0].push(k)


def down(k):
    """Key k goes down now and stays down until up(k): a press held as long as the user holds it."""
    _s[0].hold(k)


def up(k):
    _s[0].release(k)


def _angles(s):
    """How far each flap is open, 0-100 (light valves: 0 or 100)."""
    out = []
    if s.emu.servos:
        sh = s.dev.hw.shutters if hasattr(s.dev, "hw") else None
        for i in range(len(s.emu.servos)):
            a = s.emu.servos[i].angle()
            shut, op = (sh.closed_us[i], sh.open_us[i]) if sh is not None else (1100, 1900)
            lo, hi = pulse_to_deg(shut), pulse_to_deg(op)
            f = (a - lo) / (hi - lo) if hi != lo else 0
            out.append(int(max(0, min(1, f)) * 100 + 0.5))
    else:
        for p in s.emu.valves:
            out.append(100 if p.level() else 0)
    return out


def _hex(b):
    return hexlify(b).decode() if b else ""


def frame():
    """What the page draws, as JSON: virtual ms, flaps (0-100 open), pixels
    (GRB bytes, hex), the buzzer's changes, the card switch, on the e-paper
    board whether the panel is refreshing (BUSY), and - only when changed -
    the OLED (its RAM in hex and how it maps to the glass), the e-paper
    panel's glass (hex), the rules state JSON and the record the device
    would export."""
    s = _s[0]
    out = {"ms": clock.now_us() // 1000, "flaps": _angles(s), "card": s.card,
           "reboots": s.reboots, "errors": s.errors}
    px = s.emu.pixels.data
    out["pixels"] = _hex(px)
    if _tones:
        out["tones"] = list(_tones)
        del _tones[:]
    o = s.emu.oled
    if o is not None:
        key = (o.data_bytes, o.on, o.inverted, o.seg_remap, o.com_flip, o.contrast)
        if _seen.get("oled") != key:
            _seen["oled"] = key
            out["oled"] = {"ram": _hex(o.ram), "on": o.on, "inverted": o.inverted,
                           "seg_remap": o.seg_remap, "com_flip": o.com_flip,
                           "width": o.width, "height": o.pages * 8}
    ep = s.emu.epaper
    if ep is not None:
        out["busy"] = ep.level()
        # the glass changes only when a refresh starts: 15 KB sent once a refresh
        key = (s.reboots, ep.full_refreshes, ep.partial_refreshes)  # a reboot: a new panel
        if _seen.get("epaper") != key:
            _seen["epaper"] = key
            out["epaper"] = {"glass": _hex(ep.glass), "width": ep.width, "height": ep.height}
    ctl = getattr(s.dev, "ctl", None)
    g = ctl.game if ctl is not None else None
    key = (id(g), len(g.log) if g is not None else -1)
    if _seen.get("game") != key:
        _seen["game"] = key
        if g is None:
            out["state"] = "null"
            out["record"] = ""
        else:
            from game import record, state
            out["state"] = json.dumps(state.as_dict(g))
            out["record"] = record.write(g)
    return json.dumps(out)
