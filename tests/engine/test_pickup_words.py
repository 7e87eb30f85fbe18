"""The log line of a waiting pile of draw cards taken under the stacking house rule
(docs/house-rules.md H2), met in a QA pass on the real pages: in «Последняя», Last One,
«Последний игрок» and Classic its taker loses the turn, and the line says so (the engine's
words), as the same card's draw says it without stacking ("draw.penalty"): «Борис забирает 4
карты», then the next player moves, left the players to guess why. Last Card's own words say
only the pickup, as its first card's is followed by the taker's turn."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from lastcard import RULESETS, new_game
from lastcard.game import Game
from lastcard.words import event_key, fill

from . import french


def last_one() -> tuple[Game, list[tuple[int, str]]]:
    game = french.deal(
        "last-one", french.DECK_54, [["2C", "KD"], ["2S", "KS"], ["7H", "8D"]],
        options={"stacking": True},
    )  # fmt: skip
    return game, [(0, "play 2C"), (1, "play 2S"), (2, "draw")]


def posledniy_igrok() -> tuple[Game, list[tuple[int, str]]]:
    game = french.deal(
        "posledniy-igrok", french.DECK_54, [["2C", "KD"], ["2S", "KS"], ["7H", "8D"]],
        starter=None, options={"stacking": True, "two_draws": 2},
    )  # fmt: skip
    return game, [(0, "play 2C"), (1, "play 2S"), (2, "draw")]


def colour_deck(ruleset: str) -> tuple[Game, list[tuple[int, str]]]:
    """«Последняя» or Classic: a Draw Two on a Draw Two, then the third seat takes both."""
    setup: dict[str, Any] = {
        "hands": [["R+2", "R1"], ["Y+2", "G2"], ["B2", "B3"]],
        "starter": "R3", "first": 0, "stock": ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"],
    }  # fmt: skip
    game = new_game(ruleset, 3, setup=setup, options={"stacking": True})
    return game, [(0, "play R+2"), (1, "play Y+2"), (2, "draw")]


@pytest.mark.parametrize(
    ("ruleset", "position"),
    [
        ("poslednyaya", partial(colour_deck, "poslednyaya")),
        ("last-one", last_one),
        ("posledniy-igrok", posledniy_igrok),
        ("classic", partial(colour_deck, "classic")),
    ],
)
def test_a_stack_taken_says_the_turn_is_lost(ruleset: str, position: Any) -> None:
    game, steps = position()
    events = []
    for seat, action in steps:
        events = game.apply(seat, action)
    (taken,) = [e for e in events if event_key(e) == "draw.pickup"]
    assert (taken["seat"], taken["count"]) == (2, 4)
    assert game.public_view()["turn"] == 0  # the taker's turn is over: play goes on past it
    words = RULESETS[ruleset].event_words()
    say = partial(fill, values={"name": "Борис", "n": 4})
    assert say(words["ru"]["draw.pickup"], lang="ru") == "Борис забирает 4 карты и пропускает ход"
    assert say(words["en"]["draw.pickup"], lang="en") == "Борис picked up 4 cards and lost the turn"


def test_last_cards_pickup_says_only_the_pickup() -> None:
    """Last Card's first card, a 2 or a 5, makes the first player pick up and then play."""
    words = RULESETS["last-card"].event_words()
    assert words["en"]["draw.pickup"] == "{name} picked up {n:card|cards}"
    assert words["ru"]["draw.pickup"] == "{name} забирает {n:карту|карты|карт}"
