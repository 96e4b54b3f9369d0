"""`make mutate`: mutation testing of firmware/game/ and firmware/drivers/
with mutmut, against a fast subset of the host tests.

mutmut names a mutant by its file's module path and strips only a leading
`src.`, while the firmware is imported as `game.engine`, not
`firmware.game.engine`. So the run happens in build/mutate/, where the
firmware sits in src/ (and mutants/firmware points there, for host_sim).
Prints the kill rate and every surviving mutant; exit 0 if the rate is at
least GOAL."""
import json
import os
import shutil
import subprocess
import sys

from host_sim import FIRMWARE, ROOT

GOAL = 0.90
WORK = os.path.join(ROOT, "build", "mutate")
# Fast tests that exercise the mutated code (the random-play, garbage-record
# and VM tests are too slow to run once per mutant). A mutant that hangs them
# past the timeout counts as killed, as mutmut's own score counts it.
TESTS = ["host_sim/tests/test_rules.py", "host_sim/tests/test_record.py",
         "host_sim/tests/test_random_golden.py",
         "host_sim/tests/test_random_play.py::test_undo_from_the_checkpoint_is_a_full_replay",
         "host_sim/tests/test_random_play.py::test_undo_costs_the_actions_since_the_card",
         "host_sim/tests/test_buttons.py", "host_sim/tests/test_shutters.py",
         "host_sim/tests/test_oled.py", "host_sim/tests/test_peripherals.py",
         "host_sim/tests/test_board_config.py", "host_sim/tests/test_selftest.py"]
CONFIG = """[tool.mutmut]
source_paths = ["src/game/", "src/drivers/"]
also_copy = ["host_sim/", "docs/", "src/app/", "src/boards/"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x", "--deselect",
                       "host_sim/tests/test_record.py::test_garbage_is_refused_with_a_line_never_a_crash"]
timeout_multiplier = 2.0
timeout_constant = 2.0
pytest_add_cli_args_test_selection = %s

[tool.pytest.ini_options]
addopts = "-p no:randomly"
""" % json.dumps(TESTS)


def stage():
    shutil.rmtree(WORK, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for room in ("game", "drivers", "app", "boards"):
        shutil.copytree(os.path.join(FIRMWARE, room), os.path.join(WORK, "src", room), ignore=ignore)
    for folder in ("host_sim", "docs"):
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(WORK, folder), ignore=ignore)
    with open(os.path.join(WORK, "pyproject.toml"), "w") as f:
        f.write(CONFIG)
    os.makedirs(os.path.join(WORK, "mutants"))
    os.symlink("src", os.path.join(WORK, "mutants", "firmware"))


def main(argv):
    mutmut = os.path.join(os.path.dirname(sys.executable), "mutmut")
    stage()
    children = argv[0] if argv else "2"
    subprocess.run([mutmut, "run", "--max-children", children], cwd=WORK, check=True)
    subprocess.run([mutmut, "export-cicd-stats"], cwd=WORK, check=True, capture_output=True)
    with open(os.path.join(WORK, "mutants", "mutmut-cicd-stats.json")) as f:
        stats = json.load(f)
    res = subprocess.run([mutmut, "results"], cwd=WORK, check=True, capture_output=True, text=True)
    survivors = [line.strip() for line in res.stdout.splitlines() if line.strip()]
    killed = stats["killed"] + stats["timeout"]
    total = stats["total"]
    rate = killed / total if total else 0.0
    print("\n".join(survivors))
    print("%d mutants, %d killed (%d of them by a timeout), %d survived, %d not run by any test" % (
        total, killed, stats["timeout"], stats["survived"], total - killed - stats["survived"]))
    print("MUTATION kill_rate %.1f %%" % (100 * rate))
    return 0 if rate >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
