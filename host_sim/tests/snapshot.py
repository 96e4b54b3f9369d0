"""Everything that defines a game's state, for equality checks in tests."""


def snapshot(g):
    """Every attribute of the game, with its buffers as bytes. The log alone
    defines the state; the rest is compared to catch a replay that differs.
    `_prev` is a cache (the checkpoint of the card before, dropped by an undo
    across a deal): not compared."""
    out = []
    for name in sorted(vars(g)):
        if name == "_prev":
            continue
        v = getattr(g, name)
        out.append((name, bytes(v) if isinstance(v, (bytearray, memoryview)) else
                    tuple(v) if isinstance(v, list) else
                    tuple(sorted(v.items())) if isinstance(v, dict) else v))
    return tuple(out) + (tuple(g.call_order()),)
