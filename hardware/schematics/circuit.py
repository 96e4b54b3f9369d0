"""The device's circuit as SKiDL code, for either board config.

`build(cfg)` returns a fresh skidl Circuit. Every Pico GPIO comes from the
board config through boards.signals(); nothing here names a GPIO number.
Power: jack -> over-voltage and reverse guard (LTC4365 and two N-MOSFETs back
to back) -> polyfuse -> servo rail (+5V_SERVO, whose return GND_SERVO meets
the logic GND only at a net tie by the input capacitor); a ferrite bead splits
off the logic +5V (pixels, level shifter, buzzer) that also feeds the Pico's
VSYS through a Schottky, so USB and the jack may be connected together.
Every net is tagged with its voltage domain (domains.py checks the tags).
Parts marked "off-board" sit at the end of a JST-XH cable (see the README).
"""

from . import boards, epaper, ladder, pico, power
from .domains import Domain
from .parts import make
from .skidl_env import skidl

WINDOWS = 12  # the pixel chain's first LEDs: the windows'; any after them are the seats'

Net = skidl.Net
# What the guard is claimed to survive, either polarity: 5 V and 9-12 V adapters. The FETs take 30 V,
# 2.5x that: a plug hot-plugged through a cable rings up to about twice the adapter's voltage.
ADAPTER_MAX_V = 12
FET_VDS_V = 30  # IRLB8721PBF
GUARD_VIN_MAX_V = 60  # LTC4365 VIN, -40 V to 60 V
# LTC4365 trip points: VIN -> R_TOP -> UV -> R_MID -> OV -> R_BOTTOM -> GND; both pins trip at 0.5 V
# +-1.5 % over temperature. 0.1 % resistors, so the trip spread is the comparator's, not the divider's.
# OV 5.30-5.48 V: above a 5 V +5 % adapter, below what the rails' parts take when the servos let go
# (guard_sim.py simulates it; hardware/README.md gives the margins).
R_TOP, R_MID, R_BOTTOM = 953_000, 24_900, 100_000
R_TOLERANCE = 0.001
GUARD_REF_V, GUARD_REF_TOL = 0.5, 0.015
SUPPLY_MAX_V = 5.25  # a 5 V adapter at its high tolerance (+5 %), unloaded: must be let through
# The maxima on the rails the guard's output feeds directly: (volts, part). The Pico's VSYS (5.5 V) and
# the WS2812B (5.3 V) sit behind Schottkys: guard_sim.py checks them with the diodes' drop.
RAIL_LIMITS_V = [(6.0, "SG90 (6.0 V)"), (7.0, "74AHCT125 (7.0 V)")]


def guard_trips():
    """(under-voltage, over-voltage) trip points of the input guard, in volts, nominal."""
    total = R_TOP + R_MID + R_BOTTOM
    return GUARD_REF_V * total / (R_MID + R_BOTTOM), GUARD_REF_V * total / R_BOTTOM


def guard_trip_range():
    """((UV lowest, UV highest), (OV lowest, OV highest)) over resistor and threshold tolerances."""
    lo, hi = 1 - R_TOLERANCE, 1 + R_TOLERANCE
    ref_lo, ref_hi = GUARD_REF_V * (1 - GUARD_REF_TOL), GUARD_REF_V * (1 + GUARD_REF_TOL)
    uv = (ref_lo * (R_TOP * lo + (R_MID + R_BOTTOM) * hi) / ((R_MID + R_BOTTOM) * hi),
          ref_hi * (R_TOP * hi + (R_MID + R_BOTTOM) * lo) / ((R_MID + R_BOTTOM) * lo))
    ov = (ref_lo * ((R_TOP + R_MID) * lo + R_BOTTOM * hi) / (R_BOTTOM * hi),
          ref_hi * ((R_TOP + R_MID) * hi + R_BOTTOM * lo) / (R_BOTTOM * lo))
    return uv, ov


