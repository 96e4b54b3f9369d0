"""A pin diagram of the Pico for one board, drawn with schemdraw from the same circuit.

Each of the 40 pads is drawn where it sits on the module (USB at the top) and
labelled with what it connects to, colour-coded by job. Rendered with
schemdraw's SVG backend, whose output is plain text and reproducible.
"""

import xml.etree.ElementTree as ET

import schemdraw
import schemdraw.elements as elm

from . import boards, pico, wiring
from .circuit import guard_trips as trips

COLOURS = {"power": "#c0392b", "gnd": "#555555", "i2c": "#1f6fb2", "servo": "#d35400",
           "button": "#218c4a", "pixels": "#8e44ad", "buzzer": "#8d6e63", "epaper": "#16a085", "open": "#b0b0b0"}
LEGEND = [("power", "power"), ("gnd", "ground"), ("i2c", "I2C: OLED / PCA9685"),
          ("servo", "servos"), ("button", "buttons, card switch"), ("pixels", "NeoPixels"),
          ("buzzer", "buzzer"), ("epaper", "e-paper panel (SPI)")]


def _job(net):
    for prefix, job in (("I2C", "i2c"), ("SERVO", "servo"), ("SEAT", "button"), ("BTN", "button"),
                        ("CARD", "button"), ("CONTROLS", "button"), ("PIXEL", "pixels"),
                        ("BUZZER", "buzzer"), ("EPD", "epaper")):
        if net.startswith(prefix):
            return job
    return "open"


def pad_labels(cfg, circuit):
    """{pad: (text, job)} for all 40 pads."""
    labels = {pad: ("not connected", "open") for pad in pico.PADS}
    for pad, name in pico.PADS.items():
        if name in ("GND", "AGND"):
            labels[pad] = ("GND", "gnd")
    labels[pico.PADS_BY_NAME["VSYS"]] = ("+5V via Schottky 1N5819", "power")
    labels[pico.PADS_BY_NAME["3V3"]] = ("+3V3 out: OLED, pull-ups" +
                                        (", PCA9685" if cfg["shutters"]["backend"] == "pca9685" else ""), "power")
    labels[pico.PADS_BY_NAME["RUN"]] = ("reset button to GND", "button")
    for pad, name in pico.PADS.items():
        if name.startswith("GP"):
            labels[pad] = ("spare-GPIO header", "open")  # unless a signal claims it below
    if "ladder" in cfg["controls"]:
        labels[pico.PADS_BY_NAME["ADC_VREF"]] = ("ladder pull-up 10k", "button")
    for pad, _, net, role, _ in wiring.rows(cfg, circuit):
        labels[pad] = (f"{net}: {role}", _job(net))
    return labels


def draw(cfg, circuit, canvas="svg"):
    """The diagram as a schemdraw Drawing on `canvas` ("svg", or "matplotlib" for PNG)."""
    labels = pad_labels(cfg, circuit)
    pins = []
    for pad, name in pico.PADS.items():
        side = "L" if pad <= 20 else "R"
        slot = 21 - pad if pad <= 20 else pad - 20  # slot 20 is the top, next to the USB socket
        pins.append(elm.IcPin(name=name, pin=str(pad), side=side, slot=f"{slot}/20",
                              color=COLOURS[labels[pad][1]]))
    with schemdraw.Drawing(canvas=canvas, show=False) as d:
        d.config(fontsize=11, margin=2.5)  # room for label fonts wider than schemdraw measures
        ic = elm.Ic(pins=pins, size=(5, 21))
        d += ic.color("black")
        d += elm.Rect(corner1=(1.7, 21.0), corner2=(3.3, 22.0)).color("black")
        d += elm.Label().at((2.5, 21.5)).label("USB")
        d += elm.Label().at((2.5, 23.2)).label(f"Raspberry Pi Pico: {cfg['name']}", fontsize=15)
        for pad in pico.PADS:
            text, job = labels[pad]
            anchor = getattr(ic, f"pin{pad}")
            if pad <= 20:
                line = elm.Line().at(anchor).left(1.2).color(COLOURS[job])
                d += line
                d += elm.Label().at(line.end).label(text, loc="left", halign="right", color=COLOURS[job])
            else:
                line = elm.Line().at(anchor).right(1.2).color(COLOURS[job])
                d += line
                d += elm.Label().at(line.end).label(text, loc="right", halign="left", color=COLOURS[job])
        x, y = -9.5, -2.0
        used = {job for _, job in labels.values()}
        for job, text in [(j, t) for j, t in LEGEND if j in used]:  # only this board's jobs
            d += elm.Line().at((x, y)).right(0.8).color(COLOURS[job]).linewidth(4)
            d += elm.Label().at((x + 1.0, y)).label(text, halign="left", color=COLOURS[job])
            y -= 0.7
    return d


