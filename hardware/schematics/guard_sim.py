"""The power path's load-release transient, simulated with ngspice: where the guard's over-voltage trip
must lie so that it neither drops the board nor lets through more than the rails' parts take.

Three SG90s stopping at once (the firmware's max_moving) release their start/stall current, and their
windings return their stored current into the rail through the servos' bridge diodes; the adapter
cable's inductance then rings the rail up against C1. Two runs of one deck:

- "no trip": the adapter at its high tolerance (5 V + 5 %); the peak at the guard's input (VIN_RAW,
  where the divider senses) must stay below the lowest over-voltage trip;
- "protect": the highest adapter voltage the guard passes (the highest trip); the guard opens after
  its comparator's delay, and the peaks on the servo rail, at VSYS and at the pixels must stay below
  the parts' maxima.

Figures marked "estimate" are not from a datasheet: the cable's inductance, the SG90 winding's
inductance, the diode model (fitted to the 1N5819's typical forward curve), the bay's temperature.
"""

import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import circuit, power

ADAPTER_V, ADAPTER_TOL = 5.0, 0.05  # a 5 V adapter: +-5 %
# Adapter cable 1.5 m of 2 x 20 AWG (33 mOhm/m each way), loop inductance 0.6 uH/m (estimate); the
# jack's 10 cm of twisted 18 AWG to the screw terminal.
CABLE_R, CABLE_L = 2 * 1.5 * 0.0333 + 2 * 0.1 * 0.021, 1.5 * 0.6e-6 + 0.07e-6
# A 5 V switching adapter's answer to a load step (estimate): its loop crosses over near 2 kHz on
# about 1000 uF of output capacitance, an inductance of 1 / ((2 pi 2 kHz)^2 C); such adapters' sheets
# give about 5 % overshoot for a 50 % load step.
ADAPTER_C, ADAPTER_ESR, ADAPTER_R = 1000e-6, 0.02, 0.005
ADAPTER_LOOP_L = 1 / ((2 * 3.14159 * 2000) ** 2 * ADAPTER_C)
FET_R = 0.016  # IRLB8721PBF, max at 4.5 V gate: the LTC4365's drive at a 5 V input
FUSE_R = 0.038  # MF-RG300 minimum initial resistance (less resistance: less damping, a higher peak)
C1_F, C1_ESR, C1_ESL = 1000e-6, 0.038, 10e-9  # 10 V low-ESR, 10 x 16 mm (e.g. Panasonic FR: 38 mOhm)
BEAD_R, BEAD_L = 0.03, 0.5e-6  # FB1 at low frequency (estimate)
PIXELS_F = 1000e-6  # C18
VSYS_F = 10e-6  # the Pico's own capacitor on VSYS
PICO_MIN_A = 0.020  # the Pico idling: the least current, the least drop across D1
PIXELS_IDLE_A = 18 * power.PIXEL_IDLE_A  # all 18 pixels dark: the least drop across D3
SERVO_L = 200e-6  # SG90 winding (estimate): its returned current falls at about V / L
TRIP_DELAY = 2e-6  # LTC4365 OV fault propagation, about 1-2 us
TEMP_C = 60  # inside the closed bay (estimate): a hot diode drops less
RELEASE_AT, STOP = 1e-3, 8e-3
# Where each limit applies: (node, limit V, part)
LIMITS = [("servo", 6.0, "SG90 (6.0 V), on +5V_SERVO"), ("vsys", 5.5, "Pico VSYS (5.5 V), behind D1"),
          ("pixels", 5.3, "WS2812B VDD (5.3 V), behind D3")]


def moving_a(cfg):
    return cfg["shutters"].get("max_moving", 3) * power.SG90_PEAK_A


def holding_a(cfg):
    from . import boards
    return (boards.servo_count(cfg) - cfg["shutters"].get("max_moving", 3)) * power.SG90_HOLD_A


