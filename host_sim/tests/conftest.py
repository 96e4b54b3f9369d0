"""Every test here starts with the emulated board's random source pinned, so a
menu game repeats; a test of fresh entropy unpins it (emu.world.pin_random)."""
import sys

import pytest

from host_sim.hw import FAKES


@pytest.fixture(autouse=True)
def pinned_random():
    if FAKES not in sys.path:
        sys.path.insert(1, FAKES)
    from emu import world
    world.pin_random(2040)
    yield
    world.pin_random(2040)
