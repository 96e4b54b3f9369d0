"""Voltage domains: every net is tagged, and the tags are checked (the part of ERC SKiDL cannot do).

A tag says the highest voltage a net carries in service and which supplies may
feed it ("adapter": whatever is plugged into the jack, before the over-voltage
and reverse guard; "jack": the guarded 5 V; "usb": the Pico's USB; "3v3": the
Pico's regulator). A supply net's tag also names its return (the ground its
current must come back on), the bulk capacitance it needs to that return, and
whether it must lie behind the fuse. The checks, each for a way makers and
designers get such a board wrong:
- every net has a tag;
- every RP2040 GPIO is on a net of 3.3 V at most (its pins are not 5 V tolerant);
- no resistor network pulls a net above its tag (a pull-up to 5 V on a GPIO
  net), solved as a DC network with every supply at its tag;
- no part powered above 3.3 V shares a signal net with a GPIO, directly or
  through a series resistor (a PCA9685 or an OLED on 5 V, a WS2812B's input
  driven straight from a GPIO), unless that pin is a TTL input (74AHCT);
- no GPIO carries a load that draws more than a GPIO can give (a buzzer);
- a polarised capacitor's + lead is on the higher voltage; every supply that
  needs bulk capacitance has it, to its own return;
- a part that takes current from a supply returns it on that supply's ground,
  not another (a servo header on the logic GND);
- every ground reaches the supply's return through conductors (the net tie);
- no supply reaches a net it may not feed through a diode's forward path, a
  MOSFET's body diode or a plain conductor (fuse, ferrite bead, net tie), and
  no unfused net reaches a fused one except through the fuse.
"""

import re
from typing import NamedTuple

import numpy as np


class Domain(NamedTuple):
    volts: float  # the most it carries in service
    feeds: frozenset = frozenset()  # supplies allowed to reach it
    ret: str = ""  # a supply's return: parts it feeds send their current back on this ground
    bulk_uf: float = 0  # electrolytic capacitance the supply needs to its return
    fused: bool = False  # must be fed through the fuse only


GPIO_MAX_V = 3.3
GPIO_MAX_MA = 12  # RP2040 pad at its strongest drive setting
# Symbol name -> (anode side, cathode side) of the part's diode, body diodes included.
DIODES = {"D": ("A", "K"), "D_Schottky": ("A", "K"), "LED": ("A", "K"),
          "IRLB8721PBF": ("S", "D")}  # N-MOSFET: body diode from source to drain
FUSES = {"Polyfuse"}
CONDUCTORS = {"FerriteBead", "NetTie_2"} | FUSES
# Powered parts: symbol -> supply pin name, and the pins that accept 3.3 V logic while powered from 5 V.
SUPPLY_PINS = {"PCA9685PW": "VDD", "74AHCT125": "VCC", "WS2812B": "VDD"}
TTL_INPUTS = {"74AHCT125": {"1", "2", "4", "5", "9", "10", "12", "13"}}  # AHCT: V_IH 2.0 V at 5 V
LOAD_MA = {"Buzzer": 120, "LED": 20}  # what such a part draws straight from a pin


def ohms(value):
    """'2k2' -> 2200, '1M' -> 1e6, '32k4' -> 32400, '220' -> 220."""
    m = re.fullmatch(r"(\d+)([RkM]?)(\d*)", str(value))
    if not m:
        raise ValueError(f"resistor value {value!r} is not like 220, 4k7 or 1M")
    whole, unit, frac = m.groups()
    return float(f"{whole}.{frac or 0}") * {"": 1, "R": 1, "k": 1e3, "M": 1e6}[unit]


def microfarads(value):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)uF", str(value))
    return float(m.group(1)) if m else 0.0


def _tag(domains, net):
    return domains.get(net.name) if net is not None else None


def _nets(circuit):
    return [n for n in circuit.nets if n is not circuit.NC and n.pins]


def _pins(net):
    return {f"{p.part.ref}.{p.name}" for p in net.pins}


def _is_supply(domains, net):
    tag = _tag(domains, net)
    return tag is not None and (bool(tag.feeds) or tag.ret != "" or net.drive == _power_drive(net))


def _power_drive(net):
    from .skidl_env import skidl
    return skidl.POWER


def _grounds(circuit, domains):
    return [n for n in _nets(circuit) if n.name in domains and domains[n.name].volts == 0 and
            n.drive == _power_drive(n)]


def _gpio_nets(circuit):
    return {pin.net.name for part in circuit.parts if part.name == "RaspberryPi_Pico"
            for pin in part.pins if pin.name.startswith("GP") and pin.net is not None}


def _untagged(circuit, domains):
    return [f"net {n.name} has no voltage tag ({', '.join(sorted(_pins(n)))})"
            for n in _nets(circuit) if n.name not in domains]


