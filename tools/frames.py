"""Which firmware functions get their call frame on the heap.

MicroPython's bytecode VM keeps a called function's state (its locals,
arguments included, its value stack, and 3 words for each nested exception
handler) on the C stack only while that state is at most 11 words (44 bytes
on the RP2040); a bigger state is allocated on the heap and freed again at
every call, which costs a gc_alloc + gc_free per call (~40 us on a clean
heap, up to ~400 us on a fragmented one, against ~10 us on the C stack).
Generators always keep their state on the heap. The figures come from each
function's prelude in the .mpy file mpy-cross writes (format v6), read here
without MicroPython's own tools.

`python -m tools.frames [FILE.py | FILE.mpy | module.name ...] [--heap]`
prints every code block (module top level, class bodies, functions, methods,
nested functions, lambdas, comprehensions, generators) sorted by module:
qualified name, kind, n_state (split into locals, arguments and cells
included, and value stack), n_exc_stack, state bytes and where the frame
goes. No argument: the whole firmware. `--heap`: the heap frames only.
"""
import functools
import io
import keyword
import os
import sys
import tempfile
import tokenize

from tools import FIRMWARE
from tools.mpy import compile_file, firmware_files

MARCH = "armv6m"      # the RP2040 build (bytecode is the same for every arch)
WORD = 4              # bytes in a machine word on the RP2040
EXC_WORDS = 3         # an exception handler entry: handler, saved sp, saved exception
MAX_STATE_ON_STACK = 11 * WORD   # py/objfun.c: a bigger state goes to the heap

# Raw code kinds in a .mpy file (the low two bits of its first vuint).
BYTECODE, NATIVE, VIPER, ASM = range(4)
KIND_NAMES = {NATIVE: "native", VIPER: "viper", ASM: "asm"}
# Scope flags kept in the prelude.
GENERATOR = 0x01
VIPER_RELOC, VIPER_RODATA, VIPER_BSS = 0x10, 0x20, 0x40
# Constant object types (py/persistentcode.h): the first five carry no data.
OBJ_NO_DATA = 5
OBJ_STR, OBJ_BYTES, OBJ_TUPLE = 5, 6, 10
VARKEYWORDS, VARARGS = 0x02, 0x04
# The opcodes a class body begins with: LOAD_NAME __name__; STORE_NAME __module__.
LOAD_NAME, STORE_NAME = 0x11, 0x16
# Opcodes naming a local slot (py/bc0.h): 16 with the slot in the opcode
# (LOAD_FAST_MULTI, STORE_FAST_MULTI) and those with it as their argument
# (LOAD_FAST_N, LOAD_DEREF, STORE_FAST_N, STORE_DEREF, DELETE_FAST, DELETE_DEREF).
FAST_MULTI = (0xB0, 0xC0)
LOCAL_ARG = range(0x24, 0x2A)
# An opcode's argument by its top nibble: 1 qstr, 2-3 var uint, 4 jump offset.
QSTR_OR_UINT, OFFSET = (1, 2, 3), 4
HAS_EXTRA_BYTE = 0x9E   # opcodes with none of these bits carry one more byte


class MpyError(ValueError):
    """A file that is not a .mpy file this reader understands."""


class Frame:
    """One code block of a module and the call frame it needs."""

    __slots__ = ("module", "path", "kind", "n_state", "n_exc_stack", "flags", "n_locals")

    def __init__(self, module, path, kind, n_state, n_exc_stack, flags, n_locals):
        self.module = module          # dotted module name
        self.path = path              # names from the module down: ("Class", "method")
        self.kind = kind              # module, class, function, generator, native, viper, asm
        self.n_state = n_state        # locals + value stack, in words (None: no prelude)
        self.n_exc_stack = n_exc_stack
        self.flags = flags
        self.n_locals = n_locals      # of n_state: arguments, locals, cells (None: native)

    @property
    def n_stack(self):
        """Of n_state: the deepest value stack the compiler reserved."""
        return None if self.n_locals is None else self.n_state - self.n_locals

    @property
    def name(self):
        return ".".join((self.module,) + self.path)

    @property
    def state_size(self):
        """Bytes of state fun_bc_call allocates for a call (0 for viper/asm)."""
        if self.n_state is None:
            return 0
        return self.n_state * WORD + self.n_exc_stack * EXC_WORDS * WORD

    @property
    def heap(self):
        """Whether the frame is allocated on the heap: every generator's, and a
        bytecode function's whose state passes 44 bytes (native code keeps
        its frame in its own C stack frame)."""
        if self.kind == "generator":
            return True
        if self.kind in ("native", "viper", "asm"):
            return False
        return self.state_size > MAX_STATE_ON_STACK

    def __repr__(self):
        return "<Frame %s %s n_state=%s n_exc=%s %d B%s>" % (
            self.name, self.kind, self.n_state, self.n_exc_stack, self.state_size,
            " heap" if self.heap else "")


