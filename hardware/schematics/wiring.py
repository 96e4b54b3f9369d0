"""What each Pico pad connects to, read off the built circuit (for the README and the drawing)."""

from . import boards, pico
from .outputs import natural_key

POWER_PADS = {"VSYS": "VSYS", "3V3": "+3V3", "GND": "GND", "AGND": "GND", "ADC_VREF": "ADC_VREF"}


def _pin_text(pin):
    part = pin.part
    named = pin.name not in ("~", "", None) and not pin.name.isdigit() and not pin.name.startswith("Pin_")
    label = pin.name.replace("~{", "/").replace("}", "") if named else pin.num
    return f"{part.ref}.{label} ({getattr(part, 'role', part.value)})"


def _natural(pin):
    return natural_key(pin.part.ref), pin.num


def _far_side(pin, net):
    """Where a 2-pin resistor on `net` leads, so 'R3 220 -> J3' reads as one hop."""
    other = [p for p in pin.part.pins if p is not pin][0]
    if other.net is None or other.net.name in ("GND", "+3V3", "+5V"):
        return f"{pin.part.ref} {pin.part.value} to {other.net.name if other.net else 'open'}"
    beyond = sorted((p for p in other.net.pins if p.part is not pin.part), key=_natural)
    return f"{pin.part.ref} {pin.part.value} -> " + ", ".join(_pin_text(p) for p in beyond)


def destinations(net, pico_part):
    out = []
    for pin in sorted(net.pins, key=_natural):
        if pin.part is pico_part:
            continue
        if pin.part.name == "R" and len(pin.part.pins) == 2:
            out.append(_far_side(pin, net))
        else:
            out.append(_pin_text(pin))
    return out


def rows(cfg, circuit):
    """[(pad, pad name, net, role, [destinations])] for every signal pad, in pad order."""
    pico_part = next(p for p in circuit.parts if p.name == "RaspberryPi_Pico")
    result = []
    for sig in boards.signals(cfg):
        pad = pico.pad_of(sig.gpio)
        net = pico_part[str(pad)].net
        result.append((pad, f"GP{sig.gpio}", net.name, sig.role, destinations(net, pico_part)))
    return sorted(result)
