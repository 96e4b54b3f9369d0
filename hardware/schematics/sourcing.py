"""What to order: manufacturer part numbers, ratings and search names for every part of the circuit,
and the parts no netlist holds (servos, OLED module, adapter, sockets, housings and crimps, leads,
wire, screws and glue: the lid's fasteners as hardware/lid/fasteners.py names and counts them).

A part number is one that fits the footprint and rating; equivalents do as well, so each row also
has a generic search name a maker can type into any supplier's search box. Lookups go by the
part's kind (parts.CATALOGUE) and value; a part with no entry is an error, not a blank cell.
"""

from . import boards, parts, stripboard

WINDOWS = 12  # the chain's first pixels: the windows'; the rest are the seats'
# The stock stripboard the board is cut from: width, length (mm), holes along a strip, strips (a common
# size; a 100 x 500 mm board does as well).
STOCK_BOARD = (100.0, 220.0, 86, 39)
# What a maker works with, none of it in the unit: (what, what for). The guides name each (test_hardware_bom.py).
TOOLS = [
    ("3D printer, 220 x 220 mm bed, 0.4 mm nozzle", "the printed parts (docs/hardware_print.md)"),
    ("PLA filament 1.75 mm, 1 kg spool; a little clear or white PLA or PETG", "the printed parts; the diffusers"),
    ("soldering iron, temperature controlled, fine tip; solder 0.7 mm rosin core; flux and solder wick",
     "the board, the adapter boards' TSSOP-28 and TSOT-23-8, the leads"),
    ("heat-set insert tip for M3 on the soldering iron (or the iron's plain tip at about 220 °C)", "the M3 inserts"),
    ("stripboard track cutter, or a 3.5 mm drill bit turned by hand; a sharp knife", "the strips' cuts"),
    ("1.8 mm drill bit in a pin vice", "the horns' arm holes"),
    ("crimp tool for JST XH contacts", "the XH housings"),
    ("wire stripper and flush cutter", "the wires and links"),
    ("heat gun (or a lighter) for the heat-shrink", "the seat buttons' joints"),
    ("hot-melt glue gun and a stick of glue", "the LEDs' carriers in their diffusers"),
    ("screwdrivers PH0 and PH1, 2 mm hex key, pliers", "the screws, the nuts"),
    ("bench power supply with a current limit, 0-6 V; multimeter (10 MOhm input)", "the bring-up"),
    ("calipers", "measuring the card, the servo and the modules (hardware/lid/params.toml)"),
    ("USB cable with data lines, to the Pico's micro-USB", "flashing and the REPL"),
]

