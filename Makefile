# Everything runs from the repository root with the pinned tools in .venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

.PHONY: setup sim sim-screenshot test play bench mpy flash deploy hardware deck clean

setup: $(STAMP)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

# The device firmware on the emulated board, played from the keyboard in this terminal.
# make sim BOARD=pico_direct_pwm PICTURE=card.png FLASH=build/flash ARGS="--players 4 --seed 7"
sim: setup
	$(PY) -m host_sim sim $(if $(BOARD),--board $(BOARD)) $(if $(PICTURE),--picture $(PICTURE)) $(if $(FLASH),--flash $(FLASH)) $(ARGS)

# The README's picture of make sim, played headless.
sim-screenshot: setup
	$(PY) -m host_sim.tui.screenshot docs/sim.svg

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

# Rebuild the built-in picture deck (firmware/decks) from the pinned icon set on npm.
# The deck is committed: nothing else needs npm.
deck: setup
	cd decks && npm ci --no-audit --no-fund
	$(PY) -m host_sim.deck

clean:
	rm -rf build
