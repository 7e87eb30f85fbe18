"""``lastcard.describe``: every ruleset describes itself as pure data, and the engine's own option
validation follows the same declarations (one source of truth, issue 14)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lastcard import RULESETS, describe, new_game

KEYS = {"id", "players", "deck", "options", "features", "solo_bots"}
OPTION_KEYS = {"name", "type", "default", "min", "max", "agree_max", "needs"}

#: what the rules' decisions say (shared/spec/rules/*.md), written out independently
EXPECTED = {
    "poslednyaya": ((2, 10), "colour", [], (False, False, False, "single"), 2),
    "last-one": (
        (2, 6),
        "french",
        [("hand_size", 7, 4, 8, 9), ("threshold", 250, 1, None, None),
         ("last_call_penalty", 2, 0, 4, None)],
        (True, True, True, "threshold"),
        2,
    ),
    "last-card": (
        (2, 6), "french", [("target", 250, 1, None, None)], (True, False, True, "target"), 1,
    ),
    "posledniy-igrok": (
        (2, 6),
        "french",
        [("hand_size", 7, 4, 8, None), ("hands", 5, 1, None, None),
         ("last_call_penalty", 1, 0, 4, None), ("two_draws", 1, 1, 2, None)],
        (True, False, True, "hands"),
        2,
    ),
    "classic": (
        (2, 10), "colour", [("target", 500, 1, None, None)], (True, False, True, "target"), 3,
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
