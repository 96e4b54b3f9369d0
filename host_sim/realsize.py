"""The OLED's play screens at the panel's real size beside a millimetre
ruler: each screen played on the emulated board by its keys and drawn at a
stated scale (pixels per mm) over the BOM display's active area
(hardware/schematics/parts.DISPLAY), each lit pixel a square of the panel's
pitch, with a ruler under and beside it and a 3.5 mm bar (the height text
must reach to be read from a chair, docs/device.md). Printed at the scale's
size, or looked at on a screen held at arm's length, it shows how big the
panel's text stands.

    python -m host_sim.realsize docs/oled_real_size_en.png --lang en
    python -m host_sim.realsize out.png --lang zh-hans --scale 10 --screens roll,call"""
import argparse
import sys
import tempfile

from PIL import Image, ImageDraw

from host_sim import press

# name: keys from a 4-seat standard game, seed 3 (the golden screens' game)
SCREENS = {
    "roll": "",
    "decide": "r o",
    "call": "r o p",
    "result": "r o p 1 2 o c 2",
}
SETUP = {"players": 4, "rules": "standard", "seed": 3}
INK = (120, 200, 255)  # the panel's lit colour, as screen.save_png
MARGIN_MM = 6.0  # room for the rulers and a screen's name
READ_MM = 3.5  # the height a chair needs


def display():
    from hardware.schematics.parts import DISPLAY
    return DISPLAY


def lit(name, lang):
    """The screen's lit pixels (a set of (x, y)) and the panel's size in pixels."""
    with tempfile.TemporaryDirectory() as flash:
        press.choose_lang(flash, lang)
        s = press.start("pico_pca9685", flash, SETUP)
        s.keys(SCREENS[name])
        s.run(3000)  # messages over
        press.frame_whole(s)
        oled = s.emu.oled
        w, h = oled.width, oled.pages * 8
        return {(x, y) for y in range(h) for x in range(w) if oled.lit(x, y)}, (w, h)


def _ruler(d, x0, y0, length_mm, scale, across):
    """A ruler from (x0, y0) along length_mm: a tick a mm, longer at 5, a
    number at 10; across: along x (under the panel), else along y (beside it)."""
    for mm in range(int(length_mm) + 1):
        t = 2.0 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        p = mm * scale
        if across:
            d.line((x0 + p, y0, x0 + p, y0 + t * scale), fill=(230, 230, 230))
            if mm % 10 == 0:
                d.text((x0 + p + 2, y0 + t * scale - 10), "%d" % mm, fill=(230, 230, 230))
        else:
            d.line((x0, y0 + p, x0 - t * scale, y0 + p), fill=(230, 230, 230))
            if mm % 10 == 0:
                d.text((x0 - t * scale - 18, y0 + p + 1), "%d" % mm, fill=(230, 230, 230))
    if across:
        d.line((x0, y0, x0 + length_mm * scale, y0), fill=(230, 230, 230))
    else:
        d.line((x0, y0, x0, y0 + length_mm * scale), fill=(230, 230, 230))


def panel(name, lang, scale):
    """One screen at scale px per mm, with its rulers, its name and a 3.5 mm bar."""
    dp = display()
    px, (w, h) = lit(name, lang)
    aw, ah = dp.active_mm
    pw, ph = dp.pitch_mm
    m = MARGIN_MM * scale
    img = Image.new("RGB", (int(round((aw + 2 * MARGIN_MM) * scale)), int(round((ah + 2 * MARGIN_MM) * scale))),
                    (40, 40, 40))
    d = ImageDraw.Draw(img)
    d.rectangle((m, m, m + aw * scale - 1, m + ah * scale - 1), fill=(0, 0, 0))
    xs = [int(round(m + i * pw * scale)) for i in range(w + 1)]  # each pixel's edges on the sheet
    ys = [int(round(m + j * ph * scale)) for j in range(h + 1)]
    gap = 1 if pw * scale >= 3 else 0  # the dark line between a panel's pixels
    for x, y in px:
        d.rectangle((xs[x], ys[y], xs[x + 1] - 1 - gap, ys[y + 1] - 1 - gap), fill=INK)
    _ruler(d, m, m + ah * scale + 2, aw, scale, True)
    _ruler(d, m - 2, m, ah, scale, False)
    bx = m + aw * scale + 0.6 * scale  # the 3.5 mm bar, level with the panel's top
    d.rectangle((bx, m, bx + 0.8 * scale, m + READ_MM * scale), fill=(255, 120, 80))
    d.text((bx - 2, m + READ_MM * scale + 3), "3.5", fill=(255, 120, 80))
    d.text((m, 4), "%s, %s: %.2f x %.2f mm, %d px per mm" % (name, lang, aw, ah, scale), fill=(230, 230, 230))
    return img


def sheet(names, lang, scale):
    """The screens two a row."""
    tiles = [panel(n, lang, scale) for n in names]
    tw, th = tiles[0].size
    cols = 2 if len(tiles) > 1 else 1
    rows = (len(tiles) + cols - 1) // cols
    out = Image.new("RGB", (tw * cols, th * rows), (40, 40, 40))
    for i, t in enumerate(tiles):
        out.paste(t, ((i % cols) * tw, (i // cols) * th))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_sim.realsize")
    p.add_argument("out", help="the PNG file to write")
    p.add_argument("--lang", default="en", help="the device's language (en, zh-hans, zh-hant)")
    p.add_argument("--scale", type=int, default=10, help="pixels per mm (default 10)")
    p.add_argument("--screens", default=",".join(SCREENS), help="which, comma-separated: %s" % ", ".join(SCREENS))
    a = p.parse_args(argv)
    names = [n for n in a.screens.split(",") if n]
    bad = [n for n in names if n not in SCREENS]
    if bad or not names:
        p.error("--screens: %s unknown (known: %s)" % (", ".join(bad) or "none given", ", ".join(SCREENS)))
    if not 2 <= a.scale <= 40:
        p.error("--scale %d: from 2 to 40 pixels per mm" % a.scale)
    from app.lang import LANGS
    if a.lang not in LANGS:
        p.error("--lang %s: one of %s" % (a.lang, ", ".join(LANGS)))
    sheet(names, a.lang, a.scale).save(a.out, "PNG")
    print("wrote %s" % a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
