"""Golden images of the device's screens: each is a key script played on the
emulated board, and the OLED's pixel memory (decoded from the I2C stream)
saved as a PNG. Refresh them after a deliberate change of a screen with

    .venv/bin/python -m host_sim.tests.screens

and look at the PNGs before committing them. Each screen is drawn in every
language: English in golden/screens/, Chinese in golden/screens/zh-hans/ and
golden/screens/zh-hant/."""
import os
import sys
import tempfile

from host_sim import hw, press, screen

hw.install()
from app.lang import LANGS  # noqa: E402  the one list of the device's languages

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "screens")
SCALE = 2

# name: (setup, keys); setup's "board" (default pico_pca9685), "deck" (cards left)
_G = {"players": 4, "rules": "standard", "seed": 3}
_R2 = "r o p 1 2 o c 2 c"  # round 1 to its result, the next card in
SCREENS = {
    "setup": (None, ""),
    "roll": (_G, ""),
    "open": (_G, "r"),
    "decide": (_G, "r o"),
    "call": (_G, "r o p"),
    "call_joined": (_G, "r o p 1 2"),
    "reveal": (_G, "r o p 1 2 o"),
    "reveal_card_out": (_G, "r o p 1 2 o c"),
    "reveal_epaper": (dict(_G, board="pico_epaper"), "r o p 1 2 o"),  # the picture waits for OK
    "result": (_G, "r o p 1 2 o c 2"),
    "result_card_in": (_G, _R2),
    "open_round2": (_G, _R2 + " r"),
    "decide_round2": (_G, _R2 + " r o"),
    "call_round2": (_G, _R2 + " r o p"),
    "roll_round2": (_G, _R2 + " r o p o"),
    "reveal_round2": (_G, _R2 + " r o p o r o 2 o c"),
    "result_round2": (_G, _R2 + " r o p o r o 2 o c o"),
    "tie": ({"players": 6, "rules": "standard", "seed": 3}, "r o p 1 2 5"),
    "cant_pay": ({"players": 6, "rules": "standard", "seed": 3}, "r o p 1 2 5 o c 2 c r n o o p"),
    "refused": (_G, "o"),
    "card_out": ({"players": 3, "rules": "zh-cn", "seed": 2}, "r o c"),
    "game_over": ({"players": 2, "rules": "summary", "seed": 1}, None),  # the last card's result
    "game_over_ranking": ({"players": 2, "rules": "summary", "seed": 1}, "* o"),
    "game_over_six": ({"players": 6, "rules": "summary", "seed": 1}, "* o"),
    "pass_reward": ({"players": 6, "rules": "standard", "seed": 3}, "r o p 1 2 5 o c 2 c r n o o p"),
    "menu": ({"players": 3, "rules": "standard", "seed": 2}, "U n n n"),
    "calibrate": ({"players": 3, "rules": "standard", "seed": 2}, "c U n n o o"),
    "calibrate_ask": ({"players": 3, "rules": "standard", "seed": 2}, "c U n n o o u"),
    "scores": (_G, _R2 + " r o p o r o 2 o c o c U r o"),
    "scores_first": (_G, _R2 + " r o p o r o 2 o c o c U r o n"),
    "self_test": ({"players": 3, "rules": "standard", "seed": 2}, "c U n n n o"),
    "message": (_G, "5"),
    "reload": ({"players": 3, "rules": "standard", "seed": 2, "deck": 0}, ""),
}
# the message and refusal screens are taken before the message expires
QUICK = ("message", "refused")


def render(name, flash, lang="en"):
    setup, keys = SCREENS[name]
    press.choose_lang(flash, lang)  # chosen, so a zh-cn game stays in English too
    if setup and "deck" in setup:  # cards left in the deck
        from app import settings
        from drivers.storage import Storage
        store = Storage(os.path.join(flash, ""))
        kept = settings.load(store)
        kept["deck"] = setup["deck"]
        settings.save(store, kept)
    s = press.start(setup.get("board", "pico_pca9685") if setup else "pico_pca9685", flash, setup)
    if keys is None or keys.startswith("*"):  # a whole game, played as a family would, then keys
        from host_sim import autoplay
        autoplay.play(s, 1)
        if keys:
            s.run(3000)
            s.keys(keys[1:].strip())
    else:
        s.keys(keys)
    s.run(0 if name in QUICK else 3000)  # messages expire, the panel holds the whole frame
    return s.emu.oled


def path(name, lang="en"):
    return os.path.join(GOLDEN, name + ".png") if lang == LANGS[0] else os.path.join(GOLDEN, lang, name + ".png")


def pixels(panel):
    return [[panel.lit(x, y) for x in range(panel.width)] for y in range(panel.pages * 8)]


def golden_pixels(name, lang="en"):
    from PIL import Image
    img = Image.open(path(name, lang)).convert("RGB")
    w, h = img.size
    px = img.load()
    return [[px[x * SCALE, y * SCALE] != (0, 0, 0) for x in range(w // SCALE)] for y in range(h // SCALE)]


def main():
    only = sys.argv[1:]  # languages to refresh (all by default)
    for lang in LANGS:
        if only and lang not in only:
            continue
        os.makedirs(os.path.dirname(path("x", lang)), exist_ok=True)
        for name in SCREENS:
            with tempfile.TemporaryDirectory() as flash:
                screen.save_png(render(name, flash, lang), path(name, lang), SCALE)
            print("wrote", os.path.relpath(path(name, lang)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
