"""Voltage domains: every net is tagged, and the tags are checked (the part of ERC SKiDL cannot do).

A tag says the highest voltage a net carries in service and which supplies may
feed it ("adapter": whatever is plugged into the jack, before the over-voltage
and reverse guard; "jack": the guarded 5 V; "usb": the Pico's USB; "3v3": the
Pico's regulator). The checks:
- every net has a tag;
- every RP2040 GPIO is on a net of 3.3 V at most (its pins are not 5 V tolerant);
- a polarised capacitor's + lead is on the higher voltage;
- no supply reaches a net it may not feed through a diode's forward path, a
  MOSFET's body diode or a plain conductor (fuse, ferrite bead, net tie): a
  reversed diode or a FET with drain and source swapped opens such a path.
"""

from typing import NamedTuple


class Domain(NamedTuple):
    volts: float  # the most it carries in service
    feeds: frozenset = frozenset()  # supplies allowed to reach it


GPIO_MAX_V = 3.3
# Symbol name -> (anode side, cathode side) of the part's diode, body diodes included.
DIODES = {"D": ("A", "K"), "D_Schottky": ("A", "K"), "LED": ("A", "K"),
          "IRLB8721PBF": ("S", "D")}  # N-MOSFET: body diode from source to drain
CONDUCTORS = {"Polyfuse", "FerriteBead", "NetTie_2"}


def _tag(domains, net):
    return domains.get(net.name) if net is not None else None


def _nets(circuit):
    return [n for n in circuit.nets if n is not circuit.NC and n.pins]


def _untagged(circuit, domains):
    return [f"net {n.name} has no voltage tag ({', '.join(sorted(_pins(n)))})"
            for n in _nets(circuit) if n.name not in domains]


def _pins(net):
    return {f"{p.part.ref}.{p.name}" for p in net.pins}


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


def _edges(circuit):
    """(from net, to net, part) for every path a supply can take without being switched on."""
    for part in circuit.parts:
        if part.name in DIODES:
            a, k = (part[name].net for name in DIODES[part.name])
            if a is not None and k is not None:
                yield a, k, part
        elif part.name in CONDUCTORS:
            a, b = (p.net for p in part.pins)
            if a is not None and b is not None:
                yield a, b, part
                yield b, a, part


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
    return _untagged(circuit, domains) + _gpios(circuit, domains) + _capacitors(circuit, domains) + \
        _feeds(circuit, domains)