class Reader:
    """Reads a .mpy file's bytes, naming the file and offset in its errors."""

    def __init__(self, data, where):
        self.data = data
        self.pos = 0
        self.where = where

    def fail(self, what):
        raise MpyError("%s: %s at byte %d" % (self.where, what, self.pos))

    def byte(self):
        if self.pos >= len(self.data):
            self.fail("unexpected end of file")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def bytes(self, n):
        if self.pos + n > len(self.data):
            self.fail("unexpected end of file (%d bytes wanted)" % n)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def uint(self):
        """A variable-length unsigned int: 7 bits a byte, most significant
        group first, the top bit set while more bytes follow."""
        n = 0
        while True:
            b = self.byte()
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                return n


def decode_uint(code, i):
    """The same encoding inside bytecode: (value, index after it)."""
    n = 0
    while True:
        if i >= len(code):
            raise IndexError("vuint runs past the code")
        b = code[i]
        i += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            return n, i


def decode_signature(code, i=0):
    """The prelude signature (py/bc.h): a first byte xSSSSEAA and further bytes
    xFSSKAED while x is set, the bits of each field interleaved low first.
    Returns (n_state, n_exc_stack, scope_flags, n_pos_args, n_kwonly_args,
    n_def_pos_args, index after it)."""
    z = code[i]
    i += 1
    s, e, a = (z >> 3) & 0xF, (z >> 2) & 1, z & 3
    f = k = d = 0
    n = 0
    while z & 0x80:
        z = code[i]
        i += 1
        s |= ((z >> 4) & 3) << (4 + 2 * n)
        e |= ((z >> 1) & 1) << (1 + n)
        a |= ((z >> 2) & 1) << (2 + n)
        f |= ((z >> 6) & 1) << n
        k |= ((z >> 3) & 1) << n
        d |= (z & 1) << n
        n += 1
    return s + 1, e, f, a, k, d, i


def decode_prelude_size(code, i):
    """The prelude size: bytes xIIIIIIC, six bits of n_info and one of n_cell
    a byte, low first. Returns (n_info, n_cell, index after it)."""
    n_info = n_cell = 0
    n = 0
    while True:
        z = code[i]
        i += 1
        n_cell |= (z & 1) << n
        n_info |= ((z >> 1) & 0x3F) << (6 * n)
        n += 1
        if not z & 0x80:
            return n_info, n_cell, i


def skip_object(r):
    """Step over one constant object of the module's table."""
    kind = r.byte()
    if kind < OBJ_NO_DATA:
        return
    if kind > OBJ_TUPLE:
        r.fail("unknown constant type %d" % kind)
    n = r.uint()
    if kind == OBJ_TUPLE:
        for _ in range(n):
            skip_object(r)
        return
    r.bytes(n)
    if kind in (OBJ_STR, OBJ_BYTES):
        r.byte()  # the string's terminating zero


class Block:
    """A raw code as read from the file, before its names are resolved."""

    def __init__(self, kind):
        self.kind = kind
        self.name = self.n_state = None
        self.n_exc_stack = self.flags = 0
        self.n_locals = None
        self.head = None      # qstrs of a LOAD_NAME, STORE_NAME that open the code
        self.children = []


