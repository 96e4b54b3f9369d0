"""`python -m tools.uf2 [BOARD...]` (`make uf2`): build/macroscope-BOARD.uf2 for
every board config (firmware/boards/), MicroPython v1.27.0 for RPI_PICO with
the firmware frozen in (uf2/manifest.py) and that board's name as its
default, and the NOTICE of its licenses beside them. One file a board: the
board is never guessed by driving pins (the direct-PWM board drives GPIO
0-11, where the PCA9685 board has its buttons; only the PCA9685 would answer
a probe). The boards share one build folder: the second and later are a new
frozen module and a link.

The MicroPython sources: $MACROSCOPE_MICROPYTHON (a checkout of tag v1.27.0
with its submodules; pico-sdk then fetches picotool itself), else the source
tarball in ../shared/rp2040/src/ beside the repository, unpacked into
build/uf2/ with the picotool it carries. A missing input (toolchain, sources,
another MicroPython version, a file the manifest names) stops the build with
one line saying what to install or fix, exit 2; the UF2 is written under a
temporary name and renamed at the end, so no half-built file is left."""
import os
import re
import shutil
import subprocess
import sys
import time

from tools import FIRMWARE, ROOT
from tools.mpy import firmware_files

VERSION = (1, 27, 0)
BOARD = "RPI_PICO"
DEFAULT_BOARD = "pico_pca9685"  # the board the tests and benchmarks boot


def out_path(board):
    return os.path.join(ROOT, "build", "macroscope-%s.uf2" % board)


def boards(firmware=FIRMWARE):
    """Every board config's name (firmware/boards/NAME.json)."""
    return sorted(os.path.basename(r)[:-5] for r in firmware_files(".json", firmware) if r.startswith("boards"))


OUT = out_path(DEFAULT_BOARD)
WORK = os.path.join(ROOT, "build", "uf2")
MANIFEST = os.path.join(ROOT, "uf2", "manifest.py")
NOTICE = os.path.join(ROOT, "NOTICE")
ENV = "MACROSCOPE_MICROPYTHON"
TARBALL = os.path.join(os.path.dirname(ROOT), "shared", "rp2040", "src",
                       "micropython-v1.27.0-rp2-src.tar.xz")
TOOLS = (("arm-none-eabi-gcc", "gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib"),
         ("cmake", "cmake"), ("make", "make"))
# the data the firmware opens as files, frozen as bytes (uf2boot writes them out)
DATA_EXT = (".json", ".bin")


class Stop(Exception):
    """An input is missing: the message says what to install or fix."""


def check_tools():
    for exe, pkg in TOOLS:
        if shutil.which(exe) is None:
            raise Stop("%s not found: install it (apt-get install %s)" % (exe, pkg))


def version(mp):
    """(major, minor, micro) of the MicroPython tree at mp."""
    path = os.path.join(mp, "py", "mpconfig.h")
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        raise Stop("%s: not a MicroPython checkout (no py/mpconfig.h)" % mp)
    got = [re.search(r"#define MICROPY_VERSION_%s (\d+)" % k, text) for k in ("MAJOR", "MINOR", "MICRO")]
    if not all(got):
        raise Stop("%s: no MICROPY_VERSION in py/mpconfig.h" % path)
    return tuple(int(m.group(1)) for m in got)


def sources(env=os.environ):
    """(micropython dir, picotool cmake dir or None), unpacking the tarball
    into build/uf2/ (once) when $MACROSCOPE_MICROPYTHON is not set."""
    if env.get(ENV):
        mp = env[ENV]
        pt = None
    else:
        if not os.path.isfile(TARBALL):
            raise Stop("no MicroPython sources: set %s to a v1.27.0 checkout with its submodules "
                       "(git clone -b v1.27.0 https://github.com/micropython/micropython; "
                       "make -C micropython/ports/rp2 submodules), or provide %s" % (ENV, TARBALL))
        mp = os.path.join(WORK, "micropython")
        if not os.path.isdir(mp):
            os.makedirs(WORK, exist_ok=True)
            subprocess.run(["tar", "xJf", TARBALL, "-C", WORK], check=True)
        pt = os.path.join(WORK, "pt")
    got = version(mp)
    if got != VERSION:
        raise Stop("%s is MicroPython %s; the UF2 is built from v%s: check out tag v%s" % (
            mp, ".".join(map(str, got)), ".".join(map(str, VERSION)), ".".join(map(str, VERSION))))
    return mp, pt


