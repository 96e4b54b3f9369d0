"""A game record read from a file, its errors said on stderr (`replay` and
`play --load` alike)."""
import io

import host_sim  # noqa: F401  (puts firmware/ on the path)
from game import record
from host_sim.shown import say

MOST = 4 << 20  # bytes: a whole game's record is some kB, the bench's longest 1 MB


def read_record(path):
    """The Table of a record file, or None after saying on stderr what is
    wrong (`replay` and `play --load` alike)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MOST + 1)  # no further: /dev/zero or a pipe would never end
        if len(data) > MOST:
            say("%s: over %d MB, larger than any game's record" % (path, MOST >> 20))
            return None
        return record.load(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))  # as open() reads it
    except OSError as e:
        say("%s: %s" % (path, e.strerror))
    except UnicodeDecodeError as e:
        say("%s: not a text file (%s)" % (path, e.reason))
    except record.RecordError as e:
        say(e)
    return None
