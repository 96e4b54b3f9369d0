"""The seat lights (app.lights.seats): the six pixels after the windows' light
the seats that may press now, through a whole card: the active seat in its
turn, the seats that may join a call, the guessers at the reveal."""
from host_sim.tests.keyplay import Bare
from app import lights
from game import engine

SETUP = {"players": 4, "rules": "standard", "seed": 11}


def lit_seats(b, n=18):
    out = bytearray(n)
    lights.fill(b.ctl, out)
    return [s + 1 for s in range(6) if len(out) > 12 and out[12 + s] == lights.SEAT]


def test_each_phase_lights_the_seats_that_may_press(tmp_path):
    b = Bare(tmp_path, SETUP)
    g = b.ctl.store.game
    a = g.active + 1
    assert g.phase == engine.P_ROLL and lit_seats(b) == [a]  # whose turn: the roll is theirs
    b.key("r")
    assert g.phase == engine.P_OPEN and lit_seats(b) == [a]
    b.key("o")
    assert g.phase == engine.P_DECIDE and lit_seats(b) == [a]  # open another, guess or pass
    b.key("p")
    assert g.phase == engine.P_CALL
    others = [s for s in range(1, 5) if s != a]
    assert lit_seats(b) == others  # any seat but the passer may join
    joiner = others[0]
    b.key(str(joiner))
    assert lit_seats(b) == others[1:]  # in: its light goes out
    b.key("o")
    assert g.phase == engine.P_REVEAL
    assert lit_seats(b) == []  # the card is still in: nobody may press until it is out
    b.key("c")
    assert lit_seats(b) == [joiner]  # the seat that may be named right
    b.key(str(joiner))
    assert b.ctl.slot.blocked() and lit_seats(b) == []  # the next card first
    b.key("c")
    assert g.phase == engine.P_ROLL and lit_seats(b) == [g.active + 1]


def test_the_windows_keep_their_colours_beside_the_seats(tmp_path):
    b = Bare(tmp_path, SETUP)
    b.key("r")
    short, long = bytearray(12), bytearray(18)
    lights.fill(b.ctl, short)
    lights.fill(b.ctl, long)
    assert long[:12] == short and any(short)  # a 12-pixel chain: the windows only, as before
    assert lit_seats(b, 12) == []


def test_game_over_lights_no_seat(tmp_path):
    b = Bare(tmp_path, {"players": 3, "rules": "standard", "seed": 11})
    g = b.ctl.store.game
    for _ in range(200):  # each card: roll, open, the active seat guesses, nobody right
        if g.over():
            break
        ph = g.phase
        b.key("c" if b.ctl.slot.blocked() else "r" if ph == engine.P_ROLL else
              str(g.active + 1) if ph == engine.P_DECIDE else "o")
    assert g.over() and lit_seats(b) == []


def test_the_strip_on_the_wire_shows_what_the_lights_give(tmp_path):
    """The device sends the colours lights.fill gives (the windows' and the
    seats', green first, under the brightness cap) a few steps after a key."""
    from emu import world
    from host_sim import press
    s = press.start("pico_pca9685", str(tmp_path) + "/", SETUP)
    wire = world.pin(s.dev.hw.cfg["pixels"]["pin"])
    cap = s.dev.hw.pixels.brightness
    for k in "rnno":
        s.key(k, 150)
        want = bytearray(18)
        lights.fill(s.dev.ctl, want)
        sent = bytearray()
        for c in want:
            r, g, b = lights.PALETTE[c]
            sent += bytes((g * cap // 255, r * cap // 255, b * cap // 255))
        assert wire.data == bytes(sent) and any(want), k
