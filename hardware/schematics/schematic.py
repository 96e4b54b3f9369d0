"""Schematic drawings of a board, laid out by netlistsvg (npm, pinned in hardware/schematic_drawing/).

One sheet per part of the circuit (power, Pico and PCA9685, servo headers, inputs, pixels and buzzer), each from the
same circuit code as the netlist. A power or ground pin gets its own rail symbol named for its net
instead of a wire across the sheet; a signal that runs on to another sheet ends at a port named for
its net. `netlist(circuit, sheet)` is netlistsvg's input (Yosys JSON); `make schematic` runs it.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

from . import outputs

SHEETS = ("power", "pico", "servos", "inputs", "pixels")
GROUNDS = ("GND", "GND_SERVO")
RAILS = ("+5V", "+3V3", "+5V_SERVO", "VSYS", "+5V_PIXELS", "VIN_RAW", "+5V_GUARDED")
# kind -> (netlistsvg analog skin type, {pin number: skin port}); other kinds are boxes named by pin
SYMBOLS = {"R": ("r_v", {"1": "A", "2": "B"}), "C": ("c_v", {"1": "A", "2": "B"}), "CP": ("c_v", {"1": "A", "2": "B"}),
           "bead": ("l_v", {"1": "A", "2": "B"}), "polyfuse": ("r_v", {"1": "A", "2": "B"}),
           "diode": ("d_v", {"2": "+", "1": "-"}), "schottky": ("d_sk_v", {"2": "+", "1": "-"}),
           "led": ("d_led_v", {"2": "+", "1": "-"}), "npn": ("q_npn", {"1": "E", "2": "B", "3": "C"})}
DRAWING = Path(__file__).resolve().parents[1] / "schematic_drawing"


def sheet_of(part):
    """Which sheet a part is drawn on, from its kind and what it is for."""
    kind, what = part.kind, str(part.description)
    if kind == "servo_header" or "servo signal" in what:
        return "servos"
    if kind in ("jack", "terminal2", "ov_guard", "nmos", "polyfuse", "net_tie", "bead", "test_point", "led") or \
            "guard" in what or "power LED" in what or "servo rail" in what or "input capacitor" in what or \
            "VSYS" in what or kind == "button" and "reset" in what:
        return "power"
    if kind in ("buffer", "ws2812b", "xh3", "npn", "buzzer", "diode") or "NeoPixel" in what or \
            "WS2812B" in what or "74AHCT125" in what or "buzzer" in what or "spare" in what:
        return "pixels"
    if kind in ("panel_button", "lever_switch", "xh2", "xh6") or "long-wire" in what or "ladder" in what or \
            "control" in what:
        return "inputs"
    return "pico"


def netlist(circuit, sheet):
    """netlistsvg's input for one sheet: {"modules": {sheet: {"ports", "cells"}}}."""
    bits, cells, ports = {}, {}, {}
    fresh = [2]  # netlistsvg's bit numbers start above 1

    def bit():
        fresh[0] += 1
        return fresh[0]

    here = [p for p in circuit.parts if sheet_of(p) == sheet]
    elsewhere = {pin.net.name for p in circuit.parts if sheet_of(p) != sheet for pin in p.pins if pin.net}
    for part in sorted(here, key=lambda p: outputs.natural_key(p.ref)):
        skin, names = SYMBOLS.get(part.kind, ("generic", None))
        pins = sorted(part.pins, key=lambda q: (len(q.num), q.num))
        conn, dirs = {}, {}
        for k, pin in enumerate(pins):
            net = pin.net
            if net is None or net is circuit.NC:
                continue
            port = names[pin.num] if names else (pin.name if pin.name not in ("~",) and not pin.name.startswith("Pin_")
                                                 else f"{pin.num}")
            if names is None:
                port = f"{pin.num} {port}" if port != pin.num else port
            if net.name in GROUNDS or net.name in RAILS:
                b = bit()
                cells[f"{net.name} at {part.ref}:{pin.num}"] = {  # no "." in a key: netlistsvg splits on it
                    "type": "gnd" if net.name in GROUNDS else "vcc", "port_directions": {"A": "input"},
                    "connections": {"A": [b]}, "attributes": {"name": net.name}}
            else:
                b = bits.setdefault(net.name, bit())
                if net.name in elsewhere and net.name not in ports:
                    ports[net.name] = {"direction": "input", "bits": [b]}
            conn[port] = [b]
            dirs[port] = "input" if names is None and k < (len(pins) + 1) // 2 else "output"
        cells[part.ref] = {"type": skin, "port_directions": dirs, "connections": conn,
                           "attributes": {"ref": part.ref, "value": f"{part.value}{' +' if part.kind == 'CP' else ''}"}}
        if skin == "generic":
            cells[part.ref]["type"] = f"{part.ref} {part.value}"
    return {"modules": {sheet: {"ports": ports, "cells": cells}}}


def available():
    return shutil.which("node") is not None and (DRAWING / "node_modules" / "netlistsvg").is_dir()


def render(circuit, sheet, out):
    """Lay one sheet out with netlistsvg into the SVG `out`; raises with its output on a failure."""
    src = out.with_suffix(".json")
    src.write_text(json.dumps(netlist(circuit, sheet), indent=1))
    tool = DRAWING / "node_modules" / "netlistsvg" / "bin" / "netlistsvg.js"
    skin = DRAWING / "node_modules" / "netlistsvg" / "lib" / "analog.svg"
    done = subprocess.run(["node", str(tool), str(src), "--skin", str(skin), "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    src.unlink()
    if done.returncode:
        raise RuntimeError(f"netlistsvg failed on the {sheet} sheet:\n{done.stdout}{done.stderr}")
    out.write_text(_margin(out.read_text()))


MARGIN = 40  # px around netlistsvg's box: its labels of rail symbols at the edges reach past it


def _margin(svg):
    """The sheet with a white margin: netlistsvg sizes its box to the symbols, not their labels."""
    head = re.search(r'<svg [^>]*?width="([\d.]+)" height="([\d.]+)">', svg)
    w, h = round(float(head.group(1))) + 2 * MARGIN, round(float(head.group(2))) + 2 * MARGIN
    root = head.group(0).replace(f'width="{head.group(1)}" height="{head.group(2)}"',
                                 f'width="{w}" height="{h}" viewBox="{-MARGIN} {-MARGIN} {w} {h}"')
    return svg.replace(head.group(0), root, 1)


def files(name):
    """The sheets' SVG and PNG paths of board `name`: [(sheet, svg, png)]."""
    hardware = DRAWING.parent
    return [(s, hardware / f"schematic_{name}_{s}.svg", hardware / f"schematic_{name}_{s}.png") for s in SHEETS]


def main():
    from . import boards, circuit
    if not available():
        raise SystemExit("netlistsvg is not installed: make schematic installs it (npm ci in hardware/schematic_drawing)")
    if shutil.which("rsvg-convert") is None:
        raise SystemExit("rsvg-convert is missing for the PNGs: apt-get install librsvg2-bin")
    name = boards.BOARDS[0]
    ckt = circuit.build(boards.load(name))
    for sheet, svg, png in files(name):
        render(ckt, sheet, svg)
        subprocess.run(["rsvg-convert", "-b", "white", str(svg), "-o", str(png)], check=True)
        print(f"written: {svg.name}, {png.name}")


if __name__ == "__main__":
    main()