class _Board:
    """Builder state: the circuit, its tagged nets, the Pico and its GPIO nets."""

    def __init__(self, cfg, circuit):
        self.cfg = cfg
        self.nc = circuit.NC  # the no-connect net: pins left open on purpose
        self.domains = circuit.domains = {}
        self.named = {}  # every tagged net by name
        self.nets = {}  # the GPIO nets by name
        self.gnd = self.power("GND", 0)
        self.gnd_servo = self.power("GND_SERVO", 0)
        self.v5 = self.power("+5V", 5, "jack", ret="GND", fused=True)
        self.v3 = self.net("+3V3", 3.3, "3v3", ret="GND")
        self.pico = make("pico", "Raspberry Pi Pico", "Raspberry Pi Pico (RP2040) module, socketed")
        for sig in boards.signals(cfg):
            self.nets[sig.net] = self.net(sig.net, 3.3)
            self.nets[sig.net] += self.pico[str(pico.pad_of(sig.gpio))]

    def net(self, name, volts, *feeds, **supply):
        """A new net tagged with its voltage domain (supply: ret, bulk_uf, fused; see Domain)."""
        self.domains[name] = Domain(volts, frozenset(feeds), **supply)
        self.named[name] = Net(name)
        return self.named[name]

    def power(self, name, volts, *feeds, **supply):
        # Drive POWER marks a net fed by a supply (KiCad's PWR_FLAG), so power
        # inputs on it pass ERC.
        net = self.net(name, volts, *feeds, **supply)
        net.drive = skidl.POWER
        return net

    def cap(self, net, value="100nF", why="decoupling", gnd=None):
        c = make("CP" if value.endswith("uF") else "C", value, why)
        c[1] += net
        c[2] += self.gnd if gnd is None else gnd
        return c

    def resistor(self, a, b, value, why, tolerance="1%"):
        r = make("R", value, why)
        r.tolerance = tolerance
        r[1] += a
        r[2] += b
        return r

    def button(self, net, what, role, to=None):
        """A switch: the on-board tactile reset button, a 12 mm panel button, or the card's lever switch."""
        kind, value = ("button", "tactile 6 mm") if not what.startswith("off-board") else (
            ("lever_switch", "KW11 lever switch") if "lever" in what else ("panel_button", "panel button 12 mm"))
        sw = make(kind, value, what)
        sw.role = role  # which button this is, for the wiring table
        sw[1] += net
        sw[2] += self.gnd if to is None else to
        return sw

    def connector(self, kind, value, what, nets):
        j = make(kind, value, what)
        for pin, net in enumerate(nets, 1):
            j[pin] += net if net is not None else self.nc
        return j


def _guard(b, v_raw, v_out):
    """LTC4365 with back-to-back N-MOSFETs: off below UV, above OV and when the plug is reversed."""
    u = make("ov_guard", "LTC4365", "over-voltage, under-voltage and reverse-polarity guard controller")
    gate, source = b.net("GUARD_GATE", ADAPTER_MAX_V + 9), b.net("GUARD_SOURCE", ADAPTER_MAX_V)
    uv, ov = b.net("GUARD_UV", 3.3), b.net("GUARD_OV", 3.3)
    u["Vin"] += v_raw
    u["~{SHDN}"] += v_raw  # always enabled
    u["GND"] += b.gnd_servo
    u["Vout"] += v_out
    u["GATE"] += gate
    u["~{FAULT}"] += b.nc
    u["UV"] += uv
    u["OV"] += ov
    for a, z, r, where in ((v_raw, uv, R_TOP, "top"), (uv, ov, R_MID, "middle"), (ov, b.gnd_servo, R_BOTTOM, "bottom")):
        b.resistor(a, z, _ohms(r), f"guard divider {where} (UV/OV trip points), 0.1 %", tolerance="0.1%")
    for side, drain in (("input", v_raw), ("output", v_out)):
        q = make("nmos", "IRLB8721PBF", f"guard N-MOSFET ({FET_VDS_V} V, 16 mOhm at 4.5 V), back to back with the other")
        q.role = side
        q["G"] += gate
        q["S"] += source
        q["D"] += drain


