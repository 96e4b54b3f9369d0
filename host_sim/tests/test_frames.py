"""Call frames on the C stack or the heap (tools/frames.py, docs/testing.md).

A bytecode function whose state (locals + value stack + 3 words per nested
exception handler) passes 11 words, 44 bytes on the RP2040, gets its frame
from the heap at every call: a gc_alloc and a gc_free, 40-400 us on the
board against ~10 us on the C stack.
"""
import pytest

from tools import frames
from tools.frames import MpyError, frames_of, frames_of_text

# Functions of the per-step path that must keep their frame on the C stack.
# Name them module.Class.method as `python -m tools.frames` prints them.
STACK_FRAMES = [
    # a step at rest
    "app.device.Device.step",
    "drivers.watchdog.Watchdog.feed",
    "drivers.buttons.Buttons.poll",
    "drivers.buttons.Buttons._word",
    "drivers.buttons.Buttons._ladder_step",
    "app.controller.Controller.tick",
    "app.mode.play.Mode.tick",
    "app.device.Device._shutters",
    "drivers.shutters.Shutters.update",
    "drivers.buzzer.Buzzer.update",
    # a step while a button is held or settles
    "drivers.buttons.Buttons._look",
    "drivers.buttons.Buttons._wait",
    # a step that draws a part of a frame or sends half a page
    "app.device.Device._oled",
    # an action: each replayed at a resume (native code on the board,
    # tools.mpy.EMIT, whose state is always on the C stack)
    "game.engine.Game.apply",
    "game.engine.Game._skip",
    "game.engine.Game._end",
    "game.engine.Game._end_card",
    "game.engine.Game._wait_card",
    "game.engine.Game._new_turn",
    "game.engine.Game._no_takers",
    # a step with a key
    "drivers.buttons.Buttons.get",
    "drivers.storage.Storage.flush",
    "app.controller.Controller.windows",
]

# Each figure worked out by hand from what the compiler emits (py/compile.c,
# py/emitbc.c): n_state = locals (arguments included) + the deepest value
# stack; an except handler is entered with 4 stack slots (the exception and
# 3 for a possible unwind) and its `except OSError` match needs 2 more; a
# for loop over an iterable keeps a 4-slot iterator and the next item.
CASES = '''
def empty():
    pass


def add(a, b):
    return a + b


def ten(a, b, c, d, e, f, g, h, i, j):
    return a


def eleven(a, b, c, d, e, f, g, h, i, j, k):
    return a


def two(a, b):
    try:
        return a
    except OSError:
        return b


def three(a, b, c):
    try:
        return a
    except OSError:
        return b


def nested(a):
    try:
        try:
            return a
        except OSError:
            return 0
    except ValueError:
        return 1


def twenty(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t):
    return a


def total(xs):
    t = 0
    for x in xs:
        t += x
    return t


def gen(n):
    yield n


class K:
    def m(self):
        def inner():
            return 1
        return lambda: inner
'''

# name: (kind, n_state, of which locals, n_exc_stack, state bytes, on the heap)
HAND = {
    # LOAD_CONST_NONE, RETURN_VALUE: no local, 1 slot.
    "t.empty": ("function", 1, 0, 0, 4, False),
    # a, b + both pushed for the add.
    "t.add": ("function", 4, 2, 0, 16, False),
    # 10 arguments + 1 slot: 11 words, exactly 44 bytes, still the C stack.
    "t.ten": ("function", 11, 10, 0, 44, False),
    # 11 arguments + 1: 48 bytes, the heap.
    "t.eleven": ("function", 12, 11, 0, 48, True),
    # 2 locals + 6 slots (handler's 4, DUP_TOP, LOAD_GLOBAL OSError) = 8
    # words, + 3 for the handler entry: 44 bytes.
    "t.two": ("function", 8, 2, 1, 44, False),
    # One more argument: 48 bytes.
    "t.three": ("function", 9, 3, 1, 48, True),
    # a + 6 slots in either handler (the inner one's are not stacked on the
    # outer's: the outer try's body holds nothing); 2 handler entries of 3.
    "t.nested": ("function", 7, 1, 2, 52, True),
    # 20 + 1: n_state past 16 needs the prelude's second byte.
    "t.twenty": ("function", 21, 20, 0, 84, True),
    # xs, t, x + 4 iterator slots, the item, then t and x for the add: 3 + 6.
    "t.total": ("function", 9, 3, 0, 36, False),
    # n + 1 slot; but a generator's state lives in the generator object.
    "t.gen": ("generator", 2, 1, 0, 8, True),
    # A class body: its names are not locals; 1 slot.
    "t.K": ("class", 1, 0, 0, 4, False),
    # self and the cell for inner + 1 slot.
    "t.K.m": ("function", 3, 2, 0, 12, False),
    "t.K.m.inner": ("function", 1, 0, 0, 4, False),
    # the closed-over inner + 1 slot.
    "t.K.m.<lambda>": ("function", 2, 1, 0, 8, False),
}


