"""The play screen's top band, in every language: the phase's word and the
round never touch the big dice or N. Each drawing call of the band is drawn
again alone on a blank panel, and the lit columns of the words (the phase,
the round) must end at least GAP blank columns before the first lit column
of the dice or N (4: more than the font's spacing inside a word), in every phase, for the longest values (round 10/10, N 12,
dice 6 6)."""
import pytest

from host_sim import press

# blank pixel columns between a word and the dice or N: the 8x8 font leaves 1
# or 2 between the letters of a word, so a gap of 2 or 3 reads as one word
# ("decide3", "R10/10N"); 4 is twice the widest inside a word
GAP = 4
TOP = 15  # the band's rows: the tall lines below start at y 15


def _band(fb_class, g, draw_top):
    """Each outermost drawing call of the top band: (kind, lit columns)."""
    from app import lines, screens, tall
    calls = []
    depth = [0]
    undo = []

    def wrap(obj, name, is_fb):
        orig = getattr(obj, name)
        undo.append((obj, name, orig, is_fb))

        def inner(*a, **k):
            depth[0] += 1
            try:
                return orig(*a, **k)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    calls.append((obj, name, is_fb, a, k))
        setattr(obj, name, inner)

    fb = fb_class()
    wrap(fb, "text", True)
    wrap(screens, "big", False)
    wrap(screens, "text", False)
    wrap(tall, "draw", False)
    wrap(lines, "draw", False)
    try:
        for _ in draw_top(fb, g):
            pass
    finally:
        for obj, name, orig, is_fb in reversed(undo):
            if is_fb:
                delattr(obj, name)
            else:
                setattr(obj, name, orig)
    out = []
    for obj, name, is_fb, a, k in calls:
        alone = fb_class()
        if is_fb:
            alone.text(*a, **k)
            s = a[0]
        else:
            args = list(a)
            for i, v in enumerate(args):
                if v is fb:
                    args[i] = alone
            getattr(obj, name)(*args, **k)
            s = [v for v in a if isinstance(v, str)][0]
        cols = [x for x in range(128) if any(alone.pixel(x, y) for y in range(TOP))]
        if cols:
            out.append((s, cols[0], cols[-1]))
    return out


def _fb():
    import framebuf
    return framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)


def _kind(s, words):
    return "word" if s in words or "/" in s else "turn" if s.startswith("P") else "number"


@pytest.mark.parametrize("lang", ["en", "zh-hans", "zh-hant"])
def test_top_band_words_keep_clear_of_the_dice_and_n(tmp_path, lang):
    press.choose_lang(str(tmp_path), lang)
    s = press.start("pico_pca9685", str(tmp_path), {"players": 6, "rules": "standard", "seed": 3})
    s.keys("r")
    from app import screens
    from app.lang import tr
    from game import engine
    from app import screens_play
    draw_top = screens_play._top
    g = s.game()
    words = set(tr(p) for p in screens.PHASE)
    bad = []
    seen = set()
    for ph in (engine.P_ROLL, engine.P_OPEN, engine.P_DECIDE, engine.P_CALL, engine.P_REVEAL):
        for rnd, n, dice, used in ((10, 12, (6, 6), 0), (1, 9, (1, 4), 1), (10, 2, (5, 3), 2), (9, 11, (2, 2), 0)):
            g.phase = ph
            g.round = rnd
            g.opts["rounds"] = 10
            g.n_at_guess = n
            g.d1, g.d2 = dice
            g.used = used
            drawn = _band(_fb, g, draw_top)
            right = max([c1 for t, c0, c1 in drawn if _kind(t, words) == "word"] or [-1])
            left = min([c0 for t, c0, c1 in drawn if _kind(t, words) == "number"] or [999])
            seen.update(_kind(t, words) for t, _, _ in drawn)
            if left - right - 1 < GAP:
                bad.append("phase %s, R%d/10, N=%d, dice %r: %d blank columns (%r)" % (
                    screens.PHASE[ph], rnd, n, dice, left - right - 1, drawn))
    assert seen == {"word", "turn", "number"}, seen
    assert not bad, "\n".join(bad)
