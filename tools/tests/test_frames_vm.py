"""tools/frames.py against MicroPython itself (the unix VM): the figures it
reads from the .mpy files are the ones the VM's own compiler reports, and a
frame it says is on the heap is the one the VM allocates on the heap."""
import os
import re
import subprocess
from collections import defaultdict

from tools import FIRMWARE, frames
from tools.mpy import EMIT, firmware_files, run_vm, tool

BLOCK = re.compile(r"^File (\S+), code block '([^']*)' .*?^\(N_STATE (\d+)\)\n\(N_EXC_STACK (\d+)\)",
                   re.M | re.S)


def vm_dump(rels):
    """{rel: sorted [(name, n_state, n_exc_stack)]} from `micropython -v -v`,
    which prints each code block's prelude as it compiles (-O1 as the build)."""
    files = [(os.path.join(FIRMWARE, r), r) for r in rels]
    code = "for p, r in %r:\n compile(open(p).read(), r, 'exec')" % (files,)
    proc = subprocess.run([tool("micropython"), "-X", "heapsize=32m", "-O1", "-v", "-v", "-c", code],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = defaultdict(list)
    for rel, name, n_state, n_exc in BLOCK.findall(proc.stdout):
        out[rel].append((name, int(n_state), int(n_exc)))
    out.pop("<stdin>", None)  # the -c snippet itself
    return {rel: sorted(blocks) for rel, blocks in out.items()}


def test_every_firmware_block_as_the_vm_compiler_counts_it():
    rels = firmware_files(".py")
    vm = vm_dump(rels)
    assert set(vm) == set(rels)
    found = defaultdict(list)
    for f in frames.frames_of([os.path.join(FIRMWARE, r) for r in rels]):
        found[f.module].append((f.path[-1] if f.path else "<module>", f.n_state, f.n_exc_stack))
    # the board's machine-code modules (tools.mpy.EMIT) have no bytecode prelude to count
    differ = [r for r in rels if r not in EMIT and sorted(found[frames.module_name(r)]) != vm[r]]
    assert not differ
    for r in EMIT:  # their generators are native too: no prelude to count either
        found = frames.frames_of([os.path.join(FIRMWARE, r)])
        assert {f.kind for f in found} <= {"native", "viper", "generator"}
        assert all(f.n_locals is None for f in found), r
    assert sum(len(b) for b in vm.values()) > 400


def probe_source():
    """Functions around the 11-word line, each returning the heap in use
    while it runs; `probe` calls each and reports how much its call added."""
    shapes = {
        "plain": ["    return m()"],
        "except": ["    try:", "        return m()", "    except OSError:", "        return 0"],
        "finally": ["    try:", "        return m()", "    finally:", "        pass"],
        "loop": ["    for x in ITEMS:", "        pass", "    return m()"],
    }
    lines = ["import gc", "m = gc.mem_alloc", "ITEMS = (1, 2)"]
    calls = []
    for shape, body in shapes.items():
        for k in range(0, 14):
            name = "%s%d" % (shape, k)
            lines += ["def %s(%s):" % (name, ", ".join("a%d" % i for i in range(k)))] + body
            calls.append((name, k))
    lines += ["def probe():"]
    for name, k in calls:
        lines += ["    b = m()", "    x = %s(%s)" % (name, ", ".join(["0"] * k)),
                  "    print(%r, x - b)" % name]
    lines += ["probe()"]
    return "\n".join(lines) + "\n"


def vm_frame_bytes(frame):
    """What a heap frame takes on the 64-bit VM: the code state's 5-word
    header, 8 bytes a state word, 24 a handler, in 32-byte GC blocks."""
    if not frame.heap:
        return 0
    return -(-(40 + 8 * frame.n_state + 24 * frame.n_exc_stack) // 32) * 32


def test_heap_frames_are_the_ones_the_vm_allocates(tmp_path):
    """The VM is 64-bit: 8-byte words, 24-byte handler entries, 88 bytes on
    the C stack at most; the line in words is the RP2040's, 11."""
    src = probe_source()
    data = frames.compile_source_text(src, "frameprobe")
    (tmp_path / "frameprobe.mpy").write_bytes(data)
    proc = run_vm("import frameprobe", [str(tmp_path)], heap="256k")
    assert proc.returncode == 0, proc.stderr
    grew = {}
    for line in proc.stdout.split("\n"):
        if line:
            name, delta = line.split()
            grew[name] = int(delta)
    said = {f.path[0]: f for f in frames.frames(data, "frameprobe") if len(f.path) == 1}
    assert len(grew) == 56
    wrong = ["%s: %s, n_state %d + %d handlers, grew the heap %d B" % (
        n, "heap" if said[n].heap else "stack", said[n].n_state, said[n].n_exc_stack, d)
        for n, d in grew.items() if d != vm_frame_bytes(said[n])]
    assert not wrong
    # Both sides of the line are there for every shape.
    for shape in ("plain", "except", "finally", "loop"):
        assert {said[n].heap for n in grew if n.startswith(shape)} == {False, True}
