"""The emulated OLED and e-paper panel as pictures (CPython only: uses Pillow)."""
from PIL import Image


def save_png(panel, path, scale=4, ink=(120, 200, 255)):
    """Save what the emulated SSD1306 `panel` shows, as a viewer sees it:
    lit pixels in ink (light blue) on black, each a scale x scale square."""
    w, h = panel.width, panel.pages * 8
    img = Image.new("RGB", (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            if panel.lit(x, y):
                px[x, y] = ink
    img.resize((w * scale, h * scale), Image.NEAREST).save(path, "PNG")
    return path


def save_epaper_png(panel, path, plane=None):
    """Save what the emulated SSD1683 `panel` shows (its glass), or one of its
    RAM planes ("new" or "old"): black on paper white, 1:1."""
    data = panel.glass if plane is None else getattr(panel, plane)
    img = Image.frombytes("1", (panel.width, panel.height), bytes(data))
    img.convert("L").point(lambda v: 235 if v else 20).save(path)
    return path