def read_block(r, qstrs):
    kind_len = r.uint()
    kind, has_children, size = kind_len & 3, kind_len & 4, kind_len >> 3
    start = r.pos
    code = r.bytes(size)
    flags = 0
    prelude = None
    if kind == BYTECODE:
        prelude = 0
    elif kind == NATIVE:
        prelude = r.uint()
    else:
        flags = r.uint()
        if kind == ASM:
            r.uint()  # n_pos_args
            r.uint()  # type signature
        rodata = r.uint() if kind == VIPER and flags & VIPER_RODATA else 0
        if kind == VIPER and flags & VIPER_BSS:
            r.uint()
        r.bytes(rodata)
    block = Block(kind)
    block.flags = flags
    if prelude is not None:
        try:
            read_prelude(block, code, prelude, qstrs)
        except IndexError as e:
            r.pos = start
            r.fail("code block cannot be decoded (%s)" % (e.args[0] if e.args else "it ends early"))
    if has_children:
        for _ in range(r.uint()):
            block.children.append(read_block(r, qstrs))
    if kind == VIPER and flags & VIPER_RELOC:
        skip_relocations(r)
    return block


def read_prelude(block, code, i, qstrs):
    (block.n_state, block.n_exc_stack, block.flags, n_pos, n_kwonly, _d,
     i) = decode_signature(code, i)
    n_info, n_cell, i = decode_prelude_size(code, i)
    name, _ = decode_uint(code, i)
    block.name = qstr_at(qstrs, name)
    if block.kind == BYTECODE:
        start = i + n_info + n_cell
        block.head = opening_names(code, start, qstrs)
        n_args = n_pos + n_kwonly + bool(block.flags & VARARGS) + bool(block.flags & VARKEYWORDS)
        cells = code[i + n_info:start]
        block.n_locals = max([n_args] + [c + 1 for c in cells] + [n + 1 for n in local_slots(code, start)])


def local_slots(code, i):
    """The local slot numbers the opcodes from i to the end of code use.
    Raises IndexError if the opcodes do not end exactly with the code."""
    out = set()
    while i < len(code):
        op = code[i]
        i += 1
        kind = op >> 4
        if kind == 0:
            raise IndexError("reserved opcode 0x%02x" % op)
        if kind in QSTR_OR_UINT:
            arg, i = decode_uint(code, i)
            if op in LOCAL_ARG:
                out.add(arg)
        elif kind == OFFSET:
            i += 2 if code[i] & 0x80 else 1
        elif kind in (FAST_MULTI[0] >> 4, FAST_MULTI[1] >> 4):
            out.add(op & 0xF)
        if not op & HAS_EXTRA_BYTE:
            i += 1
    if i != len(code):
        raise IndexError("the last opcode runs past the code")
    return out


def qstr_at(qstrs, index):
    if index >= len(qstrs):
        raise IndexError("qstr %d of %d" % (index, len(qstrs)))
    return qstrs[index]


def opening_names(code, i, qstrs):
    """The qstrs of the opcodes at i if they are LOAD_NAME a; STORE_NAME b
    (a class body opens with `__module__ = __name__`), else None."""
    try:
        if code[i] != LOAD_NAME:
            return None
        first, i = decode_uint(code, i + 1)
        if code[i] != STORE_NAME:
            return None
        second, _ = decode_uint(code, i + 1)
        return qstr_at(qstrs, first), qstr_at(qstrs, second)
    except IndexError:
        return None


def skip_relocations(r):
    """Step over a viper function's relocation list (py/persistentcode.c,
    mp_native_relocate): ops up to 0xff, some with an address, some a count."""
    while True:
        op = r.byte()
        if op == 0xFF:
            return
        if op & 1:
            r.uint()
        op >>= 1
        if op <= 5 and op & 1:
            r.uint()


class Static(int):
    """A qstr the runtime has built in: the file stores its number only."""


def read_mpy(data, where="<mpy>"):
    """The root Block of a .mpy file's bytes, and its qstr table (str, or
    Static index for the qstrs the runtime has built in)."""
    r = Reader(data, where)
    head = r.bytes(4)
    if head[:1] != b"M" or head[1] != 6:
        r.pos = 0
        r.fail("not a .mpy v6 file (starts %r)" % bytes(head[:2]))
    if head[2] & 0x40:
        r.uint()  # architecture flags
    n_qstr, n_obj = r.uint(), r.uint()
    qstrs = []
    for _ in range(n_qstr):
        n = r.uint()
        if n & 1:
            qstrs.append(Static(n >> 1))
        else:
            qstrs.append(r.bytes(n >> 1).decode("utf-8", "replace"))
            r.byte()  # terminating zero
    for _ in range(n_obj):
        skip_object(r)
    root = read_block(r, qstrs)
    if r.pos != len(data):
        r.fail("%d bytes after the module's code" % (len(data) - r.pos))
    return root, qstrs


