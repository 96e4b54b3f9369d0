"""Setting up a game: seats, the rules preset (the title line says what it
changes while the cursor is on it), the dice rule, then Start; the language
the device speaks, and who plays first (at random, or a seat)."""
from app import lang, settings
from app.mode.base import leave
from app.mode.rows import Rows
from game.engine import SEATS


def _seats(m, ctl, now):
    s = ctl.store.settings
    s["players"] = s["players"] + 1 if s["players"] < SEATS else 2
    if s["first"] > s["players"]:  # that seat is no longer at the table
        s["first"] = 0


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
    ctl.new_game(s["players"], s["rules"], s["dice"], ctl.out.entropy(), ctl.out.entropy(8), s["first"] - 1)
    ctl.say("New game", now)


def _lang(m, ctl, now):
    s = ctl.store.settings
    s["lang"] = lang.LANGS[(lang.LANGS.index(lang.chosen(s)) + 1) % len(lang.LANGS)]
    lang.use(s["lang"])
    settings.save(ctl.store.storage, s)


def _first(m, ctl, now):
    """At random (0), then each seat of the table in turn."""
    s = ctl.store.settings
    s["first"] = s["first"] + 1 if s["first"] < s["players"] else 0


def lang_name():
    """The language in use, in its own script (the Lang line)."""
    return lang.NAMES[lang.LANGS.index(lang.code)]


class Mode(Rows):
    TITLE = "NEW GAME"
    # First after Lang: the lines above keep their places (NEXT counts to them)
    ROWS = (("Seats", _seats), ("Rules", _rules), ("Dice", _dice), ("Start", _start), ("Lang", _lang),
            ("First", _first))

    def title(self, ctl):
        if self.ROWS[self.item][1] is _rules:  # what the preset changes, while it is chosen
            from game import rules
            about = rules.about(ctl.store.settings["rules"])
            if about:
                return lang.tr(about)
        return lang.tr(self.TITLE)

    def values(self, ctl):
        s = ctl.store.settings
        first = s["first"]
        return ("%d" % s["players"], lang.tr(s["rules"]), lang.tr(s["dice"]), "", lang_name(),
                "P%d" % first if first else lang.tr("random"))

    def back(self, ctl, now):
        if ctl.store.game is not None:  # back to the game there is
            leave(ctl)
