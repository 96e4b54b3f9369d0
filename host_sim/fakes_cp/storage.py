"""A fake of CircuitPython's `storage`: remount() and getmount("/").readonly,
the one fact code.py asks (can the firmware write to its flash?)."""


class _Mount:
    readonly = False  # as boot.py's remount leaves it


_root = _Mount()


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    if mount_path != "/":
        raise OSError(22, "not a mount point")
    _root.readonly = readonly


def getmount(mount_path):
    return _root
