"""Boot: the device runs from an asyncio loop, a step every 2 ms. An
unexpected error closes every window, shows the error, and resets the board
after 5 s; the game then resumes from the journal."""
import asyncio

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
    except Exception as e:  # noqa: BLE001 - anything: make the lid safe first
        if isinstance(dev, device.Device):
            dev.fail(e)
        import time
        time.sleep_ms(5000)
        machine.reset()


run()
