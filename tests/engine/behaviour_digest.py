"""Digests of the engine's whole observable behaviour over thousands of seeded random games, to
prove a refactoring changes nothing (issue 14: "behaviour unchanged").

Per game: random actions of any seat through the public API (``apply``), now and then a timer
running out, the host removing a seat or the next hand dealt; every step's events, public view
and the view of every seat are hashed, and the final ``to_dict``. A second part plays the bots'
fast path (``Game.clone``, legal moves, push) and the three bot levels. ``golden_digests.json``
holds the digests recorded before the engine was split; ``test_golden.py`` checks them.

Run ``python tests/engine/behaviour_digest.py --check`` (with ``py/`` on the path) to check all
ten chunks against the golden file, ``--write`` to record it anew.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from lastcard import RULESETS, new_game
from lastcard.bots import choose
from lastcard.game import Game

GOLDEN = Path(__file__).with_name("golden_digests.json")
#: games per (ruleset, chunk); chunks are spread over each ruleset's player range
GAMES = 50
CHUNKS = 10


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _legal(game: Game, seat: int) -> list[Any]:
    """``legal_moves`` (``_legal_moves`` before the engine was split)."""
    fast = getattr(game, "legal_moves", None) or getattr(game, "_legal_moves")  # noqa: B009
    return list(fast(seat))


def _push(game: Game, seat: int, move: Any) -> None:
    """``push`` (``_push`` before the engine was split)."""
    fast = getattr(game, "push", None) or getattr(game, "_push")  # noqa: B009
    fast(seat, move)


def _saved(game: Game) -> dict[str, Any]:
    """``to_dict`` without the options added after the golden digests were recorded (the house
    rules, issue 24) while they stand at their defaults, as the digests' games play them."""
    state = game.to_dict()
    defaults = type(game).OPTIONS
    options = {
        name: value
        for name, value in state["options"].items()
        if not (name in NEWER.get(game.RULESET, ()) and value == defaults[name].default)
    }
    return {**state, "options": options}


#: options added after the golden digests were recorded, by ruleset
NEWER = {
    "poslednyaya": ("hand_size", "last_call_penalty", "stacking", "jump_in", "seven_zero",
                    "draw_until_play"),
    "last-one": ("stacking", "draw_until_play"),
    "last-card": ("hand_size", "last_call_penalty", "draw_until_play"),
    "posledniy-igrok": ("stacking", "draw_until_play"),
}  # fmt: skip


def public_game(ruleset: str, players: int, seed: int) -> str:
    """One seeded random match through the public API, hashed step by step."""
    game = new_game(ruleset, players, seed=seed)
    rnd = random.Random(seed)
    digest = hashlib.sha256()
    hands = 1
    for _ in range(3000):
        roll = rnd.random()
        seats = [s for s in range(players) if not game.removed[s]]
        if game.over:
            if roll < 0.1 and seats:
                events = game.remove_seat(rnd.choice(seats))
            elif game.match_over or len(game.seats_in_play()) < 2 or hands == 3:
                break
            else:
                events = game.next_hand()
                hands += 1
        elif roll < 0.003 and seats:
            events = game.remove_seat(rnd.choice(seats))
        elif roll < 0.08:
            events = game.time_out()
        else:
            options = [(s, a) for s in range(players) for a in game.legal_actions(s)]
            plays = [o for o in options if o[1].startswith("play")]
            events = game.apply(*rnd.choice(plays if plays and rnd.random() < 0.8 else options))
        digest.update(_dump(events))
        digest.update(_dump(game.public_view()))
        for seat in range(players):
            digest.update(_dump(game.view(seat)))
    digest.update(_dump(_saved(game)))
    digest.update(_dump([list(map(sorted, game.ruled_out_cards(s))) for s in range(players)]))
    return digest.hexdigest()[:16]


def fast_game(ruleset: str, players: int, seed: int) -> str:
    """Playouts on the fast path from a copy, then bot decisions of every level on the way."""
    game = new_game(ruleset, players, seed=seed)
    rnd = random.Random(seed)
    digest = hashlib.sha256()
    sim = game.clone()
    for _ in range(3000):
        if sim.over:
            break
        actors = [s for s in range(players) if _legal(sim, s)]
        seat = rnd.choice(actors)
        moves = _legal(sim, seat)
        move = rnd.choice(moves)
        digest.update(move.text.encode())
        _push(sim, seat, move)
    digest.update(_dump(_saved(sim)))
    for step in range(40):
        if game.over:
            break
        actors = [s for s in range(players) if game.legal_actions(s)]
        seat = actors[step % len(actors)]
        level = ("easy", "normal", "hard")[step % 3]
        action = choose(game, seat, level, seed + step, playouts=24)
        digest.update(_dump([seat, level, action]))
        game.apply(seat, action or game.legal_actions(seat)[0])
        guess = game.determinize(seat, seed + step)
        digest.update(_dump(_saved(guess)))
    return digest.hexdigest()[:16]


def digests(chunks: range = range(CHUNKS)) -> dict[str, list[str]]:
    """Per ruleset, one digest per chunk of ``GAMES`` public games and ``GAMES // 5`` fast ones."""
    out: dict[str, list[str]] = {}
    for ruleset in sorted(RULESETS):
        kind = RULESETS[ruleset]
        span = kind.MAX_PLAYERS - kind.MIN_PLAYERS + 1
        found = []
        for chunk in chunks:
            digest = hashlib.sha256()
            for n in range(GAMES):
                seed = chunk * 1000 + n
                players = kind.MIN_PLAYERS + (seed * 7 + chunk) % span
                digest.update(public_game(ruleset, players, seed).encode())
                if n % 5 == 0:
                    digest.update(fast_game(ruleset, players, seed).encode())
            found.append(digest.hexdigest()[:16])
        out[ruleset] = found
    return out


if __name__ == "__main__":
    result = digests()
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1, sort_keys=True))
    if "--check" in sys.argv:
        same = result == json.loads(GOLDEN.read_text(encoding="utf-8"))
        print("the same as golden_digests.json" if same else "DIFFERENT from golden_digests.json")
        sys.exit(0 if same else 1)
