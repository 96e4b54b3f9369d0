"""Picture decks for the e-paper board (CPython only: Pillow, resvg-py).

    python -m tools.deck build SRC... -o DECK [--dither | --no-dither]
    python -m tools.deck list DECK
    python -m tools.deck show DECK CARD -o PNG [--lang en|zh-hans|zh-hant]
    python -m tools.deck               the built-in demo deck (`make deck`)

A picture (PNG, JPEG or SVG) is fitted into the card's 400x280 picture area
on white, made 1-bit (Floyd-Steinberg dithering for photos, a plain threshold
for flat art: the default is by file type, JPEG dithered), and cut into the 12
window tiles of drivers.card_layout; the gutters are never stored. A card's
name may come in English, Simplified and Traditional Chinese; the glyphs of
the names past ASCII are cut from the 12 px WenQuanYi font (tools.font, apt
install xfonts-wqy) into the deck. The file format is drivers.deck's."""
import argparse
import io
import json
import os
import struct
import sys
import zlib

from PIL import Image

from host_sim import hw
from tools import FIRMWARE, ROOT

hw.install()  # the firmware's deck reader and layout use deflate, framebuf, micropython
from drivers import deck as fmt  # noqa: E402
from drivers.card_layout import NAME, ROW, TILE_H, TILE_WB, Painter, region  # noqa: E402
from game.engine import WINDOWS  # noqa: E402

PICTURE_W = ROW * 8
PICTURE_H = region(8)[1] + TILE_H  # down to the last row of windows
WBITS = fmt.WBITS


class DeckBuildError(ValueError):
    pass


