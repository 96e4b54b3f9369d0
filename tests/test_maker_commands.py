"""Every REPL snippet and `mpremote ... exec` command a maker types from
hardware/README.md and docs/*.md runs on the MicroPython VM as on the board:
the firmware as `make flash` leaves it, the emulated board (host_sim/fakes)
beside it. A snippet that raises, or a command that names what is not there,
fails here before a maker meets it at the bench."""
import os
import re
import shutil

import pytest

from tools import ROOT, flash
from tools.mpy import build, have_vm, run_vm

DOCS = ["hardware/README.md"] + sorted(
    os.path.join("docs", n) for n in os.listdir(os.path.join(ROOT, "docs")) if n.endswith(".md"))

# Before every snippet: the emulated board with its servo driver and a card in.
BOARD = """
from emu import world
from emu.board import Board
from app import board as _b
world.reset()
emu = Board(_b.load(), pca=True)
emu.card.set(True, 0)
del _b
"""

EXEC = re.compile(r'mpremote (resume )?exec "([^"]+)"')


def commands(text):
    """The mpremote exec commands in text: (whole command, resume?, code)."""
    return [(m.group(0), bool(m.group(1)), m.group(2)) for m in EXEC.finditer(text)]


def repl_blocks(text):
    """The indented code blocks of the Bring-up section: what is typed at
    the REPL, in the order the steps give it (one session)."""
    section = text.split("## Bring-up", 1)[1].split("\n## ", 1)[0]
    blocks, cur = [], []
    for line in section.splitlines() + [""]:
        if line.startswith("       ") and line.strip():
            cur.append(line[7:])
        elif cur and not line.strip():
            blocks.append("\n".join(cur))
            cur = []
        elif cur:
            blocks.append("\n".join(cur))
            cur = []
    return blocks


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def board_root(tmp_path_factory):
    if not have_vm():
        pytest.skip("the MicroPython VM is not installed (make setup)")
    root = str(tmp_path_factory.mktemp("board"))
    build_dir = str(tmp_path_factory.mktemp("build"))
    build(build_dir, "x64")
    args = flash.copy_args("PORT", build_dir)
    for d in args[args.index("-r") + 1:args.index(":")]:
        shutil.copytree(os.path.join(build_dir, d), os.path.join(root, d))
    return root


def run(root, fakes_dir, code):
    p = run_vm(BOARD + code + "\nprint('SNIPPET-DONE')\n", [fakes_dir], "256k", cwd=root)
    out = p.stdout + p.stderr
    assert "Traceback" not in out and "SNIPPET-DONE" in p.stdout, out[-3000:]
    return p.stdout


def test_the_guides_have_the_bring_up_snippets_and_commands():
    hw = read("hardware/README.md")
    assert len(repl_blocks(hw)) >= 3  # step 5's centre pulse, step 6's calibration, step 7's timing
    assert any("selftest" in c for _, _, c in commands(hw))


@pytest.mark.parametrize("doc", DOCS)
def test_every_exec_command_resumes_and_runs(doc, board_root, fakes_dir):
    for whole, resume, code in commands(read(doc)):
        # without `resume` mpremote soft-resets first: the watchdog main.py
        # started goes unfed and resets the board under the command
        assert resume, f"{doc}: `{whole}` lacks `resume`"
        run(board_root, fakes_dir, code)


def test_bring_up_repl_session_runs_and_keeps_inside_the_firmware_limits(board_root, fakes_dir):
    session = "\n".join(repl_blocks(read("hardware/README.md")))
    out = run(board_root, fakes_dir, session + """
print('ENDS', min(min(s.open_us), min(s.closed_us)), max(max(s.open_us), max(s.closed_us)))
""")
    lo, hi = (int(x) for x in out.split("ENDS", 1)[1].split()[:2])
    assert 500 <= lo and hi <= 2500


def test_step_5_leaves_every_servo_at_the_centre_pulse(board_root, fakes_dir):
    step5 = repl_blocks(read("hardware/README.md"))[0]
    out = run(board_root, fakes_dir, step5 + """
print('CLOSED', ' '.join(str(x) for x in s.closed_us))
print('ANGLES', ' '.join('%d' % a for a in emu.angles()))
""")
    closed = out.split("CLOSED", 1)[1].split("\n")[0].split()
    assert closed == ["1500"] * 12, closed
    angles = [int(a) for a in out.split("ANGLES", 1)[1].split("\n")[0].split()]
    assert all(abs(a - 90) <= 1 for a in angles), angles  # 1500 us: mid travel


def test_step_6_calibrates_window_1_to_the_lids_ends(board_root, fakes_dir):
    # the horn fitted at 1500 us (step 5), the lid's ends are 900 and 2100 us: the firmware must take both
    step5, step6 = repl_blocks(read("hardware/README.md"))[:2]
    assert "calibrate(i, closed_us=900)" in step6 and "calibrate(i, open_us=2100)" in step6, step6
    out = run(board_root, fakes_dir, step5 + "\n" + step6 + """
print('ENDS', s.closed_us[0], s.open_us[0], '%d' % emu.angles()[0])
""")
    closed, opened, angle = out.split("ENDS", 1)[1].split()[:3]
    assert (closed, opened) == ("900", "2100"), out[-2000:]
    assert abs(int(angle) - 36) <= 1  # 900 us: the shutter shut again, at its calibrated closed end