def _power_in(b):
    v_raw = b.power("VIN_RAW", ADAPTER_MAX_V, "adapter", ret="GND_SERVO")
    v_guarded = b.net("+5V_GUARDED", 5, "jack", ret="GND_SERVO")
    servo = b.power("+5V_SERVO", 5, "jack", ret="GND_SERVO", bulk_uf=470, fused=True)
    b.connector("jack", "5V DC jack 5A", "off-board: panel-mount 5.5/2.1 mm jack in the bay wall, centre positive, "
                "rated 5 A or more (e.g. Switchcraft 722A)", (v_raw, b.gnd_servo))
    b.connector("terminal2", "power in", "screw terminal for the jack's two 18 AWG wires (+, -)",
                (v_raw, b.gnd_servo))
    _guard(b, v_raw, v_guarded)
    fuse = make("polyfuse", "MF-RG300",
                f"resettable fuse, {power.FUSE_HOLD_A:g} A hold, trips by {power.FUSE_TRIP_A:g} A")
    fuse[1] += v_guarded
    fuse[2] += servo
    b.cap(servo, "1000uF", "input capacitor: servo rail bulk (10 V low-ESR); the net tie sits at its - lead",
          gnd=b.gnd_servo)
    b.cap(servo, why="servo rail high-frequency decoupling", gnd=b.gnd_servo)
    tie = make("net_tie", "NetTie", "joins the servo return to the logic GND at the input capacitor only")
    tie[1] += b.gnd_servo
    tie[2] += b.gnd
    bead = make("bead", "120R@100MHz 3A", "splits the logic 5 V from the servo rail")
    bead[1] += servo
    bead[2] += b.v5
    vsys = b.power("VSYS", 5, "jack", "usb", ret="GND", fused=True)
    schottky = make("schottky", "1N5819", "5 V to Pico VSYS; blocks USB back-feed")
    schottky["A"] += b.v5
    schottky["K"] += vsys
    b.pico["VSYS"] += vsys
    b.pico["3V3"] += b.v3
    b.pico["GND"] += b.gnd
    b.pico["AGND"] += b.gnd
    b.cap(b.v3, why="3V3 decoupling at the OLED and PCA9685")
    return servo


def _board_aids(b):
    """Power LED, reset button, test points: what a maker needs to bring the board up."""
    led_net = b.net("POWER_LED", 5)
    b.resistor(b.v5, led_net, "1k", "power LED resistor (3 mA)")
    led = make("led", "green", "power LED: lit while the jack's 5 V is on")
    led["A"] += led_net
    led["K"] += b.gnd
    run = b.net("RUN", 3.3)
    b.pico["RUN"] += run
    b.button(run, "reset button on RUN (restarts the Pico)", "reset")
    for net in ("VIN_RAW", "+5V_SERVO", "+5V", "VSYS", "+3V3", "GND"):
        tp = make("test_point", f"TP {net}", "test point for the bring-up rail checks")
        tp[1] += b.named[net]


def _i2c(b):
    sda, scl = b.nets["I2C_SDA"], b.nets["I2C_SCL"]
    b.resistor(sda, b.v3, "2k2", "I2C SDA pull-up (400 kHz up to about 150 pF: 30 cm of cable)")
    b.resistor(scl, b.v3, "2k2", "I2C SCL pull-up (400 kHz up to about 150 pF: 30 cm of cable)")
    panel = b.cfg["oled"].get("panel", "ssd1306").upper()
    j = b.connector("xh4", "OLED GND VCC SCL SDA",
                    f"JST-XH 4-pin to the 128x64 {panel} OLED (keyed: crimp the cable to the module's own pin order)",
                    (b.gnd, b.v3, scl, sda))
    j.supply_pin = "2"  # the module's VCC: its own I2C pull-ups go to it


