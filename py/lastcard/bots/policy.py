"""The ``easy`` and ``normal`` policies: one move for one seat, from what that seat may know.

Both work on the engine's trusted fast path: the seat's legal ``Move`` objects
(``Game._legal_moves``) in, one of them out. ``normal_move`` also serves as the playout policy of
``hard``, so it reads only cheap public facts plus the seat's own hand: the top discard, the
colour or suit in force, the pending state, hand sizes, the turn order and the ruleset's class
facts (``WILD``, ``EFFECTS``, ``NAMES``). It never touches another hand or the stock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import BASE, JOKER, PIPS, RANK, SUIT
from ..game import Game, Move
from ..rng import Rng
from ..rulesets.last_one import hand_points

#: the score of a play that empties the hand: nothing else comes close
GO_OUT = 1_000_000.0
#: a play's base score: shedding a card beats drawing one
PLAY = 10.0
#: each extra card shed in one play (last-card)
EXTRA_CARD = 4.0
#: the cost of spending a wild card (or a joker) while another play would do
SPEND_WILD = 7.0
#: per card left in hand that follows the colour or suit in force after the play
FOLLOW = 1.5
#: an attack (draw, skip, melee, ...) counts this much more against a seat about to go out
THREAT = 3.0
#: hand sizes at which a seat is about to go out
DANGER = 2


def easy_move(game: Game, seat: int, moves: Sequence[Move], rng: Rng) -> Move | None:
    """A random legal move; out of turn, ``easy`` only calls "last" or answers a melee."""
    for move in moves:
        if move.kind == "last":
            return move
    p = game.pending
    if p is not None and p["kind"] == "melee":
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            return plays[rng.randbelow(len(plays))]
    return moves[rng.randbelow(len(moves))]


def normal_move(game: Game, seat: int, moves: Sequence[Move], rng: Rng) -> Move | None:
    """The heuristic's best move (ties broken by ``rng``)."""
    best: list[Move] = []
    top = -GO_OUT
    for move, score in scored_moves(game, seat, moves):
        if score > top:
            best, top = [move], score
        elif score == top:
            best.append(move)
    return best[rng.randbelow(len(best))] if best else None


def scored_moves(game: Game, seat: int, moves: Sequence[Move]) -> list[tuple[Move, float]]:
    """Every move with the heuristic's score for it (higher is better)."""
    return [(move, score) for move, score in zip(moves, _scores(game, seat, moves), strict=True)]


def _scores(game: Game, seat: int, moves: Sequence[Move]) -> list[float]:
    if any(m.kind == "last" for m in moves):  # a call costs nothing and saves a penalty
        return [1.0 if m.kind == "last" else 0.0 for m in moves]
    p = game.pending
    kind = None if p is None else p["kind"]
    if p is not None and kind == "melee":
        return [_melee_score(game, seat, m, p) for m in moves]
    hand = game.hands[seat]
    facts = _Facts(game, seat)
    wild_needed = all(m.kind != "play" or _is_wild(game, m.cards[-1]) for m in moves)
    out = []
    for move in moves:
        if move.kind == "play":
            out.append(facts.play_score(move, hand, wild_needed or kind == "drawn"))
        elif move.kind == "suit":
            out.append(float(sum(1 for c in hand if SUIT[c] == move.name)))
        elif move.kind == "pass":
            out.append(-1.0)
        else:  # draw
            out.append(0.0)
    return out


def _melee_score(game: Game, seat: int, move: Move, p: dict[str, Any]) -> float:
    """In a melee: continue with a natural card, with a joker only when defending."""
    if move.kind != "play":
        return 0.0
    if move.cards[0].startswith(JOKER):
        return 1.0 if seat == p["defender"] else -1.0
    return 1.0


def _is_wild(game: Game, card: str) -> bool:
    return RANK[card] in game.WILD or card.startswith(JOKER)


class _Facts:
    """What one seat's heuristic weighs, gathered once per decision."""

    __slots__ = ("dump", "game", "next_cards", "points", "seat", "seats")

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        hands = game.hands
        self.seats = len(game.seats_in_play())
        self.next_cards = len(hands[game.next_seat(seat)])
        fewest = min(len(hands[s]) for s in game.seats_in_play() if s != seat)
        self.points = card_points(game)
        # when a hand may end soon, high-scoring cards should leave the hand first
        self.dump = 0.0 if not game.SCORED else (0.3 if fewest <= DANGER else 0.02)

    def play_score(self, move: Move, hand: list[str], wild_needed: bool) -> float:
        """A play's score: shed cards, keep wilds, attack, follow the suit held most."""
        game = self.game
        cards = move.cards
        left = list(hand)
        for card in cards:
            left.remove(BASE[card])
        if not left:
            return GO_OUT
        score = PLAY + EXTRA_CARD * (len(cards) - 1)
        top = cards[-1]
        if not wild_needed and _is_wild(game, top):
            score -= SPEND_WILD
        score += self.dump * sum(self.points.get(BASE[c], 0) for c in cards)
        score += self._attack(RANK[top], len(cards))
        active = move.name or SUIT[top]
        score += FOLLOW * sum(1 for c in left if SUIT[c] == active and not _is_wild(game, c))
        return score

    def _attack(self, rank: str, count: int) -> float:
        """How much the card's effect hurts the next seat (more if it is about to go out)."""
        effect = self.game.EFFECTS.get(rank)
        if effect is None:
            return 0.0
        game = self.game
        hurt = float(effect.skip * count + effect.pickup * count)
        if effect.draw:
            hurt += game._value(effect.draw)
        if effect.reverse and game.REVERSE_SKIPS_TWO and self.seats == 2:
            hurt += 1
        if effect.melee or effect.chain:
            hurt += PIPS[rank] / 2
        if effect.free:
            hurt += PLAY / 2
        return hurt * (THREAT if self.next_cards <= DANGER else 1.0)


#: each scored ruleset's points of a hand left at the end
_HAND_POINTS: dict[str, Callable[[list[str]], int]] = {
    "last-one": hand_points,
    "posledniy-igrok": hand_points,
}
_POINTS: dict[str, dict[str, int]] = {}


def card_points(game: Game) -> dict[str, int]:
    """Points each card scores when left in hand at the end of a hand (empty if unscored)."""
    table = _POINTS.get(game.RULESET)
    if table is None:
        score = _HAND_POINTS.get(game.RULESET)
        table = {} if score is None else {card: score([card]) for card in set(game.deck())}
        _POINTS[game.RULESET] = table
    return table
