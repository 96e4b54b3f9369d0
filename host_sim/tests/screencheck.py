"""What a player must be able to read on the OLED, checked from its pixels
alone (host_sim.oledread) against what the device is doing: the phase and
the game from the controller, the words from the panel.

`expect(ctl)` is what the controller's state calls for (taken in the process
that runs the firmware); `check(lines, want)` reads the panel's 64 rows and
returns the list of what is missing, empty when the screen is right. The
same expectations check another runtime's panel for the same keys."""
from app import modes as c
from game import engine
from host_sim import oledread

_GX, _GY, _CW, _CH = 0, 17, 16, 10  # the grid's cells, as screens.py draws them


class Results:
    """Whether a reveal's result should be on the screen, from the game's
    log alone (not the controller's flag): from the REVEAL until the next
    action other than a deal, or an UNDO."""

    def __init__(self):
        self.length = 0
        self.showing = False

    def after_key(self, g):
        if g is None:
            return False
        n = len(g.log)
        if n < self.length:
            self.showing = False
        elif n > self.length:
            for _, op, _a, _b in engine._walk(g.log, self.length):
                if op == engine.REVEAL:
                    self.showing = True
                elif op != engine.CARD:
                    self.showing = False
        self.length = n
        return self.showing


def expect(ctl, result):
    """What the screen must show now, as plain data (it crosses processes);
    result: whether a reveal's result is due (Results)."""
    g = ctl.store.game
    want = {"mode": ctl.mode, "msg": ctl.msg}
    if ctl.mode != c.M_PLAY or g is None:
        return want
    want.update(phase=g.phase, over=g.over(), active=g.active + 1, result=result,
                blocked=ctl.slot.blocked(), pull=ctl.slot.must_pull(), n=g.n_at_guess,
                veiled=ctl.digital and ctl.cur.shown != g.cards,  # the picture waits for a second press
                dice=[g.d1, g.d2, g.used], tokens=list(g.tokens), open=g.open_mask,
                allowed=ctl.store.allowed() if g.phase in (engine.P_OPEN, engine.P_DECIDE) else 0,
                call=[s + 1 for s in g.call_order()], crystals=list(g.crystals),
                winners=[s + 1 for s in g.winners()],
                can_join=[a + 1 for code, a in g.legal() if code == engine.GUESS],
                last_result=bool(ctl.cur.result))  # game over: the last card's result before the ranking
    return want


def _cell(rows, w):
    return _GX + (w % 4) * _CW, _GY + (w // 4) * _CH


def _grid(rows, want, miss):
    """Every closed window shows its token number (inverted under the
    cursor, a solid cell); every open one is striped (outlined, its rows 3 and
    6 lit, 4 and 5 dark) with no number; an allowed one has thick sides."""
    for w in range(12):
        x, y = _cell(rows, w)
        lit = lambda px, py: (rows[py] >> (127 - px)) & 1  # noqa: E731
        if (want["open"] >> w) & 1:
            inner = range(x + 3, x + _CW - 3)
            if not all(lit(i, y + 3) and lit(i, y + 6) and not lit(i, y + 4) and not lit(i, y + 5) for i in inner) \
                    or oledread.glyph(rows, x + 4, y + 1) is not None:
                miss.append("window %d open but not striped and empty" % (w + 1))
            continue
        ch = oledread.glyph(rows, x + 4, y + 1)
        if ch != "%d" % want["tokens"][w]:
            miss.append("window %d: token %d not shown (read %r)" % (w + 1, want["tokens"][w], ch))
        inverted = lit(x + 2, y + 1) and lit(x + 3, y + 1)
        thick = lit(x + 2, y + 5) or inverted
        if bool((want["allowed"] >> w) & 1) != bool(thick):
            miss.append("window %d: %s" % (w + 1, "allowed but not marked" if thick == 0 else "marked, not allowed"))


def check(lines, want):
    """What the screen lacks of what `want` calls for (empty: all there)."""
    rows = oledread.rows_of(lines)
    words = oledread.text(rows)
    miss = []

    def need(s, why):
        if s not in words:
            miss.append("%s: %r not on the screen" % (why, s))

    if want["msg"]:  # a message covers the middle for a moment: its first word shows
        need(want["msg"].split(" ")[0], "message")
        return miss
    if want["mode"] != c.M_PLAY or "phase" not in want:
        return miss
    if want["over"]:
        need("GAME OVER", "game over")
        if want.get("last_result"):
            if "right:" not in words and "Nobody right" not in words:
                miss.append("game over: the last card's result not shown")
            need("OK: ranking", "game over")
            return miss
        need("Winner", "game over")
        for s in range(1, len(want["crystals"]) + 1):  # the ranking: a seat a line
            if not any(t.endswith("P%d %d" % (s, want["crystals"][s - 1])) for t in words.split("\n")):
                miss.append("the standings: P%d %d not on a line of its own" % (s, want["crystals"][s - 1]))
        return miss
    if oledread.big(rows, 0, 0, 2) != "P%d" % want["active"]:
        miss.append("whose turn: big P%d not at the top left (read %r)" % (want["active"], oledread.big(rows, 0, 0, 2)))
    n = len(want["crystals"])
    cw = min(32, 128 // n)
    for s in range(n):  # each seat's cell: its crystals tall, 7 px a digit
        got = "%d" % want["crystals"][s]
        if oledread.tall(rows, s * cw + 4, 55, len(got), 7) != got:
            miss.append("scores: seat %d's %s not tall in its cell (read %r)" % (
                s + 1, got, oledread.tall(rows, s * cw + 4, 55, len(got), 7)))
    ph = want["phase"]
    shown = "right:" in words or "Nobody right" in words
    if want["result"] and not shown:
        miss.append("the reveal's result not shown")
    elif shown and not want["result"]:
        miss.append("a reveal's result still shown")
    if want["blocked"]:
        need(want["blocked"].split(" ")[0], "the card slot")
        return miss
    if ph == engine.P_REVEAL:
        need("In: " + " ".join("%d" % s for s in want["call"]), "who guessed")
        need("Pull the card" if want["pull"] else "OK shows the" if want["veiled"] else "Who was right?", "the reveal")
        return miss
    if ph in (engine.P_CALL, engine.P_REVEAL):
        n = "%d" % want["n"]
        if oledread.big(rows, 96, 0, len(n)) != n:
            miss.append("N=%s not large at the top right" % n)
        if want["call"]:
            need("In: " + " ".join("%d" % s for s in want["call"]), "who is in")
        elif "In: nobody yet" not in words and ("P%d +" % want["active"]) not in words and (
                "P%d 0" % want["active"]) not in words:  # just after a pass: its reward in its place
            miss.append("who is in: neither 'In: nobody yet' nor the pass's reward on the screen")
        if want["can_join"]:
            need("join", "how to join")
        need("OK: close call", "how to close")
        return miss
    if want["result"]:
        need("Press ROLL", "what to press")
        return miss
    _grid(rows, want, miss)
    if ph == engine.P_ROLL:
        need("ROLL", "what to press")
    else:
        d1, d2, used = want["dice"]
        if d1:
            dice = ("-" if used & 1 else "%d" % d1) + " " + ("-" if used & 2 else "%d" % d2)
            got = oledread.big(rows, 88, 0, 1) + " " + oledread.big(rows, 112, 0, 1)  # a blank cell apart
            if got != dice:
                miss.append("the dice %r not large at the top right (read %r)" % (dice, got))
        if ph == engine.P_OPEN:
            need("NEXT", "what to press")
            need("OK", "what to press")
        else:
            need("PASS", "what to press")
    return miss
