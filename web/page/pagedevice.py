"""The page's side of the device, in MicroPython-WebAssembly: boots the
firmware on the emulated board (the simulator's own fakes and Session) on the
virtual clock, and hands the page what it draws, as one JSON string a frame.

The page calls run(ms) from a JS timer: the device's step() every 2 ms of
virtual time, as main.py does on the board; nothing here sleeps (a sleep
freezes the tab). The firmware's `time` must be the virtual clock: the fake
time module is put in sys.modules before any firmware module is imported.

Every click and key is one press: presses wait in a queue and each is held
at least HOLD_MS, then GAP_MS of released line before the next, which is what
the buttons' debounce needs (bounce, two agreeing polls, the 15 ms lock), so
clicks 30 ms apart are as many presses."""
import sys

sys.modules.pop("time", None)
import time  # noqa: E402  (the fake, first on sys.path: host_sim/fakes/time.py)
from emu import clock, world  # noqa: E402

if getattr(time, "ticks_ms", None) is not clock.ticks_ms:  # a built-in time won
    raise ImportError("the virtual clock's time module did not load (sys.path: %r)" % (sys.path,))

import json  # noqa: E402
from binascii import hexlify  # noqa: E402

from emu import view  # noqa: E402
from emu.session import HOLD_MS, LONG_MS, Session  # noqa: E402
from game.engine import P_REVEAL, SEATS, WINDOWS  # noqa: E402,F401  (the page's sizes are the game's)

GAP_MS = 40  # released line between two queued presses
_s = [None]  # the Session
_seen = {}  # what the page was last sent
_tones = []  # (virtual ms, Hz; 0 silence) since the last frame
_queue = []  # presses not yet wholly scheduled: [key, hold ms or None, down us, up us or None, started us or None]
_free = [0]  # us: when the buttons' line is free for the next press
_screen = [[], 0, 0]  # the text drawn since the screen was last cleared [(y, x, s)], a change count, its virtual ms
_big = [0, None]  # inside screens.big or lines.draw (its text is one line), big's original
_lines_draw = [None]  # lines.draw, wrapped
_presses = {}  # button name -> presses the firmware's driver reported


def boot(board, players=None, rules=None, seed=None, lang="", root="/fw/", flash="/flash/", fresh=None):
    """Power the board up; a game of the given setup unless the flash holds
    one (players/rules/seed None: the device's setup menu); lang: the
    language chosen on the page, written into the settings first as the
    setup menu's Lang line writes it ('': none chosen); fresh: [seed, deck
    secret as decimal text] from the browser's random source, for a game
    given no seed. '' when booted, else the device's error."""
    if lang:
        from app import settings
        from drivers.storage import Storage
        store = Storage(flash)
        s = settings.load(store)
        s["lang"] = lang
        settings.save(store, s)
    setup = None
    if players is not None or rules is not None or seed is not None:
        setup = {"players": players or 3, "rules": rules or "standard", "seed": seed or 0}
        if seed is None and fresh:  # a new game with no seed given: its dice and its deck order unknown
            setup["seed"] = int(fresh[0]) & 0xFFFFFFFF
            setup["secret"] = int(fresh[1]) & 0xFFFFFFFFFFFFFFFF
    s = Session(board, root, flash, setup)
    _s[0] = s
    _seen.clear()
    _presses.clear()
    _powered(s)
    if not hasattr(s.dev, "ctl"):
        return s.dev.msg
    return ""


def _powered(s):
    """A new board (boot or reboot): its clock starts at zero, queued presses
    are gone with the old buttons, and the new parts are listened to."""
    del _queue[:]
    _free[0] = 0
    _listen(s)
    _capture(s)
    ctl = getattr(s.dev, "ctl", None)
    if ctl is not None:  # drawn again, so the screen's words are caught from the start
        ctl.version += 1
    _count(s)
    _seen["reboots"] = s.reboots


