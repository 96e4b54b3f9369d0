"""Regenerate every hardware file from the circuit code and the firmware's board configs.

    python -m hardware.schematics.build          # rewrite the files
    python -m hardware.schematics.build --check  # exit 1 if any file is stale

Files: per board a KiCad netlist and a BOM (hardware/schematics/), the wiring
drawing and README tables (hardware/), the Wokwi diagram (hardware/wokwi/).
"""

import sys

from . import boards, circuit, outputs

HERE = boards.ROOT / "hardware" / "schematics"


def board_files(name):
    """{path: text} for one board's netlist and BOM."""
    ckt = circuit.build(boards.load(name))
    return {HERE / f"{name}.net": outputs.netlist(ckt), HERE / f"{name}_bom.csv": outputs.bom_csv(ckt)}


def all_files():
    files = {}
    for name in boards.BOARDS:
        files.update(board_files(name))
    return files


def _same(path, text):
    if not path.exists():
        return False
    old = path.read_text()
    if path.suffix == ".net":
        return outputs.without_date(old) == outputs.without_date(text)
    return old == text


def main(argv):
    check = "--check" in argv
    stale = []
    for path, text in all_files().items():
        if _same(path, text):
            continue
        stale.append(path.relative_to(boards.ROOT))
        if not check:
            path.write_bytes(text if isinstance(text, bytes) else text.encode())
    verb = "stale" if check else "written"
    for p in stale:
        print(f"{verb}: {p}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
