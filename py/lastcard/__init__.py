"""``lastcard``: the pure-Python engine of the Last Card party table (docs/engine-api.md).

>>> game = new_game("poslednyaya", 3, seed=1)
>>> events = game.apply(game.turn, game.legal_actions(game.turn)[0])
>>> describe("last-one")["players"]
{'min': 2, 'max': 6}
"""

from __future__ import annotations

from .game import Game, IllegalAction, register, unregister
from .registry import RULESETS, describe, load, new_game, rules_text

__all__ = [
    "RULESETS",
    "Game",
    "IllegalAction",
    "describe",
    "load",
    "new_game",
    "register",
    "rules_text",
    "unregister",
]
