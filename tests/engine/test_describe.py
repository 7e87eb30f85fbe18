"""``lastcard.describe``: every ruleset describes itself as pure data, and the engine's own option
validation follows the same declarations (one source of truth, issue 14)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from lastcard import RULESETS, describe, new_game
from lastcard.words import fill

KEYS = {"id", "players", "deck", "options", "features", "solo_bots"}
OPTION_KEYS = {"name", "type", "default", "min", "max", "agree_max", "needs"}

#: what the rules' decisions say (docs/rules/*.md), written out independently
#: the house rules' flags as ``describe`` lists them (issue 24, docs/house-rules.md)
STACKING, JUMP_IN, SEVEN_ZERO, DRAW_UNTIL_PLAY = (
    (name, False, None, None, None)
    for name in ("stacking", "jump_in", "seven_zero", "draw_until_play")
)
EXPECTED = {
    "poslednyaya": (
        (2, 10),
        "colour",
        [("hand_size", 7, 4, 12, None), ("last_call_penalty", 0, 0, 4, None),
         STACKING, JUMP_IN, SEVEN_ZERO, DRAW_UNTIL_PLAY],
        (False, False, False, "single"),
        2,
    ),
    "last-one": (
        (2, 6),
        "french",
        [("hand_size", 7, 4, 8, 9), ("threshold", 250, 1, None, None),
         ("last_call_penalty", 2, 0, 4, None), STACKING, DRAW_UNTIL_PLAY],
        (True, True, True, "threshold"),
        2,
    ),
    "last-card": (
        (2, 6),
        "french",
        [("target", 250, 1, None, None), ("hand_size", 7, 4, 10, None),
         ("last_call_penalty", 2, 1, 4, None), DRAW_UNTIL_PLAY],
        (True, False, True, "target"),
        1,
    ),
    "posledniy-igrok": (
        (2, 6),
        "french",
        [("hand_size", 7, 4, 8, None), ("hands", 5, 1, None, None),
         ("last_call_penalty", 1, 0, 4, None), ("two_draws", 1, 1, 2, None), STACKING,
         DRAW_UNTIL_PLAY],
        (True, False, True, "hands"),
        2,
    ),
    "classic": (
        (2, 10),
        "colour",
        [("target", 500, 1, None, None), ("hand_size", 7, 4, 12, None),
         ("last_call_penalty", 2, 1, 4, None), STACKING, JUMP_IN, SEVEN_ZERO, DRAW_UNTIL_PLAY],
        (True, False, True, "target"),
        3,
    ),
}  # fmt: skip


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_ruleset_describes_itself_as_json_ready_data(ruleset: str) -> None:
    info = describe(ruleset)
    assert json.loads(json.dumps(info)) == info
    assert set(info) >= KEYS and info["id"] == ruleset
    for option in info["options"]:
        assert set(option) >= OPTION_KEYS
        assert (option["agree_max"] is None) == (option["needs"] is None)
    players, deck, options, features, bots = EXPECTED[ruleset]
    assert (info["players"]["min"], info["players"]["max"]) == players
    assert info["deck"] == deck
    found = [(o["name"], o["default"], o["min"], o["max"], o["agree_max"]) for o in info["options"]]
    assert found == options
    flags = info["features"]
    assert (flags["last_call"], flags["melee"], flags["scores"], flags["match"]) == features
    assert info["solo_bots"] == bots
    assert describe(ruleset) is not describe(ruleset)  # a fresh copy: callers may change it


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_house_rules_carry_their_short_words(ruleset: str) -> None:
    """Every house rule, the hand size and the call penalty among them, has ``house`` true and
    the words of the line under the game's name (a number option's with ``{n}`` or
    ``{n:card|cards}``, HOUSE.md)."""
    for option in describe(ruleset)["options"]:
        house = option["name"] in {"hand_size", "last_call_penalty"} or option["type"] == "bool"
        assert option["house"] is house
        if house:
            assert set(option["short"]) == {"en", "ru"} and all(option["short"].values())
            words = option["short"].values()
            number = [re.search(r"\{n(:[^{}]*)?\}", w) is not None for w in words]
            assert all(has == (option["type"] == "int") for has in number)
        else:
            assert "short" not in option


def _stems(text: str) -> list[str]:
    """The words of ``text``, lower case, without its ``{n...}`` placeholders and numbers."""
    return re.findall(r"[^\W\d_]+", re.sub(r"\{[^{}]*\}", " ", text).lower())


def _same_word(a: str, b: str) -> bool:
    """One word, maybe inflected: equal, one the other's beginning («ход», «хода»), or the
    same first five letters («последняя», «последнюю»)."""
    return a.startswith(b) or b.startswith(a) or (len(a) >= 5 and a[:5] == b[:5])


#: the longest short words the phone's line holds on one line at 320 px («Забыли «Последняя!»:
#: 4 карты» is 28); each rule stays whole on its line (js/board.js houseLine)
SHORT_MAX = 30


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_house_rules_short_words_shorten_their_labels(ruleset: str) -> None:
    """The line under the game's name names each rule on in words the lobby's label has: a
    shortening of the label (every word of it a word of the label), never other words for the
    same rule (it said «Штрафы копятся» for «Штрафы складываются», «Добор до хода» for «Брать,
    пока не найдётся ход», "5 cards dealt" for "Cards per hand"), and short enough for the
    phone's line with the largest number filled in."""
    for option in describe(ruleset)["options"]:
        if not option["house"]:
            continue
        for lang in ("en", "ru"):
            short, label = option["short"][lang], option["label"][lang]
            words = _stems(label)
            other = [w for w in _stems(short) if not any(_same_word(w, x) for x in words)]
            assert not other, (option["name"], lang, short, label)
            top = option["agree_max"] or option["max"] or 0
            assert len(fill(short, {"n": top}, lang)) <= SHORT_MAX, (option["name"], lang, short)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_call_penalty_of_0_that_means_no_call_says_so_beside_the_field(ruleset: str) -> None:
    """In «Последняя» a call penalty of 0 is the automatic announcement (H10), which the number
    does not say: the option's ``hint`` does, in both languages, for the lobby's field on the TV
    and the host phone. Elsewhere 0 is no penalty, or not allowed: no hint."""
    options = {o["name"]: o for o in describe(ruleset)["options"]}
    hint = options.get("last_call_penalty", {}).get("hint")  # a new game may have no call
    if ruleset != "poslednyaya":
        assert hint is None
        return
    assert hint is not None and set(hint) == {"en", "ru"}
    assert hint["en"].startswith("0: ") and "announces a last card itself" in hint["en"]
    assert hint["ru"].startswith("0 — ") and "объявляет сама игра" in hint["ru"]
    assert not any("hint" in o for name, o in options.items() if name != "last_call_penalty")


