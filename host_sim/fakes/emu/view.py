"""What the emulated board shows a player, computed once for every front
end (the terminal's `make sim` and the web page): how far each flap stands
open, each NeoPixel's colour, the OLED's and the e-paper panel's pixels as a
viewer sees them, and where the windows lie on the e-paper glass. Runs on
CPython and on MicroPython (the web page).

Both panels come as the same picture format, "rows": rows of bytes, 8 pixels
a byte, the leftmost pixel in bit 7; a 1 is a lit OLED pixel or white paper."""
from emu.servo import pulse_to_deg


def flap(emu, w, shutters=None, cfg=None):
    """How far window w stands open, 0.0 (closed) to 1.0: a light valve is
    one or the other; a servo's angle is placed between the pulses the
    device drives window w with (its shutters' calibration), or, with no
    device shutters (a refused board config), the board config's."""
    if emu.valves:
        return 1.0 if emu.valves[w].level() else 0.0
    if shutters is not None and hasattr(shutters, "open_us"):
        shut, opened = shutters.closed_us[w], shutters.open_us[w]
    elif cfg is not None:
        sh = cfg["shutters"]
        shut, opened = sh["closed_us"], sh["open_us"]
    else:
        raise ValueError("window %d: no shutters and no board config to read its pulses from" % w)
    lo, hi = pulse_to_deg(shut), pulse_to_deg(opened)
    if hi == lo:
        return 0.0
    f = (emu.servos[w].angle() - lo) / (hi - lo)
    return 1.0 if f > 1 else 0.0 if f < 0 else f


def pixel(emu, w):
    """NeoPixel w's colour from the last frame on the wire (GRB), brightened
    so its strongest channel is full (the firmware caps brightness; a player
    sees the hue): (r, g, b), or None when it is dark or not yet sent."""
    data = emu.pixels.data
    if data is None or len(data) < 3 * (w + 1):
        return None
    g, r, b = data[3 * w], data[3 * w + 1], data[3 * w + 2]
    top = max(r, g, b)
    if top == 0:
        return None
    return (r * 255 // top, g * 255 // top, b * 255 // top)


def oled(panel):
    """The OLED's pixels as a viewer sees them, as rows: its display RAM
    (a byte is 8 rows of a column, bit 0 on top) through the glass's mounting
    (segment remap, COM scan direction), inversion and display on/off. Only
    lit bits are visited: a screen is mostly dark, and the page runs this in
    MicroPython on every change of the OLED."""
    w, h = panel.width, panel.pages * 8
    rb = w >> 3
    out = bytearray(rb * h)
    if not panel.on:
        return out
    ram, remap, flip = panel.ram, panel.seg_remap, panel.com_flip
    for page in range(panel.pages):
        base = page * w
        for c in range(w):
            b = ram[base + c]
            if not b:
                continue
            x = c if remap else w - 1 - c
            o, m = x >> 3, 0x80 >> (x & 7)
            for k in range(8):
                if b >> k & 1:
                    row = page * 8 + k
                    out[(row if flip else h - 1 - row) * rb + o] |= m
    if panel.inverted:
        for i in range(len(out)):
            out[i] ^= 0xFF
    return out


def epaper(panel):
    """The e-paper panel's glass (what its last refresh left), as rows."""
    return bytes(panel.glass)


def bit(rows, width, x, y):
    """Pixel (x, y) of a picture of the given width in rows: 1 or 0."""
    return (rows[y * (width >> 3) + (x >> 3)] >> (7 - (x & 7))) & 1


def unpack(rows, width):
    """A picture in rows as rows of 0/1, one a pixel."""
    rb = width >> 3
    return [[(rows[y * rb + (x >> 3)] >> (7 - (x & 7))) & 1 for x in range(width)]
            for y in range(len(rows) // rb)]


def windows():
    """Where each of the windows lies on the e-paper glass, in pixels:
    [(x, y, width, height)] (drivers.card_layout)."""
    from drivers.card_layout import NAME, region
    out = []
    for w in range(NAME):  # the name strip is region NAME, after the windows
        xb, y, wb, h = region(w)
        out.append((xb * 8, y, wb * 8, h))
    return out
