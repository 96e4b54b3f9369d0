"""`python -m host_sim sim`: the firmware on the emulated board in a Textual
app, driven headless by Textual's pilot. What the widgets show is read back
from their rendered lines and checked against the emulated parts."""
import argparse
import asyncio
import subprocess
import sys

import pytest
from PIL import Image
from rich.style import Style
from textual.geometry import Region

from host_sim import ROOT, press
from host_sim.tui import view
from host_sim.tui.app import MAX_LAG_MS, SimApp
from game.engine import P_REVEAL  # firmware/ is on the path from host_sim on

WIDE, NARROW = (190, 40), (120, 36)
SHUTTER_BG = Style.parse(view.SHUTTER).bgcolor.triplet
HALF = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}


def flags(**kw):
    a = dict(players=3, rules=None, seed=5, board="pico_pca9685", flash=None)
    a.update(kw)
    return argparse.Namespace(**a)


def play(test, size=WIDE, picture=None, realtime=False, session=None, boot_ms=1500, **kw):
    """Run test(app, pilot, session) in the app, headless, on a fresh board
    (or on session, when given), after boot_ms of the board's time (the
    power-up closes the 12 windows from mid-travel, 3 at a time: 1.35 s)."""
    async def go(s):
        app = SimApp(s, picture, realtime)
        async with app.run_test(size=size) as pilot:
            app.advance(boot_ms)
            await test(app, pilot, s)
        return app
    if session is not None:
        return asyncio.run(go(session))
    with press.session(flags(**kw)) as s:
        return asyncio.run(go(s))


async def keys(app, pilot, text, ms=400):
    """Press each key in the app, letting the device run ms after each."""
    for k in text.split():
        await pilot.press(k)
        app.advance(ms)
    await pilot.pause()


def shown(app, name):
    """The widget's content as rendered on the screen: lines of segments."""
    w = app.query_one(name)
    lines = w.render_lines(Region(0, 0, w.outer_size.width, w.outer_size.height))
    b = (w.outer_size.height - w.size.height) // 2  # its border, if it has one
    return [list(line.crop(b, b + w.size.width)) for line in lines[b:b + w.size.height]]


def cells(line):
    """(character, style) of every cell of a rendered line."""
    out = []
    for seg in line:
        for ch in seg.text:
            out.append((ch, seg.style))
    return out


def decode_blocks(lines):
    px = []
    for line in lines:
        top, bottom = [], []
        for ch, _ in cells(line):
            t, b = HALF[ch]
            top.append(t)
            bottom.append(b)
        px += [top, bottom]
    return px


def decode_braille(lines):
    px = []
    for line in lines:
        rows = [[] for _ in range(4)]
        for ch, _ in cells(line):
            bits = ord(ch) - 0x2800
            assert 0 <= bits < 256, ch
            for dx in range(2):
                for dy in range(4):
                    dot = (1 << (dy + 3 * dx)) if dy < 3 else (0x40 << dx)
                    rows[dy].append(1 if bits & dot else 0)
        px += rows
    return px


def panel_pixels(panel):
    return [[1 if panel.lit(x, y) else 0 for x in range(128)] for y in range(64)]


@pytest.mark.parametrize("size,decode", [(WIDE, decode_blocks), (NARROW, decode_braille)], ids=["blocks", "braille"])
def test_the_oled_widget_shows_the_emulated_oleds_pixels(size, decode):
    seen = []

    async def test(app, pilot, s):
        for text in ("", "r", "o"):
            await keys(app, pilot, text)
            want = panel_pixels(s.emu.oled)
            got = decode(shown(app, "#oled"))
            assert got == want
            seen.append(want)
    play(test, size)
    assert sum(map(sum, seen[0])) > 200  # a screen, not a blank panel
    assert seen[0] != seen[1] != seen[2]  # and it follows the device


