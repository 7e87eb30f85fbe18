"""The bots: every level plays every ruleset to the end, legally, deterministically, and from
nothing but what its seat may know."""

from __future__ import annotations

from typing import Any

import pytest
from lastcard import RULESETS, new_game
from lastcard.bots import LEVELS, choose
from lastcard.game import Game
from lastcard.tournament import play

#: short matches keep the multi-hand rulesets quick
SHORT = {
    "poslednyaya": {},
    "last-one": {"threshold": 60},
    "last-card": {"target": 60},
    "posledniy-igrok": {"hands": 2},
}
#: a few playouts are enough to exercise ``hard``
PLAYOUTS = 4


def short_game(ruleset: str, players: int, seed: int) -> Game:
    options: dict[str, Any] = {
        k: v for k, v in SHORT[ruleset].items() if k in RULESETS[ruleset].OPTIONS
    }
    return new_game(ruleset, players, seed=seed, options=options)


def test_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    game = new_game("poslednyaya", 2)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose(game, 0, "expert", 0)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_level_plays_every_ruleset_to_the_end(ruleset: str, level: str) -> None:
    for players in (2, RULESETS[ruleset].MAX_PLAYERS):
        game = short_game(ruleset, players, seed=players)
        record = play(game, [level] * players, seed=1, playouts=PLAYOUTS)
        assert game.over and record.hands
        if game.SCORED:
            assert game.match_over or len(game.seats_in_play()) < 2
