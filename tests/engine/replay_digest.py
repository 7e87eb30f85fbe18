"""Print a digest of seeded games: RNG outputs, a shuffle, and a replay per ruleset.

Run by ``test_determinism.py`` under CPython and under Pyodide (Node): the outputs must match.
Standard library only; expects ``lastcard`` importable.
"""

from __future__ import annotations

import hashlib
import json

from lastcard import RULESETS, new_game
from lastcard.rng import Rng


def digest() -> dict[str, object]:
    """RNG outputs, a shuffle and, per ruleset, (actions, winners, view hash) of a fixed replay."""
    rng = Rng(2024)
    items = list(range(20))
    Rng(7).shuffle(items)
    out: dict[str, object] = {
        "next64": [rng.next64() for _ in range(3)],
        "shuffle": items,
        "randbelow": [Rng(9).randbelow(n) for n in (1, 2, 3, 10, 108)],
    }
    for name in sorted(RULESETS):
        game = new_game(name, RULESETS[name].MIN_PLAYERS, seed=2024)
        steps = 0
        while not game.over and steps < 3000:
            seat = next(s for s in range(game.players) if game.legal_actions(s))
            legal = game.legal_actions(seat)
            game.apply(seat, legal[steps % len(legal)])
            steps += 1
        view = json.dumps(game.public_view(), sort_keys=True).encode()
        out[name] = [steps, game.winners, hashlib.sha256(view).hexdigest()[:16]]
    return out


if __name__ == "__main__":
    print(json.dumps(digest(), sort_keys=True))
