"""The print guide's grams and hours, from PrusaSlicer's command line with the
repository's profile (slicer.ini): `python -m hardware.lid.slicing [part ...]`
slices every printed part (or those named) the way up it prints and writes slicer.json, which
printing.py puts in docs/hardware_print.md."""
import json
import math
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROFILE = HERE / "slicer.ini"
FIGURES = HERE / "slicer.json"
STL = HERE / "stl"
# Degrees about x a part turns from its place in the lid to the way it prints: upside down (what hangs under
# it stands up from the bed), or onto its front face (+90: the face at its least y goes down).
ROTATE_X = {"bay_lid": 180, "switch_frame": 180, "top_plate": 180, "yoke": 180, "crank": 180, "pillar_front": 90, "pillar_back": 90}
PARTS = ("base", "foot", "bay", "lid", "top_plate", "bay_lid", "shutter", "yoke", "crank", "pillar_front",
         "pillar_back", "switch_frame", "diffuser", "seat_pod", "seat_pod_base")
_E = re.compile(r"^G1 [^;]*E([-0-9.]+)")


def _profile(key):
    """A number from the slicer profile (slicer.ini), as PrusaSlicer reads it."""
    found = re.search(r"^%s = ([0-9.]+)" % re.escape(key), PROFILE.read_text(), re.M)
    if not found:
        raise ValueError(f"{PROFILE.name}: no {key}")
    return float(found.group(1))


# grams a mm of filament weighs: the profile's diameter and density (g/cm3)
FILAMENT_G_PER_MM = math.pi * (_profile("filament_diameter") / 2) ** 2 * _profile("filament_density") / 1000
_GRAMS = re.compile(r"^; filament used \[g\] = ([0-9.]+)", re.M)
_TIME = re.compile(r"^; estimated printing time \(normal mode\) = (.+)$", re.M)


def slicer():
    """The prusa-slicer binary, or None."""
    return shutil.which("prusa-slicer")


def _seconds(text):
    units = {"d": 86400, "h": 3600, "m": 60, "s": 1}
    total = 0
    for num, unit in re.findall(r"(\d+)([dhms])", text):
        total += int(num) * units[unit]
    if not total:
        raise ValueError(f"PrusaSlicer's G-code: no printing time in {text!r}")
    return total


def support_grams(gcode):
    """Grams of support material the slicer laid (its ';TYPE:Support material...' moves; absolute E, G92
    resets): the profile lets it support where it judges a part needs it, bridges excepted."""
    grams, e, support = 0.0, 0.0, False
    for line in gcode.splitlines():
        if line.startswith(";TYPE:"):
            support = line.startswith(";TYPE:Support material")
        elif line.startswith("G92") and " E" in line:
            e = float(line.split(" E")[1].split()[0])
        elif line.startswith("G1"):
            m = _E.match(line)
            if m:
                value = float(m.group(1))
                if support and value > e and (" X" in line or " Y" in line):  # not an unretract
                    grams += (value - e) * FILAMENT_G_PER_MM
                e = value
    return grams


def figures(gcode):
    """(grams, hours, grams of them support) from a G-code file."""
    g, t = _GRAMS.search(gcode), _TIME.search(gcode)
    if not g or not t:
        raise ValueError("PrusaSlicer's G-code has no 'filament used [g]' or 'estimated printing time' comment")
    return float(g.group(1)), _seconds(t.group(1)) / 3600, support_grams(gcode)


def slice_part(name, binary=None):
    """(grams, hours, grams of support) for one copy of hardware/lid/stl/<name>.stl."""
    binary = binary or slicer()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / (name + ".gcode")
        cmd = [binary, "--export-gcode", "--load", str(PROFILE)]
        if name in ROTATE_X:
            cmd += ["--rotate-x", str(ROTATE_X[name])]
        cmd += [str(STL / (name + ".stl")), "-o", str(out)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode or not out.exists():
            raise RuntimeError(f"prusa-slicer failed on {name}.stl: {p.stderr[-500:]}")
        return figures(out.read_text(errors="replace"))


def load():
    """{part: [grams, hours, grams of support]} as last sliced."""
    return json.loads(FIGURES.read_text())


def main(argv=()):
    """Slice every part, or only the parts named (the lid and the base take minutes): their figures
    replace theirs in slicer.json."""
    if slicer() is None:
        print("prusa-slicer is not installed (Debian: apt-get install prusa-slicer)", file=sys.stderr)
        return 1
    unknown = [n for n in argv if n not in PARTS]
    if unknown:
        print(f"not a printed part: {', '.join(unknown)} (parts: {', '.join(PARTS)})", file=sys.stderr)
        return 2
    out = load() if argv and FIGURES.exists() else {}
    out.update({name: [round(v, 2) for v in slice_part(name)] for name in (argv or PARTS)})
    out = {name: out[name] for name in PARTS if name in out}
    FIGURES.write_text(json.dumps(out, indent=1) + "\n")
    print(f"written: {FIGURES.relative_to(HERE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
