"""A whole game as button presses: picks the next key from the device's game
state (a random legal move, as a family would press it), so a test or a
benchmark can play the firmware to the end and replay the same keys elsewhere
(the MicroPython VM)."""
import random

from game import engine


def next_key(s, rng):
    """The next key for the Session s, or None when the game is over."""
    ctl = s.dev.ctl
    g = ctl.game
    if g is None or g.over():
        return None
    ph = g.phase
    if ph == engine.P_REVEAL:
        if ctl.card_in:
            return "c"  # the card is pulled, then the right seat says so
        who = rng.choice(g.call_order() + [engine.NOBODY])
        return "o" if who == engine.NOBODY else str(who + 1)
    if ctl.blocked():
        return "c"  # put the card in, or pull the old one to swap it
    legal = g.legal()
    if ph == engine.P_CALL:
        joins = [a for code, a in legal if code == engine.GUESS]
        ties = [a for code, a in legal if code == engine.ORDER]
        if ties and not ctl.order and rng.random() < 0.5:
            tie = list(ties[0])
            rng.shuffle(tie)
            return " ".join(str(t + 1) for t in tie)
        if joins and rng.random() < 0.4:
            return str(rng.choice(joins) + 1)
        return "o"
    if ph == engine.P_ROLL:
        return "n" if (engine.SKIP, 0) in legal and rng.random() < 0.2 else "r"
    opens = any(code == engine.OPEN for code, _ in legal)
    if ph == engine.P_DECIDE:
        if (engine.END, 0) in legal:
            return "p"
        r = rng.random()
        if r < 0.25:
            return str(g.active + 1)
        if r < 0.55 or not opens:
            return "p"
    return "o"


POWER = "power"  # in a key list: the power is cut there and comes back


def play(s, seed=0, limit=3000, cut_after=None):
    """Play Session s to the end; return the keys pressed (one string each).
    cut_after: cut the power once that many keys are pressed (between two
    moves): the board reboots and resumes, and POWER marks the place."""
    rng = random.Random(seed)
    keys = []
    while len(keys) < limit:
        if cut_after is not None and len(keys) >= cut_after and POWER not in keys:
            s.reboot()
            keys.append(POWER)
        k = next_key(s, rng)
        if k is None:
            return keys
        for one in k.split():
            s.key(one)
            keys.append(one)
    raise RuntimeError("no end after %d keys: %s" % (limit, " ".join(keys[-40:])))
