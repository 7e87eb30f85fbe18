"""``lastcard``: the pure-Python engine of the Last Card party table (shared/spec/engine-api.md).

>>> game = new_game("poslednyaya", 3, seed=1)
>>> events = game.apply(game.turn, game.legal_actions(game.turn)[0])
"""

from __future__ import annotations

from typing import Any

from .game import Game, IllegalAction
from .rulesets import RULESETS

__all__ = ["RULESETS", "Game", "IllegalAction", "new_game"]


def new_game(
    ruleset: str,
    players: int,
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
) -> Game:
    """Start a game of ``ruleset`` for ``players`` seats (ValueError on a bad argument)."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(RULESETS)})")
    return RULESETS[ruleset](players, seed=seed, options=options, setup=setup)
