"""The Pico's flash filesystem as `make flash` leaves it: littlefs v2 at flash
offset 0xa0000 (the rp2 port's layout), holding the firmware compiled for
armv6m, main.py as source, and optionally a game already set up."""
import os
import shutil
import tempfile

import littlefs

from host_sim import FIRMWARE
from host_sim.flags import choose_lang
from tools.mpy import build, data_files, firmware_files

# the rp2 port's littlefs (ports/rp2: 1,408 KiB from 0xa0000 on a 2 MiB Pico),
# configured as its _boot.py mounts it, `vfs.VfsLfs2(bdev, progsize=256)`, and
# as MicroPython's extmod/vfs_lfsx.c derives the rest
BLOCK_SIZE = 4096
BLOCK_COUNT = 352
SIZE = BLOCK_SIZE * BLOCK_COUNT
READ_SIZE = 32
PROG_SIZE = 256
LOOKAHEAD_SIZE = 32
BLOCK_CYCLES = 100
# The cache must be the board's too. littlefs keeps a file inline in its
# directory's block while it fits the cache (and an eighth of a block): the
# board's 1 KiB cache lets its journal stay inline up to 512 bytes. A smaller
# cache reads such a file in cache-sized slices, and littlefs (2.11, the
# version of both MicroPython v1.27 and littlefs-python 0.19) reads a whole
# slice even where the file ends sooner: where the file's entry lies near the
# end of its block, the last slice's read runs past the block and fails with
# LFS_ERR_CORRUPT though the image is sound (docs/rp2040.md).
CACHE_SIZE = min(BLOCK_SIZE, 4 * max(READ_SIZE, PROG_SIZE))
_built = {}  # compiled firmware per process: mpy-cross runs once


def _fs(image=None):
    fs = littlefs.LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, read_size=READ_SIZE,
                           prog_size=PROG_SIZE, cache_size=CACHE_SIZE, lookahead_size=LOOKAHEAD_SIZE,
                           block_cycles=BLOCK_CYCLES, mount=image is None)
    if image is not None:
        fs.context.buffer = bytearray(image)
        fs.mount()
    return fs


def empty():
    """The bytes of a filesystem with nothing on it: a Pico with MicroPython
    freshly installed (its _boot.py made the filesystem)."""
    return bytes(_fs().context.buffer)


def compiled():
    """A folder with the firmware as `make flash` compiles it (armv6m .mpy)."""
    if "dir" not in _built:
        tmp = tempfile.mkdtemp(prefix="pico-mpy-")
        build(tmp, "armv6m")
        _built["dir"] = tmp
    return _built["dir"]


def put_tree(fs, src, dest="", dirs_only=False):
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        target = dest + "/" + name
        if dirs_only and not os.path.isdir(path):
            continue  # main.mpy: the board runs main.py, never main.mpy
        if os.path.isdir(path):
            fs.makedirs(target, exist_ok=True)
            put_tree(fs, path, target)
        else:
            with open(path, "rb") as f, fs.open(target, "wb") as out:
                out.write(f.read())


def source():
    """A folder with the firmware as source, as `mpremote mip install` and
    CircuitPython's copy leave it: every .py and data file, none compiled."""
    if "src" not in _built:
        tmp = tempfile.mkdtemp(prefix="pico-src-")
        for rel in firmware_files(".py") + data_files():
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            shutil.copyfile(os.path.join(FIRMWARE, rel), os.path.join(tmp, rel))
        _built["src"] = tmp
    return _built["src"]


def fresh(board, extra=None, src=False):
    """The bytes of a new filesystem: the compiled firmware (src: its
    source), main.py, board.txt naming the board config, and the files of
    the folder extra (a game set up on the host) at its root."""
    fs = _fs()
    put_tree(fs, source() if src else compiled(), dirs_only=True)
    with fs.open("/board.txt", "w") as out:
        out.write(board + "\n")
    with open(os.path.join(FIRMWARE, "main.py"), "rb") as f, fs.open("/main.py", "wb") as out:
        out.write(f.read())
    if extra is not None:
        put_tree(fs, extra)
    return bytes(fs.context.buffer)


def files(image):
    """{path: bytes} of every file in an image."""
    fs = _fs(image)
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = top.rstrip("/") + "/" + n
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out


def has(image, path):
    fs = _fs(image)
    try:
        fs.stat(path)
        return True
    except littlefs.errors.LittleFSError:
        return False


def with_files(image, src):
    """image with the files of folder src added at its root."""
    fs = _fs(image)
    put_tree(fs, src)
    return bytes(fs.context.buffer)


def with_lang(image, code):
    """image with language code chosen in its settings (the rest kept), as
    the setup menu's Lang line chooses it."""
    tmp = tempfile.mkdtemp(prefix="pico-lang-")
    try:
        old = files(image).get("/settings.json")
        if old is not None:
            with open(os.path.join(tmp, "settings.json"), "wb") as f:
                f.write(old)
        choose_lang(tmp, code)
        return with_files(image, tmp)
    finally:
        shutil.rmtree(tmp)


def setup_game(setup, lang=None):
    """A folder with what the firmware writes when it starts the game setup
    asks for (its journal and settings), made by the firmware's own
    Controller on CPython: the board then resumes that game at boot, as the
    device started with the simulator's setup flags does."""
    from host_sim import hw
    hw.install()
    import time
    from app.controller import Controller
    from drivers.storage import Storage
    tmp = tempfile.mkdtemp(prefix="pico-setup-")
    if lang is not None:  # chosen before the game begins, as on the other runtimes
        choose_lang(tmp, lang)
    Controller(Storage(os.path.join(tmp, "")), None, time, setup)
    return tmp


def make(board, setup=None, lang=None, src=False):
    """A new flash filesystem for board (a config name), the game setup
    asks for started on it, speaking lang (a code of app.lang) if given;
    src: the firmware as source."""
    extra = setup_game(setup, lang) if setup is not None else None
    try:
        return fresh(board, extra, src)
    finally:
        if extra is not None:
            shutil.rmtree(extra)


def resumed(image):
    """The game the journal in image resumes to, by the firmware's own
    Controller on CPython (None: no game): what the board would resume."""
    from host_sim import hw
    hw.install()
    import time
    from app.controller import Controller
    from drivers.storage import Storage
    tmp = tempfile.mkdtemp(prefix="pico-resume-")
    try:
        fs = _fs(image)
        for name in fs.listdir("/"):  # the device's own files sit at the root
            if fs.stat("/" + name).type == 1:  # a file (2: a folder of the firmware's)
                with fs.open("/" + name, "rb") as src, open(os.path.join(tmp, name), "wb") as f:
                    f.write(src.read())
        return Controller(Storage(os.path.join(tmp, "")), None, time).store.game
    finally:
        shutil.rmtree(tmp)
