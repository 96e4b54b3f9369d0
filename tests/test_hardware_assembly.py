"""The assembly order (docs/hardware_assembly.md): every part in a step, every lid fastener counted."""

import csv

from hardware.lid import build, checks, exploded, pod
from hardware.schematics import boards

BOM = boards.ROOT / "hardware" / "schematics" / "pico_pca9685_bom.csv"


def test_every_part_goes_in_once_and_is_drawn_exploded():
    parts = {i["part"] for i in checks.load_assembly()["instances"]} - {"card"} | {"board"}
    placed = [p for _, step_parts, _, _ in exploded.STEPS for p in step_parts]
    pods = set(pod.PARTS + pod.REFERENCE)  # built apart from the lid, in a step of their own
    assert sorted(placed) == sorted(parts | pods), "a part is missing from the assembly steps or in two of them"
    assert set(build.PRINTED) <= set(placed), "a printed part is in no assembly step"
    assert set(exploded.LIFT) == parts, "the exploded drawing does not lift every part"


def test_steps_use_the_lid_fasteners_the_bom_lists():
    with BOM.open() as f:
        bom = {row["Rating"]: int(row["Quantity"]) for row in csv.DictReader(f) if row["Placement"] in ("lid", "seat pod")}
    used = {}
    for _, _, _, fasteners in exploded.STEPS:
        for rating, count in fasteners.items():
            used[rating] = used.get(rating, 0) + count
    assert used == {r: bom[r] for r in used}
    assert {exploded.M3, exploded.INSERT, exploded.ST22, exploded.M2} <= set(used)


def test_assembly_doc_and_its_pictures_are_current():
    assert exploded.DOC.read_text() == exploded.markdown(), "run python -m hardware.lid.exploded"
    for n, (_, parts, _, _) in enumerate(exploded.STEPS, 1):
        picture = exploded.PICTURES / f"step{n}.png"
        assert picture.exists() == bool(parts) and (f"hardware_assembly/step{n}.png" in exploded.markdown()) == bool(parts)
    assert exploded.EXPLODED.exists()