def test_tiny_functions_match_hand_worked_figures():
    found = {f.name: (f.kind, f.n_state, f.n_locals, f.n_exc_stack, f.state_size, f.heap)
             for f in frames_of_text(CASES, "t")}
    assert found.pop("t")[0] == "module"
    assert found == HAND


def stack_frame_problems(names, found):
    by_name = {}
    for f in found:
        by_name.setdefault(f.name, []).append(f)
    problems = []
    for name in names:
        if name not in by_name:
            problems.append("%s: no such function in the firmware (renamed? update STACK_FRAMES)" % name)
        for f in by_name.get(name, ()):
            if f.heap:
                problems.append("%s: %d bytes of state (n_state %d: %d locals + %d stack; "
                                "n_exc_stack %d) > %d: its frame is allocated on the heap "
                                "at every call" % (
                                    name, f.state_size, f.n_state, f.n_locals, f.n_stack,
                                    f.n_exc_stack, frames.MAX_STATE_ON_STACK))
    return problems


def modules_of(names):
    """The firmware modules the names live in (the longest existing prefix)."""
    out = set()
    for name in names:
        parts = name.split(".")
        for n in range(len(parts) - 1, 0, -1):
            try:
                frames.source_of(".".join(parts[:n]))
            except MpyError:
                continue
            out.add(".".join(parts[:n]))
            break
        else:
            pytest.fail("%s: no firmware module holds it" % name)
    return sorted(out)


def test_per_step_functions_keep_their_frame_on_the_c_stack():
    found = frames_of(modules_of(STACK_FRAMES))
    problems = stack_frame_problems(STACK_FRAMES, found)
    assert not problems, "\n".join(problems)


def test_a_grown_frame_or_a_lost_name_is_named():
    found = frames_of_text(CASES, "t")
    assert stack_frame_problems(["t.two", "t.three", "t.gone"], found) == [
        "t.three: 48 bytes of state (n_state 9: 3 locals + 6 stack; n_exc_stack 1) > 44: "
        "its frame is allocated on the heap at every call",
        "t.gone: no such function in the firmware (renamed? update STACK_FRAMES)",
    ]


def test_every_firmware_function_is_named():
    """All of firmware/ reads, every block named (no unresolved built-in
    qstr), and each module's top level comes first."""
    found = frames_of([])
    assert len(found) > 400
    unnamed = [f.name for f in found if "<qstr #" in f.name]
    assert not unnamed
    assert {f.kind for f in found} <= {"module", "class", "function", "generator", "native", "viper"}
    # Every block's locals and stack: none pushes nothing (its return value).
    assert all(f.n_locals >= 0 and f.n_stack >= 1 for f in found if f.n_locals is not None)  # bytecode
    assert "drivers.watchdog.Watchdog" in {f.name for f in found if f.kind == "class"}


def test_the_board_build_compiles_the_engine_to_machine_code():
    """tools.mpy.EMIT: the engine native, a card's check viper; the rest bytecode."""
    found = frames_of(["game.engine", "game.cardbits", "game.record"])
    kinds = {f.name: f.kind for f in found}
    assert kinds["game.engine.Game.apply"] == kinds["game.engine.Game.legal"] == "native"
    assert [f.kind for f in found if f.module == "game.cardbits"] == ["viper", "viper"]  # its top, pack()
    assert kinds["game.record.Table.act"] == "function"


def test_bad_files_are_refused_with_where():
    with pytest.raises(MpyError, match=r"^x\.mpy: not a \.mpy v6 file"):
        frames.frames(b"PK\x03\x04", "x", "x.mpy")
    good = frames.compile_source_text("def f():\n    return 1\n")
    with pytest.raises(MpyError, match=r"^x\.mpy: unexpected end of file.* at byte \d+$"):
        frames.frames(good[:-3], "x", "x.mpy")
    with pytest.raises(MpyError, match=r"^x\.mpy: 1 bytes after the module's code"):
        frames.frames(good + b"\0", "x", "x.mpy")


def test_cli_heap_list_and_errors(capsys):
    assert frames.main(["--heap", "drivers.watchdog", "game.engine"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["function", "kind", "n_state", "locals", "stack", "n_exc", "bytes", "frame"]
    rows = out[1:-1]
    assert rows and all(r.startswith("game.engine") for r in rows)
    assert all(r.endswith("heap") or r.endswith("heap (generator)") for r in rows)
    assert "on the heap" in out[-1]
    assert frames.main(["no.such.module"]) == 1
    assert "no.such.module: no module firmware/no/such/module.py" in capsys.readouterr().err
    assert frames.main(["--hep"]) == 2
