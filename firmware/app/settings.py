"""What the device remembers between games: the last setup (with its first
player: 0 at random, else the seat), the sound switch, the language ("" until
the user picks one: then the preset's is used) and the cards left in the
deck. One small JSON file on flash."""
from app import lang
from game import engine
from game.rules import DICE_WORDS, PRESET_NAMES

NAME = "settings.json"
DECK = 200  # cards in a full deck; its first card is a blocker, discarded unseen
PRESETS = PRESET_NAMES  # the setup menu's choices: game.rules declares them
DICE = DICE_WORDS
del DICE_WORDS, PRESET_NAMES  # the tuples stay, the module's names go


def defaults():
    return {"players": 3, "rules": "standard", "dice": "required", "sound": True, "lang": "", "deck": DECK - 1,
            "first": 0}


def load(storage):
    """The saved settings; a missing, damaged or foreign value keeps its default."""
    out = defaults()
    data = storage.load_json(NAME, {})
    if not isinstance(data, dict):
        return out
    p = data.get("players")
    if isinstance(p, int) and 2 <= p <= engine.SEATS:
        out["players"] = p
    if data.get("rules") in PRESETS:
        out["rules"] = data["rules"]
    if data.get("dice") in DICE:
        out["dice"] = data["dice"]
    if data.get("sound") in (True, False):
        out["sound"] = data["sound"]
    if data.get("lang") in lang.LANGS:  # app.lang's list, read when used
        out["lang"] = data["lang"]
    f = data.get("first")
    if isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= out["players"]:
        out["first"] = f
    d = data.get("deck")
    if isinstance(d, int) and not isinstance(d, bool) and 0 <= d < DECK:
        out["deck"] = d
    return out


def save(storage, s):
    storage.save_json(NAME, s)
