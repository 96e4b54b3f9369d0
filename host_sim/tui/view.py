"""What the emulated board shows, as Rich text for the terminal: the OLED's
pixels, the lid's windows (how far each flap is open, its NeoPixel's colour,
or on the e-paper board the panel's glass) and the score panel.

What each part shows comes from the board's view model (emu.view), which
the web page draws from too; nothing here reads the controller's screens,
so the terminal shows what the board would."""
from rich.text import Text

import sys

from host_sim import cpy, hw

if cpy.FAKES_CP not in sys.path:  # the CircuitPython build installs its own fakes first
    hw.install()  # the emulated parts' modules
from emu import view  # noqa: E402

OLED_INK = "rgb(120,200,255) on black"
HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}  # top, bottom
BRAILLE_BITS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
                (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))  # (dx, dy, dot)

COLS, ROWS = 4, 3  # the lid: window w at row w // 4, column w % 4


class Geom:
    """The lid's size in terminal cells: each window's inside win_w x win_h
    (each cell two picture pixels high), its frame lit in its NeoPixel's
    colour, gap cells between frames."""

    def __init__(self, win_w=10, win_h=4, gap=1):
        self.win_w, self.win_h, self.gap = win_w, win_h, gap
        self.box_w, self.box_h = win_w + 2, win_h + 2
        self.width = COLS * self.box_w + (COLS - 1) * gap
        self.height = ROWS * self.box_h + (ROWS - 1) * gap
        self.picture_size = (COLS * win_w, ROWS * win_h * 2)  # pixels the open windows share

    def origin(self, w):
        """The top-left cell of window w's frame."""
        return (w % COLS) * (self.box_w + self.gap), (w // COLS) * (self.box_h + self.gap)

    @classmethod
    def fit(cls, width, height):
        """The largest lid in width x height cells, windows kept about as
        wide as tall on screen (cells are twice as tall as wide), at least
        2x2 cells inside; gaps only where there is room."""
        gap = 1 if width >= 4 * 6 + 3 and height >= 3 * 5 + 2 else 0
        w = max(2, (width - 3 * gap) // COLS - 2)
        h = max(2, (height - 2 * gap) // ROWS - 2)
        w = min(w, max(2, (5 * h + 1) // 2))
        h = min(h, max(2, (2 * w + 4) // 5))
        return cls(w, h, gap)


GEOM = Geom()  # the size the lid had before it followed the terminal
FRAME_OFF = "rgb(70,70,70)"
SHUTTER = "rgb(200,190,170) on rgb(95,80,60)"
OPEN = "rgb(60,60,60) on rgb(20,20,20)"
PAPER, INK = "rgb(235,235,225)", "rgb(20,20,20)"  # the e-paper panel


def oled_pixels(panel):
    """The panel's pixels as rows of 0/1, as seen from the front."""
    return view.unpack(view.oled(panel), panel.width)


def oled_blocks(px):
    """Two pixels a cell, top and bottom half blocks: 128x64 in 128x32 cells."""
    lines = []
    for y in range(0, len(px), 2):
        top, bottom = px[y], px[y + 1]
        lines.append("".join(HALF[top[x], bottom[x]] for x in range(len(top))))
    return Text("\n".join(lines), style=OLED_INK, no_wrap=True)


def oled_braille(px):
    """Eight pixels a cell, as braille dots: 128x64 in 64x16 cells."""
    lines = []
    for y in range(0, len(px), 4):
        row = []
        for x in range(0, len(px[0]), 2):
            bits = 0
            for dx, dy, dot in BRAILLE_BITS:
                if px[y + dy][x + dx]:
                    bits |= dot
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return Text("\n".join(lines), style=OLED_INK, no_wrap=True)


def openness(emu, cfg, w, shutters=None):
    """How far window w stands open, 0.0 (closed) to 1.0 (emu.view.flap: from
    the device's calibrated pulses, as the web page draws it), and whether its
    servo is still on its way."""
    return view.flap(emu, w, shutters, cfg), bool(emu.servos) and emu.servos[w].moving()


def load_picture(path):
    """A picture file (PNG, JPEG, ... or SVG) as an RGB Pillow image."""
    from PIL import Image
    if path.lower().endswith(".svg"):
        import io
        import resvg_py
        png = resvg_py.svg_to_bytes(svg_path=path, width=480, background="#ffffff")
        return Image.open(io.BytesIO(bytes(png))).convert("RGB")
    with Image.open(path) as im:
        return im.convert("RGB")


def fit_picture(picture, geom=GEOM):
    """The picture (a path or a Pillow image) cropped to the lid's shape and
    scaled to its windows' pixels, as a function (x, y) -> (r, g, b)."""
    from PIL import Image, ImageOps
    img = load_picture(picture) if isinstance(picture, str) else picture
    fitted = ImageOps.fit(img, geom.picture_size, Image.BOX)  # each pixel the mean of its area
    return fitted.load().__getitem__


def _rgb(c):
    return "rgb(%d,%d,%d)" % c


def lid_state(emu, cfg, geom=GEOM, shutters=None):
    """Per window: (open columns of its inside, servo moving, NeoPixel colour
    or None): all the lid drawing depends on, so it is redrawn on a change only."""
    out = []
    if emu.epaper is not None:
        glass, wins = view.epaper(emu.epaper), view.windows()
    for w in range(COLS * ROWS):
        if emu.epaper is not None:  # the digital card: the window as the panel's glass shows it
            out.append((epaper_cells(glass, emu.epaper.width, wins[w], geom), emu.epaper.level() == 1, view.pixel(emu, w)))
            continue
        f, moving = openness(emu, cfg, w, shutters)
        out.append((round(f * geom.win_w), moving, view.pixel(emu, w)))
    return tuple(out)


def epaper_cells(glass, width, place, geom=GEOM):
    """A window of the e-paper glass (view.epaper's rows, the panel width
    wide; place its (x, y, width, height) there, from view.windows), sampled
    to the inside of a window (win_w x 2 win_h pixels): rows of True where
    the paper is white."""
    x0, y, ww, h = place
    rows, cols = geom.win_h * 2, geom.win_w
    return tuple(tuple(bool(view.bit(glass, width, x0 + (2 * i + 1) * ww // (2 * cols), y + (2 * j + 1) * h // (2 * rows)))
                       for i in range(cols)) for j in range(rows))


def lid(state, picture=None, geom=GEOM):
    """The 12 windows of lid_state(): each framed in its NeoPixel's colour;
    closed: the plain shutter (the real flaps carry no number: the lights and
    the OLED's grid say what the dice allow); open: the picture's part
    (or a plain pattern), from the left as far as the shutter stands open;
    a servo on its way (or the e-paper panel refreshing): heavy sides. On the
    e-paper board each window is the panel's glass, lid or picture."""
    rows = [[(" ", "")] * geom.width for _ in range(geom.height)]
    win_w, win_h = geom.win_w, geom.win_h
    for w, (shown, moving, px) in enumerate(state):
        x0, y0 = geom.origin(w)
        frame = ("bold " + _rgb(px)) if px else FRAME_OFF
        _frame(rows, x0, y0, geom, frame, "\u2503" if moving else "\u2502")
        for j in range(win_h):
            for i in range(win_w):
                if isinstance(shown, tuple):  # e-paper: two pixels of the glass a cell
                    top, bottom = shown[2 * j][i], shown[2 * j + 1][i]
                    cell = ("\u2580", "%s on %s" % (PAPER if top else INK, PAPER if bottom else INK))
                elif i < shown:
                    cell = _seen(picture, w, i, j, geom)
                else:
                    cell = ("\u2592", SHUTTER)
                rows[y0 + 1 + j][x0 + 1 + i] = cell
    text = Text(no_wrap=True)
    for k, row in enumerate(rows):
        if k:
            text.append("\n")
        run, style = "", None
        for ch, st in row:  # a run of cells in one style is one span
            if st != style and run:
                text.append(run, style)
                run = ""
            run += ch
            style = st
        text.append(run, style)
    return text


def _frame(rows, x0, y0, geom, style, side):
    bw, bh = geom.box_w, geom.box_h
    rows[y0][x0] = ("\u250c", style)
    rows[y0][x0 + bw - 1] = ("\u2510", style)
    rows[y0 + bh - 1][x0] = ("\u2514", style)
    rows[y0 + bh - 1][x0 + bw - 1] = ("\u2518", style)
    for i in range(1, bw - 1):
        rows[y0][x0 + i] = rows[y0 + bh - 1][x0 + i] = ("\u2500", style)
    for j in range(1, bh - 1):
        rows[y0 + j][x0] = rows[y0 + j][x0 + bw - 1] = (side, style)


def _seen(picture, w, i, j, geom):
    """Cell (i, j) inside open window w: two picture pixels, or the pattern."""
    if picture is None:
        return ("\u00b7", OPEN)
    x = (w % COLS) * geom.win_w + i
    y = (w // COLS) * geom.win_h * 2 + 2 * j
    return ("\u2580", "%s on %s" % (_rgb(picture((x, y))), _rgb(picture((x, y + 1)))))


def seat_lights(emu):
    """Each seat light's colour, (r, g, b) or None when dark or absent (a chain
    of only the windows' has none): the pixels after the windows'."""
    from game.engine import SEATS, WINDOWS
    return [view.pixel(emu, WINDOWS + s) for s in range(SEATS)]


def scores(game, card_in, reboots, answer="", k=0, lights=()):
    """Round, card and closed windows; every seat's crystals (the active seat
    highlighted), a dot before a seat whose light is lit (lights: seat_lights());
    whether a card is in the slot, and reboots if any; at the reveal, what the
    picture is (answer); in language k (app.lang.LANGS)."""
    from host_sim.tui.words import w
    t = Text(no_wrap=True)
    if game is None:
        t.append(w("no_game", k) + "\n", "italic")
    else:
        t.append(w("round", k) % (game.round, game.opts["rounds"], game.cards, game.closed()) + "\n", "bold")
        for s in range(game.n):
            lit = lights[s] if s < len(lights) else None
            if lit:  # the seat may press: its light, in its colour, before its number
                t.append(" \u25cf", "bold rgb(%d,%d,%d)" % lit)
            else:
                t.append("  ")
            t.append("%d:%d" % (s + 1, game.crystals[s]), "bold black on yellow" if s == game.active else "")
        t.append("  " + w("crystals", k) + "\n", "dim")
        if game.over():
            t.append(w("won", k) % ", ".join(str(s + 1) for s in game.winners()) + "\n", "bold green")
    if answer:
        t.append(w("picture", k) % answer + "\n", "bold green")
    t.append(w("card_in" if card_in else "card_out", k), "" if card_in else "bold red")
    if reboots:
        t.append("  " + w("rebooted", k) % reboots, "red")
    return t
