"""OpenSpiel-style random play over every preset and random option mixes,
checking the invariants after every action."""
import pytest

import host_sim  # noqa: F401
from host_sim.tests.snapshot import snapshot
from game import Refused, chance, engine, record, rules, state
from game.engine import (CARD, CLOSE, END, NOBODY, OPEN, ORDER, PASS, REVEAL, ROLL,
                         SKIP, Game)
from host_sim import randplay

PRESETS = rules.PRESET_NAMES


def _replayed(game):
    return record.load(record.write(game).splitlines()).game


def _check_invariants(g):
    s = state.as_dict(g)
    assert all(c >= 0 for c in g.crystals), s
    assert len(s["open"]) + s["closed"] == 12, s
    assert 1 <= g.round <= g.opts["rounds"], s
    if not g.over():
        assert g.legal() or g.pending(), s
    else:
        assert g.legal() == [] and s["winners"], s
    if s["phase"] in ("call", "reveal"):
        assert len(set(s["call"])) == len(s["call"])
    else:
        assert s["call"] == []


def _illegal_candidates(g, rng):
    """Random actions not among the legal ones (chance included)."""
    def key(op, a):  # an order is legal in any arrangement of a listed tie group
        return (op, tuple(sorted(a))) if op == ORDER else (op, a)

    legal = set(key(op, a) for op, a in g.legal())
    out = []
    for _ in range(3):
        op = 3 + rng.below(8)
        a = rng.below(13) - 1 if op != ORDER else tuple(rng.below(6) for _ in range(2))
        if op == REVEAL and a == 12:
            a = NOBODY
        if op in (SKIP, PASS, END, CLOSE):
            a = 0
        if key(op, a) not in legal:
            out.append((op, a, 0))
    if g.pending() != CARD:
        out.append((CARD, bytes([1] * 12), 0))
    if g.pending() != ROLL:
        out.append((ROLL, 3, 4))
    out.append((OPEN, 12, 0))
    return out


def _play_checked(seed, players, opts, preset, deep):
    """One random game; after every action the invariants, illegal actions
    refused without a trace, undo back to the exact earlier state and (deep)
    the written record replaying to the same state."""
    rng = chance.Rng(seed * 7919 + 1)
    prev = {}

    def hook(g, op, a, b):
        _check_invariants(g)
        if op not in (CARD, ROLL):
            # undo takes back this action and the card dealt after it
            snap = snapshot(g)
            log = bytes(g.log)
            g.undo()
            assert snapshot(g) == prev["snap"], "undo of %s" % record.format_action(op, a, b)
            g.replay(log)
            assert snapshot(g) == snap
        for bad in _illegal_candidates(g, rng):
            before = snapshot(g)
            with pytest.raises(Refused):
                g.apply(*bad)
            assert snapshot(g) == before, bad
        if deep:
            assert snapshot(_replayed(g)) == snapshot(g)
        prev["snap"] = snapshot(g)

    rng0 = chance.Rng(seed)
    n = players or 2 + rng0.below(5)
    g = Game(n, opts, rng0.below(n), preset)
    prev["snap"] = snapshot(g)
    for _ in range(5000):
        if g.over():
            break
        op, a, b = randplay.choose(g, rng0)
        if op == CARD:
            g.apply(op, a, b)
            hook(g, op, a, b)
            continue
        g.apply(op, a, b)
        if g.need_card and not g.over():  # a card is dealt at once; undo takes it too
            g.apply(CARD, chance.card(rng0))
        hook(g, op, a, b)
    assert g.over()
    assert snapshot(_replayed(g)) == snapshot(g)
    return g


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_per_preset(preset):
    for seed in range(150):
        _play_checked(seed, 0, None, preset, deep=seed < 10)


def test_random_option_mixes():
    for seed in range(600):
        rng = chance.Rng(seed + 100000)
        opts = randplay.random_opts(rng)
        _play_checked(seed, 0, opts, PRESETS[seed % 4], deep=seed < 20)


def test_thousands_of_fast_games():
    """Many more games with only the cheap checks, all presets and mixes."""
    for seed in range(3000):
        rng = chance.Rng(seed + 500000)
        opts = randplay.random_opts(rng) if seed % 2 else None
        g = randplay.play(seed, 0, opts, PRESETS[seed % 4],
                          hook=lambda g, op, a, b: _check_invariants(g))
        top = sorted(g.crystals)[-1]
        assert g.winners() == [s for s, c in enumerate(g.crystals) if c == top]


def test_undo_from_the_checkpoint_is_a_full_replay():
    """Undo within a card starts from the card's checkpoint; across a card
    boundary it replays from the start. Both give exactly the state a fresh
    game replaying the shortened log has."""
    within = across = 0
    for seed in range(60):
        rng = chance.Rng(seed + 700000)
        opts = randplay.random_opts(rng) if seed % 2 else None
        rng0 = chance.Rng(seed)
        n = 2 + rng0.below(5)
        g = Game(n, opts, rng0.below(n), PRESETS[seed % 4])
        while not g.over():
            op, a, b = randplay.choose(g, rng0)
            before = bytes(g.log)
            g.apply(op, a, b)
            if g.need_card and not g.over():
                g.apply(CARD, chance.card(rng0))
            if op in (CARD, ROLL) or rng.below(3):
                continue
            after = bytes(g.log)
            from_card = g._ck[0] >= 0 and g._ck[0] <= len(before)
            g.undo()
            fresh = Game(n, opts, g.first, g.preset)
            fresh.replay(before)
            assert snapshot(g) == snapshot(fresh)
            within += from_card
            across += not from_card
            g.replay(after)
    assert within > 500 and across > 50