HEADER_STRIP = "61304011121"  # Wurth 1 x 40 male header: every 2.54 mm header is broken off one
# kind -> (manufacturer, MPN, rating / tolerance, generic search name); MPN "{R}" takes the value.
BY_KIND = {
    "R": ("Yageo", "MFR-25FBF52-{R}", "1 %, 0.25 W, metal film", "resistor {v} 1% 0.25W axial metal film"),
    "C": ("Vishay", "K104K15X7RF5TL2", "100 nF, 50 V, X7R, 10 %", "100nF 50V X7R ceramic disc 5mm pitch"),
    "jack": ("Switchcraft", "722A", "5 A, 2.1 mm pin, panel mount", "DC jack 5.5x2.1mm panel mount 5A"),
    "polyfuse": ("Bourns", "MF-RG300-0", "3.0 A hold, 5.1 A trip, 16 V", "PTC resettable fuse 3A hold radial"),
    "terminal2": ("Phoenix Contact", "1729128", "2-pole, 5.08 mm, 13.5 A", "screw terminal 2 pin 5.08mm"),
    "ov_guard": ("Analog Devices", "LTC4365CTS8#TRMPBF", "VIN -40 V to 60 V, TSOT-23-8",
                 "LTC4365 overvoltage reverse protection controller"),
    "nmos": ("Infineon", "IRLB8721PBF", "30 V, 62 A, 16 mOhm at 4.5 V, TO-220", "IRLB8721 N-MOSFET logic level"),
    "net_tie": ("", "(a wire)", "", "none: one wire from C1's - lead to the logic ground"),
    "led": ("Kingbright", "WP710A10GD", "3 mm green, 20 mA", "LED 3mm green"),
    "test_point": ("Keystone", "5010", "through-hole test loop", "test point loop PCB"),
    "schottky": ("Diodes Inc.", "1N5819-T", "40 V, 1 A Schottky, DO-41", "1N5819 Schottky diode"),
    "diode": ("onsemi", "1N4148", "100 V, 200 mA, DO-35", "1N4148 diode"),
    "bead": ("Murata", "BLM31PG121SN1L", "120 Ohm at 100 MHz, 3 A, 1206", "ferrite bead 1206 120R 3A"),
    "pca9685": ("NXP", "PCA9685PW,118", "2.3-5.5 V, TSSOP-28", "PCA9685PW"),
    "buffer": ("Texas Instruments", "SN74AHCT125N", "4.5-5.5 V, TTL inputs, DIP-14", "74AHCT125 DIP-14"),
    "ws2812b": ("Worldsemi", "WS2812B", "3.5-5.3 V, on a 10 mm round carrier with its 100 nF",
                "WS2812B 10mm round PCB module"),
    "npn": ("onsemi", "2N3904BU", "40 V, 200 mA, TO-92", "2N3904 NPN TO-92"),
    "buzzer": ("Soberton", "FT12K03-42-2K", "5 V, 42 Ohm coil, external drive, 12 mm",
               "magnetic buzzer 5V 12mm external drive 42 ohm"),
    "button": ("Omron", "B3F-1000", "6 mm tactile, 50 mA 24 V", "tactile switch 6x6mm through-hole"),
    "panel_button": ("", "(generic)", "momentary, normally open, 12 mm panel hole, solder lugs; "
                     "at most 20 mm deep under the panel, lugs included (the bay lid's five)",
                     "12mm momentary push button panel mount normally open"),
    "lever_switch": ("Omron", "SS-5GL", "KW11 size (19.8 x 10.2 x 6.4 mm), hinge lever, 5 A 125 V; "
                     "OP 8.8 +- 0.8 mm, OT 1.2 mm min, MD 0.8 mm max (the lid is built for these)",
                     "KW11 lever micro switch 3 pin"),
    "servo_header": ("Wurth Elektronik", HEADER_STRIP, "2.54 mm male header, 1 x 40, break off 1 x 3",
                     "pin header 1x40 2.54mm breakable"),
    "epaper_header": ("Wurth Elektronik", HEADER_STRIP, "2.54 mm male header, 1 x 40, break off 1 x 8",
                      "pin header 1x40 2.54mm breakable"),
    "pico": ("Raspberry Pi", "SC0915", "RP2040 module, without headers (socket it)", "Raspberry Pi Pico"),
}
for _n in range(2, 8):
    BY_KIND[f"xh{_n}"] = ("JST", f"B{_n}B-XH-A(LF)(SN)", f"{_n}-pin, 2.5 mm, 3 A, vertical",
                          f"JST XH {_n} pin header vertical")
for _n in range(2, 16):
    BY_KIND[f"pins{_n}"] = ("Wurth Elektronik", HEADER_STRIP, f"2.54 mm male header, break off 1 x {_n}",
                            "pin header 1x40 2.54mm breakable")
# (kind, value) -> overrides of the above
BY_VALUE = {
    ("CP", "1000uF"): ("Panasonic", "EEU-FR1A102", "1000 uF, 10 V, low ESR, 10 mm, 20 %",
                       "1000uF 10V low ESR electrolytic 10mm"),
    ("CP", "10uF"): ("Panasonic", "EEU-FR1H100", "10 uF, 50 V, 20 %", "10uF 50V electrolytic radial"),
}
PRECISION_R = ("Yageo", "MFP-25BRD52-{R}", "0.1 %, 0.25 W, metal film", "resistor {v} 0.1% 0.25W axial")


def _mpn_value(value):
    """Yageo's way of writing a value: 220R, 2K2, 100K, 1M."""
    v = str(value).upper()
    return v + "R" if v.isdigit() else v


def source(part):
    """(manufacturer, MPN, rating, search) for one circuit part."""
    kind = part.kind
    if kind == "C" and getattr(part, "off_board", False):
        return "", "(on the LED's carrier: order none)", "100 nF", "comes fitted on the WS2812B carrier board"
    if kind == "R" and getattr(part, "tolerance", "1%") == "0.1%":
        row = PRECISION_R
    else:
        row = BY_VALUE.get((kind, str(part.value))) or BY_KIND.get(kind)
    if row is None:
        raise ValueError(f"{part.ref} ({part.value}): no sourcing entry for kind {kind!r} in sourcing.py")
    maker, mpn, rating, search = row
    return maker, mpn.format(R=_mpn_value(part.value)), rating, search.format(v=part.value)