# --- Names of built-in (static) qstrs ----------------------------------------
# A .mpy file names a function that shares its name with one the runtime has
# built in ("update", "__init__", "<lambda>") only by that qstr's number. The
# numbering belongs to the MicroPython build, so it is learned from the same
# mpy-cross: compile a probe that defines a function for each candidate name,
# in order, and read back which number each name got.

SPECIAL_SCOPES = ("lambda: 0", "[_ for _ in ()]", "{_ for _ in ()}",
                  "{_: _ for _ in ()}", "(_ for _ in ())")


def candidate_names():
    """Identifiers a function or class might be named: Python's builtins and
    their attributes, and every identifier in the firmware's source."""
    import builtins
    names = set(dir(builtins))
    for obj in (object, type, int, float, str, bytes, bytearray, list, tuple, dict,
                set, frozenset, BaseException, memoryview, sys, io.IOBase):
        names.update(dir(obj))
    names.update(("__name__", "__module__", "__qualname__", "__init__", "__call__"))
    for rel in firmware_files(".py"):
        names.update(identifiers(os.path.join(FIRMWARE, rel)))
    # __debug__ is a constant to MicroPython's compiler: no function can take it.
    names.discard("__debug__")
    return sorted(n for n in names if n.isidentifier() and not keyword.iskeyword(n))


def identifiers(path):
    with open(path, "rb") as f:
        try:
            return {t.string for t in tokenize.tokenize(f.readline) if t.type == tokenize.NAME}
        except (tokenize.TokenError, SyntaxError):
            return set()


@functools.lru_cache(maxsize=None)
def static_names():
    """{static qstr number: text} as this mpy-cross numbers them."""
    names = candidate_names()
    lines = ["def %s(): pass" % n for n in names] + list(SPECIAL_SCOPES)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(compile_file("probe.py", tmp, root=tmp), "rb") as f:
            data = f.read()
    # The probe's own names are not resolved yet: read with an empty table.
    root, _ = read_mpy(data, "probe.mpy")
    expected = names + ["<lambda>", "<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"]
    if len(root.children) != len(expected):
        raise MpyError("static qstr probe: %d functions for %d names"
                       % (len(root.children), len(expected)))
    table = {}
    for block, text in zip(root.children, expected):
        if isinstance(block.name, Static):
            table[int(block.name)] = text
        elif block.name != text:
            raise MpyError("static qstr probe: %r read back as %r" % (text, block.name))
    if isinstance(root.name, Static):
        table[int(root.name)] = "<module>"
    return table


def text_of(name):
    if isinstance(name, Static):
        return static_names().get(int(name), "<qstr #%d>" % name)
    return name


# --- Frames of modules ---------------------------------------------------------

def frames(data, module, where=None):
    """Every code block of the .mpy bytes `data`, as Frames, in the file's
    order (each block before the blocks nested in it)."""
    root, _ = read_mpy(data, where or module)
    out = []

    def walk(block, path):
        if block.kind != BYTECODE:
            kind = KIND_NAMES[block.kind]
            if block.flags & GENERATOR and block.kind == NATIVE:
                kind = "generator"
        elif block is root:
            kind = "module"
        elif block.head and tuple(map(text_of, block.head)) == ("__name__", "__module__"):
            kind = "class"
        elif block.flags & GENERATOR:
            kind = "generator"
        else:
            kind = "function"
        out.append(Frame(module, path, kind, block.n_state, block.n_exc_stack,
                         block.flags, block.n_locals))
        for child in block.children:
            # viper and asm code keeps no name: only its kind can be told
            name = "<%s>" % KIND_NAMES[child.kind] if child.name is None else text_of(child.name)
            walk(child, path + (name,))

    walk(root, ())
    return out


