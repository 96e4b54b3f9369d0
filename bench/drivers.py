"""Driver figures on the emulated board and its virtual clock (deterministic)."""
from host_sim import hw


def score_screen(oled, score):
    oled.fill(0)
    oled.text("Round 4  Ann", 0, 0)
    for k, (name, pts) in enumerate((("Ann", score), ("Bob", 9), ("Cy", 14), ("Dee", 3))):
        oled.text("%-4s %3d" % (name, pts), 0, 16 + 10 * k)
    oled.rect(0, 12, 128, 52, 1)


def oled_bytes_per_update():
    """Bytes on the I2C bus (after the address byte) to show one player's score change."""
    cfg, emu, h = hw.boot("pico_pca9685")
    from emu import world
    bus = world.bus(cfg["i2c"]["id"])
    score_screen(h.oled, 12)
    h.oled.show()
    before = bus.bytes_sent
    score_screen(h.oled, 15)  # the view redraws the whole screen; the driver sends the difference
    h.oled.show()
    return bus.bytes_sent - before


def close_all_ms():
    """12 open windows closed, 3 servos at a time, to the last servo's rest."""
    from emu.boot import time_close_all
    cfg, emu, h = hw.boot("pico_pca9685")
    return time_close_all(h)


def figures():
    return [("oled_bytes_per_update", oled_bytes_per_update(), "bytes"),
            ("close_all_ms", close_all_ms(), "ms")]
