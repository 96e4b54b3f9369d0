"""Everything that defines a game's state, for equality checks in tests."""


def snapshot(g):
    return (g.n, tuple(g.crystals), bytes(g.tokens), g.round, g.cards, g.active,
            g.starter, g.open_mask, g.need_card, g.phase, g.d1, g.d2, g.used,
            g.turn_opened, g.unrewarded, g.passed, g.active_guessed,
            tuple(g.call_order()), g.n_at_guess, bytes(g.log))
