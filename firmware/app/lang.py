"""The language of the device's texts. English is written in the code; a
Chinese table on flash (app.table) maps each English text (a format string
before it is filled in) to its translation, loaded only for the language in
use."""
LANGS = ("en", "zh-hans", "zh-hant")  # the one list of languages: the first is the code's own
NAMES = ("English", "简体中文", "繁體中文")  # each in its own script, on every screen
# each language's script, by LANGS: "latin" is drawn in the panel's 8x8 font,
# a text row a line; any other in app.lines' glyphs, 12 rows a line. The
# screens lay out by the script, never by the language
SCRIPTS = ("latin", "han", "han")
# a script's metrics, the screens' one layout reads: a text line's height in
# pixels (the 8x8 font's row; app.lines' 12-row line of ideographs)
LINE_PX = {"latin": 8, "han": 12}
code = LANGS[0]
script = SCRIPTS[0]
line_px = LINE_PX[script]
root = ""  # the firmware tree's folder ("" on the board), set at boot
_t = None


def use(c):
    """Speak language c (one of LANGS; anything else is English)."""
    global code, script, line_px, _t
    if c not in LANGS:
        c = LANGS[0]
    if c == code:
        return
    if _t is not None:
        _t.f.close()
    code = LANGS[0]
    script = SCRIPTS[0]
    line_px = LINE_PX[script]
    _t = None
    if c != code:
        from app.table import Table
        try:
            _t = Table(root + "lang/" + c + ".bin")
        except OSError:  # no table on this flash: the device speaks English
            return
        code = c
        script = SCRIPTS[LANGS.index(c)]
        line_px = LINE_PX[script]


def chosen(settings):
    """The language of these settings: the user's choice, else the preset's
    (the Simplified Chinese edition's flow speaks Simplified Chinese)."""
    c = settings.get("lang", "")
    if c in LANGS:
        return c
    return "zh-hans" if settings.get("rules") == "zh-cn" else LANGS[0]


def tr(s):
    """s in the language in use."""
    if _t is None:
        return s
    return _t.get(s)
