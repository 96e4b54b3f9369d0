# Everything runs from the repository root with the pinned tools in .venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

.PHONY: setup test play bench mutate mpy deploy hardware clean

setup: $(STAMP)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

test: setup
	$(PY) -m pytest -q -n 2

play: setup
	$(PY) -m host_sim play

bench: setup
	$(PY) -m host_sim.bench

# Mutation testing of firmware/game and firmware/drivers against the fast tests:
# the kill rate and every surviving mutant (in build/mutate/).
mutate: setup
	$(PY) -m tests.mutate

# The firmware as it goes on the board: every file precompiled for the RP2040 (armv6m).
mpy: setup
	$(PY) -m host_sim.mpy build/mpy

# Copy the compiled firmware to a Pico running MicroPython, over USB.
deploy: mpy
	cd build/mpy && ../../$(VENV)/bin/mpremote cp -r app drivers game boards :

# Regenerate the netlists, BOMs, drawings, README tables and Wokwi diagram from the circuit code.
hardware: setup
	$(PY) -m hardware.schematics.build

clean:
	rm -rf build
