"""A reveal's result shows each seat's change in crystals over the whole card
(join fees, a pass's reward, the reveal), as the Scores page counts it: over
random games on CPython, the gains on the result equal the change of every
seat's crystals since the card was dealt (a seat not listed: no change)."""
import random

import pytest

from host_sim import autoplay, press


def _shown(result):
    gains = {}
    for part in result.split("\n")[1].split("  "):
        if part:
            seat, amount = part.split(" ")
            gains[int(seat[1:]) - 1] = int(amount)
    return gains


@pytest.mark.parametrize("players,rules,seed", [(3, "standard", 1), (6, "standard", 2), (4, "family", 3),
                                                (5, "zh-cn", 4)])
def test_result_gains_equal_each_seats_change_over_the_card(tmp_path, players, rules, seed):
    press.choose_lang(str(tmp_path), "en")
    s = press.start("pico_pca9685", str(tmp_path), {"players": players, "rules": rules, "seed": seed})
    s.run(500)
    rng = random.Random(seed)
    dealt = {}  # a card's count -> every seat's crystals when it was dealt
    results = 0
    was = ""
    for _ in range(2500):
        ctl = s.dev.ctl
        g = ctl.store.game
        if g.cards not in dealt:
            dealt[g.cards] = list(g.crystals)
        card = g.cards  # the card the next key may reveal (the next is dealt at once after it)
        k = autoplay.next_key(ctl, rng)
        if k is None:
            break
        s.key(k)
        g = ctl.store.game
        result = ctl.cur.result
        if result and result != was:
            shown = _shown(result)
            start = dealt[card]
            want = dict((p, g.crystals[p] - start[p]) for p in range(g.n) if g.crystals[p] != start[p])
            assert {p: v for p, v in shown.items() if v} == want, (result, start, g.crystals)
            results += 1
            if results == 8:
                break
        was = result
        if g.cards < card:  # an undo took a card back: its deal is seen again
            dealt = {c: v for c, v in dealt.items() if c <= g.cards}
    assert results >= 3, "too few reveals to check: %d" % results