def extras(cfg, circuit):
    """[(what, quantity, placement, manufacturer, MPN, rating, search)] for one unit: what no netlist lists."""
    from hardware.lid import fasteners, params
    from hardware.lid import pod as pods
    lid = params.Lid()
    pod = pods.pod(lid)
    xh = {}
    for part in circuit.parts:
        if part.kind.startswith("xh"):
            xh[int(part.kind[2:])] = xh.get(int(part.kind[2:]), 0) + 1
    servos = boards.servo_count(cfg)
    seats = len(cfg["seat_buttons"])
    lights = cfg["pixels"]["count"] - WINDOWS  # the seats' pixels after the windows'
    rows = [("Pico socket: female header 1 x 20", 2, "board", "Sullins", "PPTC201LFBN-RC", "2.54 mm, 1 x 20",
             "female header 1x20 2.54mm"),
            ("Pico's own pins: male header 1 x 20, soldered to the Pico (or buy the Pico with headers)", 2,
             "board", "Wurth Elektronik", "61302011121", "2.54 mm, 1 x 20", "pin header 1x20 2.54mm"),
            (f"stripboard, 2.54 mm, at least {stripboard.COLS} x {stripboard.ROWS} holes, strips along the "
             f"{stripboard.COLS}: cut to {stripboard.COLS} x {stripboard.ROWS} (longer than a 160 mm Eurocard) from a "
             f"{STOCK_BOARD[0]:g} x {STOCK_BOARD[1]:g} mm board ({STOCK_BOARD[3]} strips of {STOCK_BOARD[2]} holes)", 1,
             "board", "", "(generic)", f"{stripboard.COLS * stripboard.PITCH:.0f} x {stripboard.ROWS * stripboard.PITCH:.0f} mm",
             "stripboard %g x %g mm 2.54 mm" % STOCK_BOARD[:2])]
    rows += [(f"JST XH housing, {n} way", count, "cable", "JST", f"XHP-{n}", "2.5 mm", f"JST XHP-{n} housing")
             for n, count in sorted(xh.items())]
    rows.append(("JST XH crimp contacts (+ 20 % spare)", round(1.2 * sum(n * c for n, c in xh.items())), "cable", "JST",
                 "SXH-001T-P0.6", "26-22 AWG", "JST SXH-001T-P0.6 crimp"))
    if servos:
        rows += [("SG90 micro servo, with its horns and screws", servos, "lid", "TowerPro", "SG90",
                  "4.8-6 V, 1.8 kg.cm, 0.1 s/60 deg at 4.8 V", "SG90 micro servo 9g"),
                 ("servo extension lead, 3-wire, 30 cm: the windows whose servo's own lead is too short",
                  extensions(), "cable", "", "(generic)", "JR/Futaba plug, 26 AWG", "servo extension cable 30cm")]
    n = fasteners.counts(lid, servos)  # the screws hardware/lid/screws.py checks where they go, so many
    if servos:
        rows += [("self-tapping screw 1.7 x 5 mm, pan head (servo horn screw): horn to crank, 2 each; "
                  "drill the horn's arm holes to 1.8 mm", n[fasteners.ST_HORN], "lid", "",
                  "(generic)", fasteners.ST_HORN.name, "1.7x5 servo horn screw self tapping")]
    rows += [("M3 x 16 mm screw, pan or button head: top plate, lid and tray into the feet", n[fasteners.M3_FEET],
              "lid", "", "(generic)", fasteners.M3_FEET.name, "M3x16 button head screw"),
             ("M3 x 12 mm screw, pan or button head: top plate and lid into the bay's front posts",
              n[fasteners.M3_POST], "lid", "", "(generic)", fasteners.M3_POST.name, "M3x12 button head screw"),
             ("M3 x 10 mm screw, pan or button head: the bay lid into the bay's posts", n[fasteners.M3_BAY], "lid", "",
              "(generic)", fasteners.M3_BAY.name, "M3x10 button head screw"),
             (f"M3 heat-set insert, {fasteners.INSERT_LENGTH:g} mm long, for a 4.0 mm hole", fasteners.inserts(lid),
              "lid", "", "(generic)", fasteners.INSERT, "M3 heat set insert 5.7mm"),
             ("M2 x 14 mm screw and nut: card switch in its printed frame", n[fasteners.M2_SWITCH], "lid", "",
              "(generic)", fasteners.M2_SWITCH.name, "M2x14 screw nut"),
             ("self-tapping screw 2.2 x 6.5 mm, countersunk: down through the tray floor into the switch frame",
              n[fasteners.ST_FRAME], "lid", "", "(generic)", fasteners.ST_FRAME.name,
              "ST2.2x6.5 countersunk self tapping screw")]
    if servos:
        glued = fasteners.glue_joints(lid)
        rows += [(f"cyanoacrylate glue (super glue), a bottle: a drop each, the {glued['yoke']} yokes onto their "
                  f"posts and the {glued['pillar_front'] + glued['pillar_back']} servo pillars onto the top plate",
                  1, "lid", "",
                  "(generic)", fasteners.GLUE, "cyanoacrylate super glue medium viscosity 20g")]
    rows += [("self-tapping screw 2.2 x 6.5 mm, pan head: each seat pod's base plate, 4 each", n[fasteners.ST_POD],
              "seat pod", "", "(generic)", fasteners.ST_POD.name, "ST2.2x6.5 pan head self tapping screw")]
    oled = parts.display(cfg)
    led_m = led_wire_m()
    rows += [(oled.bom, 1, "lid", "", "(generic)", "3.3-5 V, 0x3C", oled.search),
             ("5 V 6 A adapter, 5.5 x 2.1 mm plug, centre positive", 1, "supply", "Mean Well", "GST36A05-P1J",
              "5 V, 6 A, 30 W", "5V 6A power supply 5.5x2.1"),
             ("wire 18 AWG stranded, red and black", 2, "cable", "", "(generic)", "metres", "18 AWG silicone wire"),
             ("wire 26 AWG stranded, 4 colours", 4, "cable", "", "(generic)", "metres", "26 AWG stranded hook-up wire"),
             (f"wire 24 AWG stranded, 3 colours, {led_m} m of each: the LED chain and LED 12 on to the "
              "bay", 3 * led_m, "cable", "", "(generic)", "metres", "24 AWG stranded hook-up wire")]
    if lights:
        rows += [("3-core cable for the seat lights: LED 12 to seat 1's light, then seat to seat", 2 * lights,
                  "cable", "", "(generic)", "metres, 3 x 24 AWG, %.1f mm outside at most" % pod.light_cable,
                  "3 core cable 24 AWG")]
    rows += [
             ("wire 22 AWG solid, tinned: the stripboard's wire links", 5, "board", "", "(generic)", "metres",
              "22 AWG tinned copper wire"),
             ("wire 20 AWG solid, tinned: the stripboard's servo-current links", 1, "board", "", "(generic)",
              "metres", "20 AWG tinned copper wire"),
             ("wire 18 AWG solid, tinned (bare): laid along the servo-current pieces of strip", 1, "board", "",
              "(generic)", "metres", "18 AWG tinned copper wire"),
             ("2-core cable for the seat buttons", 2 * seats, "cable", "", "(generic)",
              "metres, 2 x 26 AWG, %.1f mm outside at most" % lid.bay.seat_cables[1], "2 core cable 26 AWG"),
             ("heat-shrink tubing, 2-5 mm", 1, "cable", "", "(generic)", "assortment", "heat shrink tubing assortment"),
             ("cable tie 2.5 x 100 mm: seat cables to the bay's anchor, and one in each seat pod", 1 + seats, "cable",
              "", "(generic)", "2.5 mm wide", "cable tie 2.5x100mm")]
    if cfg["shutters"]["backend"] == "pca9685" and any(p.kind == "pca9685" for p in circuit.parts):
        rows.append(("TSSOP-28 to DIP adapter board (perfboard builds)", 1, "board", "", "(generic)", "0.65 mm pitch",
                     "TSSOP28 to DIP adapter PCB"))
    if any(str(p.value).startswith("PCA9685 breakout") for p in circuit.parts):
        rows.append(("PCA9685 16-channel servo breakout", 1, "lid", "Adafruit", "815", "I2C 0x40, V+ terminal block",
                     "PCA9685 16 channel servo driver board"))
    if any(p.kind == "ov_guard" for p in circuit.parts):
        rows.append(("SOT-23-8 to DIP adapter board (perfboard builds)", 1, "board", "", "(generic)", "0.65/0.95 mm pitch",
                     "SOT23-8 to DIP adapter PCB"))
    rows += printed(servos, seats)
    rows += [(what, 1, "tool", "", "(generic)", "for " + why, what.split(",")[0].split(";")[0]) for what, why in TOOLS]
    return rows