def _listen(s):
    """Keep every change of the buzzer's pin with its virtual time, so a 30 ms
    note between two frames still sounds."""
    pin = world.pin(s.emu.buzzer.n)

    def changed():
        p = pin.pwm
        hz = p.freq() if p is not None and p._duty else 0
        _tones.append((clock.now_us() // 1000, hz))
    pin.listeners.append(changed)


def _capture(s):
    """Keep the text the firmware draws on its OLED (the words of the screen,
    for screen readers): each fill() of the whole screen starts it anew."""
    o = getattr(getattr(s.dev, "hw", None), "oled", None)
    if o is None:
        o = getattr(s.dev, "oled", None)  # the board-config error screen
    lines = []
    _screen[0] = lines
    _screen[1] += 1
    if o is None:
        return
    fill, text = o.fill, o.text

    def fill_(c):
        _lines()
        del lines[:]
        _screen[1] += 1
        _screen[2] = clock.now_us() // 1000
        fill(c)

    def text_(t, x, y, c=1):
        if not _big[0]:
            lines.append((y, x, t))
            _screen[1] += 1
        text(t, x, y, c)
    o.fill = fill_
    o.text = text_
    from app import screens
    if not _big[1]:
        _big[1] = big = screens.big

        def big_(t, fb, x, y, inv=False):  # 16 px text: drawn a letter at a time, kept whole
            _screen[0].append((y, x, t))
            _screen[1] += 1
            _big[0] += 1
            try:
                big(t, fb, x, y, inv)
            finally:
                _big[0] -= 1
        screens.big = big_
        from app import tall
        tall_draw = tall.draw

        def tall_(fb, t, x, y, pitch=8, inv=False):  # 10-row text: drawn through text() a letter at a time
            if not _big[0]:
                _screen[0].append((y, x, t))
                _screen[1] += 1
            _big[0] += 1
            try:
                return tall_draw(fb, t, x, y, pitch, inv)
            finally:
                _big[0] -= 1
        tall.draw = tall_
        scores = screens.scores

        def scores_(fb, g):  # the crystals' row: each seat's number is drawn in pixels, not text
            _screen[0].append((screens.SY, 0, " ".join("%d:%d" % (i + 1, g.crystals[i]) for i in range(g.n))))
            _screen[1] += 1
            _big[0] += 1
            try:
                scores(fb, g)
            finally:
                _big[0] -= 1
        screens.scores = scores_


def _lines():
    """Chinese lines (app.lines) kept whole: their ideographs never pass
    through text(). Wrapped at the first fill() in Chinese, before the
    firmware's Chinese screens draw with it."""
    from app import lang
    if lang.code == "en":
        return
    from app import lines as m
    if m.draw is _lines_draw[0]:
        return
    draw = m.draw
    drawing = m.drawing

    def draw_(fb, s, x, y, *a):
        _screen[0].append((y, x, s))
        _screen[1] += 1
        _big[0] += 1
        try:
            return draw(fb, s, x, y, *a)
        finally:
            _big[0] -= 1

    def drawing_(fb, s, x, y, *a):  # a line drawn in parts (a frame's): kept whole too
        if not _big[0]:  # not from inside draw_
            _screen[0].append((y, x, s))
            _screen[1] += 1
        g = drawing(fb, s, x, y, *a)
        while True:
            _big[0] += 1
            try:
                next(g)
            except StopIteration:
                return
            finally:
                _big[0] -= 1
            yield
    _lines_draw[0] = m.draw = draw_
    m.drawing = drawing_


def screen_text():
    """The screen's words, a line for each row of text, left to right."""
    rows = {}
    for y, x, t in _screen[0]:
        rows.setdefault((y + 4) // 8, []).append((x, t))
    out = []
    for r in sorted(rows):
        out.append(" ".join(t.strip() for x, t in sorted(rows[r]) if t.strip()))
    return "\n".join(line for line in out if line)


def _count(s):
    """Count the presses the firmware's button driver reports (tests)."""
    b = getattr(getattr(s.dev, "hw", None), "buttons", None)
    if b is None:
        return
    get = b.get
    from drivers.buttons import PRESS

    def get_():
        e = get()
        if e >= 0 and e & 3 == PRESS:  # an event: its button << 2 | its kind
            n = b.names[e >> 2]
            _presses[n] = _presses.get(n, 0) + 1
        return e
    b.get = get_


def presses():
    return json.dumps(_presses)


def _schedule():
    """Put the queued presses on the buttons, one after another."""
    s = _s[0]
    now = clock.now_us()
    while _queue:
        e = _queue[0]
        k = e[0]
        start = max(now, _free[0])
        if k == "c":  # the card switch: it just changes
            s.card = not s.card
            s.emu.card.set(s.card, start)
            _free[0] = start + GAP_MS * 1000
            _queue.pop(0)
            continue
        b = s.button(k)
        if e[4] is None:
            e[4] = start
            b.set(True, start)
        if e[1] is not None:
            hold = e[1] * 1000
        elif e[3] is not None:  # as long as it was held, and at least HOLD_MS
            hold = max(HOLD_MS * 1000, e[3] - e[2])
        else:
            _free[0] = 1 << 62  # held down: the next press waits for its release
            return
        b.set(False, e[4] + hold)
        _free[0] = e[4] + hold + GAP_MS * 1000
        _queue.pop(0)


def push(k):
    """Press and release key k (a `press` letter), held as `press` holds it."""
    if k != "c":
        _s[0].button(k)  # an unknown key raises here
    _queue.append([k, LONG_MS if k == "U" else HOLD_MS if k != "c" else 0, clock.now_us(), None, None])
    _schedule()


def down(k):
    """Key k goes down (now, or when the presses before it are done) and stays
    down until up(k): a press held as long as the user holds it."""
    _s[0].button(k)
    _queue.append([k, None, clock.now_us(), None, None])
    _schedule()


def up(k):
    """The earliest held press of key k comes up."""
    for e in _queue:
        if e[0] == k and e[1] is None and e[3] is None:
            e[3] = clock.now_us()
            break
    _schedule()


def idle():
    """Nothing queued and every press released at least GAP_MS ago."""
    return not _queue and clock.now_us() >= _free[0]


def run(ms, step_ms=2):
    s = _s[0]
    before = s.reboots
    _schedule()
    s.run(ms, step_ms)
    if s.reboots != before:
        _powered(s)


def set_lang(code):
    """The page's language chosen: the device speaks it and its settings keep
    it, as after the setup menu's Lang line; the screen is drawn anew."""
    from app import lang, settings
    ctl = getattr(_s[0].dev, "ctl", None)
    if ctl is None:  # a board-config error on the screen: nothing speaks
        return
    s = ctl.store.settings
    s["lang"] = code
    settings.save(ctl.store.storage, s)
    lang.use(code)
    ctl.version += 1


def power():
    """The power button: the board restarts, its flash kept."""
    s = _s[0]
    s.reboot()
    _powered(s)


_checked = [None]  # the record check_record read last, as (header, actions): what write_record writes


def check_record(text):
    """A game record (rules.md's text) read and checked, once: '' when the
    device can play it (kept for write_record, so the page asks before it
    replaces a game without reading the file again), else what is wrong
    with it (nothing kept)."""
    from app import settings
    from game import record, rules
    _checked[0] = None
    lines = text.split("\n")
    try:
        t = record.load(lines)
    except record.RecordError as e:
        return "game record: " + str(e)
    g = t.game
    base = rules.preset(g.preset)
    for key in rules.NAMES:
        if key != "dice" and g.opts[key] != base[key]:
            return "game record: `set %s`: the device plays a preset's rules, with only the dice changed" % key
    seed = 0
    for line in lines:
        w = record.words(line)
        if len(w) == 2 and w[0] == "seed":
            seed = int(w[1])
    head = {"players": g.n, "rules": g.preset, "first": g.first, "seed": seed, "deck": settings.DECK - 1}
    if g.opts["dice"] != base["dice"]:
        head["dice"] = g.opts["dice"]
    _checked[0] = (head, g.log)
    return ""


def write_record():
    """The record check_record kept put on the flash as the device's journal,
    then the board restarted so it resumes that game: '' when done, else why
    not (none kept)."""
    from app import journal
    got = _checked[0]
    _checked[0] = None
    if got is None:
        return "game record: none read"
    journal.Journal(_s[0].storage).rewrite(got[0], got[1])
    power()
    return ""


def drop_record():
    """The kept record not wanted (the page's confirm declined)."""
    _checked[0] = None


def load_record(text, dry=False):
    """check_record, then (unless dry: only checked) write_record."""
    err = check_record(text)
    if err or dry:
        return err
    return write_record()


LINK_CHECK = "/linkcheck/"  # a shared link's journal, tried here before it replaces the browser's


def link_fault():
    """'' when the journal the page wrote to LINK_CHECK (a shared link's,
    its length and CRC-32 checked) is a game this firmware resumes whole,
    else why not: a header naming a preset, option or action it does not
    know passes every CRC but would be filed as game.bad, and the game kept
    in the browser would be gone."""
    from app.store import Store
    from drivers.storage import Storage
    st = Store(Storage(LINK_CHECK))
    if st.resume() and not st.journal.damaged and not st.report:
        return ""
    return "not a game this device can play"


def now_ms():
    return clock.now_us() // 1000


def _angles(s):
    """How far each flap is open, 0-100 (emu.view.flap, as the terminal draws it)."""
    sh = s.dev.hw.shutters if hasattr(s.dev, "hw") else None
    return [int(view.flap(s.emu, i, sh, s.cfg) * 100 + 0.5) for i in range(len(s.emu.servos or s.emu.valves))]


def _colours(s):
    """Each NeoPixel's colour as CSS, "" when dark (emu.view.pixel, as the
    terminal draws it): worked out again only when the strip's frame changes."""
    data = s.emu.pixels.data
    key = bytes(data) if data is not None else b""
    if _seen.get("pixels") != key:
        _seen["pixels"] = key
        _seen["colours"] = [("rgb(%d,%d,%d)" % c) if c else "" for c in
                            (view.pixel(s.emu, i) for i in range(len(key) // 3))]
    return _seen["colours"]


def _hex(b):
    return hexlify(b).decode() if b else ""


def _play(ctl, g):
    """The play mode's words over the game and what the rules allow now (1-based):
    windows to open, whether the active seat may guess, pass or end its turn,
    the seats that may join a call, the seats a reveal may name; whether the
    next card is awaited and whether the call follows a pass."""
    from game import engine as e
    m = ctl.play
    can = {"open": [], "guess": False, "pass": False, "end": False, "join": [], "reveal": [], "skip": False}
    for op, a in g.legal():
        if op == e.OPEN:
            can["open"].append(a + 1)
        elif op == e.GUESS:
            if g.phase == e.P_CALL:
                can["join"].append(a + 1)
            else:
                can["guess"] = True
        elif op == e.PASS:
            can["pass"] = True
        elif op == e.END:
            can["end"] = True
        elif op == e.REVEAL:
            can["reveal"].append(a + 1 if a != e.NOBODY else 0)
        elif op == e.SKIP:
            can["skip"] = True
    return {"can": can, "card": g.need_card, "cost": g.opts["challenge_cost"], "rounds": g.opts["rounds"], "passed": g.passed, "guessed": g.active_guessed,
            "msg": ctl.msg, "result": m.result if m is not None else "",
            "cursor": m.cursor + 1 if m is not None and m.cursor >= 0 else 0}


def _card(s, out):
    """The printed card under the lid (emu.deckcards: the built-in deck, in
    the game's order): its picture's rows once it is dealt, never before
    (none on the e-paper board: its panel shows the deck); and its name once
    revealed (the card pulled out at the reveal; on the e-paper board, the
    picture shown whole), in the device's language, else ''."""
    from emu import deckcards
    dev = s.dev
    ctl = getattr(dev, "ctl", None)
    g = ctl.store.game if ctl is not None else None
    key = (s.reboots, id(g), g.cards if g is not None else -1)
    if _seen.get("card") != key:  # the shuffle is worked out once a card
        _seen["card"] = key
        _seen["index"] = deckcards.card_index(dev, s.root)
    k = _seen["index"]
    sh = dev.hw.shutters if ctl is not None else None
    digital = sh is not None and sh.cards > 0
    if not digital and _seen.get("picture") != (s.reboots, k):
        _seen["picture"] = (s.reboots, k)
        if k is None:
            out["picture"] = None
        else:
            data, w, h = deckcards.rows(deckcards.deck(s.root), k)
            out["picture"] = {"rows": _hex(data), "width": w, "height": h}
    name = ""
    if k is not None and g is not None and g.phase == P_REVEAL and sh is not None:
        if (all(sh.is_open(i) for i in range(sh.n)) if digital else not s.card):
            from app import lang
            name = deckcards.deck(s.root).name(k, lang.LANGS.index(lang.code))
    if _seen.get("answer") != name:
        _seen["answer"] = out["answer"] = name


def frame():
    """What the page draws, as JSON: virtual ms, flaps (0-100 open) and
    whether each servo has come to rest after a move (or stands where a
    reset left it), each pixel's colour (CSS, "" dark), the buzzer's
    changes, the card switch, the flash's bytes written (the page keeps the
    flash when it changes), whether input waits, on the e-paper board whether
    the panel is refreshing (BUSY), and - only when changed - the OLED's
    pixels and the words on it, the e-paper panel's glass and where its
    windows lie, the rules state JSON and the record the device would export.
    What the parts show is the board's view model's (emu.view): pictures as
    its rows, in hex. And the printed card's picture when one is dealt, and
    its name once revealed (_card)."""
    s = _s[0]
    out = {"ms": clock.now_us() // 1000, "flaps": _angles(s), "card": s.card,
           "resting": [(len(v.moves) > 0 or s.kept) and not v.moving() for v in s.emu.servos],
           "reboots": s.reboots, "errors": s.errors, "flash": s.storage.bytes_written,
           "idle": idle()}
    out["pixels"] = _colours(s)
    if _tones:
        out["tones"] = list(_tones)
        del _tones[:]
    o = s.emu.oled
    if o is not None:
        key = (o.data_bytes, o.on, o.inverted, o.seg_remap, o.com_flip, o.contrast)
        if _seen.get("oled") != key:
            _seen["oled"] = key
            out["oled"] = {"rows": _hex(view.oled(o)), "width": o.width, "height": o.pages * 8}
    if _seen.get("screen") != _screen[1] and getattr(s.dev, "frame", None) is None:  # a frame drawn whole (a part a step)
        _seen["screen"] = _screen[1]
        text = screen_text()
        if _seen.get("text") != text:
            _seen["text"] = text
            out["screen"] = text
            out["screen_ms"] = _screen[2]
    ep = s.emu.epaper
    if ep is not None:
        out["busy"] = ep.level()
        # the glass changes only when a refresh starts: 15 KB sent once a refresh
        key = (s.reboots, ep.full_refreshes, ep.partial_refreshes)  # a reboot: a new panel
        if _seen.get("epaper") != key:
            _seen["epaper"] = key
            out["epaper"] = {"rows": _hex(view.epaper(ep)), "width": ep.width, "height": ep.height,
                             "windows": view.windows()}
        sh = getattr(getattr(s.dev, "hw", None), "shutters", None)
        whole = sh is not None and all(sh.is_open(i) for i in range(sh.n))  # the picture shown whole
        if _seen.get("whole") != whole:
            _seen["whole"] = out["whole"] = whole
    _card(s, out)
    ctl = getattr(s.dev, "ctl", None)
    if ctl is not None:  # the language the device speaks, and whether the user chose it
        from app import lang
        key = (lang.code, ctl.store.settings["lang"])
        if _seen.get("lang") != key:
            _seen["lang"] = key
            out["lang"], out["lang_set"] = key
    g = ctl.store.game if ctl is not None else None
    if g is not None:  # what may be done now and what the screen says over the game (screen readers, the status line)
        key = (id(g), len(g.log), ctl.version, ctl.msg, ctl.mode)
        if _seen.get("playkey") != key:
            _seen["playkey"] = key
            play = json.dumps(_play(ctl, g))
            if _seen.get("play") != play:
                _seen["play"] = out["play"] = play
    key = (id(g), len(g.log) if g is not None else -1, ctl.mode if ctl is not None else -1)
    if _seen.get("game") != key:
        _seen["game"] = key
        if g is None:
            out["state"] = "null"
            out["record"] = ""
        else:
            from game import record, state
            out["state"] = json.dumps(state.as_dict(g))
            out["record"] = record.write(g)
        out["mode"] = ctl.mode if ctl is not None else -1
    return json.dumps(out)
