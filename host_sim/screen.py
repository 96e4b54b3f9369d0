"""The emulated OLED as a picture (CPython only: uses Pillow)."""
from PIL import Image


def save_png(panel, path, scale=4):
    """Save what the emulated SSD1306 `panel` shows, as a viewer sees it:
    lit pixels light blue on black, each a scale x scale square."""
    w, h = panel.width, panel.pages * 8
    img = Image.new("RGB", (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            if panel.lit(x, y):
                px[x, y] = (120, 200, 255)
    img.resize((w * scale, h * scale), Image.NEAREST).save(path)
    return path