def test_undo_costs_the_actions_since_the_card(monkeypatch):
    from game import engine
    calls = []
    apply = engine.Game.apply
    monkeypatch.setattr(engine.Game, "apply", lambda g, *a: calls.append(1) or apply(g, *a))
    turns = [ln for t in range(180) for ln in
             ("open %d" % ((t % 6) * 2 + 1), "open %d" % ((t % 6) * 2 + 2), "pass", "close")]
    g = record.load(["players 2", "set dice off", "first 1"] + turns).game  # 30 void cards
    assert g.cards == 31 and len(g.log) > 700
    g.apply(OPEN, 0)
    g.apply(OPEN, 1)
    del calls[:]
    g.undo()
    assert len(calls) == 2  # the card and the first open, not the 720 actions before
    g.undo()
    del calls[:]
    g.undo()  # the `close` of the void card before: from that card's checkpoint
    assert len(calls) == 24  # its card and its 23 actions before the close
    g.apply(CLOSE)
    g.apply(CARD, chance.card(chance.Rng(3)))
    del calls[:]
    g.undo()  # the deal again: the card before is known again
    assert len(calls) == 24
    for _ in range(23):  # back to that card's start
        g.undo()
    del calls[:]
    g.undo()  # across a second deal in a row: the card before that is not kept, from the start
    assert len(calls) > 650


@pytest.fixture
def seven_seats(monkeypatch):
    """game.engine and game.record built with SEATS = 7: the seat count is
    stated once, so that one line gives a 7-player game."""
    import importlib.util
    import sys
    import game
    from game import engine as six
    src = open(six.__file__).read()
    assert src.count("SEATS = const(6)") == 1
    spec = importlib.util.spec_from_loader("game.engine", loader=None)
    seven = importlib.util.module_from_spec(spec)
    seven.__file__ = six.__file__
    exec(compile(src.replace("SEATS = const(6)", "SEATS = const(7)"), six.__file__, "exec"), seven.__dict__)
    monkeypatch.setitem(sys.modules, "game.engine", seven)
    monkeypatch.setattr(game, "engine", seven)
    import importlib
    rec = importlib.reload(record)
    yield seven, rec
    monkeypatch.undo()
    importlib.reload(record)


def test_seven_seats_from_one_constant(seven_seats):
    """Random 7-player games where every seat joins every call it may, with
    undo, and the record and the log replaying to the same game."""
    import random
    eng, rec = seven_seats
    assert eng.SEATS == 7
    for seed in range(12):
        rng = random.Random(seed)
        g = eng.Game(7, None, seed % 7, PRESETS[seed % 4])
        joined = set()
        for _ in range(3000):
            if g.over():
                break
            p = g.pending()
            if p == eng.CARD:
                card = list(range(1, 7)) * 2
                rng.shuffle(card)
                g.apply(eng.CARD, bytes(card))
                continue
            legal = g.legal()
            if p == eng.ROLL and (not legal or rng.random() < 0.8):
                g.apply(eng.ROLL, rng.randint(1, 6), rng.randint(1, 6))
                continue
            if g.can_undo() and rng.random() < 0.05:
                before = bytes(g.log)
                g.undo()
                assert len(g.log) < len(before)
                continue
            guesses = [x for x in legal if x[0] == eng.GUESS and g.phase == eng.P_CALL]
            op, a = guesses[0] if guesses else rng.choice(legal)
            if op == eng.GUESS and g.phase == eng.P_CALL:
                joined.add(a)
            if op == eng.REVEAL and a != eng.NOBODY:
                a = rng.choice([s for o, s in legal if o == eng.REVEAL])
            g.apply(op, a)
            if g.phase == eng.P_CALL or g.phase == eng.P_REVEAL:
                assert len(set(g.call_order())) == len(g.call_order())
        back = rec.load(rec.write(g).splitlines()).game
        assert bytes(back.log) == bytes(g.log) and back.crystals == g.crystals
        h = eng.Game(7, None, seed % 7, PRESETS[seed % 4])
        h.replay(g.log)
        assert h.crystals == g.crystals and h.round == g.round and h.phase == g.phase
        assert len(g.crystals) == 7
    assert 6 in joined  # seat 7 joined calls


def test_lights_show_the_engines_die_rule():
    """app.lights colours a window by Game.allows, the rule die_for spends by."""
    from app import lights
    seen = []

    def hook(g, op, a, b):
        if not g.d1 or g.need_card or g.phase != engine.P_OPEN:
            return
        out = bytearray(12)
        lights.dice(g, 0xFFF & ~g.open_mask, -1, out)
        for w in range(12):
            if not g.is_open(w):
                assert (out[w] != 0) == (g.die_for(w) >= 0), w
        seen.append(1)
    for seed in range(6):
        randplay.play(seed, 0, None, PRESETS[seed % 4], hook=hook)
    assert len(seen) > 50
