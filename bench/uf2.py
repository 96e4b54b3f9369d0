"""The UF2 (`make uf2`: the firmware frozen into MicroPython) on the emulated
Pico, timed by the emulated clock at 125 MHz, on an empty filesystem (a board
fresh from the UF2; a game set up or a journal added where said). rp2040js
has no model of the flash's XIP cache: code run from flash is timed
optimistically. Skipped, saying why on stderr, where the UF2 cannot be built."""
import os
import shutil
import sys
import tempfile

from host_sim import FIRMWARE, hw

ROOT = os.path.join(FIRMWARE, "")


def _flash(folder, extra=None):
    from host_sim.rp2040 import image
    from host_sim.rp2040.session import IMAGE
    os.makedirs(folder)
    data = image.empty()
    if extra is not None:
        data = image.with_files(data, extra)
    with open(os.path.join(folder, IMAGE), "wb") as f:
        f.write(data)


def _boot(folder):
    """A Pico on folder's flash, run until its OLED draws: (pico, boot ms)."""
    from host_sim.rp2040.session import Pico
    p = Pico("pico_pca9685", ROOT, folder, blank=True)
    return p, p.until_drawn() / 1000


def figures():
    from host_sim.rp2040 import assets, image
    from tools import uf2
    try:
        _uf2, rom = assets.binaries()
        if not os.path.exists(uf2.OUT):
            uf2.check_tools()
            uf2.sources()
            uf2.build()
    except (assets.Missing, uf2.Stop) as e:
        print("uf2 figures skipped: %s" % e, file=sys.stderr)
        return
    hw.install()
    old = os.environ.get(assets.ENV)
    os.environ[assets.ENV] = uf2.OUT + ":" + rom
    tmp = tempfile.mkdtemp(prefix="bench-uf2-")
    try:
        yield "rp2040_uf2_bytes", os.path.getsize(uf2.OUT), "bytes"
        _flash(os.path.join(tmp, "boot"))
        p, ms = _boot(os.path.join(tmp, "boot"))
        p.close(keep=False)
        yield "rp2040_uf2_boot_ms", "%.1f" % ms, "ms"
        extra = image.setup_game({"players": 6, "rules": "standard", "seed": 1})
        _flash(os.path.join(tmp, "heap"), extra)
        shutil.rmtree(extra)
        p, _ms = _boot(os.path.join(tmp, "heap"))
        try:
            p.interrupt()
            p.exec("from app.modes import CONTROLS")
            got = p.exec("import time\nfor k in range(200):\n    dev.step()\n    time.sleep_ms(2)\n"
                         "import gc\ngc.collect()\nprint(gc.mem_free())")
        finally:
            p.close(keep=False)
        yield "rp2040_uf2_heap_free_bytes", int(got.split()[-1]), "bytes"
        from bench.device import journal_of
        played = os.path.join(tmp, "played")
        os.makedirs(played)
        journal_of(300, os.path.join(played, ""))
        _flash(os.path.join(tmp, "resume"), played)
        p, ms = _boot(os.path.join(tmp, "resume"))
        p.close(keep=False)
        yield "rp2040_uf2_boot_resumed_ms", "%.1f" % ms, "ms"
    finally:
        shutil.rmtree(tmp)
        if old is None:
            del os.environ[assets.ENV]
        else:
            os.environ[assets.ENV] = old


if __name__ == "__main__":
    for fig in figures():
        print("BENCH %s %s %s" % fig)
        sys.stdout.flush()
