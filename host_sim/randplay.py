"""Random legal play, for tests and benchmarks on CPython and MicroPython.

Written in the MicroPython subset: the same seeds give the same games on
both, which is how the VM is checked against CPython.
"""
from game import chance, rules
from game.engine import CARD, ORDER, ROLL, Game



def random_opts(rng):
    """A random mix of every rule option (short games: 1-4 rounds)."""
    opts = {}
    for key, kind in zip(rules.NAMES, rules.KINDS):
        if kind == "bool":
            opts[key] = rng.below(2) == 1
        elif isinstance(kind, tuple):
            opts[key] = kind[rng.below(len(kind))]
        else:
            opts[key] = kind + rng.below(4)
    return opts


def choose(game, rng):
    """A random legal move: first an action kind, then one of its kind, so
    that 120 ways to `order` do not drown `close`. Chance comes first."""
    k = game.pending()
    if k == CARD:
        return CARD, chance.card(rng), 0
    if k == ROLL and (game.opts["dice"] == "required" or rng.below(3)):
        d1, d2 = chance.roll(rng)
        return ROLL, d1, d2
    acts = game.legal()
    kinds = []
    for op, _ in acts:
        if op not in kinds:
            kinds.append(op)
    pick = kinds[rng.below(len(kinds))]
    same = [a for op, a in acts if op == pick]
    arg = same[rng.below(len(same))]
    if pick == ORDER:  # any order of a tie group is legal: shuffle it
        arg = list(arg)
        for i in range(len(arg) - 1, 0, -1):
            j = rng.below(i + 1)
            arg[i], arg[j] = arg[j], arg[i]
    return pick, arg, 0


def play(seed, players=0, opts=None, preset="standard", hook=None, max_actions=5000):
    """Play one random game; `hook(game, op, a, b)` runs after each action.
    Returns the finished game."""
    rng = chance.Rng(seed)
    if not players:
        players = 2 + rng.below(5)
    g = Game(players, opts, rng.below(players), preset)
    for _ in range(max_actions):
        if g.over():
            return g
        op, a, b = choose(g, rng)
        g.apply(op, a, b)
        if hook is not None:
            hook(g, op, a, b)
    raise RuntimeError("game %d did not end in %d actions" % (seed, max_actions))


def summary(game):
    """A line that identifies a finished game, for cross-VM comparison."""
    h = 0
    for x in game.log:
        h = (h * 31 + x) & 0xFFFFFF
    return "%d %d %d %s %06x" % (game.n, game.round, game.cards,
                                 ",".join(str(c) for c in game.crystals), h)



def play_undoing(st, seed, undos):
    """Random legal play through a game store (app.store.Store's do and
    undo, so the journal is written as on the device), taking back almost
    half of the actions (and the last of a finished game), until `undos`
    UNDOs were made or nothing is left to do."""
    rng = chance.Rng(seed)
    g = st.game
    made = 0
    while made < undos:
        if g.can_undo() and (g.over() or rng.below(100) < 45):
            st.undo()
            made += 1
        elif g.over():
            return made
        else:
            op, a, b = choose(g, rng)
            st.do(op, a, b)
    return made
