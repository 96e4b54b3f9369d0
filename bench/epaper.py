"""E-paper board figures on the emulated panel and its virtual clock
(deterministic), and the built-in deck's size against the Pico's flash."""
import os
import tempfile

from host_sim import hw
from tools import deck as tool
from tools.mpy import build

LITTLEFS_BYTES = 1408 * 1024  # the rp2 port's filesystem on a 2 MB Pico
BLOCK = 4096  # littlefs stores every file in whole blocks
RESERVE = 64 * 1024  # left free for the game's journal, checkpoints and calibration


def open_figures():
    """(ms from open() to the end of its partial refresh, SPI bytes the open sends
    in all: the tile to "new", the refresh, the tile to "old")."""
    cfg, emu, h = hw.boot("pico_epaper")
    from emu import clock, world
    s, p = h.shutters, emu.epaper
    s.set_card(17)
    s.wait(1)
    bus = world.spi(cfg["shutters"]["spi"])
    sent = bus.bytes_sent
    t0 = clock.now_us()
    s.open(5)
    while p.partial_refreshes == 0 or p.level():
        clock.sleep_ms(1)
        s.update()
    ms = (clock.now_us() - t0) // 1000
    s.wait(1)
    return ms, bus.bytes_sent - sent


def firmware_bytes():
    """Flash the firmware takes: every file compiled for the RP2040, in whole blocks."""
    with tempfile.TemporaryDirectory() as d:
        files = [f for f in build(d, march="armv6m") if not f.endswith(".deck")]
        return sum(-(-os.path.getsize(f) // BLOCK) * BLOCK for f in files)


def figures():
    ms, spi = open_figures()
    d = tool.fmt.Deck(tool.DEMO)
    cards = d.count
    d.close()
    per_card = os.path.getsize(tool.DEMO) / cards
    room = LITTLEFS_BYTES - firmware_bytes() - RESERVE
    return [("epaper_open_ms", ms, "ms"),
            ("epaper_spi_bytes_per_open", spi, "bytes"),
            ("deck_bytes_per_card", round(per_card), "bytes"),
            ("deck_cards_on_flash", int(room // per_card), "cards")]
