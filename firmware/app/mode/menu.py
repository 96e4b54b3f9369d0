"""The menu (a long UNDO): back, a new game, calibration, the self-test, a
deck reload, the game's record exported to flash, the sound switch, and each
card's result (Scores; the last row, so ROLL from Back reaches it)."""
from app import lang, settings
from app.mode.base import leave
from app.mode.rows import Rows
from app.modes import M_CALIB, M_SCORES, M_SETUP, M_TEST


def _back(m, ctl, now):
    leave(ctl)


def _new_game(m, ctl, now):
    ctl.enter(M_SETUP).item = 0


def _moving(ctl, now):
    """Whether windows may move with no game on them; says why not."""
    if ctl.digital:  # no servos to calibrate, no printed deck; a test would show the picture
        ctl.refuse("Not on this board", now)
        return False
    if ctl.slot.card_in:  # windows will move: never over a card
        ctl.refuse("Take the card out first", now)
        return False
    return True


def _calibrate(m, ctl, now):
    if _moving(ctl, now):
        ctl.enter(M_CALIB).start(ctl)


def _self_test(m, ctl, now):
    if _moving(ctl, now):
        ctl.enter(M_TEST).start(ctl, now)


def _reload(m, ctl, now):
    """Asks first: a reload restarts the deck's count, and a stray OK must not."""
    if ctl.digital:
        ctl.refuse("Not on this board", now)
    elif ctl.msg != lang.tr("Deck reload: OK again"):
        ctl.say("Deck reload: OK again", now)
    else:
        ctl.reload_deck(now)



def _export(m, ctl, now):
    if ctl.store.game is None:
        ctl.refuse("No game yet", now)
        return
    from game import record
    ctl.out.export(record.write(ctl.store.game))
    ctl.say("Saved game.rec", now)


def _sound(m, ctl, now):
    ctl.store.settings["sound"] = not ctl.store.settings["sound"]
    settings.save(ctl.store.storage, ctl.store.settings)


def _scores(m, ctl, now):
    g = ctl.store.game
    if g is None:
        ctl.refuse("No game yet", now)
    elif not g.cards or g.cards == 1 and not (g.need_card or g.over()):  # the card under the lid has no result yet
        ctl.refuse("No card has ended yet", now)
    else:
        ctl.enter(M_SCORES).start(ctl)


class Mode(Rows):
    ROWS = (("Back", _back), ("New game", _new_game), ("Calibrate", _calibrate), ("Self-test", _self_test),
            ("Deck reload", _reload), ("Export record", _export), ("Sound", _sound), ("Scores", _scores))

    def title(self, ctl):
        return lang.tr("MENU") if ctl.digital else lang.tr("%d cards left") % ctl.store.deck_left()

    def values(self, ctl):
        return ("", "", "", "", "", "", lang.tr("on" if ctl.store.settings["sound"] else "off"), "")
