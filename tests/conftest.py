import pytest

from tests import mpvm


@pytest.fixture(scope="session")
def mpy_dir(tmp_path_factory):
    """The firmware compiled to .mpy once per test session (per xdist worker)."""
    return mpvm.compile_tree(str(tmp_path_factory.mktemp("mpy")))
