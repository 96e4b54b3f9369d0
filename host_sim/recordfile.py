"""A game record read from a file, its errors said on stderr (`replay` and
`play --load` alike)."""
import sys

import host_sim  # noqa: F401  (puts firmware/ on the path)
from game import record


def read_record(path):
    """The Table of a record file, or None after saying on stderr what is
    wrong (`replay` and `play --load` alike)."""
    try:
        with open(path, encoding="utf-8") as f:
            return record.load(f)
    except OSError as e:
        print("%s: %s" % (path, e.strerror), file=sys.stderr)
    except UnicodeDecodeError as e:
        print("%s: not a text file (%s)" % (path, e.reason), file=sys.stderr)
    except record.RecordError as e:
        print(e, file=sys.stderr)
    return None