def module_name(rel):
    """drivers/watchdog.py -> drivers.watchdog"""
    return os.path.splitext(rel)[0].replace(os.sep, ".").replace("/", ".")


def source_of(arg):
    """(root, relative path) of a firmware source file, for a path or a
    dotted module name."""
    if arg.endswith(".py"):
        path = os.path.abspath(arg)
        if not os.path.exists(path):
            raise MpyError("%s: no such file" % arg)
        if path.startswith(FIRMWARE + os.sep):
            return FIRMWARE, os.path.relpath(path, FIRMWARE)
        return os.path.dirname(path), os.path.basename(path)
    rel = arg.replace(".", os.sep) + ".py"
    if not os.path.exists(os.path.join(FIRMWARE, rel)):
        raise MpyError("%s: no module firmware/%s" % (arg, rel))
    return FIRMWARE, rel


def compile_source(root, rel, dest):
    """Compile root/rel as the board's build does; return the .mpy's bytes."""
    with open(compile_file(rel, dest, MARCH, root=root), "rb") as f:
        return f.read()


def frames_of(args):
    """Frames of every module named in args (firmware .py paths, dotted
    module names, .mpy files), sorted by module; all of firmware/ if none."""
    if not args:
        args = firmware_files(".py")
        args = [os.path.join(FIRMWARE, a) for a in args]
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for arg in args:
            if arg.endswith(".mpy"):
                try:
                    with open(arg, "rb") as f:
                        data = f.read()
                except OSError as e:
                    raise MpyError("%s: %s" % (arg, e.strerror))
                module = module_name(os.path.basename(arg))
                out.append((module, frames(data, module, arg)))
            else:
                root, rel = source_of(arg)
                module = module_name(rel)
                out.append((module, frames(compile_source(root, rel, tmp), module, rel)))
    out.sort(key=lambda m: m[0])
    return [f for _, fs in out for f in fs]


def compile_source_text(text, module="t"):
    """The .mpy bytes of Python source text, compiled as the board's build does."""
    with tempfile.TemporaryDirectory() as tmp:
        rel = module + ".py"
        with open(os.path.join(tmp, rel), "w") as f:
            f.write(text)
        return compile_source(tmp, rel, tmp)


def frames_of_text(text, module="t"):
    """Frames of Python source text (for tests and quick questions: how big
    is this function's frame?)."""
    return frames(compile_source_text(text, module), module)


def place(frame):
    if not frame.heap:
        return "C stack"
    return "heap (generator)" if frame.kind == "generator" else "heap"


def dash(n):
    return "-" if n is None else n


def table(rows):
    width = max([len(f.name) for f in rows] + [8])
    lines = ["%-*s  %-9s %7s %6s %5s %5s %5s  %s" % (
        width, "function", "kind", "n_state", "locals", "stack", "n_exc", "bytes", "frame")]
    for f in rows:
        lines.append("%-*s  %-9s %7s %6s %5s %5d %5d  %s" % (
            width, f.name, f.kind, dash(f.n_state), dash(f.n_locals), dash(f.n_stack),
            f.n_exc_stack, f.state_size, place(f)))
    return lines


def main(argv):
    args = list(argv)
    heap_only = "--heap" in args
    args = [a for a in args if a != "--heap"]
    bad = [a for a in args if a.startswith("-")]
    if bad:
        print("frames: unknown option %s (usage: python -m tools.frames [--heap] "
              "[FILE.py | FILE.mpy | module.name ...])" % bad[0], file=sys.stderr)
        return 2
    try:
        found = frames_of(args)
    except (MpyError, RuntimeError) as e:
        print("frames: %s" % e, file=sys.stderr)
        return 1
    rows = [f for f in found if f.heap] if heap_only else found
    for line in table(rows):
        print(line)
    heap = [f for f in found if f.heap]
    gens = [f for f in heap if f.kind == "generator"]
    print("%d code blocks in %d modules: %d frames on the heap (%d generators, "
          "%d with state over %d bytes)" % (
              len(found), len({f.module for f in found}), len(heap), len(gens),
              len(heap) - len(gens), MAX_STATE_ON_STACK))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
