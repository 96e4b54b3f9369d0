"""Reading a journal back whole, for the tests: the firmware folds it in
place (Journal.fold) and never builds the log."""


def load(j, upto=-1):
    """(header dict, the game's log with every UNDO folded away, bytes
    dropped, each action's offset in the file << 3 | its length - 1 (an
    array), the cards dealt at the last RELOAD or -1) of journal j; None if
    there is no journal or its header is unreadable."""
    got = j.fold(upto)
    if got is None:
        return None
    header, data, dropped, at, top, reload = got
    log = bytearray()
    for n in range(top):
        x = at[n] >> 3
        log += data[x:x + (at[n] & 7) + 1]
    return header, log, dropped, at, reload
