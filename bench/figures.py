"""Every figure `make bench` prints: what it measures and its goal, in the
order of docs/benchmarks.md's tables (bench/report.py writes them).

A goal is (op, limit) with op "<=" or ">=", or None for a figure kept only to
read beside the others."""

GROUPS = (
    ("The rules engine", (
        ("cpython_action_us", "median over 200 games of µs per applied action", None),
        ("mpy_action_us", "the same on the MicroPython VM", ("<=", 30)),
        ("cpython_games_per_s", "random full games", (">=", 1000)),
        ("cpython_undo_replay_ms_2000",
         "reading a record of 2,000 `open`/`undo` pairs over 334 cards", ("<=", 1000)),
        ("cpython_replay_s_1mb",
         "CPU seconds of `python -m host_sim replay` on a 1 MB record of 4,000 void cards, every deal and a "
         "window a turn taken back by `undo`", ("<=", 10)),
        ("mpy_import_heap_bytes", "importing `game.engine` and `game.record` from `.mpy`", None),
        ("mpy_game_heap_bytes",
         "a finished 6-seat game after `gc.collect()`, its undo checkpoint included", ("<=", 4096)),
        ("mpy_game_log_bytes", "its action log", None),
    )),
    ("Drivers and the e-paper board", (
        ("oled_bytes_per_update", "one score changes on the score screen (goal: 25 % of a frame)", ("<=", 256)),
        ("close_all_ms", "12 open shutters, 3 moving at a time, virtual clock", ("<=", 600)),
        ("epaper_open_ms",
         "`open()` to the end of its partial refresh, virtual clock, the emulated panel timed at the slow "
         "end of the published 0.36-0.75 s (the press adds the few ms of `press_to_shutter_ms_p99`)",
         ("<=", 800)),
        ("epaper_spi_bytes_per_open", "the tile to \"new\", the refresh, the tile to \"old\"", ("<=", 2500)),
        ("deck_bytes_per_card", "built-in deck, average, index included", ("<=", 2048)),
        ("deck_cards_on_flash",
         "cards of that size in the 1,408 KiB littlefs area beside the firmware in 4 KiB blocks, "
         "64 KiB kept free for the journal", (">=", 200)),
    )),
    ("The whole device", (
        ("next_card_ms",
         "OK on a void card, its 12 windows open, to the device asking for the next card: every shutter "
         "closed, 3 moving at a time (\"Wait: closing\" until then), emulated servos, virtual clock", ("<=", 1500)),
        ("flash_bytes_per_game",
         "journal and settings written by a whole game played with the buttons; the most of one game "
         "per preset", ("<=", 8192)),
        ("firmware_mpy_bytes",
         "every `.mpy` that `make flash` copies, `-march=armv6m`; `main.py` goes as source", None),
        ("mpy_resume_ms_300",
         "on the VM, after boot: a controller reading back and replaying a 6-seat game's 300-entry "
         "journal, about a quarter of them UNDOs; CPU time per resume", ("<=", 20)),
        ("mpy_resume_ms_undo1000",
         "the same in the 256 KB heap the whole-game VM tests play in, a 6-seat game with 1,000 UNDOs "
         "(its journal compacted as the device does)", ("<=", 100)),
        ("mpy_firmware_heap_bytes",
         "heap the firmware holds on the VM booted into a 6-seat game, 200 steps on, after "
         "`gc.collect()`; the emulated board and the fakes of the built-in `machine`, `neopixel`, "
         "`rp2` left out (the VM's heap: a regression signal; the goal is the emulated Pico's)", None),
        ("mpy_firmware_heap_zh_bytes",
         "as `mpy_firmware_heap_bytes`, a `zh-cn` game speaking Simplified Chinese: the Chinese screens, "
         "text index and glyph index loaded (a regression signal, as the English figure: the goal is the "
         "emulated Pico's `rp2040_heap_free_zh_bytes`)", None),
        ("seat_text_mm",
         "the smallest lit height on the BOM's 2.42 inch panel (its pitch from `hardware/schematics/parts.py`) "
         "of whose turn, the dice, N, the prompts' key words, every seat's crystals and the results, as the "
         "screens draw them in whole games in English and 简体中文 (`bench/seat_text.py`; 3.5 mm: read from a "
         "chair at 75 cm)", (">=", 3.5)),
        ("font_cjk_bytes",
         "the OLED's CJK glyph file on flash, the characters of the Chinese texts (docs/i18n.md)", ("<=", 24576)),
        ("press_to_shutter_ms_p99",
         "99th percentile of 200 OK presses through the whole device (`host_sim/latency.py`), each at a "
         "random µs of the 10 ms after a tap on NEXT, while the OLED is sent the pages NEXT changed; "
         "from the contact's first closure to the servo starting to move; virtual clock", ("<=", 20)),
        ("cp_press_to_shutter_ms_p99",
         "the same, the CircuitPython build (`keypad` scans every 5 ms)", ("<=", 20)),
    )),
    ("The web page (headless Chromium; skipped without it)", (
        ("web_boot_ms", "page load to ready, median of 5 fresh contexts", ("<=", 1500)),
        ("web_boot_first_ms", "the first of them: nothing compiled or cached yet", ("<=", 1500)),
        ("web_step_ms_p50", "the median `step()` in the page", None),
        ("web_step_ms_p99",
         "one `step()` in the page, 99th percentile over the steps of a 2-seat family game by its keys "
         "(goal: a frame at 60 Hz)", ("<=", 16)),
        ("web_steps", "the steps of that game", None),
        ("web_idle_cpu_pct",
         "the page at rest after a roll: main-thread time over 10 s by CDP `TaskDuration`, % of a core",
         ("<=", 2)),
    )),
    ("MicroPython's RP2040 port on the emulated Pico, emulated cycles at 125 MHz (docs/rp2040.md; "
     "skipped without the UF2)", (
        ("rp2040_boot_ms", "power-up to the setup menu drawn on the OLED, a fresh flash", ("<=", 1000)),
        ("rp2040_heap_free_bytes", "booted into a 6-seat game, 200 steps, `gc.collect()`", (">=", 100000)),
        ("rp2040_heap_free_zh_bytes", "the same, a `zh-cn` game speaking Simplified Chinese (简体中文)",
         (">=", 100000)),
        ("rp2040_source_heap_free_bytes", "the same, English, the firmware on the flash as `.py` source, as "
         "`mpremote mip install` and CircuitPython load it (compiled on the board at import)", None),
        ("rp2040_resume_ms_300", "a fresh Controller reading back and replaying a 6-seat game's 300-entry "
         "journal", None),
        ("rp2040_boot_resumed_ms", "power-up to that resumed game's screen", ("<=", 1000)),
        ("rp2040_action_us", "the engine (native code on the board), per applied action: that game's 81 actions "
         "replayed into a new game by a loop in a function", None),
        ("rp2040_press_to_shutter_ms_p99", "contact closure of OK to the PCA9685 write that moves that "
         "servo, 30 presses at random phases of main.py's loop", ("<=", 20)),
        ("rp2040_step_us_p50", "one `Device.step()`, its OLED page included, over a whole game", ("<=", 500)),
        ("rp2040_step_us_p99", "the same, 99th percentile", ("<=", 4000)),
        ("rp2040_step_us_max", "the same, the longest", None),
    )),
    ("The UF2 (`make uf2`: the firmware frozen into MicroPython) on the emulated Pico, an empty "
     "filesystem; rp2040js has no model of the flash's XIP cache, so code run from flash is timed "
     "optimistically (docs/uf2.md; skipped where the UF2 cannot be built)", (
        ("rp2040_uf2_bytes", "the UF2 file's size", None),
        ("rp2040_uf2_boot_ms", "power-up to the setup menu drawn (nothing is written: the data files are read from the image)", ("<=", 500)),
        ("rp2040_uf2_heap_free_bytes", "booted into a 6-seat game, 200 steps, `gc.collect()`", (">=", 100000)),
        ("rp2040_uf2_boot_resumed_ms", "power-up to a 300-entry journal's resumed game", ("<=", 1000)),
    )),
)

DESCRIBED = dict((name, (what, goal)) for _, rows in GROUPS for name, what, goal in rows)
NAMES = tuple(name for _, rows in GROUPS for name, _, _ in rows)
WEB = tuple(name for name in NAMES if name.startswith("web_"))
RP2040 = tuple(name for name in NAMES if name.startswith("rp2040_"))


def meets(name, value):
    """Whether value meets the figure's goal (True when it has none)."""
    goal = DESCRIBED[name][1]
    if goal is None:
        return True
    op, limit = goal
    return value <= limit if op == "<=" else value >= limit
