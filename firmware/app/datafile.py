"""The firmware's data files (board configs, text tables, glyphs): the
filesystem's, else the copy frozen into the UF2 (uf2data, made by
tools/uf2.py), read in place from flash. So the UF2 writes nothing at first
boot (a flash sector's erase takes 45 ms), and a file a maker put on the
filesystem still comes first."""
import io


def frozen(path):
    """The bytes frozen for path (as "boards/x.json"), or None (no UF2, no such file)."""
    import sys
    uf2data = sys.modules.get("uf2data")  # imported by the UF2's boot (uf2boot); absent elsewhere
    if uf2data is None:
        return None
    for p, data in uf2data.FILES:
        if p == path:
            return data
    return None


def open_data(path):  # type: (str) -> io.FileIO
    """open(path, "rb"); where the filesystem has no such file, the frozen
    copy as a file, else the OSError."""
    try:
        return open(path, "rb")
    except OSError:
        data = frozen(path)
        if data is None:
            raise
    return io.BytesIO(data)  # pyright: ignore[reportReturnType]  (refers to the frozen bytes: no copy in RAM)
