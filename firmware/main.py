"""Boot: the device runs from an asyncio loop, a step every 2 ms.

An unexpected error closes every window, shows the error, and resets the
board after 5 s; the game then resumes from the journal. Ctrl-C over USB
(mpremote) stops the loop with the lid closed and the watchdog kept fed, so
the REPL can be used (`mpremote resume ...`)."""
import asyncio
import time

import machine

from app import device


async def _loop(dev):
    while True:
        dev.step()
        await asyncio.sleep_ms(2)


def run():
    dev = device.start()
    device.guard(dev, lambda: asyncio.run(_loop(dev)), machine.reset, lambda s: time.sleep_ms(s * 1000))


run()
