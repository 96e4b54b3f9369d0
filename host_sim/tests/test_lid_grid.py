"""The lid's 4x3 grid on the OLED, read from the panel's pixels: an open
window and NEXT's cursor must differ at a glance (open: striped, about half
lit, no number; the cursor: solid, its token's number dark in it), and a
closed window shows its token's number, lit on dark."""
from host_sim import oledread, press

_X0, _Y0, _CW, _CH = 0, 17, 16, 10  # app.screens' grid: a cell 16 x 10, its box 14 wide


def _cell(rows, w):
    x = _X0 + (w % 4) * _CW
    y = _Y0 + (w // 4) * _CH
    lit = sum((rows[y + r] >> (127 - (x + 1 + u))) & 1 for r in range(_CH) for u in range(_CW - 2))
    return lit / float((_CW - 2) * _CH), oledread.glyph(rows, x + 4, y + 1)


def test_an_open_window_and_the_cursor_differ_at_a_glance(tmp_path):
    s = press.start("pico_pca9685", str(tmp_path), {"players": 4, "rules": "standard", "seed": 3})
    s.keys("r o")  # one window open, the cursor on the next the dice allow
    s.run(3000)
    ctl = s.dev.ctl
    g = ctl.store.game
    rows = oledread.rows_of(press.oled_lines(s))
    opened = [w for w in range(12) if g.is_open(w)]
    assert opened and ctl.cur.cursor >= 0 and ctl.cur.cursor not in opened
    cur_lit, cur_digit = _cell(rows, ctl.cur.cursor)
    assert cur_digit == "%d" % g.tokens[ctl.cur.cursor] and cur_lit > 0.75, (cur_lit, cur_digit)
    for w in opened:
        lit, digit = _cell(rows, w)
        assert digit is None, "open window %d shows a number" % (w + 1)
        assert 0.25 < lit < 0.65 and cur_lit - lit >= 0.3, "open window %d: %.0f %% lit, the cursor %.0f %%" % (
            w + 1, 100 * lit, 100 * cur_lit)
    for w in range(12):
        if w not in opened and w != ctl.cur.cursor:
            lit, digit = _cell(rows, w)
            assert digit == "%d" % g.tokens[w] and lit < 0.65, (w, lit, digit)