@pytest.mark.parametrize(
    ("ruleset", "options", "why"),
    [
        ("poslednyaya", {"stacking": 1}, "true or false"),
        ("poslednyaya", {"jump_in": "yes"}, "true or false"),
        ("poslednyaya", {"last_call_penalty": 5}, "0..4"),
        ("poslednyaya", {"hand_size": 3}, "4..12"),
        ("last-card", {"last_call_penalty": 0}, "1..4"),
        ("last-card", {"stacking": True}, "unknown option"),
        ("last-one", {"seven_zero": True}, "unknown option"),
        ("last-one", {"jump_in": True}, "unknown option"),
    ],
)
def test_bad_house_rule_values_are_clear_errors(ruleset: str, options: dict, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        new_game(ruleset, 2, options=options)


def test_an_unknown_ruleset_is_a_clear_error() -> None:
    for bad in ("uno", "", None, 3):
        with pytest.raises(ValueError, match="unknown ruleset"):
            describe(bad)  # type: ignore[arg-type]


def accepted(ruleset: str, players: int, options: dict[str, Any]) -> bool:
    try:
        new_game(ruleset, players, options=options)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_engine_validates_options_by_the_description(ruleset: str) -> None:
    info = describe(ruleset)
    low_players = info["players"]["min"]
    for option in info["options"]:
        name, top, agree = option["name"], option["max"], option["agree_max"]
        assert accepted(ruleset, low_players, {name: option["default"]})
        assert not accepted(ruleset, low_players, {name: "7"})
        if option["type"] == "bool":
            assert accepted(ruleset, low_players, {name: not option["default"]})
            assert not accepted(ruleset, low_players, {name: 1})
            continue
        assert not accepted(ruleset, low_players, {name: True})
        if option["min"] is not None:
            assert accepted(ruleset, low_players, {name: option["min"]})
            assert not accepted(ruleset, low_players, {name: option["min"] - 1})
        if top is None:
            assert accepted(ruleset, low_players, {name: 10**6})
            continue
        assert accepted(ruleset, low_players, {name: top})
        assert not accepted(ruleset, low_players, {name: top + 1})
        if agree is not None:
            agreed = {option["needs"]: True}
            assert accepted(ruleset, low_players, {name: agree, **agreed})
            assert not accepted(ruleset, low_players, {name: agree + 1, **agreed})
        else:
            assert not accepted(ruleset, low_players, {name: top + 1, "agreed": True})


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_hand_size_must_fit_the_deck(ruleset: str) -> None:
    info = describe(ruleset)
    for option in info["options"]:
        if not option.get("fits_deck"):
            continue
        largest = option["agree_max"] or option["max"]
        extra = {option["needs"]: True} if option["needs"] else {}
        for players in range(info["players"]["min"], info["players"]["max"] + 1):
            fits = players * largest + int(info["upcard"]) <= info["deck_size"]
            assert accepted(ruleset, players, {option["name"]: largest, **extra}) == fits
