"""The OLED's CJK glyph file (firmware/fonts/cjk12.bin), cut from the
WenQuanYi Bitmap Song 12 px font (Debian package xfonts-wqy) down to the
characters of the Chinese text tables (texts/), and the tables compiled for
the board (tools.texts). CPython only.

    python -m tools.font [--pcf PATH] [-o OUT]

The file format is app.glyphs': a header, the sorted code points, then each
glyph as 12 columns of two bytes (rows 0-7 and rows 8-11, least significant
bit on top), the SSD1306's own page layout, so a glyph is ORed into the frame
buffer without turning it."""
import argparse
import os
import struct
import sys

from tools import FIRMWARE

PCF = "/usr/share/fonts/X11/misc/wenquanyi_9pt.pcf"  # the 12 px size
OUT = os.path.join(FIRMWARE, "fonts", "cjk12.bin")  # app.glyphs.FONT
SIZE = 12  # glyph width and height in pixels
BASELINE = 10  # an ideograph's 10 rows above it and 1 below; row 11 spaces the lines
MAGIC = b"CJK1"


class FontError(ValueError):
    pass


def _tables(data):
    if data[:4] != b"\x01fcp":
        raise FontError("not a PCF font (no \\x01fcp header)")
    n = struct.unpack_from("<I", data, 4)[0]
    out = {}
    for i in range(n):
        typ, fmt, size, off = struct.unpack_from("<4I", data, 8 + 16 * i)
        out[typ] = (fmt, off)
    return out


def read_pcf(path):
    """{code point: rows}, each glyph as SIZE rows of SIZE bits (bit SIZE-1
    leftmost), placed on the font's baseline in a SIZE x SIZE cell."""
    with open(path, "rb") as f:
        data = f.read()
    t = _tables(data)
    for need in (4, 8, 32):
        if need not in t:
            raise FontError("%s: PCF table %d missing" % (path, need))

    def head(typ):
        fmt, off = t[typ]
        if struct.unpack_from("<I", data, off)[0] != fmt:
            raise FontError("%s: table %d's format disagrees with the table of contents" % (path, typ))
        return fmt, off + 4, ">" if fmt & 4 else "<"

    # metrics
    fmt, o, e = head(4)
    metrics = []
    if fmt & 0x100:
        n = struct.unpack_from(e + "H", data, o)[0]
        for i in range(n):
            m = data[o + 2 + 5 * i:o + 7 + 5 * i]
            metrics.append(tuple(b - 0x80 for b in m))
    else:
        n = struct.unpack_from(e + "I", data, o)[0]
        for i in range(n):
            metrics.append(struct.unpack_from(e + "5h", data, o + 4 + 12 * i))
    # bitmaps
    fmt, o, e = head(8)
    if not fmt & 8:
        raise FontError("%s: bitmaps with the least significant bit first are not read" % path)
    pad = 1 << (fmt & 3)
    n = struct.unpack_from(e + "I", data, o)[0]
    offsets = struct.unpack_from(e + "%dI" % n, data, o + 4)
    bits = o + 4 + 4 * n + 16
    # encodings
    fmt, o, e = head(32)
    b2lo, b2hi, b1lo, b1hi = struct.unpack_from(e + "4h", data, o)
    cols = b2hi - b2lo + 1
    rows = b1hi - b1lo + 1
    index = struct.unpack_from(e + "%dH" % (cols * rows), data, o + 10)
    glyphs = {}
    for i, g in enumerate(index):
        if g == 0xFFFF:
            continue
        cp = ((i // cols) + b1lo) << 8 | (i % cols + b2lo)
        left, right, width, asc, desc = metrics[g]
        w = right - left
        stride = ((w + 7) // 8 + pad - 1) // pad * pad
        cell = [0] * SIZE
        for r in range(asc + desc):
            y = BASELINE - asc + r
            if not 0 <= y < SIZE:
                continue
            row = int.from_bytes(data[bits + offsets[g] + r * stride:bits + offsets[g] + (r + 1) * stride], "big")
            row >>= stride * 8 - w  # w bits, leftmost first
            for x in range(w):
                px = left + x
                if row >> (w - 1 - x) & 1 and 0 <= px < SIZE:
                    cell[y] |= 1 << (SIZE - 1 - px)
        glyphs[cp] = cell
    return glyphs


def pack(cell):
    """One glyph in the file's page layout: SIZE bytes of rows 0-7, then SIZE
    bytes of rows 8-11."""
    out = bytearray(2 * SIZE)
    for y in range(SIZE):
        for x in range(SIZE):
            if cell[y] >> (SIZE - 1 - x) & 1:
                out[x + (SIZE if y >= 8 else 0)] |= 1 << (y & 7)
    return bytes(out)


def needed():
    """The characters (past ASCII) of every string of every Chinese table and
    of the languages' own names (the setup menu shows them in any language)."""
    from app import lang
    from tools import texts
    chars = set()
    for code in texts.CODES:
        for s in list(texts.source(code).values()) + list(lang.NAMES):
            chars.update(ch for ch in s if ord(ch) > 127)
    return sorted(chars)


def build(glyphs, chars):
    """The glyph file of chars (sorted) from the font's cells {code point: rows}."""
    return write_table({cp: pack(cell) for cp, cell in glyphs.items() if chr(cp) in chars}, chars)


def write_table(packed, chars):
    """The glyph file of chars (sorted) from glyphs already in the file's
    layout {code point: 2 * SIZE bytes}."""
    missing = [ch for ch in chars if ord(ch) not in packed]
    if missing:
        raise FontError("the font has no glyph for %s" % " ".join("%s (U+%04X)" % (ch, ord(ch)) for ch in missing))
    if any(ord(ch) > 0xFFFF for ch in chars):
        raise FontError("only the Basic Multilingual Plane is stored")
    out = bytearray(MAGIC + struct.pack("<HBB", len(chars), SIZE, 2 * SIZE))
    for ch in chars:
        out += struct.pack("<H", ord(ch))
    for ch in chars:
        out += packed[ord(ch)]
    return bytes(out)


def read_table(data):
    """{code point: glyph bytes} of a glyph file's bytes (as write_table wrote them)."""
    if data[:4] != MAGIC:
        raise FontError("not a glyph file")
    n, _, step = struct.unpack_from("<HBB", data, 4)
    codes = struct.unpack_from("<%dH" % n, data, 8)
    base = 8 + 2 * n
    return {cp: data[base + k * step:base + (k + 1) * step] for k, cp in enumerate(codes)}


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.font", description=__doc__.split("\n\n")[0])
    p.add_argument("--pcf", default=PCF, help="the 12 px WenQuanYi PCF (apt install xfonts-wqy)")
    p.add_argument("-o", "--out", default=OUT)
    a = p.parse_args(argv)
    if not os.path.exists(a.pcf):
        print("no font at %s: apt install xfonts-wqy, or --pcf PATH" % a.pcf, file=sys.stderr)
        return 2
    from host_sim import hw
    hw.install()
    try:
        data = build(read_pcf(a.pcf), needed())
    except FontError as e:
        print(e, file=sys.stderr)
        return 2
    with open(a.out, "wb") as f:
        f.write(data)
    print("%s: %d glyphs, %d bytes" % (a.out, (len(data) - 8) // (2 + 2 * SIZE), len(data)))
    from tools import texts
    try:
        for path, n in texts.build().items():
            print("%s: %d bytes" % (path, n))
        texts.write_doc()
    except texts.TextError as e:
        print(e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
