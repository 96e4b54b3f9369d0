"""The device's menus: the setup menu (seats, preset, dice), the long-UNDO
menu, shutter calibration and the self-test, and the deck-empty prompt.
NEXT and ROLL move down and up, OK picks or changes, a short UNDO goes back."""
try:
    from micropython import const
except ImportError:  # CPython without the simulator: const(x) is x
    const = int

from app import lang, settings
from app.modes import K_NEXT, K_OK, K_PASS, K_ROLL, M_CALIB, M_MENU, M_PLAY, M_RELOAD, M_SETUP, M_TEST, MENU, SETUP

CAL_STEP = const(20)  # us per press while calibrating
TEST_MS = const(700)  # the self-test opens one window after another


def open_menu(ctl):
    ctl.mode = M_MENU
    ctl.item = 0
    ctl.version += 1


def key(ctl, k, now):
    """A press in any mode but play."""
    m = ctl.mode
    if m == M_SETUP:
        _setup(ctl, k, now)
    elif m == M_MENU:
        _menu(ctl, k, now)
    elif m == M_CALIB:
        _calib(ctl, k)
    elif m == M_RELOAD and k == K_OK:
        ctl.reload_deck(now)


def _move(ctl, k, n):
    if k == K_NEXT:
        ctl.item = (ctl.item + 1) % n
    elif k == K_ROLL:
        ctl.item = (ctl.item - 1) % n
    return k == K_OK


def _setup(ctl, k, now):
    s = ctl.settings
    if not _move(ctl, k, len(SETUP)):
        return
    it = ctl.item
    if it == 0:
        s["players"] = s["players"] + 1 if s["players"] < 6 else 2
    elif it == 1:
        from game import rules
        s["rules"] = settings.PRESETS[(settings.PRESETS.index(s["rules"]) + 1) % 4]
        s["dice"] = rules.preset(s["rules"])["dice"]
        lang.use(lang.chosen(s))  # the preset's language, unless the user chose one
    elif it == 2:
        s["dice"] = settings.DICE[(settings.DICE.index(s["dice"]) + 1) % 3]
    elif it == 4:
        s["lang"] = lang.LANGS[(lang.LANGS.index(lang.chosen(s)) + 1) % len(lang.LANGS)]
        lang.use(s["lang"])
        settings.save(ctl.storage, s)
    else:
        ctl.new_game(s["players"], s["rules"], s["dice"], ctl.out.entropy())
        ctl.say("New game", now)


def _menu(ctl, k, now):
    if not _move(ctl, k, len(MENU)):
        return
    it = ctl.item
    if it == 0:
        ctl.mode = M_PLAY if ctl.game is not None else M_SETUP
    elif it == 1:
        ctl.mode = M_SETUP
        ctl.item = 0
    elif it == 2 or it == 3 or it == 4:
        if ctl.digital:  # no servos to calibrate, no printed deck; a test would show the picture
            ctl.refuse("Not on this board", now)
            return
        if it == 4:
            ctl.reload_deck(now)
            return
        if ctl.card_in:  # windows will move: never over a card
            ctl.refuse("Take the card out first", now)
            return
        ctl.mode = M_CALIB if it == 2 else M_TEST
        ctl.cal = 0
        ctl.cal_end = 1
        ctl.test_win = 0
        ctl.test_at = ctl.clock.ticks_add(now, TEST_MS)
    elif it == 5:
        if ctl.game is None:
            ctl.refuse("No game yet", now)
            return
        from game import record
        ctl.out.export(record.write(ctl.game))
        ctl.say("Saved game.rec", now)
    else:
        ctl.settings["sound"] = not ctl.settings["sound"]
        settings.save(ctl.storage, ctl.settings)


def _calib(ctl, k):
    if k == K_NEXT:
        ctl.cal = (ctl.cal + 1) % 12
    elif k == K_ROLL:
        ctl.cal_end ^= 1
    elif k == K_OK or k == K_PASS:
        if ctl.card_in:  # a window moves only with the card out: never over a card
            ctl.refuse("Take the card out first")
            return
        o, c = ctl.out.pulses(ctl.cal)
        d = CAL_STEP if k == K_OK else -CAL_STEP
        if ctl.cal_end:
            o = min(2500, max(500, o + d))
        else:
            c = min(2500, max(500, c + d))
        ctl.out.calibrate(ctl.cal, o, c)


def tick(ctl, now):
    """The self-test opens one window after another."""
    if ctl.mode == M_TEST and ctl.clock.ticks_diff(now, ctl.test_at) >= 0:
        ctl.test_win = (ctl.test_win + 1) % 12
        ctl.test_at = ctl.clock.ticks_add(now, TEST_MS)
        ctl.version += 1
