"""The NeoPixels (12 under the windows, then a light by each seat), through MicroPython's `neopixel`.
Every colour is scaled by the brightness cap: 18 at full white draw about 1.1 A,
at the default cap of 64/255 under 0.3 A."""


class Pixels:
    def __init__(self, strip, brightness=64):
        """strip: a neopixel.NeoPixel; brightness: 0-255, the most any channel gets."""
        self.strip = strip
        self.n = len(strip)
        self.brightness = brightness

    def set(self, i, r, g, b):
        k = self.brightness
        self.strip[i] = (r * k // 255, g * k // 255, b * k // 255)

    def fill(self, r, g, b):
        for i in range(self.n):
            self.set(i, r, g, b)

    def off(self):
        self.fill(0, 0, 0)
        self.show()

    def show(self):
        self.strip.write()
