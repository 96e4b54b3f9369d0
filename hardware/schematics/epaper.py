"""The e-paper board's panel connection: the SSD1683 panel (Waveshare
Pico-ePaper-4.2 V2, or its 4.2" module) on SPI through its 8-pin cable.

The panel is write-only: the SPI still takes a MISO pin (the firmware names
one so that SPI1 does not take its default, GP8, the panel's DC), held low
here so it does not float. CS has a pull-up: the panel ignores the bus
while the Pico boots. The panel runs from +3V3 (about 8 mA while refreshing)."""

from .parts import make


# header pin -> net (None: +3V3, "GND": ground), the order of the panel's cable
PINOUT = ((1, None), (2, "GND"), (3, "EPD_MOSI"), (4, "EPD_SCK"), (5, "EPD_CS"),
          (6, "EPD_DC"), (7, "EPD_RST"), (8, "EPD_BUSY"))


def wire(b):
    j = make("epaper_header", "e-Paper 4.2 V2",
             "header for the 4.2\" SSD1683 e-paper panel cable (VCC GND DIN CLK CS DC RST BUSY)")
    j.supply_pin = "1"  # VCC
    for pin, net in PINOUT:
        j[pin] += b.v3 if net is None else (b.gnd if net == "GND" else b.nets[net])
    b.resistor(b.nets["EPD_CS"], b.v3, "10k", "e-paper CS pull-up: panel deselected at boot")
    b.resistor(b.nets["EPD_MISO"], b.gnd, "10k", "unused SPI MISO held low (the panel is write-only)")
    b.cap(b.v3, "10uF", "e-paper supply bulk at the header")
    b.cap(b.v3, why="e-paper supply decoupling at the header")



