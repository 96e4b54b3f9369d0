"""The Raspberry Pi Pico module as a SKiDL part (no KiCad library needed).

Pin numbers are the module's castellated pads 1-40 (USB at the top, pad 1 top
left, pad 21 bottom right, counting up the right side to VBUS at 40).
"""

from .skidl_env import skidl

FOOTPRINT = "Module:RaspberryPi_Pico_Common_THT"

# Pad number -> name, in pad order (same order Wokwi's wokwi-pi-pico uses).
PADS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5",
    8: "GND", 9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND",
    14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13", 18: "GND", 19: "GP14",
    20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19",
    26: "GP20", 27: "GP21", 28: "GND", 29: "GP22", 30: "RUN", 31: "GP26",
    32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF", 36: "3V3",
    37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
PADS_BY_NAME = {name: pad for pad, name in PADS.items()}  # last GND wins; fine for lookups
GPIO_PAD = {int(name[2:]): pad for pad, name in PADS.items() if name.startswith("GP")}

_T = skidl.Pin.types
_FUNC = {"GND": _T.PWRIN, "AGND": _T.PWRIN, "VSYS": _T.PWRIN, "3V3": _T.PWROUT,
         "ADC_VREF": _T.PWROUT, "VBUS": _T.PWROUT, "RUN": _T.INPUT, "3V3_EN": _T.INPUT}


def pad_of(gpio):
    """The Pico pad (1-40) of GPIO `gpio`; a clear error for GPIOs not on the header."""
    try:
        return GPIO_PAD[gpio]
    except KeyError:
        raise ValueError(f"GP{gpio} is not on the Pico's header") from None


def template():
    """A part template; call it to place a Pico in the current circuit."""
    pins = [skidl.Pin(num=str(pad), name=name, func=_FUNC.get(name, _T.BIDIR))
            for pad, name in PADS.items()]
    return skidl.Part(name="RaspberryPi_Pico", tool=skidl.SKIDL, dest=skidl.TEMPLATE,
                      ref_prefix="U", footprint=FOOTPRINT, pins=pins,
                      description="Raspberry Pi Pico (RP2040) module, socketed")
