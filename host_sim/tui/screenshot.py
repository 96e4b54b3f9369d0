"""The README's picture of `make sim`: a game played headless by Textual's
pilot, on a picture drawn here, saved as SVG.

    python -m host_sim.tui.screenshot docs/sim.svg"""
import argparse
import asyncio
import os
import sys
import tempfile

from PIL import Image, ImageDraw

from host_sim import press
from host_sim.tui import view
from host_sim.tui.app import SimApp

KEYS = "r o p o r"  # two turns: windows open, then the dice light the windows they allow
SIZE = (186, 36)


def card(path):
    """A sun over hills, to show what open windows reveal."""
    img = Image.new("RGB", (400, 240), (110, 180, 235))
    d = ImageDraw.Draw(img)
    d.ellipse((250, 30, 330, 110), fill=(255, 215, 60))
    d.polygon([(0, 170), (120, 110), (260, 180), (400, 120), (400, 240), (0, 240)], fill=(60, 150, 70))
    d.rectangle((60, 150, 130, 215), fill=(200, 60, 50))
    img.save(path)


async def shoot(out):
    with tempfile.TemporaryDirectory() as tmp:
        pic = os.path.join(tmp, "card.png")
        card(pic)
        args = argparse.Namespace(players=3, rules=None, seed=5, board="pico_pca9685", flash=None)
        with press.session(args) as s:
            app = SimApp(s, view.load_picture(pic), realtime=False)
            async with app.run_test(size=SIZE) as pilot:
                app.advance(1000)
                for k in KEYS.split():
                    await pilot.press(k)
                    app.advance(700)
                app.advance(3000)  # the last message gone: the OLED shows the lid
                await pilot.pause()
                app.save_screenshot(os.path.basename(out), os.path.dirname(out) or ".")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_sim.tui.screenshot")
    p.add_argument("out", help="the SVG file to write")
    asyncio.run(shoot(p.parse_args(argv).out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