def _servo_headers(b, servo_rail, drive_nets):
    for i, drive in enumerate(drive_nets, 1):
        hdr = b.net(f"SERVO{i}_HDR", 3.3)
        b.resistor(drive, hdr, "220", "servo signal series resistor")
        j = make("servo_header", "SG90 servo", "servo header: 1 signal, 2 +5 V servo rail, 3 GND_SERVO")
        j[1] += hdr
        j[2] += servo_rail
        j[3] += b.gnd_servo


def _pca9685(b, servo_rail, breakout=False):
    """The PCA9685 chip on the board, or (breakout=True) a ready-made 16-channel breakout on a cable."""
    sh = b.cfg["shutters"]
    oe = b.nets["SERVO_OE"]
    if breakout:
        # Such breakouts pull OE to GND (10k) on board: a 1k pull-up still lifts it to 3.0 V, a valid high.
        b.resistor(oe, b.v3, "1k", "PCA9685 /OE pull-up, strong enough to beat the breakout's 10k pull-down")
        # The breakout joins its logic and servo grounds on board, so its one ground is GND_SERVO, on the
        # thick pair: a ground wire in the signal cable too would carry part of the servo current.
        j = b.connector("xh4", "PCA9685 breakout OE SCL SDA VCC",
                        f"JST-XH 4-pin to a 16-channel PCA9685 servo breakout (I2C 0x{sh['address']:02X}): OE, SCL, "
                        "SDA, VCC; its GND pin stays unwired, its ground comes on the V+ pair",
                        (oe, b.nets["I2C_SCL"], b.nets["I2C_SDA"], b.v3))
        j.supply_pin = "4"
        b.connector("terminal2", "breakout V+ GND",
                    "screw terminal for the breakout's V+ terminal block: 2 x 18 AWG, +5V_SERVO and GND_SERVO; "
                    "the servos plug into the breakout", (servo_rail, b.gnd_servo))
        return
    u = make("pca9685", "PCA9685PW", f"16-channel PWM driver, I2C 0x{sh['address']:02X}")
    u["VDD"] += b.v3
    u["VSS"] += b.gnd
    u["SDA"] += b.nets["I2C_SDA"]
    u["SCL"] += b.nets["I2C_SCL"]
    u["~{OE}"] += oe
    b.resistor(oe, b.v3, "10k", "PCA9685 /OE pull-up: outputs off until firmware drives it low")
    # Address pins: A0-A5 high where the configured address (0x40 + n) has a 1.
    offset = sh["address"] - 0x40
    if not 0 <= offset < 64:
        raise ValueError(f"PCA9685 address 0x{sh['address']:02X} is outside 0x40-0x7F")
    for bit in range(6):
        u[f"A{bit}"] += b.v3 if offset >> bit & 1 else b.gnd
    u["EXTCLK"] += b.gnd
    b.cap(b.v3, why="PCA9685 VDD decoupling")
    drive = []
    for i, ch in enumerate(sh["channels"], 1):
        net = b.net(f"SERVO{i}", 3.3)
        u[f"LED{ch}"] += net
        drive.append(net)
    for ch in set(range(16)) - set(sh["channels"]):
        u[f"LED{ch}"] += b.nc
    _servo_headers(b, servo_rail, drive)


def _ohms(r):
    """Resistor value as printed on a BOM: 220, 4k7, 2k49, 40k2."""
    if r < 1000:
        return str(r)
    whole, frac = divmod(r, 1000)
    return f"{whole}k{str(frac).rjust(3, '0').rstrip('0')}"


def _long_wire_input(b, gpio_net, what, role):
    """A switch at the end of a cable: 10k pull-up and 100 nF at the connector, 1k into the GPIO.

    The pull-up keeps a long wire from floating on the internal ~50k alone; the
    capacitor and the series resistor stop ESD and interference on the wire from
    reaching the pin (RC 1 ms: far below the firmware's debounce)."""
    ext = b.net(f"{gpio_net.name}_EXT", 3.3)
    b.resistor(ext, b.v3, "10k", "external pull-up for a long-wire input")
    b.resistor(ext, gpio_net, "1k", "series resistor between a long wire and its GPIO")
    b.cap(ext, why="filter capacitor on a long-wire input")
    b.button(ext, what, role)
    return ext


