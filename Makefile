# Everything runs from the repository root with the pinned tools in .venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

.PHONY: setup test play bench mpy flash deploy hardware clean

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

# The firmware as it goes on the board: every file precompiled for the RP2040 (armv6m).
mpy: setup
	$(PY) -m host_sim.mpy build/mpy

# Compile for the RP2040, copy to a Pico running MicroPython over USB (main.py as
# source), reset it. Exits 1 with a message when no board is attached.
# PORT=/dev/ttyACM1 picks one of several boards.
flash: setup
	$(PY) -m host_sim.flash $(if $(PORT),--port $(PORT))

deploy: flash

# Regenerate the netlists, BOMs, drawings, README tables and Wokwi diagram from the circuit code.
hardware: setup
	$(PY) -m hardware.schematics.build

clean:
	rm -rf build
