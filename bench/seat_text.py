"""seat_text_mm: the smallest lit height, on the BOM's panel, of what a
player must read from a chair in play: whose turn, the dice, N, the
prompt's key words (ROLL, NEXT, OK, PASS), every seat's crystals, a pass's
reward and a reveal's results, and every ideograph of the Chinese screens.

Whole games are played by their keys (host_sim.autoplay) in English and in
Simplified Chinese; after each key the frame is drawn as the device draws
it (app.frame) with every glyph drawing call recorded: each character's lit
rows are read from the frame buffer right after it is drawn. An item's
height on a frame is the tallest drawing of it (the same digit may show
small in the lid's grid too); a key word's is its smallest. The pitch is
the panel's active height over its pixel rows (hardware/schematics/parts.py).
A phase of play left unseen, or an item not drawn at all, fails the figure."""
import os
import re
import tempfile
import unicodedata

_KEYS = ("ROLL", "NEXT", "OK", "PASS")
_TOKEN = re.compile(r"[A-Za-z0-9+\-]+|[^\x00-\x7f]")
HAN = "ideographs"  # the token of a string's ideographs
PHASES = ("roll", "open", "decide", "call", "reveal", "results", "game over")


def pitch_mm():
    """The BOM display's row pitch, from the one place the hardware declares it."""
    from hardware.schematics.parts import DISPLAY
    return DISPLAY.pitch_mm[1]


def _tokens(s):
    return _TOKEN.findall(s)


def _worth(ch):
    """A capital, a digit or an ideograph (not punctuation)."""
    return ch.isdigit() or "A" <= ch <= "Z" or (ord(ch) > 127 and unicodedata.category(ch) == "Lo")


class Recorder:
    """Wraps the drawing calls of the firmware's screens (small text, big
    text, app.tall's, ideographs) to record each token drawn with the
    lit height of its shortest capital, digit or ideograph."""

    def __init__(self, fb):
        self.fb = fb
        self.depth = 0
        self.drawn = []  # (token, lit rows)
        self.strings = []  # every string drawn, as drawn
        self.undo = []

    def lit(self, x, y, w, h, ink):
        fb = self.fb
        top = bot = -1
        for j in range(max(y, 0), min(y + h, fb.height)):
            if any(bool(fb.pixel(i, j)) == ink for i in range(max(x, 0), min(x + w, fb.width))):
                if top < 0:
                    top = j
                bot = j
        return bot - top + 1 if top >= 0 else 0

    def record(self, s, x, y, pitch, h, ink, widths=None):
        self.strings.append(s)
        cx = x
        heights = []
        for ch in s:
            w = widths(ch) if widths else pitch
            heights.append(self.lit(cx, y, w, h, ink) if _worth(ch) else None)
            cx += w
        # tokens: runs of Latin, a token's height its shortest capital or digit; the
        # ideographs as one, the tallest of a frame (一 is one stroke in any size)
        han = [heights[k] for k in range(len(s)) if ord(s[k]) > 127 and heights[k] is not None]
        if han:
            self.drawn.append((HAN, max(han)))
        i = 0
        for t in _tokens(s):
            i = s.index(t, i)
            if ord(t[0]) < 128:
                hs = [v for v in heights[i:i + len(t)] if v is not None]
                if hs:
                    self.drawn.append((t, min(hs)))
            i += len(t)

    def wrap(self, mod, name, make):
        orig = getattr(mod, name)
        self.undo.append((mod, name, orig))

        def inner(*a, **k):
            self.depth += 1
            try:
                return orig(*a, **k)
            finally:
                self.depth -= 1
                if self.depth == 0:
                    make(*a, **k)
        setattr(mod, name, inner)

    def install(self):
        from app import glyphs, screens, tall
        fb = self.fb
        self.wrap(fb, "text", lambda s, x, y, c=1: self.record(s, x, y, 8, 8, bool(c)))
        self.wrap(screens, "big", lambda s, fb_, x, y, inv=False: self.record(s, x, y, 16, 16, not inv))
        self.wrap(tall, "draw", lambda fb_, s, x, y, pitch=8, inv=False: self.record(s, x, y, pitch, tall.H, not inv))
        self.wrap(glyphs, "draw", lambda fb_, cp, x, y, c=1: self.record(chr(cp), x, y, 12, 12, bool(c)))
        from app import lines
        drawing = lines.drawing
        self.undo.append((lines, "drawing", drawing))

        def line(fb_, s, *a, **k):  # a line of app.lines: its ideographs are drawn one by one
            self.strings.append(s)
            return drawing(fb_, s, *a, **k)
        lines.drawing = line

    def remove(self):
        for mod, name, orig in reversed(self.undo):
            if mod is self.fb:
                delattr(mod, name)
            else:
                setattr(mod, name, orig)
        self.undo = []