def _buttons(b):
    for i in range(len(b.cfg["seat_buttons"])):
        ext = _long_wire_input(b, b.nets[f"SEAT{i + 1}"], "off-board: seat button, at the player", f"seat {i + 1}")
        b.connector("xh2", f"seat {i + 1}", f"JST-XH 2-pin to seat button {i + 1}", (ext, b.gnd))
    ext = _long_wire_input(b, b.nets["CARD_SW"], "off-board: card-present lever microswitch (closed = card in)",
                           "card switch")
    b.connector("xh2", "card switch", "JST-XH 2-pin to the card-present switch", (ext, b.gnd))
    names = boards.controls(b.cfg)
    if "ladder" not in b.cfg["controls"]:
        wires = [_long_wire_input(b, b.nets[f"BTN_{name.upper()}"], "off-board: control button", name)
                 for name in names]
        b.connector(f"xh{len(wires) + 1}", "controls", "JST-XH to the control buttons (" + ", ".join(names) +
                    ", GND)", wires + [b.gnd])
        return
    adc = b.nets["CONTROLS_ADC"]
    vref = b.net("ADC_VREF", 3.3)
    b.pico["ADC_VREF"] += vref
    b.resistor(vref, adc, _ohms(ladder.R_PULLUP), "control ladder pull-up to ADC_VREF")
    b.cap(adc, why="control ladder ADC filter")
    b.connector("xh2", "controls", "JST-XH 2-pin to the control-button ladder (ladder, GND)", (adc, b.gnd))
    for name, r, *_ in ladder.table(names)[:-1]:
        if r == 0:
            b.button(adc, "off-board: control button (ladder)", name)
            continue
        step = b.net(f"LADDER_{name.upper()}", 3.3)
        b.button(adc, "off-board: control button (ladder)", name, to=step)
        b.resistor(step, b.gnd, _ohms(r), f"off-board: control ladder resistor for {name}")


def _pixels(b):
    """GP -> 74AHCT125 (3.3 V in, 5 V out) -> 330R -> JST-XH -> WS2812B chain under the windows,
    then on to a light beside each seat button (the board config's pixels.count: 12 or 18).

    The chain's supply comes off +5V through a Schottky: 0.1-0.4 V lower, so a
    supply just under the guard's over-voltage trip stays below the WS2812B's
    5.3 V maximum, while the buffer's 5 V output stays within DIN's VDD + 0.5 V."""
    u = make("buffer", "74AHCT125", "3.3 V to 5 V level shifter for the NeoPixel data")
    u[14] += b.v5
    u[7] += b.gnd
    u[1] += b.gnd  # gate 1 always enabled (/OE low)
    u[2] += b.nets["PIXELS_3V3"]
    shifted, din = b.net("PIXELS_5V", 5), b.net("PIXEL_DIN1", 5)
    u[3] += shifted
    # Gates 2-4 unused: outputs disabled (/OE high), inputs grounded, outputs open.
    for oe, a, y in ((4, 5, 6), (10, 9, 8), (13, 12, 11)):
        u[oe] += b.v5
        u[a] += b.gnd
        u[y] += b.nc
    b.cap(b.v5, why="74AHCT125 decoupling")
    pix = b.power("+5V_PIXELS", 5, "jack", ret="GND", bulk_uf=470, fused=True)
    drop = make("schottky", "1N5819", "NeoPixel supply diode: keeps the chain below the WS2812B's 5.3 V maximum")
    drop["A"] += b.v5
    drop["K"] += pix
    b.resistor(shifted, din, "330", "NeoPixel data series resistor")
    b.cap(pix, "1000uF", "NeoPixel 5 V bulk at the pixel connector (10 V low-ESR)")
    b.connector("xh3", "pixels +5V DIN GND", "JST-XH 3-pin to the NeoPixel chain", (pix, din, b.gnd))
    count = b.cfg["pixels"]["count"]
    for i in range(1, count + 1):  # the windows' 12, then (a chain of 18) one beside each seat button
        where = "under a window" if i <= WINDOWS else f"beside seat {i - WINDOWS}'s button"
        led = make("ws2812b", "WS2812B", f"off-board: addressable RGB LED (NeoPixel) {where}")
        led["VDD"] += pix
        led["VSS"] += b.gnd
        led["DIN"] += din
        if i < count:
            din = b.net(f"PIXEL_DIN{i + 1}", 5)
            led["DOUT"] += din
        else:
            led["DOUT"] += b.nc
        b.cap(pix, why="off-board: WS2812B decoupling, next to each LED")


