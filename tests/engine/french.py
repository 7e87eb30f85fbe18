"""Helpers shared by the scenario tests of the French-deck rulesets (`last-one`, `last-card`,
`posledniy-igrok`). They drive the public contract only (docs/engine-api.md)."""

from __future__ import annotations

import random
from typing import Any

from lastcard import new_game
from lastcard.game import Game

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK_52 = [rank + suit for suit in "SHDC" for rank in RANKS]
DECK_54 = [*DECK_52, "JOKER", "JOKER"]


def deal(
    ruleset: str,
    deck: list[str],
    hands: list[list[str]],
    starter: str | None = "9C",
    stock: list[str] | None = None,
    first: int | None = 0,
    options: dict[str, Any] | None = None,
    **setup: Any,
) -> Game:
    """A game from a fixed position; the stock defaults to every unused card of `deck` in deck
    order. `starter=None` lays no starter, `first=None` leaves the first seat to the engine."""
    if stock is None:
        stock = list(deck)
        used = [*setup.get("discard", []), *(c for hand in hands for c in hand)]
        for card in used if starter is None else [starter, *used]:
            stock.remove(card)
    setup.update(hands=hands, stock=stock)
    if starter is not None:
        setup["starter"] = starter
    if first is not None:
        setup["first"] = first
    return new_game(ruleset, len(hands), seed=7, options=options, setup=setup)


def act(game: Game, *moves: tuple[int, str]) -> list[dict[str, Any]]:
    """Apply `(seat, action)` pairs in order; return the events of the last one."""
    events: list[dict[str, Any]] = []
    for seat, action in moves:
        events = game.apply(seat, action)
    return events


def total_cards(game: Game) -> int:
    """Every card of the game, wherever it is."""
    view = game.public_view()
    return int(sum(view["counts"]) + view["stock"] + view["discard"])


def random_move(game: Game, rng: random.Random) -> tuple[int, str]:
    """A random legal `(seat, action)` of any seat, in turn or out of turn."""
    seats = range(game.public_view()["players"])
    return rng.choice([(s, a) for s in seats for a in game.legal_actions(s)])


def play_hand(game: Game, seed: int = 0) -> None:
    """Play random legal actions until the hand is over."""
    rng = random.Random(seed)
    while not game.public_view()["over"]:
        game.apply(*random_move(game, rng))


def play_match(game: Game, seed: int = 0, limit: int = 50000) -> None:
    """Play random legal actions, dealing each next hand, until the match is over."""
    rng = random.Random(seed)
    for _ in range(limit):
        view = game.public_view()
        if view["match_over"]:
            return
        if view["over"]:
            game.next_hand()
            continue
        game.apply(*random_move(game, rng))
    raise AssertionError("match did not end")
