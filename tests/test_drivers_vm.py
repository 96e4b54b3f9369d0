"""The drivers on the real MicroPython VM, against the same emulated peripherals
(the fakes compiled to .mpy, as the firmware is), in an RP2040-sized heap."""
import pytest

from tests import mpvm

HEAP = "190k"  # about what an RP2040 leaves free for Python


def vm(code, mpy_dir, fakes_dir, heap=HEAP):
    prelude = "import sys\nROOT = %r\n" % (mpy_dir + "/")
    proc = mpvm.run(prelude + code, mpy_dir, heap=heap, extra_path=[fakes_dir])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return dict(line.split("=", 1) for line in proc.stdout.splitlines() if "=" in line)


BOOT = """
from emu.boot import boot
from emu import clock
from emu.servo import max_concurrent
cfg, emu, h = boot(NAME, ROOT, STORE)
"""


@pytest.mark.parametrize("name", ["pico_pca9685", "pico_direct_pwm"])
def test_shutters_on_vm(name, mpy_dir, fakes_dir, tmp_path):
    out = vm("NAME = %r\nSTORE = %r\n" % (name, str(tmp_path) + "/") + BOOT + """
import time
from emu.boot import time_close_all
print("is_fake_time=%s" % (time.ticks_ms is clock.ticks_ms))
print("close_all_ms=%d" % time_close_all(h))
print("max_moving=%d" % max_concurrent(emu.servos))
from emu.servo import pulse_to_deg
shut = pulse_to_deg(cfg["shutters"]["closed_us"])
print("closed_us=%d" % cfg["shutters"]["closed_us"])
print("off_tenths=%d" % round(10 * max(abs(a - shut) for a in emu.angles())))
""", mpy_dir, fakes_dir)
    assert out["is_fake_time"] == "True"
    # three at a time, the lid's 108 degree move each at 4.6 V (900 to 2100 us): 292 ms
    assert 4 * 292 <= int(out["close_all_ms"]) <= 4 * 292 + 8
    assert out["max_moving"] == "3"
    # every shutter at the closed end, 900 us (36 degrees), within a 12-bit PWM step (0.3 degrees)
    assert out["closed_us"] == "900" and int(out["off_tenths"]) <= 3, out


def test_calibration_survives_a_reboot_on_vm(mpy_dir, fakes_dir, tmp_path):
    store = "STORE = %r\nNAME = 'pico_pca9685'\n" % (str(tmp_path) + "/")
    vm(store + BOOT + "h.shutters.calibrate(9, closed_us=1000)\nh.shutters.save_calibration()\n",
       mpy_dir, fakes_dir)
    out = vm(store + BOOT + "print('angle=%d' % round(emu.servos[9].angle()))\n"
             "print('other=%d' % round(emu.servos[8].angle()))\n", mpy_dir, fakes_dir)
    assert out == {"angle": "45", "other": "36"}  # 1000 us calibrated, 900 us the config's


@pytest.mark.parametrize("name", ["pico_pca9685", "pico_direct_pwm"])
def test_buttons_on_vm_without_allocating(name, mpy_dir, fakes_dir, tmp_path):
    out = vm("NAME = %r\nSTORE = %r\n" % (name, str(tmp_path) + "/") + BOOT + """
import micropython
b = h.buttons
b.poll()
emu.buttons["ok"].bounce_us = 5000
emu.buttons["ok"].press(60)
t0 = clock.now_us()
got = -1
fails = 0
for k in range(20):
    micropython.heap_lock()
    try:
        b.poll()
        e = b.get()
    except MemoryError:
        fails += 1
        e = -1
    micropython.heap_unlock()
    if e >= 0 and got < 0:
        got = clock.now_us() - t0
        print("event=%s" % b.describe(e))
    clock.sleep_ms(2)
print("latency_us=%d" % got)
print("alloc_fails=%d" % fails)
""", mpy_dir, fakes_dir)
    assert out.get("event") == "ok press", out
    assert 0 < int(out["latency_us"]) <= 20000
    assert out["alloc_fails"] == "0"


