"""What a screen reader hears: a whole game followed through the
accessibility tree alone, as a blind player would, choosing each key from
the live region's words; those words follow the game in order (whose turn,
the phase, the dice and the windows they allow by token, N, the scores, what
to press), labels before numbers, and say a refusal without the screen under it."""
import json
import re

from web import browser

from host_sim import hw

hw.install()
from emu.session import HOLD_MS, REACT_MS  # noqa: E402

SPEED = 20  # a whole game in some seconds of the page's clock


def heard(page):
    """The live region's words as the accessibility tree gives them."""
    snap = page.locator("#screen").aria_snapshot()
    return " ".join(line.split(":", 1)[1].strip().strip('"') for line in snap.split("\n") if ":" in line)


def press(page, k):
    page.keyboard.press(k)
    t = int(page.evaluate("document.body.dataset.ms"))
    page.wait_for_function("+document.body.dataset.ms >= %d" % (t + (0 if k == "c" else HOLD_MS) + REACT_MS))


def choose(words):
    """The key a blind player presses, from the words alone: guess at once
    (seat of the turn), close the call, pull the card, name the guesser right."""
    if "Game over" in words:
        return None
    if "to put the card in the slot" in words or "to pull the card out" in words:
        return "c"
    m = re.search(r"Press the seat that was right \(seat (\d)", words)
    if m:
        return m.group(1)
    if "OK closes the call" in words:
        return "o"
    m = re.search(r"seat (\d) guesses", words)
    if m:
        return m.group(1)
    if "OK to open window" in words:
        return "o"
    if "Press ROLL" in words:
        return "r"
    raise AssertionError("no key to press in: " + words)


def allowed_by_token(words):
    """{token: [windows]} from "Windows allowed, by token: token 2: windows 7 and 12; ..."."""
    m = re.search(r"Windows allowed, by token: (.*?)\. ", words)
    assert m, words
    out = {}
    for g in m.group(1).split("; "):
        t, ws = re.fullmatch(r"token (\d): windows? (.*)", g).groups()
        out[int(t)] = [int(w) for w in re.split(r", | and ", ws)]
    return out


def in_order(words, parts):
    at = -1
    for p in parts:
        i = words.find(p, at + 1)
        assert i > at, "%r not after the words before it in: %s" % (p, words)
        at = i


def test_a_whole_game_followed_by_what_the_screen_reader_hears(contexts):
    page, watch = contexts("?players=3&rules=standard&seed=5&speed=%d" % SPEED)
    keys = 0
    while True:
        words = heard(page)
        s = json.loads(page.evaluate("document.body.dataset.state"))
        # not the OLED's draw calls: no "P2 R2/10", no "1:13 2:2" grid or score line
        assert not re.search(r"\bP\d|R\d+/\d+|\d:\d+ \d:\d", words), words
        k = choose(words)
        if k is None:
            assert s["over"]
            in_order(words, ["Result: seat", "Game over after %d rounds" % s["round"], "Scores:"]
                     + ["seat %d: %d" % (i + 1, c) for i, c in enumerate(s["crystals"])] + ["Press UNDO"])
            break
        if s["phase"] in ("open", "decide") and "card is out" not in words:
            allowed = allowed_by_token(words)
            for t, ws in allowed.items():
                assert all(s["tokens"][w - 1] == t and w not in s["open"] for w in ws), (s, words)
            if s["phase"] == "open":  # both dice unused: the windows they allow, as rules.md's step 2
                closed = [w for w in range(1, 13) if w not in s["open"]]
                want = set()
                for d in s["dice"]:
                    mine = [w for w in closed if s["tokens"][w - 1] == d]
                    want |= set(mine or closed)
                assert set().union(*allowed.values()) == want, (s, words)
            parts = ["Seat %d's turn." % s["active"], "Dice: %d and %d." % tuple(s["dice"]), "by token: token",
                     "N: %d." % s["closed"]]
        else:
            parts = ["Seat %d's turn." % s["active"], "N: %d." % s["closed"]]
        in_order(words, ["Round %d of 10." % s["round"]] + parts + ["Scores:"]
                 + ["seat %d: %d" % (i + 1, c) for i, c in enumerate(s["crystals"])] + ["Press"])
        press(page, k)
        keys += 1
        assert keys < 120, words
    assert keys > 60  # ten cards played
    assert watch.errors == []


def test_a_refusal_is_heard_without_the_screen_under_it(contexts):
    page, watch = contexts("?players=3&rules=standard&seed=5&speed=4")
    for k in "ro1oc":
        press(page, k)  # a guess, the call closed, the card pulled: the reveal
    press(page, "3")  # seat 3 did not guess
    page.wait_for_function("document.getElementById('screen').textContent.includes('did not guess')", timeout=5000)
    words = heard(page)
    assert words.startswith("The screen says: seat 3 did not guess.")
    assert "Press the seat that was right (seat 1), or OK for nobody." in words
    assert watch.errors == []