def deck(v_adapter, ov_trip, cfg):
    """The ngspice deck as text: the adapter at `v_adapter`, the guard opening above `ov_trip` at VIN_RAW."""
    i_run = moving_a(cfg)
    fall = 5.0 / SERVO_L * i_run / 3  # each winding's current falls at about V / L
    t_back = RELEASE_AT + 1e-6
    t_zero = t_back + i_run / fall
    return f"""* Macroscope power path: load release of {cfg['shutters'].get('max_moving', 3)} SG90s
.model d1n5819 D(Is=31.7u Rs=51.3m N=1.373 Xti=2 Eg=0.69 Cjo=190p M=0.3554 Vj=0.3905 Bv=40 Ibv=1m)
.model guardsw SW(Ron={2 * FET_R} Roff=1meg Vt=0 Vh=1m)
.temp {TEMP_C}
* the adapter: its regulation loop as an inductance over its output capacitor (estimate)
Vadp a0 0 {v_adapter}
Ladp a0 a1 {ADAPTER_LOOP_L}
Radp a1 adp {ADAPTER_R}
Cadp adp a2 {ADAPTER_C}
Resr a2 0 {ADAPTER_ESR}
Rcab adp c1 {CABLE_R}
Lcab c1 vin {CABLE_L}
* the guard: open once VIN_RAW has stood above the trip for its delay (an RC on the comparator's input)
Bsense s0 0 V = V(vin) - {ov_trip}
Rdly s0 s1 1k
Cdly s1 0 {TRIP_DELAY / 1000 / 0.69}
Bon on 0 V = V(s1) < 0 ? 1 : -1
Sguard vin g1 on 0 guardsw
Rfuse g1 servo {FUSE_R}
C1 servo c1a {C1_F}
Rc1 c1a c1b {C1_ESR}
Lc1 c1b 0 {C1_ESL}
C2 servo 0 100n
* the loads fade out below 3 V, as the parts stop: an ideal current source would pull a dead rail negative
Bhold servo 0 I = {holding_a(cfg)} * min(max(V(servo), 0) / 3, 1)
Bmove servo 0 I = pwl(time, 0, {i_run}, {RELEASE_AT}, {i_run}, {t_back}, {-i_run}, {t_zero}, 0, {STOP * 2}, 0) * min(max(V(servo), 0) / 3, 1)
Rbead servo b1 {BEAD_R}
Lbead b1 v5 {BEAD_L}
Rled v5 0 1.7k
D1 v5 vsys d1n5819
Cvsys vsys 0 {VSYS_F}
Rpico vsys 0 {5.0 / PICO_MIN_A}
D3 v5 pixels d1n5819
Cpix pixels 0 {PIXELS_F}
Rpix pixels 0 {5.0 / PIXELS_IDLE_A}
.tran 1u {STOP} 0 1u
.control
run
meas tran vin_pk MAX v(vin) from={RELEASE_AT * 0.9}
meas tran servo_pk MAX v(servo) from={RELEASE_AT * 0.9}
meas tran vsys_pk MAX v(vsys) from={RELEASE_AT * 0.9}
meas tran pixels_pk MAX v(pixels) from={RELEASE_AT * 0.9}
meas tran vin_before FIND v(vin) AT={RELEASE_AT * 0.99}
meas tran guard_min MIN v(on) from=0
.endc
.end
"""


def available():
    return shutil.which("ngspice") is not None


def run(v_adapter, ov_trip, cfg):
    """{measure: value} of one run; raises with ngspice's output when a measure is missing."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "guard.cir"
        path.write_text(deck(v_adapter, ov_trip, cfg))
        out = subprocess.run(["ngspice", "-b", str(path)], capture_output=True, text=True, timeout=60)
    found = dict((k, float(v)) for k, v in re.findall(r"^(\w+)\s+=\s+([-+0-9.eE]+)", out.stdout, re.M))
    want = ("vin_pk", "servo_pk", "vsys_pk", "pixels_pk", "vin_before", "guard_min")
    missing = [k for k in want if k not in found]
    if missing:
        raise RuntimeError(f"ngspice gave no {', '.join(missing)}:\n{out.stdout[-2000:]}{out.stderr[-2000:]}")
    return {k: found[k] for k in want}


def margins(cfg, trip_range=None):
    """The two runs and their margins, volts: {"no_trip": (highest VIN_RAW, lowest trip, margin),
    "limits": [(part, peak, limit, margin)], "tripped": bool (the protect run opened the guard)}."""
    (_, _), (ov_lo, ov_hi) = trip_range or circuit.guard_trip_range()
    high = ADAPTER_V * (1 + ADAPTER_TOL)
    with ThreadPoolExecutor(2) as pool:  # two ngspice processes side by side
        calm, worst = pool.map(lambda a: run(*a, cfg), ((high, ov_lo), (ov_hi, ov_hi)))
    peak = max(calm["vin_pk"], high)  # unloaded, VIN_RAW stands at the adapter's own voltage
    return {"no_trip": (peak, ov_lo, ov_lo - peak), "calm": calm, "worst": worst,
            "limits": [(what, worst[f"{node}_pk"], limit, limit - worst[f"{node}_pk"])
                       for node, limit, what in LIMITS],
            "tripped_calm": calm["guard_min"] < 0}
