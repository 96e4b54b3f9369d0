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
    try:
        asyncio.run(_loop(dev))
    except KeyboardInterrupt:
        if isinstance(dev, device.Device):
            dev.stop()
    except Exception as e:  # anything at all: make the lid safe first
        dev.fail(e)
        time.sleep_ms(5000)
        machine.reset()


run()
