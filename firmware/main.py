"""Boot: the device runs from an asyncio loop, a step every 2 ms.

An unexpected error closes every window, shows the error, and resets the
board after 5 s; the game then resumes from the journal. An error while
booting (a lost part, a damaged file) is shown with the LED blinking; if the
firmware itself cannot load, the LED blinks fast. Ctrl-C over USB (mpremote) stops the loop with the lid closed and the watchdog kept fed, so
the REPL can be used (`mpremote resume ...`), with the device as `dev`."""
import asyncio
import time

import machine


def _cannot_start(e):
    print("Macroscope cannot start:", repr(e))
    led = machine.Pin("LED", machine.Pin.OUT)
    while True:
        led.toggle()
        time.sleep_ms(100)


try:
    import uf2boot  # noqa: F401  # pyright: ignore[reportMissingImports]  (only in the UF2: picks the frozen firmware or make flash's copy)
except ImportError:
    pass

try:
    from app import device
except Exception as e:  # a file missing, no memory: nothing of the firmware can show it
    _cannot_start(e)


async def _loop(dev):
    while True:
        dev.step()
        await asyncio.sleep_ms(2)


dev = None


def _play(d):
    global dev  # after Ctrl-C the REPL shares main.py's globals: `dev.ctl.store.game` is the game
    dev = d
    asyncio.run(_loop(d))


def run():
    # from power-up on, under the guard: no error at boot is a blank screen or a boot loop
    device.boot(_play, machine.reset, lambda s: time.sleep_ms(s * 1000))


run()
