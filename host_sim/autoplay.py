"""A whole game as button presses: picks the next key from the device's
state (a sensible move, as a family would press it, now and then an undo),
so a test or a benchmark can play the firmware to the end and replay the
same keys elsewhere (the MicroPython VM, CircuitPython, the web page)."""
import random

from app import modes as c
from game import engine


def next_key(ctl, rng, undo=0.03):
    """A sensible key for the device's state: plays on to the end of the game,
    guessing often enough that rounds end; now and then an undo."""
    g = ctl.store.game
    if ctl.mode == c.M_RELOAD:
        return "o"
    if ctl.mode != c.M_PLAY or g is None:
        return "u"
    if g.over():
        return None
    ph = g.phase
    if ph == engine.P_REVEAL:
        if ctl.slot.must_pull():
            return "c"
        return rng.choice([str(s + 1) for s in g.call_order()] + ["o"])
    why = ctl.slot.blocked()
    if why == "Wait: closing":  # a card put in now would be seen: a key refused passes the time
        return "n"
    if why:
        return "c"
    if rng.random() < undo and g.can_undo():
        return "u"
    legal = g.legal()
    if ph == engine.P_ROLL:
        return "n" if (engine.SKIP, 0) in legal and rng.random() < 0.3 else "r"
    if ph == engine.P_OPEN:
        return rng.choice("noo")
    if ph == engine.P_DECIDE:
        if (engine.END, 0) in legal:
            return rng.choice("op" if ctl.store.allowed() else "p")
        options = ["p", str(g.active + 1)]
        if ctl.store.allowed() and rng.random() < 0.5:
            options.append("o")
        return rng.choice(options)
    # the call: seats join, ties are ordered, then OK closes it
    for code, a in legal:
        if code == engine.ORDER and rng.random() < 0.5:
            return str(a[len(ctl.play.order)] + 1) if ctl.play.order and ctl.play.order[0] in a else str(a[-1] + 1)
    joiners = [str(a + 1) for code, a in legal if code == engine.GUESS]
    if joiners and rng.random() < 0.6:
        return rng.choice(joiners)
    return "o"


def to_void_card(s):
    """Session s played on, every window opened and passed, nobody in the
    call, until OK deals the next card (a void card): the ms since that
    OK's press (its release)."""
    for _ in range(200):
        ctl, g = s.dev.ctl, s.game()
        ph = g.phase
        k = ("r" if ph == engine.P_ROLL else "o" if ph == engine.P_OPEN or ph == engine.P_CALL
             else "o" if ctl.store.allowed() else "p")
        cards = g.cards
        ms = s.push(k)
        s.run(ms)
        if s.game().cards != cards:
            return ms
        s.run(300)
    raise RuntimeError("no void card in 200 keys")


def next_card_ms(s, since=0, step=10):
    """To the device asking for the next card, since OK on a void card was
    pressed `since` ms ago, on s's virtual clock: read from the clock, as
    s.run(step) runs whole steps (a step and its 2 ms sleep: more than
    `step` ms when step is 1)."""
    from emu import clock
    t0 = clock.now_us()
    while s.dev.ctl.slot.blocked() == "Wait: closing":
        s.run(step)
        if since + (clock.now_us() - t0) // 1000 > 5000:
            raise RuntimeError("still closing after 5 s")
    return since + (clock.now_us() - t0) // 1000


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
        k = next_key(s.dev.ctl, rng)
        if k is None:
            return keys
        s.key(k)
        keys.append(k)
    raise RuntimeError("no end after %d keys: %s" % (limit, " ".join(keys[-40:])))
