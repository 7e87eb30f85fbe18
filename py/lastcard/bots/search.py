"""The ``hard`` bot: determinized Monte Carlo over the engine's trusted fast path.

For each sampled world (``Game.determinize``: every card hidden from the seat dealt anew, so the
sample depends only on what the seat may know) every candidate move is tried once and the hand is
played on by the ``normal`` policy for every seat, for at most ``DEPTH`` plies. A finished hand is
worth its win (shared on a tie); an unfinished one the seat's estimated chance from the hand
sizes. In scored rulesets the points left in hands add a score differential. The candidate with
the best mean wins. Candidates are the heuristic's best ``WIDTH`` moves, so a joker's fifty names
do not dilute the budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import Game, Move
from ..rng import Rng
from .policy import card_points, normal_move, scored_moves

#: playouts of a decision when neither a clock nor a playout count is given
DEFAULT_PLAYOUTS = 200
#: plies a playout runs before the position is judged by hand sizes
DEPTH = 40
#: the most moves a decision searches (the heuristic's best)
WIDTH = 8
#: weight of the score differential (per point, in scored rulesets) against a won hand (1.0)
POINT_WEIGHT = 0.005


def search_move(
    game: Game,
    seat: int,
    moves: Sequence[Move],
    rng: Rng,
    *,
    clock: Callable[[], float] | None,
    budget: float,
    playouts: int | None,
) -> Move | None:
    """The move with the best mean playout result for ``seat``."""
    ranked = sorted(scored_moves(game, seat, moves), key=lambda ms: -ms[1])
    if ranked[0][0].kind == "last":  # the heuristic's call is always right
        return ranked[0][0]
    candidates = [move for move, _ in ranked[:WIDTH]]
    if len(candidates) == 1:
        return candidates[0]
    limit = playouts if playouts is not None or clock is not None else DEFAULT_PLAYOUTS
    deadline = None if clock is None else clock() + budget
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    done = 0
    world = game
    while True:
        i = done % len(candidates)
        if i == 0:
            world = game.determinize(seat, rng.next64())
        sim = world.clone()
        sim._push(seat, candidates[i])
        totals[i] += playout(sim, seat, rng)
        counts[i] += 1
        done += 1
        if limit is not None and done >= limit:
            break
        if deadline is not None and clock is not None and clock() >= deadline:
            break
    best = max(
        (i for i in range(len(candidates)) if counts[i]),
        key=lambda i: totals[i] / counts[i],
    )
    return candidates[best]


def playout(game: Game, seat: int, rng: Rng, depth: int = DEPTH) -> float:
    """Play ``game`` on with the ``normal`` policy for every seat; ``seat``'s result."""
    seats = game.seats_in_play()
    for _ in range(depth):
        if game.over:
            break
        actor = _actor(game)
        move = normal_move(game, actor, game._legal_moves(actor), rng)
        if move is None:
            break
        game._push(actor, move)
        if move.kind == "play" and len(game.hands[actor]) == 1 and not game.over:
            for call in game._legal_moves(actor):
                if call.kind == "last":
                    game._push(actor, call)
    return result(game, seat, seats)


def _actor(game: Game) -> int:
    """The seat that moves next in a playout: the turn, or in a melee the first seat (from the
    defender on) that has neither passed nor attacked."""
    p = game.pending
    if p is None or p["kind"] != "melee":
        return game.turn
    seat: int = p["defender"]
    while seat == p["aggressor"] or seat in p["passed"]:
        seat = game.next_seat(seat)
    return seat


def result(game: Game, seat: int, seats: list[int]) -> float:
    """``seat``'s result among the hand's ``seats``: its share of the hand's win (or its chance
    estimated from the hand sizes while the hand goes on) plus, in scored rulesets, the point
    differential."""
    hands = game.hands
    if game.over:
        winners = game.winners or []
        value = 1.0 / len(winners) if seat in winners else 0.0
    else:
        weights = [1.0 / max(len(hands[s]), 1) ** 2 for s in seats]
        value = weights[seats.index(seat)] / sum(weights)
    points = card_points(game)
    if points and len(seats) > 1:
        held = [sum(points[c] for c in hands[s]) for s in seats]
        mine = held[seats.index(seat)]
        value += POINT_WEIGHT * ((sum(held) - mine) / (len(seats) - 1) - mine)
    return value