def windows(app):
    """[(inside, frame)] of the 12 windows, from the rendered lid: inside the
    (character, style) rows, frame the top-left corner's (character, style)."""
    lines = [cells(line) for line in shown(app, "#lid")]
    g = app.geom
    out = []
    for w in range(12):
        x0, y0 = g.origin(w)
        inside = [lines[y0 + 1 + j][x0 + 1:x0 + 1 + g.win_w] for j in range(g.win_h)]
        out.append((inside, lines[y0 + 1][x0]))
    return out


def states(app):
    """closed, open, ajar (a servo stopped part way) or moving (heavy sides)
    for each window, as the lid shows it."""
    out = []
    for inside, side in windows(app):
        shutter = [st.bgcolor is not None and st.bgcolor.triplet == SHUTTER_BG for row in inside for _, st in row]
        if side[0] == "\u2503":
            out.append("moving")
        elif not any(shutter):
            out.append("open")
        else:
            out.append("closed" if all(shutter) else "ajar")
    return out


def test_a_window_opens_after_roll_and_ok_and_its_servo_is_seen_moving():
    async def test(app, pilot, s):
        seen = set()
        for _ in range(150):  # power-up: from mid-travel, 3 at a time, each allowed the longest way (338 ms)
            seen.update(states(app))
            app.advance(10)
        assert seen == {"ajar", "moving", "closed"}
        assert states(app) == ["closed"] * 12
        await keys(app, pilot, "r")
        await pilot.press("o")
        app.advance(60)  # the servo is on its way
        w = s.dev.ctl.store.game.open_mask.bit_length() - 1
        assert s.emu.servos[w].moving()
        assert states(app)[w] == "moving"
        app.advance(400)
        await pilot.pause()
        assert not s.emu.servos[w].moving()
        assert states(app) == ["open" if v == w else "closed" for v in range(12)]
        assert "N=11 closed" in str(app.query_one("#scores").render())
    play(test, boot_ms=300)


