"""The device's circuit as SKiDL code, for either board config.

`build(cfg)` returns a fresh skidl Circuit. Every Pico GPIO comes from the
board config through boards.signals(); nothing here names a GPIO number.
Power: 5 V in -> polyfuse -> P-MOSFET reverse-polarity guard -> servo rail
(+5V_SERVO, 1000 uF at the headers); a ferrite bead splits off the logic
+5V (pixels, level shifter, buzzer) that also feeds the Pico's VSYS through a
Schottky, so USB and the jack may be connected together.
"""

from . import boards, epaper, ladder, pico
from .parts import make
from .skidl_env import skidl

Net = skidl.Net


class _Board:
    """Builder state: the circuit, its power nets, the Pico and its GPIO nets."""

    def __init__(self, cfg, circuit):
        self.cfg = cfg
        self.nc = circuit.NC  # the no-connect net: pins left open on purpose
        self.nets = {}
        self.gnd = self.power("GND")
        self.v5 = self.power("+5V")
        self.v3 = Net("+3V3")
        self.pico = make("pico", "Raspberry Pi Pico", "Raspberry Pi Pico (RP2040) module, socketed")
        for sig in boards.signals(cfg):
            self.nets[sig.net] = Net(sig.net)
            self.nets[sig.net] += self.pico[str(pico.pad_of(sig.gpio))]

    @staticmethod
    def power(name):
        # Drive POWER marks a net fed by a supply (KiCad's PWR_FLAG), so power
        # inputs on it pass ERC.
        net = Net(name)
        net.drive = skidl.POWER
        return net

    def cap(self, net, value="100nF", why="decoupling"):
        c = make("CP" if value.endswith("uF") else "C", value, why)
        c[1] += net
        c[2] += self.gnd
        return c

    def resistor(self, a, b, value, why):
        r = make("R", value, why)
        r[1] += a
        r[2] += b
        return r

    def button(self, net, what, role, kind="button", to=None):
        sw = make(kind, "SW_Push", what)
        sw.role = role  # which button this is, for the wiring table
        sw[1] += net
        sw[2] += self.gnd if to is None else to
        return sw


def _power_in(b):
    jack = make("jack", "5V DC jack", "5 V DC input, 5.5/2.1 mm barrel, centre positive")
    fuse = make("polyfuse", "MF-RG400", "resettable fuse, 4 A hold")
    guard = make("pmos", "AO3401A", "reverse-polarity guard (P-MOSFET, body diode conducts first)")
    v_raw, v_fused = Net("VIN_RAW"), Net("VIN_FUSED")
    servo = b.power("+5V_SERVO")
    jack[1] += v_raw
    jack[2] += b.gnd
    fuse[1] += v_raw
    fuse[2] += v_fused
    guard["D"] += v_fused
    guard["S"] += servo
    guard["G"] += b.gnd
    bead = make("bead", "120R@100MHz 3A", "splits the logic 5 V from the servo rail")
    bead[1] += servo
    bead[2] += b.v5
    b.cap(servo, "1000uF", "servo rail bulk, at the servo headers (10 V low-ESR)")
    b.cap(servo, why="servo rail high-frequency decoupling")
    vsys = b.power("VSYS")
    schottky = make("schottky", "1N5819", "5 V to Pico VSYS; blocks USB back-feed")
    schottky["A"] += b.v5
    schottky["K"] += vsys
    b.pico["VSYS"] += vsys
    b.pico["3V3"] += b.v3
    b.pico["GND"] += b.gnd
    b.pico["AGND"] += b.gnd
    b.cap(b.v3, why="3V3 decoupling at the OLED and PCA9685")
    return servo


def _i2c(b):
    sda, scl = b.nets["I2C_SDA"], b.nets["I2C_SCL"]
    b.resistor(sda, b.v3, "4k7", "I2C SDA pull-up")
    b.resistor(scl, b.v3, "4k7", "I2C SCL pull-up")
    oled = make("oled_header", "SSD1306 OLED", "header for a 128x64 SSD1306 I2C OLED module (GND VCC SCL SDA)")
    for pin, net in zip((1, 2, 3, 4), (b.gnd, b.v3, scl, sda)):
        oled[pin] += net


def _servo_headers(b, servo_rail, drive_nets):
    for i, drive in enumerate(drive_nets, 1):
        hdr = Net(f"SERVO{i}_HDR")
        b.resistor(drive, hdr, "220", "servo signal series resistor")
        j = make("servo_header", "SG90 servo", "servo header: 1 signal, 2 +5 V servo rail, 3 GND")
        j[1] += hdr
        j[2] += servo_rail
        j[3] += b.gnd


def _pca9685(b, servo_rail):
    sh = b.cfg["shutters"]
    u = make("pca9685", "PCA9685PW", f"16-channel PWM driver, I2C 0x{sh['address']:02X}")
    u["VDD"] += b.v3
    u["VSS"] += b.gnd
    u["SDA"] += b.nets["I2C_SDA"]
    u["SCL"] += b.nets["I2C_SCL"]
    oe = b.nets["SERVO_OE"]
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
        net = Net(f"SERVO{i}")
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