def _phase(ctl):
    from game import engine
    g = ctl.store.game
    if g.over():
        return "game over"
    if ctl.cur.result:
        return "results"
    return ("roll", "open", "decide", "call", "reveal")[g.phase]


def _items(ctl):
    """What must be read on this frame: (token, "item"); key words are
    found on the frame itself."""
    from game import engine
    g = ctl.store.game
    items = []
    if not g.over():
        items.append("P%d" % (g.active + 1))
        if g.phase in (engine.P_OPEN, engine.P_DECIDE) and g.d1:
            items += ["%d" % d for d, bit in ((g.d1, 1), (g.d2, 2)) if not g.used & bit]
        if g.phase in (engine.P_CALL, engine.P_REVEAL):
            items.append("%d" % g.n_at_guess)
    if not (g.over() and ctl.cur.result):  # the ranking, or the crystals row
        items += ["%d" % v for v in g.crystals]
    won, _, others = ctl.cur.result.partition("\n")
    amounts = " ".join(e.partition(" ")[2] for e in others.split("  "))  # each over its seat's crystals
    for part in (won, amounts, ctl.cur.passed):
        items += [t for t in _tokens(part) if any(_worth(ch) for ch in t) and ord(t[0]) < 128]
    return items


def drawn(ctl):
    """The frame of ctl's state drawn as the device draws it: its Recorder."""
    import framebuf
    from app import frame
    fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
    rec = Recorder(fb)
    rec.install()
    try:
        frame.draw(fb, ctl)
    finally:
        rec.remove()
    return rec


def measure(board, setup, lang, seed, seen, worst):
    """One game: fills seen (phase -> frames) and worst ([px, what])."""
    from host_sim import autoplay, press
    import random
    with tempfile.TemporaryDirectory() as flash:
        press.choose_lang(flash, lang)
        s = press.start(board, flash, setup)
        s.run(500)
        from app import modes
        rng = random.Random(seed)
        last_over = False
        for _ in range(3000):
            ctl = s.dev.ctl
            g = ctl.store.game
            if ctl.mode == modes.M_PLAY and g is not None and not ctl.msg:  # a message covers it a moment
                rec = drawn(ctl)
                ph = _phase(ctl)
                seen[ph] = seen.get(ph, 0) + 1
                best = {}
                for t, h in rec.drawn:
                    best[t] = max(best.get(t, 0), h)
                for t in _items(ctl):
                    h = best.get(t, 0)
                    if h < worst[0]:
                        worst[:] = [h, "%s %r in %s (%s)" % (lang, t, ph, "not drawn" if not h else "%d px" % h)]
                for t, h in rec.drawn:
                    if t in _KEYS and h < worst[0]:
                        worst[:] = [h, "%s key word %r in %s (%d px)" % (lang, t, ph, h)]
                if HAN in best and best[HAN] < worst[0]:  # the ideographs' size: the tallest drawn
                    worst[:] = [best[HAN], "%s ideographs in %s (%d px)" % (lang, ph, best[HAN])]
            if g is not None and g.over():
                if last_over or not ctl.cur.result:
                    if last_over:
                        break
                    last_over = True
                s.key("o" if ctl.cur.result else "u")  # the ranking after the last card's result
                if not ctl.cur.result:
                    last_over = True
                continue
            k = autoplay.next_key(ctl, rng)
            if k is None:
                break
            s.key(k)


def seat_text_mm(games=None):
    """The figure, in mm, and what set it."""
    games = games or (("pico_pca9685", {"players": 4, "rules": "standard", "seed": 3}, "en", 1),
                      ("pico_pca9685", {"players": 6, "rules": "zh-cn", "seed": 4}, "zh-hans", 2))
    seen = {}
    worst = [99, ""]
    for board, setup, lang, seed in games:
        measure(board, setup, lang, seed, seen, worst)
    missing = [p for p in PHASES if p not in seen]
    if missing:
        raise AssertionError("seat_text_mm: phases never seen: %s" % ", ".join(missing))
    return round(worst[0] * pitch_mm(), 2), worst[1]


def figures():
    mm, what = seat_text_mm()
    import sys
    print("seat_text_mm set by: %s" % what, file=sys.stderr)
    return [("seat_text_mm", mm, "mm")]


