"""The e-paper board on the real MicroPython VM: the driver, the backend and the
emulated panel (the fakes compiled to .mpy), and every tile of the built-in
deck decoded by the VM's own deflate module."""
from tools import deck as tool
from tests.test_drivers_vm import vm

GAME = """
from emu.boot import boot
from emu import clock
cfg, emu, h = boot("pico_epaper", ROOT, STORE)
s = h.shutters
p = emu.epaper
s.set_card(CARD)
s.wait(5)
for i in (4, 0, 9):
    s.open(i)
    s.update()
clock.sleep_ms(10)
s.open(7)  # while the first refresh runs: queued
s.wait(5)
for i in range(12):
    s.open(i)
s.wait(5)
def crc(b):
    c = 0
    for x in b:
        c = (c * 31 + x) & 0xFFFFFF
    return c
print("glass=%d" % crc(p.glass))
print("planes_agree=%s" % (p.glass == p.new == p.old))
print("refreshes=%d,%d" % (p.full_refreshes, p.partial_refreshes))
print("errors=%r refused=%d" % (p.errors, p.refused))
print("now_ms=%d" % (clock.now_us() // 1000))
"""


def cpython_game(card, store):
    """The same game on CPython (the fakes installed), for what the VM must match."""
    from host_sim import FIRMWARE, hw
    hw.install()
    from app import lang
    lang.use("en")  # as the VM's fresh board: a test before, in this process, may have left Chinese (the name strip's)
    out = {}

    def record(line):
        k, v = line.split("=", 1)
        out[k] = v
    exec(GAME, {"ROOT": FIRMWARE + "/", "STORE": store, "CARD": card, "print": record})
    return out


def test_a_card_plays_alike_on_the_vm_and_cpython(mpy_dir, fakes_dir, tmp_path):
    # 208 KB of the 64-bit VM: the whole e-paper game, no module dropped from
    # sys.modules (the emulated Pico, the judge, keeps over 140 KB free)
    out = vm("STORE = %r\nCARD = 17\n" % (str(tmp_path) + "/") + GAME, mpy_dir, fakes_dir, heap="208k")
    assert out == cpython_game(17, str(tmp_path) + "/")
    assert out["planes_agree"] == "True" and out["errors"] == "[] refused=0"
    assert out["refreshes"] == "2,4"  # 4; 0, 9 and 7 queued; 1; the rest and the name


def test_driver_refresh_allocates_nothing_on_vm(mpy_dir, fakes_dir):
    out = vm("""
import micropython
from drivers.ssd1683 import SSD1683, NEW, OLD

class Bus:  # counts what is sent and keeps none of it
    def __init__(self):
        self.sent = 0
    def write(self, buf):
        self.sent += len(buf)

class P:  # a pin that allocates nothing
    OUT = 1
    IN = 0
    def __init__(self):
        self.v = 0
    def init(self, mode=-1, pull=-1, value=None):
        if value is not None:
            self.v = value
    def value(self, x=None):
        if x is None:
            return self.v
        self.v = x
    def __call__(self, x=None):
        return self.value(x)

bus = Bus()
d = SSD1683(bus, P(), P(), P(), P())
d.init()
bus.sent = 0
tile = bytearray(968)
failed = False
micropython.heap_lock()
try:
    d.window(13, 96, 11, 88)
    d.write(NEW, tile)
    d.refresh(False)
    d.window(13, 96, 11, 88)
    d.write(OLD, tile)
    busy = d.busy()
except MemoryError:
    failed = True
micropython.heap_unlock()
print("alloc_failed=%s" % failed)
print("sent=%d" % bus.sent)
""", mpy_dir, fakes_dir)
    assert out["alloc_failed"] == "False"
    # per plane: the window (4 commands, 9 argument bytes), the RAM command, 968 bytes; the refresh 6
    assert int(out["sent"]) == 2 * (4 + 9 + 1 + 968) + 6


def test_every_demo_deck_tile_decodes_on_vm(mpy_dir, fakes_dir, tmp_path):
    out_file = str(tmp_path / "tiles.bin")
    out = vm("""
from drivers.deck import Deck
d = Deck(ROOT + "decks/demo.deck")
buf = bytearray(968)
with open(%r, "wb") as f:
    for c in range(d.count):
        f.write("\\t".join([d.name(c, k) for k in range(3)]).encode() + b"\\n")
        for i in range(12):
            d.tile(c, i, buf)
            f.write(buf)
print("count=%%d" %% d.count)
""" % out_file, mpy_dir, fakes_dir)
    cards = tool.read(tool.DEMO)
    assert int(out["count"]) == len(cards) >= 200
    with open(out_file, "rb") as f:
        got = f.read()
    assert got == b"".join("\t".join(tool.names_of(name) * (3 // len(tool.names_of(name)))).encode() + b"\n"
                           + b"".join(tiles) for name, tiles in cards)


def test_a_chinese_name_strip_is_drawn_on_vm_as_on_cpython(mpy_dir, fakes_dir, tmp_path):
    """The reveal's name in both Chinese scripts, with the deck's glyphs,
    drawn by MicroPython's framebuf: the same pixels as the simulator's."""
    from host_sim.tests.epaper_util import name_bytes
    from drivers.deck import Deck
    out_file = str(tmp_path / "strips.bin")
    vm("""
from drivers.deck import Deck
from drivers.card_layout import Painter, ROW
d = Deck(ROOT + "decks/demo.deck")
buf = bytearray(968)
p = Painter(buf)
with open(%r, "wb") as f:
    for k in (1, 2):
        p.name(d.name(1, k), d.glyph)
        f.write(buf[:ROW * 16])
print("done=1")
""" % out_file, mpy_dir, fakes_dir)
    d = Deck(tool.DEMO)
    want = name_bytes(d.name(1, 1), d.glyph) + name_bytes(d.name(1, 2), d.glyph)
    with open(out_file, "rb") as f:
        assert f.read() == want
    assert d.name(1, 1) != d.name(1, 2) and name_bytes(d.name(1, 1), d.glyph) != name_bytes(d.name(1, 1))  # glyphs, not boxes


def test_a_damaged_tile_is_named_on_vm(mpy_dir, fakes_dir, tmp_path):
    from host_sim.tests.epaper_util import random_cards
    data = bytearray(tool.pack(random_cards(1, 3)))
    data[-200] ^= 0xFF  # inside the last tile's stream
    data[-150] ^= 0x55
    path = tmp_path / "bad.deck"
    path.write_bytes(bytes(data))
    out = vm("""
from drivers.deck import Deck, DeckError
d = Deck(%r)
buf = bytearray(968)
d.tile(0, 0, buf)
try:
    d.tile(0, 11, buf)
    print("error=none")
except DeckError as e:
    print("error=%%s" %% e)
""" % str(path), mpy_dir, fakes_dir)
    assert "bad.deck: card 0 window 12 is damaged (" in out["error"]