def _svg_text(drawing):
    """The drawing as SVG text. schemdraw serialises with ElementTree's global prefix table; the CAD
    kernel's exporters register "svg" for the SVG namespace, which would write <svg:svg>: restore the
    default namespace first, so the text does not depend on what ran before."""
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    return drawing.get_imagedata("svg").decode()


def svg(cfg, circuit):
    return _svg_text(draw(cfg, circuit))


def _part(circuit, name):
    return next(p for p in circuit.parts if p.name == name)


def power_draw(cfg, circuit, canvas="svg"):
    """The power path as a schematic: jack, guard, fuse, servo rail, logic rail, Pico."""
    circuit_trips = trips()
    def tag(name):
        p = _part(circuit, name)
        return f"{p.ref} {p.value}"

    bulk = [f"{p.ref}\n{p.value}" for p in circuit.parts if p.name == "C_Polarized"]
    pca = ", PCA9685" if cfg["shutters"]["backend"] == "pca9685" else ""

    def rail(d, start, colour, cap, text):
        """A node with a bulk capacitor to GND and a rail running right to its loads."""
        d += elm.Dot().at(start)
        d += elm.Line().right(2.5).color(colour)
        if cap:  # hangs off the rail to the right, clear of the branch down
            d += elm.Dot()
            d.push()
            d += elm.Capacitor(polar=True).down().label(cap, loc="bottom")
            d += elm.Ground()
            d.pop()
        d += elm.Line().right(3).color(colour)
        d += elm.Label().label(text, loc="right", halign="left", color=colour)

    with schemdraw.Drawing(canvas=canvas, show=False) as d:
        d.config(fontsize=11, unit=2.5, margin=3)  # room for label fonts wider than schemdraw measures
        d += elm.Label().at((4, 2.5)).label(f"Power path: {cfg['name']}", fontsize=15)
        d += elm.Dot(open=True).at((0, 0)).label("5 V in: J1\n(centre +)", loc="left")
        d += elm.Line().right(1)
        under, over = circuit_trips
        fets = " ".join(p.ref for p in circuit.parts if p.name == "IRLB8721PBF")
        d += (g := elm.Ic(pins=[elm.IcPin(name="VIN", side="left"), elm.IcPin(name="OUT", side="right")],
                          size=(4.6, 1.2), label=tag("LTC4365TS8")).anchor("VIN"))
        d += elm.Label().at((g.center[0], g.center[1] - 1.6)).label(
            f"with {fets} back to back:\noff below {under:.2f} V,\nabove {over:.2f} V, reversed")
        d += elm.Line().at(g.OUT).right(1)
        d += elm.Fuse().down().label(tag("Polyfuse"), loc="bottom")
        servo = d.here
        rail(d, servo, COLOURS["servo"], bulk[0],
             f"+5V_SERVO: {boards.servo_count(cfg)} servo headers (pin 2)")
        d += elm.Line().at(servo).down(4.5)
        d += elm.Inductor2(loops=2).right().label(tag("FerriteBead"))
        logic = d.here
        drop = next(p for p in circuit.parts if p.name == "D_Schottky" and p["K"].net.name == "+5V_PIXELS")
        rail(d, logic, COLOURS["pixels"], None, f"+5V: 74AHCT125, buzzer; {drop.ref} {drop.value} to "
             f"+5V_PIXELS ({bulk[1].replace(chr(10), ' ')}): 12 WS2812B")
        d += elm.Line().at(logic).down(4.5)
        d += elm.Schottky().right().label(tag("D_Schottky"))
        rail(d, d.here, COLOURS["power"], None, f"VSYS: Pico pad 39; its 3V3 (pad 36): OLED, pull-ups{pca}")
    return d


def power_svg(cfg, circuit):
    return _svg_text(power_draw(cfg, circuit))