def load_picture(path, dither=None):
    """The picture of file `path` as a 1-bit Pillow image of the picture area."""
    ext = os.path.splitext(path)[1].lower()
    try:
        if ext == ".svg":
            import resvg_py
            scale = PICTURE_H  # icons are square: fit the height
            png = resvg_py.svg_to_bytes(svg_path=path, width=scale, height=scale, background="#ffffff")
            img = Image.open(io.BytesIO(bytes(png)))
        else:
            img = Image.open(path)
            img.load()
    except (OSError, ValueError) as e:
        raise DeckBuildError("%s: cannot read the picture (%s)" % (path, e))
    if dither is None:
        dither = ext in (".jpg", ".jpeg")
    img = img.convert("RGBA")
    img.thumbnail((PICTURE_W, PICTURE_H), Image.LANCZOS)
    page = Image.new("RGBA", (PICTURE_W, PICTURE_H), (255, 255, 255, 255))
    page.alpha_composite(img, ((PICTURE_W - img.width) // 2, (PICTURE_H - img.height) // 2))
    grey = page.convert("L")
    if dither:
        return grey.convert("1", dither=Image.Dither.FLOYDSTEINBERG)
    return grey.point(lambda v: 255 if v >= 128 else 0).convert("1", dither=Image.Dither.NONE)


def tiles_of(picture):
    """The 12 window tiles of a 1-bit picture, as raw bytes (1 = white, MSB left)."""
    out = []
    for i in range(WINDOWS):
        xb, y, wb, h = region(i)
        out.append(picture.crop((xb * 8, y, (xb + wb) * 8, y + h)).tobytes())
    return out


def name_of(path):
    return os.path.splitext(os.path.basename(path))[0].replace("-", " ").replace("_", " ")


LANGS = ("en", "zh-hans", "zh-hant")  # a card's names, in app.lang.LANGS' order


def names_of(name):
    """A card's names as a tuple: one name (for every language) or three."""
    return (name,) if isinstance(name, str) else tuple(name)


def pack(cards, font=None):
    """Deck file bytes from [(name, [12 raw tiles])]; a name is a string or
    (English, Simplified, Traditional). Names past ASCII take their glyphs
    from font {code point: glyph bytes} (tools.font's layout), by default
    from the 12 px WenQuanYi PCF (tools.font.PCF)."""
    if not cards:
        raise DeckBuildError("a deck needs at least one card")
    if len(cards) > 0xFFFF:
        raise DeckBuildError("%d cards: a deck holds at most 65535" % len(cards))
    blobs = []
    chars = set()
    for name, tiles in cards:
        names = names_of(name)
        if len(names) not in (1, len(LANGS)):
            raise DeckBuildError("card %r: one name or %d (%s), not %d" % (names[0], len(LANGS), ", ".join(LANGS), len(names)))
        for one in names:
            nb = one.encode("utf-8")
            if not nb or len(nb) > ROW or "\n" in one:
                raise DeckBuildError("card name %r: needs 1 to %d bytes on one line" % (one, ROW))
            chars.update(ch for ch in one if ord(ch) > 127)
        name = names[0]
        blobs.append("\n".join(names).encode("utf-8"))
        for t in tiles:
            if len(t) != TILE_WB * TILE_H:
                raise DeckBuildError("card %r: a tile of %d bytes, not %d" % (name, len(t), TILE_WB * TILE_H))
            c = zlib.compressobj(9, zlib.DEFLATED, WBITS)
            blobs.append(c.compress(t) + c.flush())
    biggest = max(len(b) for k, b in enumerate(blobs) if k % (WINDOWS + 1))
    head = fmt.MAGIC + bytes((WINDOWS, TILE_WB, TILE_H, 1 if chars else 0)) + struct.pack("<HH", len(cards), biggest)
    at = len(head) + 4 * (len(blobs) + 1)
    offsets = []
    for b in blobs:
        offsets.append(at)
        at += len(b)
    offsets.append(at)
    return (head + struct.pack("<%dI" % len(offsets), *offsets) + b"".join(blobs)
            + (glyph_table(sorted(chars), font) if chars else b""))


def glyph_table(chars, font=None, pcf=None):
    """The glyphs of chars in app.glyphs' format: from font, or cut from the
    12 px PCF font (pcf, default tools.font.PCF)."""
    from tools import font as fonts
    try:
        if font is None:
            pcf = pcf or fonts.PCF
            if not os.path.exists(pcf):
                raise DeckBuildError("names past ASCII need the WenQuanYi font: no %s (apt install xfonts-wqy)" % pcf)
            return fonts.build(fonts.read_pcf(pcf), chars)
        return fonts.write_table(font, chars)
    except fonts.FontError as e:
        raise DeckBuildError("card names: %s" % e)


def build(sources, out, dither=None, names=None):
    cards = []
    for k, src in enumerate(sources):
        cards.append(((names[k] if names else name_of(src)), tiles_of(load_picture(src, dither))))
    data = pack(cards)
    with open(out, "wb") as f:
        f.write(data)
    return len(cards), len(data)


def read(path):
    """[(name, [12 raw tiles])] of a deck file, through the firmware's reader;
    a name is a string, or a tuple of the card's names in LANGS."""
    d = fmt.Deck(path)
    try:
        cards = []
        for c in range(d.count):
            tiles = []
            for i in range(WINDOWS):
                buf = bytearray(TILE_WB * TILE_H)
                d.tile(c, i, buf)
                tiles.append(bytes(buf))
            names = tuple(d.name(c, k) for k in range(len(LANGS)))
            cards.append((names[0] if len(set(names)) == 1 else names, tiles))
        return cards
    finally:
        d.close()


def card_image(name, tiles, glyph=None):
    """The card as the panel shows it at the reveal: tiles, white gutters, the
    name (glyph: the deck's glyph reader, for names past ASCII)."""
    frame = bytearray(b"\xff" * (ROW * 300))
    buf = bytearray(TILE_WB * TILE_H)
    paint = Painter(buf)
    regions = [(i, tiles[i]) for i in range(WINDOWS)]
    paint.name(name, glyph)
    regions.append((NAME, bytes(buf[:ROW * region(NAME)[3]])))
    for r, data in regions:
        xb, y, wb, h = region(r)
        for row in range(h):
            frame[(y + row) * ROW + xb:(y + row) * ROW + xb + wb] = data[row * wb:(row + 1) * wb]
    return Image.frombytes("1", (ROW * 8, 300), bytes(frame))


def sizes(path):
    """Bytes each card takes in the file (name, tiles and index entries)."""
    with open(path, "rb") as f:
        data = f.read()
    n = struct.unpack_from("<H", data, 8)[0]
    offs = struct.unpack_from("<%dI" % (n * (WINDOWS + 1) + 1), data, 12)
    return [offs[(c + 1) * (WINDOWS + 1)] - offs[c * (WINDOWS + 1)] + 4 * (WINDOWS + 1) for c in range(n)]


def parse(argv):
    d = argparse.ArgumentParser(prog="python -m tools.deck",
                                description="build and look into picture decks (e-paper board)")
    dsub = d.add_subparsers(dest="deck_cmd", required=True)
    b = dsub.add_parser("build", help="make a deck file from pictures (PNG, JPEG, SVG)")
    b.add_argument("src", nargs="+")
    b.add_argument("-o", "--output", required=True)
    g = b.add_mutually_exclusive_group()
    g.add_argument("--dither", dest="dither", action="store_true", default=None,
                   help="dither every picture (photos)")
    g.add_argument("--no-dither", dest="dither", action="store_false",
                   help="plain threshold for every picture (flat art)")
    ls = dsub.add_parser("list", help="the cards of a deck: index, name, bytes")
    ls.add_argument("deck")
    sh = dsub.add_parser("show", help="draw a card, every window open, as PNG")
    sh.add_argument("deck")
    sh.add_argument("card", type=int)
    sh.add_argument("-o", "--output", required=True)
    sh.add_argument("--lang", choices=LANGS, default="en", help="the name in this language (default en)")
    return d.parse_args(argv)


def main(args):
    try:
        if args.deck_cmd == "build":
            n, size = build(args.src, args.output, args.dither)
            print("%s: %d cards, %d bytes" % (args.output, n, size))
        elif args.deck_cmd == "list":
            per = sizes(args.deck)
            for c, (name, _) in enumerate(read(args.deck)):
                print("%d\t%s\t%d bytes" % (c, "\t".join(names_of(name)), per[c]))
        else:
            cards = read(args.deck)
            if not 0 <= args.card < len(cards):
                raise DeckBuildError("%s: no card %d (it has %d)" % (args.deck, args.card, len(cards)))
            d = fmt.Deck(args.deck)
            try:
                name = d.name(args.card, LANGS.index(args.lang))
                card_image(name, cards[args.card][1], d.glyph).save(args.output)
            finally:
                d.close()
            print(args.output)
    except (DeckBuildError, fmt.DeckError) as e:
        print(e, file=sys.stderr)
        return 2
    return 0


# The built-in demo deck: `make deck` (needs the icons from npm, decks/package.json)
DECKS = os.path.join(ROOT, "decks")
DEMO = os.path.join(FIRMWARE, "decks", "demo.deck")
ICONS = os.path.join(DECKS, "node_modules", "@tabler", "icons")


def demo_rows():
    """decks/demo.tsv's rows: [icon, English, 简体中文, 繁體中文]."""
    with open(os.path.join(DECKS, "demo.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    for k, row in enumerate(rows):
        if len(row) != 1 + len(LANGS):
            raise DeckBuildError("decks/demo.tsv: row %d has %d columns, not %d" % (k + 1, len(row), 1 + len(LANGS)))
    return rows


def demo(out=DEMO):
    """Build the demo deck from decks/demo.tsv (icon, then the name in
    English, Simplified and Traditional Chinese), in that order, and write
    its ATTRIBUTION beside it."""
    rows = demo_rows()
    srcs = [os.path.join(ICONS, "icons", "outline", row[0] + ".svg") for row in rows]
    n, size = build(srcs, out, False, [tuple(row[1:]) for row in rows])
    with open(os.path.join(ICONS, "package.json"), encoding="utf-8") as f:
        version = json.load(f)["version"]
    with open(os.path.join(ICONS, "LICENSE"), encoding="utf-8") as f:
        licence = f.read()
    with open(os.path.join(os.path.dirname(out), "ATTRIBUTION"), "w", encoding="utf-8") as f:
        f.write("demo.deck: %d pictures drawn from Tabler Icons %s (outline set),\n"
                "https://tabler.io/icons, under the MIT License:\n\n%s" % (n, version, licence))
    print("%s: %d cards, %d bytes" % (out, n, size))


if __name__ == "__main__":
    if len(sys.argv) == 1:
        demo()
    else:
        sys.exit(main(parse(sys.argv[1:])))