def _gpios(circuit, domains):
    out = []
    for part in circuit.parts:
        if part.name != "RaspberryPi_Pico":
            continue
        for pin in part.pins:
            tag = _tag(domains, pin.net)
            if pin.name.startswith("GP") and tag and tag.volts > GPIO_MAX_V:
                out.append(f"{pin.name} (pad {pin.num}) is on {pin.net.name}, a {tag.volts:g} V net: "
                           f"RP2040 GPIOs take {GPIO_MAX_V} V at most")
    return out


def _resistors(circuit):
    for part in circuit.parts:
        if part.name == "R" and all(p.net is not None for p in part.pins):
            a, b = (p.net for p in part.pins)
            yield part, a, b


def _pulled(circuit, domains):
    """DC voltages of the resistor network with every supply held at its tag: nets pulled above their tag."""
    fixed = {n.name: domains[n.name].volts for n in _nets(circuit) if n.name in domains and
             _is_supply(domains, n)}
    free = sorted({n.name for _, a, b in _resistors(circuit) for n in (a, b)} - set(fixed))
    index = {name: i for i, name in enumerate(free)}
    g = np.zeros((len(free), len(free)))
    i_in = np.zeros(len(free))
    via = {}
    for part, a, b in _resistors(circuit):
        c = 1 / ohms(part.value)
        for x, y in ((a.name, b.name), (b.name, a.name)):
            if x not in index:
                continue
            g[index[x], index[x]] += c
            if y in index:
                g[index[x], index[y]] -= c
            else:
                i_in[index[x]] += c * fixed[y]
                via.setdefault(x, []).append(f"{part.ref} ({part.value}) to {y}")
    grounded = g.diagonal() > 0
    volts = np.linalg.lstsq(g, i_in, rcond=None)[0] if free else []
    out = []
    for name, v in zip(free, volts):
        tag = domains.get(name)
        if tag and grounded[index[name]] and v > tag.volts + 0.05:
            out.append(f"{name} is pulled to {v:.2f} V through {'; '.join(via.get(name, ['its resistors']))}: "
                       f"it is a {tag.volts:g} V net")
    return out


