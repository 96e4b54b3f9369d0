"""The page's rules for players (web/rules/): a row for every preset the
device plays, in each language, in the device's order, and each says what
its preset changes from the game as told above it (checked against the
firmware's own presets for the start, the cost and the dice)."""
import os
import re

from host_sim import hw
from web import build

hw.install()
from game import rules  # noqa: E402

NAMES = {"en": rules.PRESET_NAMES, "zh-hans": ("标准", "家庭", "简要", "zh-cn"), "zh-hant": ("標準", "家庭", "簡要", "zh-cn")}


def rows(code):
    with open(os.path.join(build.RULES, code + ".md"), encoding="utf-8") as f:
        text = f.read()
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.split("\n")
            if line.startswith("|") and not line.startswith("|---")][1:]


def test_every_preset_is_told_in_players_words_in_each_language():
    std = rules.preset("standard")
    for code, names in NAMES.items():
        got = rows(code)
        assert [r[0].split("（")[0].split(" (")[0] for r in got] == list(names), code
        assert all(len(r) == 2 and len(r[1]) >= 6 for r in got), code
    for name, (_, what) in zip(rules.PRESET_NAMES, rows("en")):
        o = rules.preset(name)
        if o["start_crystals"] != std["start_crystals"]:
            assert "starts with %d crystals" % o["start_crystals"] in what, name
        if o["challenge_cost"] != std["challenge_cost"]:
            assert "free" in what if o["challenge_cost"] == 0 else "%d" % o["challenge_cost"] in what, name
        if o["dice"] != std["dice"]:
            assert "rolling is %s" % o["dice"] in what, name
        assert re.search(r"\bmust\b|\boption\b|`", what) is None, name  # players' words, not the spec's