def test_each_frame_has_its_neopixels_colour():
    async def test(app, pilot, s):
        await keys(app, pilot, "r")  # the dice light the windows they allow
        data = s.emu.pixels.data
        lit = 0
        for w in range(12):
            g, r, b = data[3 * w:3 * w + 3]
            frame = windows(app)[w][1][1].color.triplet
            if (r, g, b) == (0, 0, 0):
                assert tuple(frame) == (70, 70, 70)  # unlit: the lid's grey
                continue
            lit += 1
            top = max(r, g, b)
            assert tuple(frame) == (r * 255 // top, g * 255 // top, b * 255 // top)
        assert lit >= 2
    play(test)


def test_the_card_key_pulls_the_card_and_puts_it_back():
    async def test(app, pilot, s):
        await keys(app, pilot, "r o")
        w = s.dev.ctl.store.game.open_mask.bit_length() - 1
        assert states(app)[w] == "open"
        await keys(app, pilot, "c", 600)
        assert not s.card
        assert states(app)[w] == "closed"  # the card out before the reveal: all close
        assert "no card in the slot" in str(app.query_one("#scores").render())
        await keys(app, pilot, "c", 600)
        assert "card in the slot" in str(app.query_one("#scores").render())
        assert states(app)[w] == "open"  # back: play goes on
    play(test)


def test_keys_pressed_faster_than_a_press_are_queued_in_order():
    cursors = []

    async def test(app, pilot, s):
        await keys(app, pilot, "r")
        await pilot.press("n", "n")  # both before the device has run at all
        app.advance(800)
        cursors.append(s.dev.ctl.play.cursor)
    play(test)

    async def once(app, pilot, s):
        await keys(app, pilot, "r n", 800)
        cursors.append(s.dev.ctl.play.cursor)
    play(once)
    assert cursors[0] != cursors[1]  # the second NEXT moved the cursor on


def test_a_long_undo_opens_the_menu_and_q_quits():
    from app import controller

    async def test(app, pilot, s):
        await keys(app, pilot, "U", 1500)
        assert s.dev.ctl.mode == controller.M_MENU
        await pilot.press("q")
    app = play(test)
    assert app.return_code == 0 and not app.is_running


def test_the_open_windows_show_their_part_of_the_picture(tmp_path):
    path = tmp_path / "card.png"
    img = Image.new("RGB", (400, 240))  # a colour of its own for every window
    colours = [(20 * w + 10, 255 - 20 * w, (70 * w) % 256) for w in range(12)]
    for w, c in enumerate(colours):
        img.paste(c, ((w % 4) * 100, (w // 4) * 80, (w % 4 + 1) * 100, (w // 4 + 1) * 80))
    img.save(path)

    async def test(app, pilot, s):
        await keys(app, pilot, "r o", 600)
        w = s.dev.ctl.store.game.open_mask.bit_length() - 1
        for v, (inside, _) in enumerate(windows(app)):
            styles = {(tuple(st.color.triplet), tuple(st.bgcolor.triplet)) for row in inside for _, st in row}
            if v == w:
                assert styles == {(colours[v], colours[v])}
            else:
                assert not any(c in colours for pair in styles for c in pair)  # the card stays hidden
    play(test, picture=view.load_picture(str(path)))


def test_the_device_keeps_up_with_the_wall_clock():
    import time
    from emu import clock

    async def test(app, pilot, s):
        t0, w0 = clock.now_us(), time.monotonic()
        await pilot.pause(0.5)
        ran, wall = (clock.now_us() - t0) / 1000, (time.monotonic() - w0) * 1000
        # it runs, and never ahead of the wall by more than the catch-up of one
        # late tick (behind, on a loaded machine, is allowed)
        assert 100 < ran < wall + MAX_LAG_MS, (ran, wall)
    play(test, realtime=True)


def test_light_valve_windows_open_and_close_with_their_gpio(tmp_path):
    """A board with light-valve shutters (backend gpio): the lid follows the valves."""
    import json
    import os
    from emu.session import Session
    from host_sim import FIRMWARE
    os.makedirs(tmp_path / "fw" / "boards")
    with open(os.path.join(FIRMWARE, "boards", "pico_direct_pwm.json")) as f:
        cfg = json.load(f)
    cfg["shutters"].update(backend="gpio", ms_per_60deg=0, settle_ms=250)
    with open(tmp_path / "fw" / "boards" / "valves.json", "w") as f:
        json.dump(cfg, f)
    os.makedirs(tmp_path / "flash")
    s = Session("valves", str(tmp_path / "fw") + "/", str(tmp_path / "flash") + "/",
                {"players": 3, "rules": "standard", "seed": 5})
    assert s.emu.valves and not s.emu.servos

    async def test(app, pilot, s):
        await keys(app, pilot, "r o", 600)
        w = s.dev.ctl.store.game.open_mask.bit_length() - 1
        assert [v.level() for v in s.emu.valves] == [int(v == w) for v in range(12)]
        assert states(app) == ["open" if v == w else "closed" for v in range(12)]
    play(test, session=s)


def run(*args):
    return subprocess.run([sys.executable, "-m", "host_sim", "sim"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_sim_refuses_a_bad_board_or_picture(tmp_path):
    p = run("--board", "nope")
    assert p.returncode == 2 and p.stderr.strip() == "board config: boards/nope.json: no such file"
    bad = tmp_path / "bad.png"
    bad.write_text("not a picture")
    p = run("--picture", str(bad))
    assert p.returncode == 2 and p.stderr.strip() == "--picture: %s: not a picture Pillow can read" % bad
    p = run("--picture", str(tmp_path / "none.png"))
    assert p.returncode == 2 and p.stderr.strip() == "--picture: %s: No such file or directory" % (tmp_path / "none.png")


def test_the_epaper_board_shows_its_panel_in_the_lid():
    """pico_epaper: each window of the lid is the panel's glass, read back from
    the rendered cells: a lid until the window opens, then the picture."""
    PAPER, INK = (235, 235, 225), (20, 20, 20)

    def glass(app, w):
        inside, _ = windows(app)[w]
        rows = []
        for row in inside:
            top, bottom = [], []
            for ch, st in row:
                assert ch == "\u2580"
                top.append(tuple(st.color.triplet) == PAPER)
                bottom.append(tuple(st.bgcolor.triplet) == PAPER)
            rows += [tuple(top), tuple(bottom)]
        return tuple(rows)

    def panel(panel, w, geom):
        """Window w of the panel's glass (its own white()), sampled at the
        middle of each cell's half."""
        from drivers.card_layout import region
        xb, y, wb, h = region(w)
        x0, width, rows, cols = xb * 8, wb * 8, geom.win_h * 2, geom.win_w
        return tuple(tuple(bool(panel.white(x0 + (2 * i + 1) * width // (2 * cols), y + (2 * j + 1) * h // (2 * rows)))
                           for i in range(cols)) for j in range(rows))

    async def test(app, pilot, s):
        app.advance(4000)  # the first full refresh: every lid
        await pilot.pause()
        lids = [glass(app, w) for w in range(12)]
        assert lids == [panel(s.emu.epaper, w, app.geom) for w in range(12)]
        assert len(set(lids)) == 6  # each lid its token's face, 1-6 twice: not a blank panel
        await keys(app, pilot, "r o", 1500)  # a partial refresh takes 0.75 s
        w = s.dev.ctl.store.game.open_mask.bit_length() - 1
        now = [glass(app, v) for v in range(12)]
        assert now == [panel(s.emu.epaper, v, app.geom) for v in range(12)]
        assert [now[v] != lids[v] for v in range(12)] == [v == w for v in range(12)]
    play(test, board="pico_epaper")


def test_the_epaper_boards_answer_waits_for_the_second_press():
    """At the reveal the simulator names the picture only once the panel
    shows it whole: not while it waits for OK."""
    async def test(app, pilot, s):
        await keys(app, pilot, "r o 1 o", 1500)
        assert s.dev.ctl.store.game.phase == P_REVEAL and app.answer() == ""  # veiled
        await keys(app, pilot, "o", 4000)
        sh = s.dev.hw.shutters
        assert app.answer() == sh.deck.name(sh.card) != ""
    play(test, board="pico_epaper")


def test_sim_runs_the_circuitpython_build():
    """make sim RUNTIME=circuitpython: the same app on the CircuitPython build
    (its own process: one runtime per process)."""
    code = "\n".join([
        "import argparse, asyncio",
        "from host_sim import press",
        "press.install('circuitpython')",
        "from host_sim.tui.app import SimApp",
        "args = argparse.Namespace(players=3, rules=None, seed=5, board='pico_pca9685', flash=None,",
        "                          runtime='circuitpython')",
        "async def go(s):",
        "    app = SimApp(s, None, False)",
        "    async with app.run_test(size=(190, 40)) as pilot:",
        "        app.advance(300)",
        "        for k in ('r', 'o'):",
        "            await pilot.press(k)",
        "            app.advance(400)",
        "        await pilot.pause()",
        "        print('closed=%d buttons=%s' % (s.game().closed(), type(s.dev.hw.buttons).__module__))",
        "with press.session(args) as s:",
        "    asyncio.run(go(s))",
    ])
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "closed=11 buttons=cp.keys" in p.stdout


def inside_screen(app):
    """Every panel wholly on the screen, none overlapping another."""
    screen = Region(0, 0, app.size.width, app.size.height)
    regions = [app.query_one(n).region for n in ("#oled", "#scores", "#lid")]
    for r in regions:
        assert r.width > 0 and r.height > 0 and screen.contains_region(r), (r, screen)
    for i, a in enumerate(regions):
        for b in regions[i + 1:]:
            assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36), (190, 40), (240, 70)])
def test_every_panel_fits_the_terminal(size):
    async def test(app, pilot, s):
        await keys(app, pilot, "r o")
        inside_screen(app)
        lid = app.query_one("#lid")
        assert lid.size.width >= app.geom.width and lid.size.height >= app.geom.height  # no lid column cut
        assert len(windows(app)) == 12 and "open" in states(app)
        decode = decode_blocks if app.query_one("#oled").has_class("blocks") else decode_braille
        assert decode(shown(app, "#oled")) == panel_pixels(s.emu.oled)
    play(test, size)


def test_the_lid_grows_with_the_terminal_and_follows_a_resize_at_once():
    sizes = []

    async def test(app, pilot, s):
        for w, h in ((80, 24), (240, 70), (120, 36)):
            await pilot.resize_terminal(w, h)
            await pilot.pause()
            app.advance(50)
            inside_screen(app)
            sizes.append((app.geom.win_w, app.geom.win_h, app.query_one("#oled").has_class("blocks")))
            decode = decode_blocks if sizes[-1][2] else decode_braille
            assert decode(shown(app, "#oled")) == panel_pixels(s.emu.oled)  # no lag of one resize
    play(test, (120, 36))
    small, big, mid = sizes
    assert small[:2] < mid[:2] < big[:2] and big[2] and not small[2] and not mid[2]


def test_the_built_in_deck_a_new_picture_per_card_in_the_games_order_named_at_the_reveal():
    from emu import deckcards
    from game.shuffle import deck_order
    d = deckcards.deck(app_root())
    order = deck_order(5, d.count)  # a game given seed 5 and no secret: the seed's order
    seen = []

    async def test(app, pilot, s):
        await keys(app, pilot, "r o", 600)  # a window open on card 1
        w = s.game().open_mask.bit_length() - 1
        inside, _ = windows(app)[w]
        seen.append({tuple(st.bgcolor.triplet) for row in inside for _, st in row if st.bgcolor})
        assert app.card_picture() == order[0]
        p = s.game().active + 1
        await keys(app, pilot, "%d o" % p, 600)  # a guess, the call closed: the card still in
        assert app.answer() == "" and "the picture" not in str(app.query_one("#scores").render())
        await keys(app, pilot, "c", 600)  # the card pulled
        assert "the picture: %s" % d.name(order[0]) in str(app.query_one("#scores").render())
        await keys(app, pilot, "o c", 600)  # nobody right; the next card goes in
        assert app.card_picture() == order[1] and app.answer() == ""
    play(test)
    assert seen[0] and SHUTTER_BG not in seen[0]  # the picture, not the shutter


def app_root():
    from host_sim.tui import app
    return app.ROOT


def test_a_sim_game_with_no_seed_draws_a_fresh_seed_and_deck_secret():
    from host_sim.tui.app import fresh
    got = []
    for _ in range(2):
        a = flags(seed=None, secret=None)
        fresh(a)
        got.append((a.seed, a.deck_secret))
        assert press.setup_of(a)["secret"] == a.deck_secret
    assert got[0][0] != got[1][0] and got[0][1] != got[1][1]  # once in 2^32 the same by chance
    assert all(0 <= x < 1 << 32 and 0 <= y < 1 << 64 for x, y in got)
    pinned = [flags(seed=None, secret=9) for _ in range(2)]
    for a in pinned:
        fresh(a)
    assert (pinned[0].seed, pinned[0].deck_secret) == (pinned[1].seed, pinned[1].deck_secret)
    given = flags(seed=7, secret=None)
    fresh(given)
    assert given.seed == 7 and "secret" not in press.setup_of(given)
    menu = flags(players=None, seed=None, secret=None)
    fresh(menu)
    assert menu.seed is None  # the setup menu draws its own


@pytest.mark.parametrize("board,code", [("pico_pca9685", "zh-hans"), ("pico_epaper", "zh-hant")])
def test_the_picture_is_named_at_the_reveal_in_the_language_the_device_speaks(board, code):
    """make sim LANG=...: the score panel's picture line and the terminal's
    own words in the device's language, the picture's name from the deck."""
    from app import lang
    k = lang.LANGS.index(code)

    async def test(app, pilot, s):
        assert lang.code == code
        help_line = str(app.query_one("#help").render())
        assert ("菜单" if code == "zh-hans" else "選單") in help_line and "quit" not in help_line
        assert app.query_one("#lid").border_title == ("盖板" if code == "zh-hans" else "蓋板")
        p = s.game().active + 1
        await keys(app, pilot, "r o %d o" % p, 1500)
        await keys(app, pilot, "c" if board == "pico_pca9685" else "o", 4000)  # the card pulled; the panel's second press
        assert s.game().phase == P_REVEAL
        d = s.dev.hw.shutters.deck if board == "pico_epaper" else deckcards.deck(app_root())
        want = d.name(app.card_picture() if board == "pico_pca9685" else s.dev.hw.shutters.card, k)
        assert want != d.name(app.card_picture() if board == "pico_pca9685" else s.dev.hw.shutters.card)
        assert app.answer() == want
        text = str(app.query_one("#scores").render())
        assert ("图片：" if code == "zh-hans" else "圖片：") + want in text and "crystals" not in text
    from emu import deckcards
    try:
        play(test, board=board, lang=code)
    finally:
        lang.use("en")


def test_a_resumed_sim_starts_its_servos_where_the_last_run_left_them(tmp_path):
    flash = tmp_path / "flash"
    with press.session(flags(flash=str(flash))) as s:
        s.keys("r o")
        s.run(2000)
        was = s.emu.angles()
    with press.session(flags(flash=str(flash))) as s:  # 20 ms after power-up
        closed = min(was)
        for w in range(12):
            if not s.game().is_open(w):  # no closed window ever stands part open
                assert abs(s.emu.servos[w].angle() - closed) < 1, (w, s.emu.angles())


@pytest.mark.parametrize("given", [False, True])
def test_an_exported_record_is_kept_where_the_help_line_says(tmp_path, given):
    """The menu's Export record writes game.rec on the emulated flash: the
    FLASH folder when one is given; else a scratch folder deleted on quit, so
    the record is kept in build/. The help line gives the real path, until the next key."""
    import os
    from host_sim.tui import app as tui
    from host_sim.tui.saved import Saved
    flash = str(tmp_path / "flash") if given else None
    build = str(tmp_path / "build")
    saved = Saved(flash, build)
    seen = {}

    async def test(app, pilot, s):
        await keys(app, pilot, "r U", 1500)
        await keys(app, pilot, "n n n n n o")  # the menu's Export record
        seen["help"] = "".join(seg.text for seg in shown(app, "#help")[0]).strip()
        seen["flash"] = s.flash_root
        await keys(app, pilot, "n")
        seen["after"] = "".join(seg.text for seg in shown(app, "#help")[0]).strip()

    async def go(s):
        a = tui.SimApp(s, None, False, saved)
        async with a.run_test(size=WIDE) as pilot:
            a.advance(1500)
            await test(a, pilot, s)

    with press.session(flags(flash=flash)) as s:
        asyncio.run(go(s))
    where = os.path.join(flash if given else build, "game.rec")
    assert seen["help"] == "Saved game.rec: %s" % where and seen["after"] == tui.w("help", 0)
    with open(where) as f:
        text = f.read()
    assert text.startswith("players 3") and "roll" in text
    assert given or not os.path.exists(seen["flash"])  # the scratch flash is gone, the record kept


def test_the_score_panel_shows_each_lit_seat_light():
    async def test(app, pilot, s):
        def dots():
            text = "".join("".join(seg.text for seg in line) for line in shown(app, "#scores"))
            return [k + 1 for k in range(3) if ("\u25cf%d:%d" % (k + 1, s.game().crystals[k])) in text]
        g = s.game()
        assert dots() == [g.active + 1]  # whose turn: that seat's light
        await keys(app, pilot, "r o p")
        assert dots() == [k + 1 for k in range(3) if k != g.active]  # the call: who may join
        lit = view.seat_lights(s.emu)
        assert [k + 1 for k in range(6) if lit[k]] == dots()  # the panel shows what the pixels show
    play(test)
