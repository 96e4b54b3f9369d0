"""The print guide's grams and hours, from PrusaSlicer's command line with the
repository's profile (slicer.ini): `python -m hardware.lid.slicing [part ...]`
slices every printed part (or those named) the way up it prints and writes slicer.json, which
printing.py puts in docs/hardware_print.md."""
import json
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
FLIPPED = {"bay_lid", "switch_frame"}  # as printing.FLIPPED: sliced upside down
PARTS = ("base", "foot", "bay", "lid", "top_plate", "bay_lid", "shutter", "yoke", "crank", "switch_frame", "diffuser", "seat_pod", "seat_pod_base")
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


def figures(gcode):
    """(grams, hours) from a G-code file's closing comments."""
    g, t = _GRAMS.search(gcode), _TIME.search(gcode)
    if not g or not t:
        raise ValueError("PrusaSlicer's G-code has no 'filament used [g]' or 'estimated printing time' comment")
    return float(g.group(1)), _seconds(t.group(1)) / 3600


def slice_part(name, binary=None):
    """(grams, hours) for one copy of hardware/lid/stl/<name>.stl."""
    binary = binary or slicer()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / (name + ".gcode")
        cmd = [binary, "--export-gcode", "--load", str(PROFILE)]
        if name in FLIPPED:
            cmd += ["--rotate-x", "180"]
        cmd += [str(STL / (name + ".stl")), "-o", str(out)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode or not out.exists():
            raise RuntimeError(f"prusa-slicer failed on {name}.stl: {p.stderr[-500:]}")
        return figures(out.read_text(errors="replace"))


def load():
    """{part: [grams, hours]} as last sliced."""
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