def check_manifest(path=MANIFEST, gen=""):
    """Run the manifest with stand-ins for MicroPython's manifest functions,
    so that a file it names and that is not there is one clear line."""
    if not os.path.isfile(path):
        raise Stop("%s: no such file" % path)
    named = []

    here = os.path.dirname(path)

    def module(name, base_path=".", **_):
        named.append(os.path.join(here, base_path, name))

    def package(name, files=None, base_path=".", **_):
        named.append(os.path.join(here, base_path, name))

    g = {"include": lambda *a, **k: None, "module": module, "package": package,
         "require": lambda *a, **k: None, "freeze": lambda *a, **k: None, "metadata": lambda *a, **k: None}
    old = os.environ.get("MACROSCOPE_UF2_GEN")
    os.environ["MACROSCOPE_UF2_GEN"] = gen
    try:
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), g)
    finally:
        if old is None:
            del os.environ["MACROSCOPE_UF2_GEN"]
        else:
            os.environ["MACROSCOPE_UF2_GEN"] = old
    for p in named:
        if not os.path.exists(p):
            raise Stop("%s names %s: no such file; fix the manifest" % (
                os.path.relpath(path, ROOT), os.path.normpath(os.path.relpath(p, ROOT))))
    return named


def data_module(gen, board=DEFAULT_BOARD, firmware=FIRMWARE):
    """uf2data.py in gen: FILES, (path on the board, bytes) of every data file
    the firmware opens (app.datafile reads them in place), BOARD, the board
    config this UF2 is for, and VERSION, the firmware's git description."""
    if not os.path.isfile(os.path.join(firmware, "boards", board + ".json")):
        raise Stop("no board config %s: the boards are %s" % (board, ", ".join(boards(firmware))))
    os.makedirs(gen, exist_ok=True)
    rels = [r for ext in DATA_EXT for r in firmware_files(ext, firmware)]
    try:
        ver = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                             text=True).stdout.strip()
    except OSError:
        ver = ""
    lines = ['"""Generated by tools/uf2.py: the firmware\'s data files and the board this UF2 is for."""',
             "VERSION = %r" % (ver or "unknown"), "BOARD = %r" % board, "FILES = ("]
    for r in sorted(rels):
        with open(os.path.join(firmware, r), "rb") as f:
            lines.append("    (%r, %r)," % (r.replace(os.sep, "/"), f.read()))
    lines.append(")")
    with open(os.path.join(gen, "uf2data.py"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return rels


def picotool(pt, mp, jobs):
    """Build the tarball's picotool (once), so that pico-sdk need not download one."""
    if pt is None or os.path.isdir(os.path.join(pt, "lib", "cmake", "picotool")):
        return
    src = os.path.join(WORK, "picotool")
    subprocess.run(["cmake", "-S", src, "-B", os.path.join(src, "build"), "-DPICO_SDK_PATH=" + os.path.join(
        mp, "lib", "pico-sdk"), "-DCMAKE_INSTALL_PREFIX=" + pt, "-DPICOTOOL_NO_LIBUSB=1"],
        check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["make", "-C", os.path.join(src, "build"), "-j%d" % jobs, "install"], check=True,
                   stdout=subprocess.DEVNULL)


def build(names=None, manifest=MANIFEST, env=os.environ, jobs=2, out=out_path):
    """Build the UF2 of each board in names (every board config if None) as
    out(board) (and NOTICE beside them); returns their paths."""
    names = boards() if names is None else names
    check_tools()
    mp, pt = sources(env)
    gen = os.path.join(WORK, "gen")
    for b in names:  # every name checked before a minute of building
        data_module(gen, b)
    check_manifest(manifest, gen)
    picotool(pt, mp, jobs)
    subprocess.run(["make", "-C", os.path.join(mp, "mpy-cross"), "-j%d" % jobs], check=True,
                   stdout=subprocess.DEVNULL)
    bdir = os.path.join(WORK, "build-" + BOARD)
    e = dict(env, MACROSCOPE_UF2_GEN=gen)
    if pt is not None:
        e["picotool_DIR"] = os.path.join(pt, "lib", "cmake", "picotool")  # in the environment: see docs/uf2.md
    made = []
    for b in names:
        data_module(gen, b)
        subprocess.run(["make", "-C", os.path.join(mp, "ports", "rp2"), "BOARD=" + BOARD, "BUILD=" + bdir,
                        "FROZEN_MANIFEST=" + manifest, "-j%d" % jobs], check=True, env=e, stdout=subprocess.DEVNULL)
        path = out(b)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = path + ".part"
        shutil.copyfile(os.path.join(bdir, "firmware.uf2"), tmp)
        shutil.copyfile(NOTICE, os.path.join(os.path.dirname(path), "NOTICE"))
        os.replace(tmp, path)
        made.append(path)
    return made


def main(argv):
    t = time.time()
    try:
        made = build(argv or None)
    except Stop as e:
        print("make uf2: " + str(e), file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as e:
        print("make uf2: %s failed (exit %d)" % (" ".join(e.cmd[:3]), e.returncode), file=sys.stderr)
        return 1
    for out in made:
        print("%s: %d bytes" % (os.path.relpath(out, ROOT), os.path.getsize(out)))
    print("%d UF2 built in %.0f s" % (len(made), time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
