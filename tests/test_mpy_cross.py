"""Every firmware file compiles for the RP2040 (mpy-cross -march=armv6m)."""
from tools.mpy import build, firmware_files


def test_every_firmware_file_compiles_for_armv6m(tmp_path):
    written = build(str(tmp_path), march="armv6m")
    sources = firmware_files()
    assert sources, "no firmware files found"
    mpy = [p for p in written if p.endswith(".mpy")]
    assert len(mpy) == len(sources)
    for path in mpy:
        with open(path, "rb") as f:
            head = f.read(4)
        assert head[0:1] == b"M" and head[1] == 6, (path, head)  # mpy format v6


def test_a_syntax_error_is_reported(tmp_path):
    bad = tmp_path / "fw"
    bad.mkdir()
    (bad / "broken.py").write_text("def f(:\n")
    try:
        build(str(tmp_path / "out"), march="armv6m", root=str(bad))
    except RuntimeError as e:
        assert "broken.py" in str(e)
    else:
        raise AssertionError("a broken file compiled")
