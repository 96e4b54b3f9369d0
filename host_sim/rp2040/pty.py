"""`python -m host_sim pico --pty LINK`: the emulated Pico with its USB
serial on a pseudo-terminal, LINK a symlink to it, so `mpremote connect LINK`
and `make flash PORT=LINK` talk to it as to a Pico on USB. Its emulated time
is paced to the wall clock (never ahead of it): host-side timeouts, such as
mpremote's, then mean what they say. A new flash holds MicroPython alone
(an empty filesystem); with --flash DIR it is kept in DIR, so a later run,
or `press --runtime rp2040 --flash DIR`, starts from what was copied.
Stops on Ctrl-C or SIGTERM, the flash saved."""
import os
import select
import signal
import sys
import time
import tty

from host_sim import FIRMWARE

CHUNK_US = 2000  # the longest run between looks at the serial line
# The first frame is said this long (the Pico's time) after it began: its loop, and main.py's `dev`, are
# there by then, so a tool that connects on the word finds them, however slowly the host runs the chip.
SETTLED_US = 200_000


class Stop(Exception):
    pass


def _stop(signum, frame):
    raise Stop()


def serve(pico, master, quit_after=None):
    """Carry bytes between the pty and the Pico's USB serial, pacing its
    clock to the wall clock, until Stop (or quit_after seconds). Says on
    stdout when the chip restarts and when, after, the device draws on its
    OLED (the driver's init clears all 1,024 bytes of it first), SETTLED_US
    of its time after that frame began."""
    from emu import clock
    t0 = time.monotonic() - clock.now_us() / 1e6
    started = time.monotonic()
    oled = pico.emu.oled
    resets = pico.resets
    since = oled.data_bytes
    first, said = None, False  # when the first frame began (the Pico's us), and whether it was said
    while quit_after is None or time.monotonic() - started < quit_after:
        if pico.resets != resets:
            resets = pico.resets
            since = oled.data_bytes
            first, said = None, False
            print("restart (%s) at %d ms" % (pico.reset_log[-1][1], clock.now_us() // 1000), flush=True)
        if first is None and oled.data_bytes > since + len(oled.ram) and any(oled.ram):
            first = clock.now_us()
        if first is not None and not said and clock.now_us() >= first + SETTLED_US:
            print("the device draws on the OLED at %d ms" % (first // 1000), flush=True)
            said = True
        r, _, _ = select.select([master], [], [], 0)
        if r:
            try:
                data = os.read(master, 4096)
            except OSError:  # no one holds the other end just now
                data = b""
            if data:
                pico.link.write_serial(data)
        ahead = clock.now_us() / 1e6 - (time.monotonic() - t0)
        if ahead > 0:
            time.sleep(min(ahead, 0.002))
            continue
        pico._ahead(clock.now_us() + CHUNK_US)
        if pico.link.serial:
            out = bytes(pico.link.serial)
            del pico.link.serial[:]
            try:
                os.write(master, out)
            except OSError:
                pass  # nobody is listening: a USB host that is not there drops it too


def main(args):
    from host_sim import hw
    hw.install()
    from host_sim.rp2040 import assets
    from host_sim.rp2040.link import PicoError
    from host_sim.rp2040.session import Pico, scratch
    tmp = None
    flash = args.flash
    if flash is None:
        tmp = scratch()
        flash = tmp.name
    master, slave = os.openpty()
    tty.setraw(slave)
    link = os.path.abspath(args.pty)
    if os.path.islink(link):
        os.unlink(link)
    os.symlink(os.ttyname(slave), link)
    signal.signal(signal.SIGTERM, _stop)
    pico = None
    try:
        pico = Pico(args.board, os.path.join(FIRMWARE, ""), flash, blank=True)
        print("emulated Pico on %s (%s); Ctrl-C stops it" % (link, os.ttyname(slave)), flush=True)
        serve(pico, master)
    except (Stop, KeyboardInterrupt):
        pass
    except (assets.Missing, PicoError) as e:
        print(e, file=sys.stderr)
        return 1
    finally:
        if pico is not None:
            pico.close(keep=args.flash is not None)
        os.unlink(link)
        os.close(master)
        os.close(slave)
        if tmp is not None:
            tmp.cleanup()
    return 0