def test_oled_partial_equals_full_on_vm(mpy_dir, fakes_dir, tmp_path):
    out = vm("NAME = 'pico_pca9685'\nSTORE = %r\n" % (str(tmp_path) + "/") + BOOT + """
import random
from emu import world
from emu.ssd1306 import SSD1306 as Panel
from drivers.ssd1306 import SSD1306
random.seed(3)
o = h.oled
same = True
for frame in range(30):
    o.fill_rect(random.getrandbits(7), random.getrandbits(6), 1 + random.getrandbits(5), 1 + random.getrandbits(4), random.getrandbits(1))
    o.text(str(random.getrandbits(10)), random.getrandbits(7), random.getrandbits(6), 1)
    o.show()
    same = same and emu.oled.ram == o.buffer
other = Panel()
world.bus(0).attach(0x3D, other)
full = SSD1306(o.i2c, 0x3D)
full.buffer[:] = o.buffer
full.show(True)
print("each_frame=%s" % same)
print("equal=%s" % (other.ram == emu.oled.ram))
print("lit=%d" % sum(bin(b).count("1") for b in other.ram))
""", mpy_dir, fakes_dir)
    assert out["each_frame"] == "True" and out["equal"] == "True"
    assert int(out["lit"]) > 50


def test_oled_show_allocates_nothing_on_vm(mpy_dir, fakes_dir):
    out = vm("""
import micropython
from drivers.ssd1306 import SSD1306

class Bus:  # counts what is sent and keeps none of it: allocates nothing itself
    def __init__(self):
        self.sent = 0

    def writeto(self, addr, buf, stop=True):
        self.sent += len(buf)

bus = Bus()
o = SSD1306(bus)
o.text("Ann  12", 0, 16)
o.rect(0, 12, 128, 52, 1)
o.show()
before = bus.sent
o.fill_rect(40, 16, 16, 8, 0)
o.text("15", 40, 16)
o.text("x", 120, 56)  # near the right edge: its half page
failed = False
micropython.heap_lock()
try:
    o.show()
except MemoryError:
    failed = True
micropython.heap_unlock()
print("alloc_failed=%s" % failed)
print("sent=%d" % (bus.sent - before))
print("synced=%s" % (o.shown == o.buffer))
""", mpy_dir, fakes_dir)
    assert out["alloc_failed"] == "False"
    assert out["synced"] == "True"
    assert int(out["sent"]) == 2 * (7 + 1 + 64)  # two half pages: window, control byte, 64 columns


DRAW = """
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
fb.text("Score 12 ~!", 3, 5, 1)
fb.rect(0, 20, 40, 12, 1)
fb.fill_rect(50, 30, 9, 13, 1)
fb.hline(0, 60, 128, 1)
fb.vline(127, 0, 64, 1)
fb.pixel(64, 33, 0)
fb.line(3, 40, 90, 63, 1)
fb.line(120, 2, 100, 50, 1)
"""


def test_cpython_framebuf_draws_like_the_vm(mpy_dir, fakes_dir):
    """The CPython fake framebuf must draw what the VM's built-in one draws."""
    from host_sim import hw
    hw.install()
    import framebuf as fake

    buf = bytearray(1024)
    exec(DRAW, {"framebuf": fake, "buf": buf})
    out = vm("import framebuf\nbuf = bytearray(1024)\n" + DRAW +
             'print("hex=" + "".join("%02x" % b for b in buf))\n', mpy_dir, fakes_dir)
    assert bytes.fromhex(out["hex"]) == bytes(buf)


def test_selftest_names_a_missing_chip_on_vm(mpy_dir, fakes_dir, tmp_path):
    out = vm("""
from emu import world
from emu.board import Board
from app import board
from app.selftest import SelfTest
from drivers.storage import Storage
world.reset()
cfg = board.load("pico_pca9685", ROOT)
emu = Board(cfg, oled=False)
lines = []
t = SelfTest(cfg, Storage(%r), lines.append)
t.shutters()
print("problems=%%s" %% t.problems)
print("servo_moves=%%d" %% sum(len(s.moves) for s in emu.servos))
""" % (str(tmp_path) + "/"), mpy_dir, fakes_dir)
    assert out["problems"] == "['missing on I2C at 0x3c: OLED (SSD1306)']"
    assert int(out["servo_moves"]) >= 24  # each window opened and closed


@pytest.mark.parametrize("height", [64, 32])
def test_ssd1309_is_sent_only_what_it_knows_on_vm(height, mpy_dir, fakes_dir):
    out = vm("""
from emu import world
from emu.ssd1306 import SSD1306 as Panel
from drivers.ssd1306 import SSD1306
from machine import I2C, Pin
panel = Panel(128, %d, "ssd1309")
world.bus(0).attach(0x3C, panel)
o = SSD1306(I2C(0, sda=Pin(4), scl=Pin(5)), 0x3C, 128, %d, "ssd1309")
o.text("P1", 0, 0)
o.show()
print("refused=%%s" %% panel.refused)
print("on=%%s" %% (panel.on and panel.wired_right()))
print("same=%%s" %% (panel.ram == o.buffer))
""" % (height, height), mpy_dir, fakes_dir)
    assert out == {"refused": "[]", "on": "True", "same": "True"}
