"""Regenerate every hardware file from the circuit code and the firmware's board configs.

    python -m hardware.schematics.build          # rewrite the files
    python -m hardware.schematics.build --check  # exit 1 if any file is stale

Files: per board (and hardware variant) a KiCad netlist and a BOM (hardware/schematics/), the wiring
drawing and README tables, the stripboard layout (hardware/), the Wokwi diagram (hardware/wokwi/).
"""

import sys

from . import boards, circuit, drawing, outputs, readme, stripboard, stripboard_drawing, wokwi

HARDWARE = boards.ROOT / "hardware"
HERE = HARDWARE / "schematics"
README = HARDWARE / "README.md"
WOKWI = HARDWARE / "wokwi" / "diagram.json"
NETLISTS = boards.BOARDS + tuple(circuit.VARIANTS)  # every board and hardware variant gets a netlist and BOM


def board_files(name, ckt=None):
    """{path: text} for one board's netlist and BOM."""
    ckt = ckt or circuit.build_named(name)
    cfg = boards.load(circuit.VARIANTS.get(name, name))
    return {HERE / f"{name}.net": outputs.netlist(ckt), HERE / f"{name}_bom.csv": outputs.bom_csv(ckt, cfg)}


def doc_files(cfgs, circuits):
    """{path: text} for the drawings, the README's tables and the Wokwi diagram."""
    files = {HARDWARE / f"wiring_{name}.svg": drawing.svg(cfgs[name], circuits[name]) for name in boards.BOARDS}
    default = boards.BOARDS[0]
    files[HARDWARE / "power.svg"] = drawing.power_svg(cfgs[default], circuits[default])
    files[README] = readme.update(README.read_text(), readme.sections(cfgs, circuits))
    files[HARDWARE / f"point_to_point_{default}.md"] = readme.point_to_point(cfgs[default], circuits[default])
    files[WOKWI] = wokwi.text(cfgs[wokwi.BOARD])
    board = stripboard.layout(outputs.netlist(circuits[default]))
    files[HARDWARE / f"stripboard_{default}.svg"] = stripboard_drawing.svg(
        board, f"Stripboard layout of the {default} board, generated from its netlist")
    files[HARDWARE / f"stripboard_{default}_links.svg"] = stripboard_drawing.svg(
        board, f"Stripboard layout of the {default} board: the wire links", sheet="links")
    files[HARDWARE / f"stripboard_{default}.md"] = stripboard_drawing.text(board, default)
    return files


def all_files():
    cfgs = {name: boards.load(name) for name in boards.BOARDS}
    circuits = {name: circuit.build(cfgs[name]) for name in boards.BOARDS}
    files = {}
    for name in NETLISTS:
        files.update(board_files(name, circuits.get(name)))
    files.update(doc_files(cfgs, circuits))
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
