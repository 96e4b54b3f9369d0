"""The Chinese text tables (texts/zh_hans.py, texts/zh_hant.py) compiled
into the files the board reads (firmware/lang/<code>.bin, app.lang's format):
sorted 24-bit hashes of the English texts, offsets, the translations in UTF-8."""
import importlib
import importlib.util
import os
import struct

from tools import FIRMWARE, ROOT

OUT = os.path.join(FIRMWARE, "lang")


def _translated():
    """app.lang's languages after the first (the code's own): the firmware's
    list, read from its file (app.lang imports nothing)."""
    spec = importlib.util.spec_from_file_location("_langs", os.path.join(FIRMWARE, "app", "lang.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m.LANGS[1:]


CODES = _translated()


class TextError(ValueError):
    pass


def source(code):
    """Language code's table {English: translation}, from texts/."""
    return importlib.import_module("texts." + code.replace("-", "_")).T


_OWN = {"zh-hans": "t2s", "zh-hant": "s2t"}  # OpenCC's conversion into each script
_conv = {}


def own_script(code, s):
    """s with every character in language code's own script (OpenCC): equal
    to s unless a form of the other Chinese script slipped in."""
    if code not in _conv:
        import opencc
        _conv[code] = opencc.OpenCC(_OWN[code])
    return _conv[code].convert(s)


def compile_table(table):
    from app.table import key
    rows = sorted((key(k), k, v.encode("utf-8")) for k, v in table.items())
    for a, b in zip(rows, rows[1:]):
        if a[0] == b[0]:
            raise TextError("%r and %r share a hash: reword one" % (a[1], b[1]))
    out = bytearray(b"TXT1" + struct.pack("<HH", len(rows), 0))
    for h, _, _ in rows:
        out += struct.pack("<I", h)[:3]
    at = 0
    for _, _, v in rows:
        out += struct.pack("<H", at)
        at += len(v)
    out += struct.pack("<H", at)
    if at > 0xFFFF:
        raise TextError("the texts pass 64 KB")
    for _, _, v in rows:
        out += v
    return bytes(out)


def build(out=OUT):
    """Write every table; returns {path: bytes}."""
    os.makedirs(out, exist_ok=True)
    done = {}
    for code in CODES:
        path = os.path.join(out, code + ".bin")
        data = compile_table(source(code))
        with open(path, "wb") as f:
            f.write(data)
        done[path] = len(data)
    return done


DOC = os.path.join(ROOT, "docs", "i18n.md")
MARK = "<!-- the table below is written by `python -m tools.texts` -->"


def _cell(s):
    return (s.replace("|", "\\|") or "(left out)") if s is not None else "(missing)"


def doc_table():
    """Every text of the tables in the three languages, as a Markdown table."""
    hans, hant = source("zh-hans"), source("zh-hant")
    rows = ["| English | 简体中文 | 繁體中文 |", "| --- | --- | --- |"]
    for k in sorted(hans, key=str.lower):
        rows.append("| %s | %s | %s |" % (_cell(k), _cell(hans[k]), _cell(hant.get(k))))
    return "\n".join(rows) + "\n"


def write_doc(path=DOC):
    """docs/i18n.md's table from texts/ (the prose above the mark is kept)."""
    with open(path, encoding="utf-8") as f:
        head = f.read().split(MARK)[0]
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + MARK + "\n\n" + doc_table())


if __name__ == "__main__":  # the tables and the doc, without recutting the glyph file (make font does both)
    from host_sim import hw
    hw.install()  # app.table's key() runs here as on the board
    for path, n in build().items():
        print("%s: %d bytes" % (path, n))
    write_doc()
