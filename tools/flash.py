"""`python -m tools.flash [--port PORT] [DEST]` (`make flash`): compile the
firmware for the RP2040 (mpy-cross -march=armv6m, into DEST, build/mpy by
default), copy it to a Pico running MicroPython over USB with mpremote, and
reset the board so it boots into the game. main.py goes as source: MicroPython
runs main.py at boot, never main.mpy. With no board attached it says so and
exits 1 before copying anything.

`python -m tools.flash --package-json` rewrites package.json, the list of
files `mpremote mip install` installs from the repository."""
import json
import os
import subprocess
import sys

from tools import FIRMWARE, ROOT
from tools.mpy import build, data_files, firmware_files, tool

PACKAGE_JSON = os.path.join(ROOT, "package.json")
VERSION = "0.1.0"
NO_BOARD = ("no MicroPython board found on USB (`mpremote connect list` lists none):\n"
            "plug in a Pico running MicroPython (README: Flashing a board), or name its port with --port")


def no_port(port):
    """A message when port names a device file that is not there (mpremote's
    shortcuts, as a0 or id:..., are left to it), else ""."""
    if port.startswith("/") and not os.path.exists(port):
        return ("no port %s: nothing is plugged in there (`mpremote connect list` lists the boards; "
                "README: Flashing a board)" % port)
    return ""

# uf2boot (the UF2's frozen boot) runs the filesystem's copy when main.py is there
RUNS = ("the board runs this copy (main.py is on its filesystem), also on a board flashed with "
        "a macroscope-BOARD.uf2; to run the UF2's frozen firmware again: mpremote rm :main.py")


def boards(listing):
    """USB serial ports in `mpremote connect list` output (`port serial
    vid:pid maker product` a line); ports without a USB id (0000:0000, such
    as a PC's own /dev/ttyS0) are no board."""
    out = []
    for line in listing.splitlines():
        w = line.split()
        if len(w) >= 3 and ":" in w[2] and w[2] != "0000:0000":
            out.append(w[0])
    return out


def copy_args(port, dest):
    """mpremote's arguments, run in dest: every compiled package, main.py as
    source, then a reset. `resume`: no soft reset first. A board running the
    device has its watchdog started, and a soft reset would leave it unfed
    (the board would reset in the middle of the copy); mpremote's Ctrl-C
    instead stops main.py's loop, which keeps the watchdog fed."""
    dirs = sorted(d for d in os.listdir(dest) if os.path.isdir(os.path.join(dest, d)))
    return (["connect", port, "resume", "cp", "-r"] + dirs + [":", "+",
            "cp", os.path.join(FIRMWARE, "main.py"), ":main.py", "+", "reset"])


def flash(dest, port=None, run=subprocess.run):
    mpremote = tool("mpremote")
    if port is None:
        listing = run([mpremote, "connect", "list"], capture_output=True, text=True)
        found = boards(listing.stdout)
        if not found:
            print(NO_BOARD, file=sys.stderr)
            return 1
        port = found[0]
    elif no_port(port):  # said before a minute of compiling
        print(no_port(port), file=sys.stderr)
        return 1
    files = build(dest, "armv6m")
    print("%d files compiled into %s; copying to %s" % (len(files), dest, port))
    p = run([mpremote] + copy_args(port, dest), cwd=dest)
    if p.returncode:
        print("mpremote failed (exit %d) copying to %s" % (p.returncode, port), file=sys.stderr)
        return 1
    print(RUNS)
    return 0


def package():
    """package.json for mip: every firmware file as source, at the path it
    has on the board, its URL relative to package.json (so a fork installs
    from itself)."""
    urls = [[rel, "firmware/" + rel] for rel in firmware_files(".py") + data_files()]
    return {"urls": urls, "deps": [], "version": VERSION}


def package_text():
    """package.json's text: a file a line, so a change shows in a diff."""
    p = package()
    urls = ",\n".join("    " + json.dumps(u) for u in p["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": [],\n  "version": %s\n}\n' % (urls, json.dumps(p["version"]))


def main(argv, run=subprocess.run):
    args = list(argv)
    if args == ["--package-json"]:
        with open(PACKAGE_JSON, "w") as f:
            f.write(package_text())
        return 0
    port = None
    if "--port" in args:
        i = args.index("--port")
        if i + 1 >= len(args):
            print("--port: name the board's serial port, e.g. /dev/ttyACM0", file=sys.stderr)
            return 2
        port = args[i + 1]
        del args[i:i + 2]
    return flash(args[0] if args else os.path.join("build", "mpy"), port, run)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