def _buzzer(b):
    """Magnetic transducer on +5V, switched low-side by an NPN; diode for the coil's kick."""
    q = make("npn", "2N3904", "buzzer driver transistor (about 120 mA through the coil)")
    base, coil = b.net("BUZZER_B", 3.3), b.net("BUZZER_DRV", 5)
    b.resistor(b.nets["BUZZER"], base, "470", "buzzer transistor base resistor (5 mA: saturates at 120 mA)")
    b.resistor(base, b.gnd, "10k", "keeps the buzzer off while the GPIO floats at boot")
    q["B"] += base
    q["E"] += b.gnd
    q["C"] += coil
    bz = make("buzzer", "FT12K03-42-2K", "5 V magnetic transducer, 12 mm, external drive, 42 ohm coil "
                                         "(or a piezo disc: R across it discharges it)")
    bz["+"] += b.v5
    bz["-"] += coil
    b.resistor(b.v5, coil, "1k", "across the buzzer: discharges a piezo disc between pulses")
    d = make("diode", "1N4148", "flyback diode across the buzzer coil")
    d["A"] += coil
    d["K"] += b.v5


def _spare_header(b):
    """Unused GPIOs to a pin header (with 3V3 and GND) for add-ons; the rest of the open pads marked open."""
    used = {pico.pad_of(s.gpio) for s in boards.signals(b.cfg)}
    spare = [(pad, name) for pad, name in pico.PADS.items() if name.startswith("GP") and pad not in used]
    nets = []
    for pad, name in spare:
        net = b.net(f"SPARE_{name}", 3.3)
        b.pico[str(pad)] += net
        nets.append(net)
    if nets:
        b.connector(f"pins{len(nets) + 2}", "spare GPIO", "spare-GPIO header: " +
                    " ".join(name for _, name in spare) + ", 3V3, GND", nets + [b.v3, b.gnd])
    # VBUS stays on the USB side; 3V3_EN keeps the module's own pull-up.
    for name in ["VBUS", "3V3_EN"] + ["ADC_VREF"] * ("ladder" not in b.cfg["controls"]):
        b.pico[name] += b.nc


VARIANTS = {"pico_pca9685_breakout": "pico_pca9685"}  # hardware-only variant: board config it builds on


def build(cfg, breakout=False):
    """The whole device for board config `cfg`, as a new skidl Circuit.

    breakout=True: a PCA9685 breakout on a cable instead of the chip on the board."""
    circuit = skidl.Circuit(track_src=False)
    circuit.no_files = True
    with circuit:
        b = _Board(cfg, circuit)
        servo_rail = _power_in(b)
        _board_aids(b)
        _i2c(b)
        if cfg["shutters"]["backend"] == "epaper":
            epaper.wire(b)
        elif cfg["shutters"]["backend"] == "pca9685":
            _pca9685(b, servo_rail, breakout)
        else:
            _servo_headers(b, servo_rail, [b.nets[f"SERVO{i}"] for i in range(1, boards.servo_count(cfg) + 1)])
        _buttons(b)
        _pixels(b)
        _buzzer(b)
        _spare_header(b)
    for part in circuit.parts:
        part.tag = part.ref  # stable tags keep the netlist reproducible
    return circuit


def build_named(name):
    """The circuit of a board config or of a hardware variant by its name."""
    return build(boards.load(VARIANTS.get(name, name)), breakout=name in VARIANTS)
