"""Golden images of the device's screens: each is a key script played on the
emulated board, and the OLED's pixel memory (decoded from the I2C stream)
saved as a PNG. Refresh them after a deliberate change of a screen with

    .venv/bin/python -m host_sim.tests.screens

and look at the PNGs before committing them."""
import os
import sys
import tempfile

from host_sim import press, screen

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "screens")
SCALE = 2

# name: (setup, keys)
SCREENS = {
    "setup": (None, ""),
    "roll": ({"players": 4, "rules": "standard", "seed": 3}, ""),
    "open": ({"players": 4, "rules": "standard", "seed": 3}, "r"),
    "decide": ({"players": 4, "rules": "standard", "seed": 3}, "r o"),
    "call": ({"players": 4, "rules": "standard", "seed": 3}, "r o p 1 2"),
    "reveal": ({"players": 4, "rules": "standard", "seed": 3}, "r o p 1 2 o c"),
    "result": ({"players": 4, "rules": "standard", "seed": 3}, "r o p 1 2 o c 2"),
    "card_out": ({"players": 3, "rules": "zh-cn", "seed": 2}, "r o c"),
    "menu": ({"players": 3, "rules": "standard", "seed": 2}, "U n n n"),
    "calibrate": ({"players": 3, "rules": "standard", "seed": 2}, "c U n n o o"),
}


def render(name, flash):
    setup, keys = SCREENS[name]
    s = press.start("pico_pca9685", flash, setup)
    s.keys(keys)
    s.run(3000)  # messages expire, the panel holds the whole frame
    return s.emu.oled


def path(name):
    return os.path.join(GOLDEN, name + ".png")


def pixels(panel):
    return [[panel.lit(x, y) for x in range(panel.width)] for y in range(panel.pages * 8)]


def golden_pixels(name):
    from PIL import Image
    img = Image.open(path(name)).convert("RGB")
    w, h = img.size
    px = img.load()
    return [[px[x * SCALE, y * SCALE] != (0, 0, 0) for x in range(w // SCALE)] for y in range(h // SCALE)]


def main():
    os.makedirs(GOLDEN, exist_ok=True)
    for name in SCREENS:
        with tempfile.TemporaryDirectory() as flash:
            screen.save_png(render(name, flash), path(name), SCALE)
        print("wrote", os.path.relpath(path(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
