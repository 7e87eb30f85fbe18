"""The ``hard`` bot: determinized Monte Carlo over the engine's trusted fast path.

For each sampled world (``Game.determinize``: every card hidden from the seat dealt anew within
what the table believes of each hand, so the sample depends only on what the seat may know;
of ``TRIES`` such samples, the first in which every other seat's last play is one ``normal``
would have made) every candidate move is tried once and the hand is played on for at most
``DEPTH`` plies: the seat by the ``sharp`` heuristic, every other seat by ``normal``. A
finished hand is worth its win (shared on a tie); an unfinished one the seat's estimated
chance from the hand sizes. In scored rulesets the points left in hands add a score
differential. The candidate with the best mean wins. Candidates are ``sharp``'s choice and
the heuristic's best moves, ``WIDTH`` in all, so a joker's fifty names do not dilute the budget.
Whether to challenge a Wild Draw Four is the heuristic's judgement (``bluff_chance``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..beliefs import Seen
from ..cards import BASE, ORDER
from ..game import Game
from ..moves import LAST, Move
from ..rng import Rng
from .policy import card_points, lacking_suits, normal_move, scored_moves, sharp_move, traits_of

#: playouts of a decision when neither a clock nor a playout count is given
DEFAULT_PLAYOUTS = 200
#: the most playouts of one decision, however fast the clock says they run
MAX_PLAYOUTS = 5000
#: plies a playout runs before the position is judged by hand sizes
DEPTH = 40
#: the most moves a decision searches (the heuristic's best)
WIDTH = 5
#: samples drawn for a world in which the other seats' last plays are the heuristic's
TRIES = 20
#: the head start of the first candidate, ``sharp``'s choice (in won hands): switch only on
#: clear evidence
PRIOR = 0.03
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
    """The move with the best mean playout result for ``seat``.

    The budget is spent by successive halving: the candidates share each phase equally, on
    the same sampled worlds, and the better half goes on to the next phase.
    """
    lacking = lacking_suits(game, game.next_seat(seat))
    candidates = _candidates(game, seat, moves, rng, lacking)
    if len(candidates) == 1:
        return candidates[0]
    start = 0.0 if clock is None else clock()
    limit = playouts if playouts is not None or clock is not None else DEFAULT_PLAYOUTS
    totals = dict.fromkeys(candidates, 0.0)
    counts = dict.fromkeys(candidates, 0)
    favourite = candidates[0]

    def mean(move: Move) -> float:
        """The mean result, the first candidate given a head start against noise."""
        return totals[move] / max(counts[move], 1) + (PRIOR if move is favourite else 0.0)

    done = 0
    alive = candidates
    phases = max(1, (len(alive) - 1).bit_length())
    rounds = 0
    while len(alive) > 1:
        world = _world(game, seat, rng)
        for move in alive:
            sim = world.clone()
            push(sim, seat, move)
            totals[move] += playout(sim, seat, rng, lacking=lacking)
            counts[move] += 1
        done += len(alive)
        rounds += 1
        if limit is None and clock is not None:
            # plan the phases from the first round's pace; a clock that stands still (a test's
            # fake clock) cannot bound the search, so the default count does
            spent = clock() - start
            limit = min(MAX_PLAYOUTS, int(budget / spent * done)) if spent > 0 else DEFAULT_PLAYOUTS
        out_of_time = clock is not None and clock() - start >= budget
        if out_of_time or (limit is not None and done >= limit):
            break
        if limit is not None and rounds * len(alive) >= limit // phases:
            alive = sorted(alive, key=lambda m: -mean(m))[: (len(alive) + 1) // 2]
            rounds = 0
    return max(alive, key=mean)


def _candidates(
    game: Game, seat: int, moves: Sequence[Move], rng: Rng, lacking: frozenset[str | None]
) -> list[Move]:
    """``sharp``'s choice, then the heuristic's best moves, ``WIDTH`` in all and a single name
    per card: naming the colour or suit held most is the heuristic's call (the search has no
    better knowledge of other hands)."""
    ranked = sorted(scored_moves(game, seat, moves), key=lambda ms: -ms[1])
    if ranked[0][0].kind == "last":  # the heuristic's call is always right
        return [ranked[0][0]]
    if game.pending is not None and game.pending["kind"] == "challenge":
        # a sampled world settles a challenge by the hand it deals, not by what the player
        # chose to play: the heuristic's judgement of the bluff stands
        return [ranked[0][0]]
    first = sharp_move(game, seat, moves, rng, lacking)
    assert first is not None
    seen = {first.cards}
    out = [first]
    for move, _ in ranked:
        if move is not first and (move.cards not in seen or not move.cards):
            seen.add(move.cards)
            out.append(move)
    return out[:WIDTH]


def _world(game: Game, seat: int, rng: Rng) -> Game:
    """A determinization for ``seat``: of ``TRIES`` samples, the first in which the other
    seats' last plays are all the heuristic's, else the last one."""
    others = [(s, seen) for s, seen in enumerate(game.last_play) if s != seat and seen]
    for _ in range(TRIES):
        world = game.determinize(seat, rng.next64())
        if all(_heuristic_play(world, s, seen) for s, seen in others):
            break
    return world


def _heuristic_play(world: Game, seat: int, seen: Seen) -> bool:
    """Would ``normal`` have made ``seat``'s last play ``seen`` with the hand ``world`` gives
    it (that hand and the cards played)? True when the hand or the discard pile has changed
    since, so the position cannot be laid out again."""
    cards = seen.move.cards
    if len(world.hands[seat]) != seen.held or len(world.discard) < seen.discard + len(cards):
        return True
    before = world.clone()
    before.hands[seat] = sorted(world.hands[seat] + [BASE[c] for c in cards], key=ORDER.__getitem__)
    before.discard = world.discard[: seen.discard]
    before.active = seen.active
    before.direction = seen.direction
    before.turn = seat
    before.pending = None
    before.drawn = None
    legal = [move for move in before.legal_moves(seat) if move.kind != "last"]
    scored = scored_moves(before, seat, legal)
    if not scored:
        return True
    top = max(score for _, score in scored)
    return any(move.text == seen.move.text and score == top for move, score in scored)


def playout(
    game: Game,
    seat: int,
    rng: Rng,
    depth: int | None = None,
    lacking: frozenset[str | None] | None = None,
) -> float:
    """Play ``game`` on (for at most ``depth`` plies, ``DEPTH`` by default) with the ``normal``
    policy for every seat, or with ``lacking`` given (``sharp``'s belief about the next seat),
    ``sharp`` for ``seat``; ``seat``'s result."""
    seats = game.seats_in_play()
    traits = traits_of(game)
    for _ in range(DEPTH if depth is None else depth):
        if game.over:
            break
        p = game.pending
        actor = game.turn if p is None or p["kind"] != "melee" else _actor(game)
        legal = game.legal_moves(actor)
        if actor == seat and lacking is not None:
            move = sharp_move(game, actor, legal, rng, lacking, traits)
        else:
            move = normal_move(game, actor, legal, rng, traits)
        if move is None:
            break
        push(game, actor, move)
    return result(game, seat, seats)


def push(game: Game, seat: int, move: Move) -> None:
    """Make ``seat``'s ``move`` in a sampled world, then its "last card" call where the move
    leaves it one card and the ruleset asks for one, as every bot makes it at once: a call left
    unmade would be caught at the next seat's play, and every move to one card judged the worse
    for a penalty no bot pays."""
    game.push(seat, move)
    one_left = move.kind == "play" and len(game.hands[seat]) == 1 and not game.over
    if one_left and LAST in game.legal_moves(seat):
        game.push(seat, LAST)


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
