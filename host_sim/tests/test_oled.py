"""The SSD1306 driver against the emulated controller decoding the I2C stream."""
import random

import pytest

from host_sim import hw

clock = hw.install()
from emu import world  # noqa: E402


def oled_board():
    cfg, emu, h = hw.boot("pico_pca9685")
    return emu.oled, h.oled


def test_init_turns_the_panel_on_and_clears_it():
    panel, oled = oled_board()
    assert panel.chip == "ssd1309" and panel.refused == []  # the shipped boards' 2.42 inch module
    assert panel.on and not panel.charge_pump and panel.mode == 0
    assert panel.seg_remap and panel.com_flip
    assert panel.ram == bytes(1024)


def test_the_096_inch_board_turns_its_charge_pump_on():
    cfg, emu, h = hw.boot("pico_pca9685_oled096")
    panel = emu.oled
    assert panel.chip == "ssd1306" and panel.refused == []
    assert panel.on and panel.charge_pump and panel.wired_right()


@pytest.mark.parametrize("chip", ["ssd1306", "ssd1309"])
def test_each_controller_is_sent_only_what_it_knows(chip):
    from drivers.ssd1306 import SSD1306
    from emu.ssd1306 import SSD1306 as Panel
    from machine import I2C, Pin
    hw.reset()
    panel = Panel(128, 64, chip)
    world.bus(0).attach(0x3C, panel)
    oled = SSD1306(I2C(0, sda=Pin(4), scl=Pin(5)), 0x3C, 128, 64, chip)
    assert panel.refused == [] and panel.on and panel.wired_right()
    assert panel.contrast == 0xFF and panel.seg_remap and panel.com_flip
    oled.text("P1", 0, 0)
    oled.show()
    assert panel.ram == oled.buffer


def test_the_ssd1309_refuses_the_charge_pump():
    """The SSD1306's power-on lines sent to an SSD1309: it knows no 0x8D, and
    reads the argument after it (0x14) as a command of its own."""
    from drivers.ssd1306 import SSD1306
    from emu.ssd1306 import SSD1306 as Panel
    from machine import I2C, Pin
    hw.reset()
    panel = Panel(128, 64, "ssd1309")
    world.bus(0).attach(0x3C, panel)
    SSD1306(I2C(0, sda=Pin(4), scl=Pin(5)), 0x3C, 128, 64, "ssd1306")
    assert panel.refused == [0x8D] and not panel.charge_pump
    locked = Panel(128, 64, "ssd1309")
    locked.i2c_write(bytes((0x00, 0xFD, 0x16, 0xAF)))  # locked: display-on is ignored
    assert not locked.on
    locked.i2c_write(bytes((0x00, 0xFD, 0x12, 0xAF)))
    assert locked.on
    old = Panel(128, 64, "ssd1306")
    old.i2c_write(bytes((0x00, 0xFD, 0x12)))
    assert old.refused == [0xFD]
    with pytest.raises(ValueError, match="no such OLED controller 'sh1106'"):
        Panel(128, 64, "sh1106")


@pytest.mark.parametrize("height", [64, 32])
def test_multiplex_and_com_pins_match_the_panel(height):
    from drivers.ssd1306 import SSD1306
    from emu.ssd1306 import SSD1306 as Panel
    hw.reset()
    panel = Panel(128, height)
    world.bus(0).attach(0x3C, panel)
    from machine import I2C, Pin
    SSD1306(I2C(0, sda=Pin(4), scl=Pin(5)), 0x3C, 128, height)
    assert panel.on and panel.wired_right(), (panel.mux, hex(panel.com_pins))
    wrong = Panel(128, height)
    wrong.mux, wrong.com_pins = 63, 0x12 if height == 32 else 0x02
    assert not wrong.wired_right()


def test_full_frame_takes_about_25ms_at_400khz():
    panel, oled = oled_board()
    oled.fill(1)
    t0 = clock.now_us()
    oled.show(True)
    ms = (clock.now_us() - t0) / 1000
    assert 23 <= ms <= 30
    assert panel.ram == bytes([0xFF]) * 1024


def scribble(fb, rnd):
    k = rnd.randrange(5)
    x, y = rnd.randrange(-10, 128), rnd.randrange(-10, 64)
    c = rnd.randrange(2)
    if k == 0:
        fb.text(str(rnd.randrange(1000)), x, y, c)
    elif k == 1:
        fb.fill_rect(x, y, rnd.randrange(1, 40), rnd.randrange(1, 20), c)
    elif k == 2:
        fb.pixel(x, y, c)
    elif k == 3:
        fb.hline(x, y, rnd.randrange(1, 60), c)
    else:
        fb.rect(x, y, rnd.randrange(1, 50), rnd.randrange(1, 30), c)


