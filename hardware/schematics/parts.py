"""The parts the board uses: SKiDL library symbol, KiCad footprint, BOM text.

Symbols come from SKiDL's bundled libraries (no KiCad install); footprints are
KiCad standard-library names, so the netlist imports straight into the PCB
editor. Through-hole wherever a maker can get it.
"""

from functools import lru_cache

from . import pico
from .skidl_env import skidl

# The BOM's OLED, a 2.42 inch 128x64 SSD1309 module: its active area (mm, width
# x height) and pixels; `make bench`'s seat_text_mm reads its pitch from here.
DISPLAY_ACTIVE_MM = (55.01, 27.49)
DISPLAY_PIXELS = (128, 64)

R_FP = "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal"
C_FP = "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm"

# kind: (library, symbol, footprint)
CATALOGUE = {
    "R": ("Device", "R", R_FP),
    "C": ("Device", "C", C_FP),
    "CP": ("Device", "C_Polarized", "Capacitor_THT:CP_Radial_D10.0mm_P5.00mm"),
    "jack": ("Connector", "Barrel_Jack", "Connector_BarrelJack:BarrelJack_Horizontal"),
    "polyfuse": ("Device", "Polyfuse", "Fuse:Fuse_Bourns_MF-RG300"),
    "terminal2": ("Connector_Generic", "Conn_01x02",
                  "TerminalBlock_Phoenix:TerminalBlock_Phoenix_MKDS-1,5-2-5.08_1x02_P5.08mm_Horizontal"),
    "ov_guard": ("Power_Management", "LTC4365TS8", "Package_TO_SOT_SMD:TSOT-23-8"),
    "nmos": ("Transistor_FET", "IRLB8721PBF", "Package_TO_SOT_THT:TO-220-3_Vertical"),
    "net_tie": ("Device", "NetTie_2", "NetTie:NetTie-2_THT_Pad1.0mm"),
    "led": ("Device", "LED", "LED_THT:LED_D3.0mm"),
    "test_point": ("Connector", "TestPoint", "TestPoint:TestPoint_THTPad_D1.5mm_Drill0.7mm"),
    "schottky": ("Device", "D_Schottky", "Diode_THT:D_DO-41_SOD81_P10.16mm_Horizontal"),
    "diode": ("Device", "D", "Diode_THT:D_DO-35_SOD27_P7.62mm_Horizontal"),
    "bead": ("Device", "FerriteBead", "Inductor_SMD:L_1206_3216Metric"),
    "pca9685": ("Driver_LED", "PCA9685PW", "Package_SO:TSSOP-28_4.4x9.7mm_P0.65mm"),
    "buffer": ("74xx", "74AHCT125", "Package_DIP:DIP-14_W7.62mm"),
    "ws2812b": ("LED", "WS2812B", "LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm"),
    "npn": ("Transistor_BJT", "2N3904", "Package_TO_SOT_THT:TO-92_Inline"),
    "buzzer": ("Device", "Buzzer", "Buzzer_Beeper:Buzzer_12x9.5RM7.6"),
    "button": ("Switch", "SW_Push", "Button_Switch_THT:SW_PUSH_6mm"),
    "panel_button": ("Switch", "SW_Push", "Button_Switch_THT:SW_PUSH_6mm"),  # off-board: footprint unused
    "lever_switch": ("Switch", "SW_Push", "Button_Switch_THT:SW_PUSH_6mm"),  # off-board: footprint unused
    "servo_header": ("Connector_Generic", "Conn_01x03", "Connector_PinHeader_2.54mm:PinHeader_1x03_P2.54mm_Vertical"),
    "epaper_header": ("Connector_Generic", "Conn_01x08", "Connector_PinHeader_2.54mm:PinHeader_1x08_P2.54mm_Vertical"),
}
# Off-board wiring: keyed JST-XH (2.5 mm) headers, n pins; the spare-GPIO header is plain 2.54 mm pins.
for _n in range(2, 8):
    CATALOGUE[f"xh{_n}"] = ("Connector_Generic", f"Conn_01x{_n:02d}",
                           f"Connector_JST:JST_XH_B{_n}B-XH-A_1x{_n:02d}_P2.50mm_Vertical")
for _n in range(2, 16):
    CATALOGUE[f"pins{_n}"] = ("Connector_Generic", f"Conn_01x{_n:02d}",
                             f"Connector_PinHeader_2.54mm:PinHeader_1x{_n:02d}_P2.54mm_Vertical")


@lru_cache(maxsize=None)
def _template(kind):
    if kind == "pico":
        return pico.template()
    lib, name, _ = CATALOGUE[kind]
    return skidl.Part(lib, name, tool=skidl.SKIDL, dest=skidl.TEMPLATE)


def make(kind, value, description):
    """Place one part of `kind` in the current circuit; a description starting "off-board" marks a part
    that sits at the end of a cable (excluded from the PCB, listed in the BOM)."""
    footprint = pico.FOOTPRINT if kind == "pico" else CATALOGUE[kind][2]
    part = _template(kind)(value=value, footprint=footprint, description=description)
    part.kind = kind
    part.off_board = description.startswith("off-board")
    return part
