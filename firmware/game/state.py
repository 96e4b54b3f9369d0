"""The game state as the JSON object of rules.md (seats and windows 1-based)."""
from game.engine import P_CALL, P_REVEAL, PHASES, WINDOWS


def as_dict(game):
    g = game
    in_call = g.phase == P_CALL or g.phase == P_REVEAL
    return {
        "players": g.n,
        "rules": g.preset,
        "round": g.round,
        "card": g.cards,
        "active": g.active + 1,
        "phase": PHASES[g.phase],
        "crystals": list(g.crystals),
        "open": [w + 1 for w in range(WINDOWS) if g.is_open(w)],
        "closed": g.closed(),
        "dice": [g.d1, g.d2] if g.d1 else [],
        "call": [s + 1 for s in g.call_order()] if in_call else [],
        "over": g.over(),
        "winners": [s + 1 for s in g.winners()],
        "tokens": list(g.tokens),
    }