def printed(servos, seats):
    """BOM rows of the printed parts (docs/hardware_print.md): the lid's where the board drives servos,
    the seat pods and their diffusers on every board."""
    from hardware.lid import pod, printing
    out = []
    for name, (copies, how) in printing.GUIDE.items():
        if not servos:  # no lid of shutters: only the pods, each with its diffuser
            if name == "diffuser":
                copies = seats
            elif name not in pod.PARTS:
                continue
        out.append((f"printed part {name}", copies, "printed", "", "(print it)",
                    "PLA, 0.2 mm layers (hardware/lid/slicer.ini)", f"hardware/lid/stl/{name}.stl"))
    return out


def led_wire_m():
    """Metres of each colour of 24 AWG the LED chain takes (J24 to LED 1, LED to LED, LED 12 on to the bay:
    lid/cables.py), rounded up with 20 cm to spare."""
    import math

    from hardware.lid import cables
    first, hops = cables.pixel_runs()
    return math.ceil((first + sum(hops) + cables.seat_feed()) / 1000 + 0.2)


def extensions():
    """How many servo leads need the 30 cm extension: the runs longer than the SG90's own lead."""
    from hardware.lid import cables
    return sum(1 for mm in cables.servo_runs().values() if mm > cables.SG90_LEAD)
