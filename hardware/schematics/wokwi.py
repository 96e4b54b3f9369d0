"""The direct-PWM board as a Wokwi diagram.json, from the same board config.

Wokwi simulates logic, not analog circuits, so the board is reduced to what
the firmware sees (a simulation, never a wiring diagram: it feeds 12 servos
and 12 pixels from the USB's VBUS, which would brown out or burn a real Pico): servos, OLED, NeoPixels (no level shifter needed), buttons
and buzzer straight on their GPIOs; the control-button ladder on GP26 is stood
in for by a slide potentiometer, slid to a button's reading.
"""

import json

from . import boards, pico

BOARD = "pico_direct_pwm"
# JSON has no comments: the one free-text field every diagram carries says what this is.
WARNING = ("Macroscope electronic: SIMULATION ONLY, do not wire as drawn (12 servos and 12 pixels on USB VBUS, "
           "no guard, no level shifter, no pull-ups; build hardware/README.md's circuit)")


def pico_pin(pad):
    """Wokwi's name for a Pico pad: GPn, or GND.k for the k-th ground pad."""
    name = pico.PADS[pad]
    if name in ("GND", "AGND"):
        grounds = [p for p, n in sorted(pico.PADS.items()) if n in ("GND", "AGND")]
        return f"GND.{grounds.index(pad) + 1}"
    return name


def gp(gpio):
    return f"pico:{pico_pin(pico.pad_of(gpio))}"


def diagram(cfg):
    """The diagram as a dict (see wokwi.com docs: diagram.json)."""
    if cfg["shutters"]["backend"] != "pwm" or "ladder" not in cfg["controls"]:
        raise ValueError("the Wokwi diagram is for the direct-PWM board with a control ladder")
    gnd, v5, v33 = "pico:GND.8", "pico:VBUS", "pico:3V3"
    parts = [{"type": "wokwi-pi-pico", "id": "pico", "top": 0, "left": 0, "attrs": {}}]
    wires = []

    def part(kind, pid, top, left, **attrs):
        parts.append({"type": kind, "id": pid, "top": top, "left": left,
                      "attrs": {k: str(v) for k, v in attrs.items()}})

    def wire(a, b, colour):
        wires.append([a, b, colour, []])

    for i, gpio in enumerate(cfg["shutters"]["pins"], 1):
        pid = f"servo{i}"
        part("wokwi-servo", pid, 260 + 60 * ((i - 1) // 6), -420 + 150 * ((i - 1) % 6))
        wire(f"{pid}:PWM", gp(gpio), "orange")
        wire(f"{pid}:V+", v5, "red")
        wire(f"{pid}:GND", gnd, "black")

    part("board-ssd1306", "oled", -20, 200, i2cAddress=hex(cfg["oled"]["address"]))
    wire("oled:SDA", gp(cfg["i2c"]["sda"]), "blue")
    wire("oled:SCL", gp(cfg["i2c"]["scl"]), "purple")
    wire("oled:VCC", v33, "red")
    wire("oled:GND", gnd, "black")

    din = gp(cfg["pixels"]["pin"])
    for i in range(1, cfg["pixels"]["count"] + 1):
        pid = f"pixel{i}"
        part("wokwi-neopixel", pid, -110, -420 + 40 * (i - 1))
        wire(f"{pid}:DIN", din, "green")
        wire(f"{pid}:VDD", v5, "red")
        wire(f"{pid}:VSS", gnd, "black")
        din = f"{pid}:DOUT"

    for i, gpio in enumerate(cfg["seat_buttons"], 1):
        pid = f"seat{i}"
        part("wokwi-pushbutton", pid, -40 + 45 * (i - 1), -260, color="green", label=f"seat {i}")
        wire(f"{pid}:1.l", gp(gpio), "green")
        wire(f"{pid}:2.l", gnd, "black")

    part("wokwi-slide-switch", "card", 120, 200)
    wire("card:2", gp(cfg["card_switch"]), "green")
    wire("card:1", gnd, "black")

    part("wokwi-slide-potentiometer", "controls", 180, 200, travelLength=60, value=1023)
    wire("controls:SIG", gp(cfg["controls"]["ladder"]), "yellow")
    wire("controls:VCC", v33, "red")
    wire("controls:GND", gnd, "black")

    part("wokwi-buzzer", "buzzer", 60, 320, volume=0.1)
    wire("buzzer:2", gp(cfg["buzzer"]), "brown")
    wire("buzzer:1", gnd, "black")

    return {"version": 1, "author": WARNING, "editor": "wokwi",
            "parts": parts, "connections": wires, "dependencies": {}}


def text(cfg):
    return json.dumps(diagram(cfg), indent=2) + "\n"