@pytest.mark.parametrize("seed", range(5))
def test_partial_updates_leave_the_same_pixels_as_a_full_refresh(seed):
    from drivers.ssd1306 import SSD1306
    from emu.ssd1306 import SSD1306 as Panel
    panel, oled = oled_board()
    rnd = random.Random(seed)
    for frame in range(40):
        for _ in range(rnd.randrange(1, 6)):
            scribble(oled, rnd)
        oled.show()
        assert panel.ram == oled.buffer
    assert panel.bad_control == []  # every control byte Co, D/C# and six 0s, as the chip reads them
    # a second panel that only ever gets full frames of the same picture
    other = Panel()
    world.bus(0).attach(0x3D, other)
    full = SSD1306(oled.i2c, 0x3D)
    full.buffer[:] = oled.buffer
    full.show(True)
    assert other.ram == panel.ram
    assert other.text() == panel.text()


def test_score_change_sends_under_a_quarter_of_a_frame():
    panel, oled = oled_board()
    bus = world.bus(0)
    oled.text("Round 3", 0, 0)
    oled.text("Ann  12", 0, 16)
    oled.text("Bob   9", 0, 24)
    oled.show()
    before = bus.bytes_sent
    oled.fill_rect(40, 16, 16, 8, 0)
    oled.text("15", 40, 16)
    oled.show()
    sent = bus.bytes_sent - before
    assert 0 < sent <= 1024 // 4
    assert panel.ram == oled.buffer


@pytest.mark.parametrize("x", [0, 3, 121, 127])
def test_a_change_at_either_edge_sends_the_half_page_it_is_in(x):
    panel, oled = oled_board()
    bus = world.bus(0)
    before = bus.bytes_sent
    oled.pixel(x, 63, 1)
    oled.show()
    assert bus.bytes_sent - before == 7 + 1 + 64  # window, control byte, 64 columns
    assert panel.ram == oled.buffer


def test_nothing_changed_sends_nothing():
    panel, oled = oled_board()
    oled.text("hi", 0, 0)
    oled.show()
    before = world.bus(0).bytes_sent
    oled.show()
    assert world.bus(0).bytes_sent == before


def test_panel_as_text_reads_like_the_screen():
    panel, oled = oled_board()
    oled.fill_rect(0, 0, 4, 2, 1)
    oled.show()
    rows = panel.text().splitlines()
    assert len(rows) == 64 and len(rows[0]) == 128
    assert rows[0].startswith("####.") and rows[1].startswith("####.") and rows[2].startswith("....")
    assert sum(r.count("#") for r in rows) == 8


def test_contrast_and_power_commands():
    panel, oled = oled_board()
    oled.contrast(0x10)
    oled.power(False)
    assert panel.contrast == 0x10 and not panel.on


def test_panel_saves_as_png(tmp_path):
    from PIL import Image

    from host_sim.screen import save_png
    panel, oled = oled_board()
    oled.text("12", 0, 0)
    oled.show()
    img = Image.open(save_png(panel, str(tmp_path / "oled.png"), scale=2))
    assert img.size == (256, 128)
    lit = [(x, y) for y in range(128) for x in range(256) if img.getpixel((x, y)) != (0, 0, 0)]
    assert len(lit) == 4 * sum(r.count("#") for r in panel.text().splitlines())
    assert max(x for x, _ in lit) < 32 and max(y for _, y in lit) < 16


def test_the_circuitpython_build_sends_the_ssd1309_the_same_lines():
    """firmware/cp/oled.py keeps a copy of the driver's SSD1309 power-on lines
    (the CircuitPython build has no framebuf driver to import them from)."""
    import ast
    import os
    from host_sim import FIRMWARE
    from drivers import ssd1306
    with open(os.path.join(FIRMWARE, "cp", "oled.py")) as f:
        tree = ast.parse(f.read())
    copy = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
            and getattr(n.targets[0], "id", "") == "_INIT_1309"]
    assert copy == [ssd1306.INITS["ssd1309"]]


@pytest.mark.parametrize("c", [1, 0])
def test_a_cjk_glyph_blitted_by_the_driver_is_the_one_the_byte_loop_draws(c, monkeypatch):
    """app.glyphs draws through the driver's bitmap() and blit (C on the board);
    a framebuf without bitmap() takes the byte loop (CircuitPython): the same
    pixels, inked and cleared, at a y across a page boundary."""
    import framebuf
    from app import glyphs, lang
    from host_sim import FIRMWARE
    panel, oled = oled_board()
    monkeypatch.setattr(lang, "root", FIRMWARE + "/")  # where the glyph file is
    monkeypatch.setattr(glyphs, "_font", None)
    plain = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    assert not hasattr(plain, "bitmap")
    for fb in (oled, plain):
        fb.fill(1 - c)
        for k, ch in enumerate("视窗門"):
            glyphs.draw(fb, ord(ch), 3 + 13 * k, 5 + k, c)
    drawn = bytes(oled.buffer)
    assert drawn == bytes(plain.buf) and drawn != bytes([255 if c == 0 else 0]) * 1024
