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


def test_the_bytecode_carries_no_line_numbers(tmp_path):
    """Lines moved apart compile to the same bytes: no line-number table
    (7 % of the firmware's .mpy bytes) goes to the board."""
    from tools.mpy import compile_file
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.py").write_text("def f(x):\n    y = x + 1\n    return y * 2\n")
    (src / "b.py").write_text("\n\n\ndef f(x):\n\n    y = x + 1\n\n\n    return y * 2\n")
    a = compile_file("a.py", str(tmp_path), "armv6m", root=str(src))
    b = compile_file("b.py", str(tmp_path), "armv6m", root=str(src))
    with open(a, "rb") as fa, open(b, "rb") as fb:
        assert fa.read().replace(b"a.py", b"b.py") == fb.read()


def test_a_module_names_its_file_without_its_folders(tmp_path):
    """A traceback says play.py, not app/mode/play.py: the folders' bytes
    stay off the board."""
    from tools.mpy import compile_file
    src = tmp_path / "src" / "app" / "mode"
    src.mkdir(parents=True)
    (src / "here.py").write_text("def f():\n    return 1\n")
    with open(compile_file("app/mode/here.py", str(tmp_path / "out"), "armv6m", root=str(tmp_path / "src")), "rb") as f:
        data = f.read()
    assert b"here.py" in data and b"app/mode" not in data