def _buttons(b):
    for i in range(len(b.cfg["seat_buttons"])):
        b.button(b.nets[f"SEAT{i + 1}"], "seat button", f"seat {i + 1}")
    b.button(b.nets["CARD_SW"], "card-present lever microswitch (closed = card in), wired to a 2-pin header",
             "card switch", kind="switch_wired")
    names = boards.controls(b.cfg)
    if "ladder" not in b.cfg["controls"]:
        for name in names:
            b.button(b.nets[f"BTN_{name.upper()}"], "control button", name)
        return
    adc = b.nets["CONTROLS_ADC"]
    vref = Net("ADC_VREF")
    b.pico["ADC_VREF"] += vref
    b.resistor(vref, adc, _ohms(ladder.R_PULLUP), "control ladder pull-up to ADC_VREF")
    b.cap(adc, why="control ladder ADC filter")
    for name, r, *_ in ladder.table(names)[:-1]:
        if r == 0:
            b.button(adc, "control button (ladder)", name)
            continue
        step = Net(f"LADDER_{name.upper()}")
        b.button(adc, "control button (ladder)", name, to=step)
        b.resistor(step, b.gnd, _ohms(r), f"control ladder resistor for {name}")


def _pixels(b):
    """GP -> 74AHCT125 (3.3 V in, 5 V out) -> 330R -> WS2812B chain, 1000 uF bulk."""
    u = make("buffer", "74AHCT125", "3.3 V to 5 V level shifter for the NeoPixel data")
    u[14] += b.v5
    u[7] += b.gnd
    u[1] += b.gnd  # gate 1 always enabled (/OE low)
    u[2] += b.nets["PIXELS_3V3"]
    shifted, din = Net("PIXELS_5V"), Net("PIXEL_DIN1")
    u[3] += shifted
    # Gates 2-4 unused: outputs disabled (/OE high), inputs grounded, outputs open.
    for oe, a, y in ((4, 5, 6), (10, 9, 8), (13, 12, 11)):
        u[oe] += b.v5
        u[a] += b.gnd
        u[y] += b.nc
    b.cap(b.v5, why="74AHCT125 decoupling")
    b.resistor(shifted, din, "330", "NeoPixel data series resistor")
    b.cap(b.v5, "1000uF", "NeoPixel 5 V bulk (10 V low-ESR)")
    count = b.cfg["pixels"]["count"]
    for i in range(1, count + 1):
        led = make("ws2812b", "WS2812B", "addressable RGB LED (NeoPixel)")
        led["VDD"] += b.v5
        led["VSS"] += b.gnd
        led["DIN"] += din
        if i < count:
            din = Net(f"PIXEL_DIN{i + 1}")
            led["DOUT"] += din
        else:
            led["DOUT"] += b.nc
        b.cap(b.v5, why="WS2812B decoupling")


def _buzzer(b):
    """Magnetic buzzer on +5V, switched low-side by an NPN; diode for the coil's kick."""
    q = make("npn", "2N3904", "buzzer driver transistor")
    base, coil = Net("BUZZER_B"), Net("BUZZER_DRV")
    b.resistor(b.nets["BUZZER"], base, "1k", "buzzer transistor base resistor")
    b.resistor(base, b.gnd, "10k", "keeps the buzzer off while the GPIO floats at boot")
    q["B"] += base
    q["E"] += b.gnd
    q["C"] += coil
    bz = make("buzzer", "Buzzer", "5 V magnetic transducer, external drive (passive), <= 40 mA")
    bz["+"] += b.v5
    bz["-"] += coil
    d = make("diode", "1N4148", "flyback diode across the buzzer coil")
    d["A"] += coil
    d["K"] += b.v5


def _park_unused_pads(b):
    """Mark the Pico pads this board leaves open, so ERC flags any other open pin."""
    used = {pico.pad_of(s.gpio) for s in boards.signals(b.cfg)}
    unused = [pad for pad, name in pico.PADS.items() if name.startswith("GP") and pad not in used]
    # VBUS stays on the USB side; RUN and 3V3_EN keep the module's own pull-ups.
    open_pins = ["VBUS", "RUN", "3V3_EN"] + ["ADC_VREF"] * ("ladder" not in b.cfg["controls"])
    for pad in unused:
        b.pico[str(pad)] += b.nc
    for name in open_pins:
        b.pico[name] += b.nc


def build(cfg):
    """The whole device for board config `cfg`, as a new skidl Circuit."""
    circuit = skidl.Circuit(track_src=False)
    circuit.no_files = True
    with circuit:
        b = _Board(cfg, circuit)
        servo_rail = _power_in(b)
        _i2c(b)
        if cfg["shutters"]["backend"] == "epaper":
            epaper.wire(b)
        elif cfg["shutters"]["backend"] == "pca9685":
            _pca9685(b, servo_rail)
        else:
            _servo_headers(b, servo_rail, [b.nets[f"SERVO{i}"] for i in range(1, boards.servo_count(cfg) + 1)])
        _buttons(b)
        _pixels(b)
        _buzzer(b)
        _park_unused_pads(b)
    for part in circuit.parts:
        part.tag = part.ref  # stable tags keep the netlist reproducible
    return circuit
