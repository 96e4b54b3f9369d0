"""`make mutate`: mutation testing of firmware/game/ and firmware/drivers/
with mutmut, against a fast subset of the host tests.

mutmut names a mutant by its file's module path and strips only a leading
`src.`, while the firmware is imported as `game.engine`, not
`firmware.game.engine`. So the run happens in build/mutate/, where the
firmware sits in src/ (and mutants/firmware points there, for host_sim).
Prints the kill rate and every surviving mutant; exit 0 if the rate is at
least GOAL (the whole run's and a sample's alike).

    python -m tests.mutate [--children N] [--sample K [--seed S]]

--sample K tests K mutants drawn (seeded, so the same tree draws the same
ones) from all of them, for CI: 3 minutes for 400 instead of the whole
run's half hour. A sample of 400 lies within about 1.5 points of the whole run's rate
(one standard deviation at 90 %); the seeded draw itself is the same on
every run of a tree, so its figure moves only when code or tests change."""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

from host_sim import FIRMWARE, ROOT

GOAL = 0.90
MUTATED = ("game", "drivers")  # the firmware's rooms that are mutated
TEST_TREES = ("host_sim", "tools", "docs", "decks")  # what the tests import or read beside the firmware
WORK = os.path.join(ROOT, "build", "mutate")
# Fast tests that exercise the mutated code (the random-play, garbage-record
# and VM tests are too slow to run once per mutant). A mutant that hangs them
# past the timeout counts as killed, as mutmut's own score counts it.
TESTS = ["host_sim/tests/test_rules.py", "host_sim/tests/test_cardbits.py", "host_sim/tests/test_record.py",
         "host_sim/tests/test_random_golden.py",
         "host_sim/tests/test_random_play.py::test_undo_from_the_checkpoint_is_a_full_replay",
         "host_sim/tests/test_random_play.py::test_undo_costs_the_actions_since_the_card",
         "host_sim/tests/test_buttons.py", "host_sim/tests/test_shutters.py",
         "host_sim/tests/test_oled.py", "host_sim/tests/test_peripherals.py",
         "host_sim/tests/test_storage.py", "host_sim/tests/test_shuffle.py",
         "host_sim/tests/test_board_config.py", "host_sim/tests/test_selftest.py",
         "host_sim/tests/test_epaper.py", "host_sim/tests/test_epaper_secrecy.py", "tools/tests/test_deck.py"]
SLOW = "host_sim/tests/test_record.py::test_garbage_is_refused_with_a_line_never_a_crash"  # in `make test` only
CONFIG = """[tool.mutmut]
source_paths = %s
also_copy = %s
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x", "--deselect", %s]
timeout_multiplier = 2.0
timeout_constant = 2.0
pytest_add_cli_args_test_selection = %s

[tool.pytest.ini_options]
addopts = "-p no:randomly"
"""


def firmware_entries():
    """Every folder and file of firmware/ (the board's root), as staged in src/."""
    return sorted(e for e in os.listdir(FIRMWARE) if e != "__pycache__")


def stage():
    """build/mutate/: the whole firmware in src/ (so every import the tests
    make resolves, firmware/cp included), the test trees beside it."""
    shutil.rmtree(WORK, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")
    for entry in firmware_entries():
        src = os.path.join(FIRMWARE, entry)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(WORK, "src", entry), ignore=ignore)
        else:
            os.makedirs(os.path.join(WORK, "src"), exist_ok=True)
            shutil.copyfile(src, os.path.join(WORK, "src", entry))
    for folder in TEST_TREES:
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(WORK, folder), ignore=ignore)
    mutated = ["src/%s/" % room for room in MUTATED]
    also = [t + "/" for t in TEST_TREES]
    for entry in firmware_entries():
        if entry not in MUTATED:
            also.append("src/" + entry + ("/" if os.path.isdir(os.path.join(FIRMWARE, entry)) else ""))
    with open(os.path.join(WORK, "pyproject.toml"), "w") as f:
        f.write(CONFIG % (json.dumps(mutated), json.dumps(also), json.dumps(SLOW), json.dumps(TESTS)))
    os.makedirs(os.path.join(WORK, "mutants"))
    os.symlink("src", os.path.join(WORK, "mutants", "firmware"))


# Lists every mutant's name as mutmut (pinned in requirements.txt) would:
# run in the staged tree, where mutmut reads its configuration.
LIST = """
import os, sys
from pathlib import Path
from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.utils.format_utils import get_mutant_name
for room in sys.argv[1:]:
    for top, dirs, files in os.walk(os.path.join("src", room)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".py"):
                rel = Path(top, f)
                for n in mutate_file_contents(str(rel), rel.read_text()).mutant_names:
                    print(get_mutant_name(rel, n))
"""


def mutant_names():
    """Every mutant's name, in a fixed order."""
    p = subprocess.run([sys.executable, "-c", LIST] + list(MUTATED), cwd=WORK, check=True,
                       capture_output=True, text=True)
    return p.stdout.split()


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m tests.mutate")
    ap.add_argument("--children", type=int, default=2, help="mutants tested at once (default 2)")
    ap.add_argument("--sample", type=int, metavar="K", help="test K mutants drawn from all of them")
    ap.add_argument("--seed", type=int, default=1, help="which K (default 1)")
    ap.add_argument("--tests", action="store_true",
                    help="print the tests a mutant meets, as pytest arguments (`make test-fast` runs them)")
    args = ap.parse_args(argv)
    if args.tests:
        print(" ".join(TESTS + ["--deselect", SLOW]))
        return 0
    mutmut = os.path.join(os.path.dirname(sys.executable), "mutmut")
    stage()
    chosen = []
    if args.sample:
        every = mutant_names()
        chosen = sorted(random.Random(args.seed).sample(every, min(args.sample, len(every))))
        print("%d of %d mutants, drawn with seed %d" % (len(chosen), len(every), args.seed))
    if subprocess.run([mutmut, "run", "--max-children", str(args.children)] + chosen, cwd=WORK).returncode:
        print("mutmut run failed (see above): no kill rate", file=sys.stderr)
        return 2
    subprocess.run([mutmut, "export-cicd-stats"], cwd=WORK, check=True, capture_output=True)
    with open(os.path.join(WORK, "mutants", "mutmut-cicd-stats.json")) as f:
        stats = json.load(f)
    res = subprocess.run([mutmut, "results"], cwd=WORK, check=True, capture_output=True, text=True)
    # every mutant not killed (a sampled run's undrawn ones are "not checked")
    survivors = [line.strip() for line in res.stdout.splitlines()
                 if line.strip() and not line.endswith(": not checked")]
    # a sampled run leaves the mutants it did not draw untested: count only the drawn
    total = len(chosen) if chosen else stats["total"]
    killed = stats["killed"] + stats["timeout"]
    rate = killed / total if total else 0.0
    print("\n".join(survivors))
    print("%d mutants, %d killed (%d of them by a timeout), %d survived, %d not run by any test" % (
        total, killed, stats["timeout"], stats["survived"], total - killed - stats["survived"]))
    print("MUTATION kill_rate %.1f %% (the bar: %d %%)" % (100 * rate, round(100 * GOAL)))
    return 0 if rate >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
