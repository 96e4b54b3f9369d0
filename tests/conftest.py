import pytest

from tools.mpy import build_fakes
from tests import mpvm


@pytest.fixture(scope="session")
def mpy_dir(tmp_path_factory):
    """The firmware compiled to .mpy once per test session (per xdist worker)."""
    return mpvm.compile_tree(str(tmp_path_factory.mktemp("mpy")))


@pytest.fixture(scope="session")
def fakes_dir(tmp_path_factory):
    """The emulated board (host_sim/fakes) compiled to .mpy, to run beside the firmware."""
    return build_fakes(str(tmp_path_factory.mktemp("fakes")))


@pytest.fixture(scope="session")
def machine_mpy_dir(tmp_path_factory):
    """The firmware compiled as for the board, its machine-code modules
    (tools.mpy.EMIT: the native engine, the viper card check) for this VM's
    x86-64 in place of the board's armv6m."""
    return mpvm.compile_tree(str(tmp_path_factory.mktemp("mpy-x64")), march="x64")