def union_find():
    """(find, join): find(x) names x's group, join(a, b) merges the groups of a and b."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            x = parent[x]
        return x

    def join(a, b):
        parent[find(a)] = find(b)

    return find, join


def _signal_groups(circuit, domains):
    """Nets joined by series resistors (not through a supply): find(net name) -> group."""
    find, join = union_find()
    for _, a, b in _resistors(circuit):
        if not (_is_supply(domains, a) or _is_supply(domains, b)):
            join(a.name, b.name)
    return find


def _supply_of(part):
    pin = getattr(part, "supply_pin", None) or SUPPLY_PINS.get(part.name)
    if pin is None:
        return None
    found = [p for p in part.pins if pin in (p.name, p.num)]
    return found[0].net if found else None


def _powered_above_gpio(circuit, domains):
    group = _signal_groups(circuit, domains)
    gpio_groups = {group(name): name for name in _gpio_nets(circuit)}
    out = []
    for part in circuit.parts:
        supply = _supply_of(part)
        tag = _tag(domains, supply)
        if tag is None or tag.volts <= GPIO_MAX_V:
            continue
        for pin in part.pins:
            net = pin.net
            if net is None or _is_supply(domains, net) or pin.num in TTL_INPUTS.get(part.name, ()):
                continue
            gpio = gpio_groups.get(group(net.name))
            if gpio is not None:
                out.append(f"{part.ref} ({part.value}) runs on {supply.name} ({tag.volts:g} V) but its pin "
                           f"{pin.name if pin.name not in ('~', '') else pin.num} is on {net.name}, wired to the "
                           f"GPIO net {gpio}: its inputs want 0.7 x {tag.volts:g} V, its pull-ups and outputs give "
                           f"{tag.volts:g} V; power it from +3V3 or put a level shifter between")
    return out


def _gpio_loads(circuit):
    gpio = _gpio_nets(circuit)
    out = []
    for part in circuit.parts:
        ma = LOAD_MA.get(part.name, 0)
        for pin in part.pins:
            if ma > GPIO_MAX_MA and pin.net is not None and pin.net.name in gpio:
                out.append(f"{part.ref} ({part.value}) draws about {ma} mA straight from the GPIO net "
                           f"{pin.net.name}: a GPIO gives {GPIO_MAX_MA} mA at most; switch it with a transistor")
    return out


def _capacitors(circuit, domains):
    out = []
    for part in circuit.parts:
        if part.name != "C_Polarized":
            continue
        plus, minus = (_tag(domains, part[n].net) for n in ("1", "2"))
        if plus and minus and plus.volts <= minus.volts:
            out.append(f"{part.ref} ({part.value}) has its + lead on {part[1].net.name} ({plus.volts:g} V), "
                       f"not above its - lead on {part[2].net.name} ({minus.volts:g} V): reversed?")
    return out


def _bulk(circuit, domains):
    have = {}
    for part in circuit.parts:
        if part.name == "C_Polarized" and part[1].net is not None and part[2].net is not None:
            key = (part[1].net.name, part[2].net.name)
            have[key] = have.get(key, 0) + microfarads(part.value)
    out = []
    for n in _nets(circuit):
        tag = domains.get(n.name)
        if tag and tag.bulk_uf and have.get((n.name, tag.ret), 0) < tag.bulk_uf:
            out.append(f"{n.name} has {have.get((n.name, tag.ret), 0):g} uF of bulk capacitance to {tag.ret}; "
                       f"it needs {tag.bulk_uf:g} uF there (its input capacitor missing?)")
    return out


def _returns(circuit, domains):
    grounds = {n.name for n in _grounds(circuit, domains)}
    out = []
    for part in circuit.parts:
        nets = {p.net.name for p in part.pins if p.net is not None}
        for name in sorted(nets):
            tag = domains.get(name)
            if not tag or not tag.ret:
                continue
            wrong = sorted(nets & grounds - {tag.ret})
            if wrong:
                out.append(f"{part.ref} ({part.value}) takes current from {name} but returns it on "
                           f"{', '.join(wrong)}, not {tag.ret}: that current would flow through the wrong ground")
    return out


def _edges(circuit, with_fuses=True):
    """(from net, to net, part) for every path a supply can take without being switched on."""
    for part in circuit.parts:
        if part.name in DIODES:
            a, k = (part[name].net for name in DIODES[part.name])
            if a is not None and k is not None:
                yield a, k, part
        elif part.name in CONDUCTORS and (with_fuses or part.name not in FUSES):
            a, b = (p.net for p in part.pins)
            if a is not None and b is not None:
                yield a, b, part
                yield b, a, part


def _reach(edges, start):
    """{net name: [how]} reachable from the nets in `start` along `edges`."""
    reach = {name: [] for name in start}
    changed = True
    while changed:
        changed = False
        for a, b, part in edges:
            if a.name in reach and b.name not in reach:
                reach[b.name] = reach[a.name] + [f"{part.ref} ({part.value}) from {a.name}"]
                changed = True
    return reach


def _ground_ties(circuit, domains):
    grounds = _grounds(circuit, domains)
    joined = _reach(list(_edges(circuit)), {grounds[0].name}) if grounds else {}
    return [f"{n.name} is not joined to {grounds[0].name}: the parts on it have no return to the supply "
            "(the net tie missing?)" for n in grounds if n.name not in joined]


def _unfused(circuit, domains):
    edges = list(_edges(circuit, with_fuses=False))
    out = []
    for n in _nets(circuit):
        tag = domains.get(n.name)
        if not tag or tag.fused or not tag.feeds or "usb" in tag.feeds or "3v3" in tag.feeds:
            continue
        for name, how in sorted(_reach(edges, {n.name}).items()):
            if domains.get(name) and domains[name].fused:
                out.append(f"{name} is fed from {n.name} through {'; '.join(how)} without passing the fuse")
    return sorted(set(out))


def _feeds(circuit, domains):
    reach = {n.name: set(domains[n.name].feeds) for n in _nets(circuit) if n.name in domains}
    how = {}
    edges = list(_edges(circuit))
    changed = True
    while changed:
        changed = False
        for a, b, part in edges:
            new = reach.get(a.name, set()) - reach.setdefault(b.name, set())
            if new:
                reach[b.name] |= new
                how.setdefault(b.name, []).append(f"{part.ref} ({part.value}) from {a.name}")
                changed = True
    out = []
    for name, got in sorted(reach.items()):
        extra = got - set(domains[name].feeds) if name in domains else set()
        if extra:
            out.append(f"{'/'.join(sorted(extra))} supply reaches {name} through {'; '.join(how[name])}: "
                       f"a reversed diode or swapped drain and source?")
    return out


def check(circuit):
    """Error messages for every voltage-domain fault in `circuit` (its `domains` dict tags the nets)."""
    domains = circuit.domains
    return (_untagged(circuit, domains) + _gpios(circuit, domains) + _pulled(circuit, domains) +
            _powered_above_gpio(circuit, domains) + _gpio_loads(circuit) + _capacitors(circuit, domains) +
            _bulk(circuit, domains) + _returns(circuit, domains) + _ground_ties(circuit, domains) +
            _unfused(circuit, domains) + _feeds(circuit, domains))
