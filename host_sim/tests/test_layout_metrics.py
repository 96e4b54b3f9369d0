"""Language is data: the menus and the deck's reload screen have one layout,
set out by the script's metrics (app.lang.LINE_PX: a text line's height),
not by which language is spoken. A script with another line height (16 px,
none of today's) lays the same menu out by it: its rows 16 px apart, as
many as fit, and no keys' line where it leaves no room."""
from host_sim import press


def _rows_drawn(s, monkeypatch):
    from app import frame, lines
    import framebuf
    drawn = []
    real = lines.drawing

    def spy(fb, t, x, y, *a, **k):
        drawn.append((t, y))
        return real(fb, t, x, y, *a, **k)

    monkeypatch.setattr(lines, "drawing", spy)
    texts = []
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    monkeypatch.setattr(fb, "text", lambda t, x, y, c=1: texts.append((t, y)), raising=False)
    frame.draw(fb, s.dev.ctl)
    return drawn, texts


def test_the_menu_is_laid_out_by_the_scripts_line_height(tmp_path, monkeypatch):
    s = press.start("pico_pca9685", str(tmp_path), {"players": 3, "rules": "standard", "seed": 2})
    s.keys("U")  # the menu
    s.run(3000)
    from app import lang
    drawn, texts = _rows_drawn(s, monkeypatch)
    assert [y for _, y in drawn] == [0, 8, 16, 24, 32, 40, 48] and ("NEXT OK UNDO", 56) in texts  # 8x8 text
    monkeypatch.setattr(lang, "line_px", 16)
    drawn, texts = _rows_drawn(s, monkeypatch)
    assert [y for _, y in drawn] == [0, 16, 32, 48], drawn  # the title, three rows of 16 under it
    assert not any(t == "NEXT OK UNDO" for t, _ in texts)  # no room left for the keys


def test_the_reload_screen_has_one_layout(tmp_path, monkeypatch):
    from app import lang
    from app.mode import reload
    import inspect
    src = inspect.getsource(reload)
    assert "lang.script" not in src and "lang.code" not in src
    s = press.start("pico_pca9685", str(tmp_path), {"players": 3, "rules": "standard", "seed": 2})
    from app import modes
    s.dev.ctl.enter(modes.M_RELOAD)
    drawn, _ = _rows_drawn(s, monkeypatch)
    assert drawn[0] == ("DECK EMPTY.", 0) and drawn[1][1] == 8 and lang.line_px == 8
