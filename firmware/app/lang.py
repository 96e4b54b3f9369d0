"""The language of the device's texts. English is written in the code; a
Chinese table on flash (app.table) maps each English text (a format string
before it is filled in) to its translation, loaded only for the language in
use."""
LANGS = ("en", "zh-hans", "zh-hant")
NAMES = ("English", "简体中文", "繁體中文")  # each in its own script, on every screen
code = "en"
root = ""  # the firmware tree's folder ("" on the board), set at boot
_t = None


def use(c):
    """Speak language c (one of LANGS; anything else is English)."""
    global code, _t
    if c not in LANGS:
        c = "en"
    if c == code:
        return
    if _t is not None:
        _t.f.close()
    code = "en"
    _t = None
    if c != "en":
        from app.table import Table
        try:
            _t = Table(root + "lang/" + c + ".bin")
        except OSError:  # no table on this flash: the device speaks English
            return
        code = c


def chosen(settings):
    """The language of these settings: the user's choice, else the preset's
    (the Simplified Chinese edition's flow speaks Simplified Chinese)."""
    c = settings.get("lang", "")
    if c in LANGS:
        return c
    return "zh-hans" if settings.get("rules") == "zh-cn" else "en"


def tr(s):
    """s in the language in use."""
    if _t is None:
        return s
    return _t.get(s)
