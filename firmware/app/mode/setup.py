"""Setting up a game: seats, the rules preset, the dice rule, then Start;
and the language the device speaks."""
from app import lang, settings
from app.mode.base import leave
from app.mode.rows import Rows
from game.engine import SEATS


def _seats(m, ctl, now):
    s = ctl.store.settings
    s["players"] = s["players"] + 1 if s["players"] < SEATS else 2


def _rules(m, ctl, now):
    from game import rules
    s = ctl.store.settings
    s["rules"] = settings.PRESETS[(settings.PRESETS.index(s["rules"]) + 1) % len(settings.PRESETS)]
    s["dice"] = rules.preset(s["rules"])["dice"]
    lang.use(lang.chosen(s))  # the preset's language, unless the user chose one


def _dice(m, ctl, now):
    s = ctl.store.settings
    s["dice"] = settings.DICE[(settings.DICE.index(s["dice"]) + 1) % len(settings.DICE)]


def _start(m, ctl, now):
    s = ctl.store.settings
    # the deck order gets a secret of its own (the table can find the seed from the dice): a digital
    # board orders its deck by it, and the simulators their printed deck
    ctl.new_game(s["players"], s["rules"], s["dice"], ctl.out.entropy(), ctl.out.entropy(8))
    ctl.say("New game", now)


def _lang(m, ctl, now):
    s = ctl.store.settings
    s["lang"] = lang.LANGS[(lang.LANGS.index(lang.chosen(s)) + 1) % len(lang.LANGS)]
    lang.use(s["lang"])
    settings.save(ctl.store.storage, s)


def lang_name():
    """The language in use, in its own script (the Lang line)."""
    return lang.NAMES[lang.LANGS.index(lang.code)]


class Mode(Rows):
    TITLE = "NEW GAME"
    ROWS = (("Seats", _seats), ("Rules", _rules), ("Dice", _dice), ("Start", _start), ("Lang", _lang))

    def values(self, ctl):
        s = ctl.store.settings
        return ("%d" % s["players"], lang.tr(s["rules"]), lang.tr(s["dice"]), "", lang_name())

    def back(self, ctl, now):
        if ctl.store.game is not None:  # back to the game there is
            leave(ctl)
