"""The ``easy`` and ``normal`` policies: one move for one seat, from what that seat may know.

Both work on the engine's trusted fast path: the seat's legal ``Move`` objects
(``Game.legal_moves``) in, one of them out. ``normal_move`` also serves as the playout policy of
``hard``, so it reads only cheap public facts plus the seat's own hand: the top discard, the
colour or suit in force, the pending state, hand sizes, the turn order and the ruleset's class
facts (``WILD``, ``EFFECTS``, ``POINTS``). It never touches another hand or the stock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ..base import Pending
from ..cards import BASE, JOKER, NATURALS, PIPS, RANK, SUIT
from ..game import Game
from ..moves import LAST, Move
from ..rng import Rng

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
#: ``sharp``: per card of the same rank left in hand (those change the colour or suit later)
SAME_RANK = 1.5
#: ``sharp``: a play leaving in force a colour or suit the next seat is believed not to hold
LACKING = 1.0
#: ``sharp``: the share of an attack's weight it keeps while the next seat is far from going out
CALM_ATTACK = 0.5
#: a challengeable play made while holding the colour or suit in force (a bluff): below a draw
BLUFF = -5.0
#: the share of players taken to bluff with a Wild Draw Four when they hold the colour in force
BLUFF_RATE = 0.3
#: adding to a challengeable draw (stacking): better than drawing, worse than a likely catch
STACK = 0.5
#: challenge when the chance of a bluff is above this (a challenge risks 2 more cards and the
#: turn for the chance to pass the 4 cards back)
CHALLENGE_AT = 0.3
#: seven-zero: per card fewer in the hand a swap or a pass-on brings
TRADE = 2.0


def easy_move(game: Game, seat: int, moves: Sequence[Move], rng: Rng) -> Move | None:
    """A random legal move, except that ``easy`` always calls "last" when it may, answers a
    melee whenever it can (out of turn too) and takes a jump-in half the time."""
    for move in moves:
        if move.kind == "last":
            return move
    p = game.pending
    if p is not None and p["kind"] == "melee":
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            return plays[rng.randbelow(len(plays))]
    if seat != game.turn and p is None and rng.randbelow(2):
        return None  # a jump-in: taken half the time
    return moves[rng.randbelow(len(moves))]


def normal_move(
    game: Game, seat: int, moves: Sequence[Move], rng: Rng, traits: Traits | None = None
) -> Move | None:
    """The heuristic's best move (ties broken by ``rng``); ``traits`` (``traits_of(game)``) may be
    given by a caller that asks many times in one game, as a playout does."""
    if len(moves) == 1:  # what ``_best`` picks, and a tie of one draws no number
        return moves[0]
    return _best(zip(moves, _scores(game, seat, moves, None, traits), strict=True), rng)


def sharp_move(
    game: Game,
    seat: int,
    moves: Sequence[Move],
    rng: Rng,
    lacking: frozenset[str | None],
    traits: Traits | None = None,
) -> Move | None:
    """The sharper heuristic ``hard`` plays by in its playouts (and tries first): ``normal``
    that keeps cards of a rank it holds twice, leaves in force a colour or suit the next seat
    is believed to lack (``lacking``, from ``lacking_suits``), weighs its attacks less while the
    next seat is far from going out, and keeps a wild card it has just drawn for when it is
    needed."""
    if len(moves) == 1:  # as in ``normal_move``
        return moves[0]
    return _best(zip(moves, _scores(game, seat, moves, lacking, traits), strict=True), rng)


def lacking_suits(game: Game, seat: int) -> frozenset[str | None]:
    """The colours or suits ``seat`` is believed to hold no card of (``Game.ruled_out``)."""
    if not game.ruled_out[seat]:
        return frozenset()
    suits = traits_of(game).suits
    return frozenset(s for s, cards in suits.items() if game.believed_without(seat, cards))


def scored_moves(game: Game, seat: int, moves: Sequence[Move]) -> list[tuple[Move, float]]:
    """Every move with the heuristic's score for it (higher is better)."""
    return list(zip(moves, _scores(game, seat, moves), strict=True))


def _best(scored: Iterable[tuple[Move, float]], rng: Rng) -> Move | None:
    """The move with the highest score (ties broken by ``rng``)."""
    best: list[Move] = []
    top = -GO_OUT
    for move, score in scored:
        if score > top:
            best, top = [move], score
        elif score == top:
            best.append(move)
    return best[rng.randbelow(len(best))] if best else None


def _scores(
    game: Game,
    seat: int,
    moves: Sequence[Move],
    lacking: frozenset[str | None] | None = None,
    traits: Traits | None = None,
) -> list[float]:
    """The heuristic's score of each move, in order (see ``docs/bots.md``); ``sharp``'s when
    ``lacking`` is given. The playouts' inner loop: what a play's score takes from the play
    alone is worked out once per ruleset (``Traits.play``), and each sum is made in the same
    order as written out in full, so that the scores, ties included, are the same floats."""
    if LAST in moves:  # a call costs nothing and saves a penalty
        return [1.0 if m is LAST else 0.0 for m in moves]
    p = game.pending
    kind = None if p is None else p["kind"]
    if p is not None and kind == "melee":
        return [_melee_score(seat, m, p) for m in moves]
    if p is not None and kind == "challenge":
        return _challenge_scores(game, seat, moves, p)
    if traits is None:
        traits = traits_of(game)
    plays, colour = traits.plays, traits.colour
    hands = game.hands
    hand = hands[seat]
    size = len(hand)
    held: dict[str | None, int] = {}
    for card in hand:
        suit = colour[card]
        if suit is not _WILD:
            held[suit] = held.get(suit, 0) + 1
    # the other seats with cards, and those of them about to go out (the seat's own hand is
    # counted in the loop and taken out after it)
    others = near = 0
    for h in hands:
        if h:
            others += 1
            if len(h) <= DANGER:
                near += 1
    if hand:
        others -= 1
        near -= size <= DANGER
    two = others == 1
    # attacks count more against a seat about to go out (``next_seat``, inlined)
    nxt = (seat + game.direction) % game.players
    if game.removed[nxt] or game.eliminated[nxt]:
        nxt = game.next_seat(seat)
    danger = len(hands[nxt]) <= DANGER
    threat = THREAT if danger else 1.0
    sharp = lacking is not None
    lacks = lacking or frozenset()
    ranks: dict[str, int] | None = None  # ``sharp``: the hand's cards per rank
    # when a hand may end soon, high-scoring cards should leave the hand first
    dump = 0.0
    if traits.points:
        dump = 0.3 if (near if others else size <= DANGER) else 0.02
    # a challengeable play (not one answering a stacked draw) while the hand holds the colour
    # or suit in force is a bluff
    bluffing = kind in (None, "drawn") and bool(held.get(game.active))
    spend = -1.0  # the cost of spending a wild card, worked out at the first one met
    out = []
    for move in moves:
        if move.kind == "play":
            info = plays.get(move) or traits.play(move)
            count = info.count
            if count == size:
                out.append(GO_OUT)
                continue
            if bluffing and info.challenged:
                out.append(BLUFF)
                continue
            active = move.active
            score = PLAY + FOLLOW * held.get(active, 0)
            if info.wild:
                if spend < 0.0:
                    spend = _spend(moves, plays, traits, kind)
                score -= spend
            elif info.follows:
                score -= FOLLOW
            if count > 1:
                score += info.extra
                score -= info.followers
            if dump:
                score += dump * info.points
            if info.trade:
                score += TRADE * _trade_gain(game, seat, move, size - count)
            attack = info.attack
            if attack is not None:
                laid, fixed, with_two = attack
                if sharp and not danger:
                    score += CALM_ATTACK * fixed
                else:
                    score += threat * (laid + (with_two if two else 0.0))
            if sharp:
                if not info.wild:
                    if ranks is None:
                        ranks = {}
                        for card in hand:
                            ranks[RANK[card]] = ranks.get(RANK[card], 0) + 1
                    score -= SAME_RANK * (ranks.get(info.rank, 0) - count)
                if active in lacks:
                    score += LACKING
                if kind == "drawn" and info.wild and not danger:
                    score = -2.0  # below the pass: keep it
            out.append(score)
        elif move.kind == "suit":
            out.append(float(held.get(move.name, 0)))
        elif move.kind == "pass":
            out.append(-1.0)
        else:  # draw
            out.append(0.0)
    return out


def _spend(
    moves: Sequence[Move], plays: dict[Move, _Play], traits: Traits, kind: str | None
) -> float:
    """What a wild card costs to play now: nothing after a draw, or when every play is of a
    wild card (it is needed now), else ``SPEND_WILD``."""
    if kind == "drawn":
        return 0.0
    for m in moves:
        if m.kind == "play" and not (plays.get(m) or traits.play(m)).wild:
            return SPEND_WILD
    return 0.0


def _challenge_scores(game: Game, seat: int, moves: Sequence[Move], p: Pending) -> list[float]:
    """Facing a challengeable play: challenge a likely bluff, else pass the draw on (stacking,
    naming the colour held most), else draw."""
    dare = 1.0 if bluff_chance(game, seat, p) > CHALLENGE_AT else -1.0
    suits = [SUIT[card] for card in game.hands[seat]]
    return [
        dare if m.kind == "challenge"
        else STACK + 0.01 * suits.count(m.name) if m.kind == "play"
        else 0.0
        for m in moves
    ]  # fmt: skip


def bluff_chance(game: Game, seat: int, p: Pending) -> float:
    """The chance, as ``seat`` may judge it, that the challengeable play it faces (pending
    ``challenge``) is a bluff: the chance that the player's hand holds a card of the colour or
    suit that was in force, from the cards ``seat`` has not seen (none where the table believes
    the hand has none), weighed by how often players holding it are taken to bluff
    (``BLUFF_RATE``)."""
    player, suit = p["aggressor"], p["suit"]
    if game.believed_without(player, traits_of(game).suits.get(suit, ())):
        return 0.0
    unseen = Counter(game.deck())
    unseen.subtract(game.hands[seat])
    unseen.subtract(BASE[card] for card in game.discard)
    total = sum(n for n in unseen.values() if n > 0)
    others = total - sum(n for card, n in unseen.items() if n > 0 and SUIT[card] == suit)
    lacks = 1.0  # the chance that none of the player's cards is of the suit
    for i in range(len(game.hands[player])):
        lacks *= max(others - i, 0) / max(total - i, 1)
    holds = (1.0 - lacks) * BLUFF_RATE
    return holds / (holds + lacks) if holds else 0.0


def _trade_gain(game: Game, seat: int, move: Move, left: int) -> int:
    """Seven-zero: the cards fewer ``seat`` holds after its 7 or 0 than the ``left`` it keeps
    otherwise (a 7 takes the named seat's hand, a 0 the previous seat's)."""
    other = move.target
    if other is None:
        other = game.next_seat(seat, direction=-game.direction)
    return left - len(game.hands[other])


def _melee_score(seat: int, move: Move, p: Pending) -> float:
    """In a melee: continue with a natural card, with a joker only when defending."""
    if move.kind != "play":
        return 0.0
    if move.cards[0].startswith(JOKER):
        return 1.0 if seat == p["defender"] else -1.0
    return 1.0


#: ``Traits.colour`` of a wild card: it follows no colour or suit
_WILD = "wild"


class _Play:
    """What a play's score takes from the play alone (``_scores``), for one ruleset and options:
    the cards laid, whether its top card is wild, whether that card's own colour or suit is the
    one it leaves in force (``follows``), the bonus for the extra cards and the cost of those
    that follow the colour or suit left in force (``extra``, ``followers``), the points laid,
    whether it trades hands (seven-zero), its attack as (per play with the cards laid, per
    play, extra with two seats), whether it may be challenged, and its top card's rank."""

    __slots__ = (
        "attack", "challenged", "count", "extra", "followers", "follows", "points", "rank",
        "trade", "wild",
    )  # fmt: skip

    def __init__(self, traits: Traits, move: Move) -> None:
        cards, top, active, wild = move.cards, move.top, move.active, traits.wild
        self.count = count = len(cards)
        self.wild = top in wild
        self.follows = SUIT[top] == active
        self.extra = EXTRA_CARD * (count - 1)
        self.followers = FOLLOW * sum(1 for c in cards[:-1] if SUIT[c] == active and c not in wild)
        self.points = sum(traits.points[BASE[c]] for c in cards) if traits.points else 0
        self.rank = RANK[top]
        self.trade = move.target is not None or (traits.traded and self.rank == "0")
        attack = traits.attacks.get(self.rank)
        if attack is not None:
            per_card, fixed, with_two = attack
            attack = (per_card * count + fixed, fixed, with_two)
        self.attack = attack
        self.challenged = self.rank in traits.challenged


class Traits:
    """A ruleset's facts as the heuristic weighs them, worked out once per ruleset and options.

    ``wild``: the cards playable on anything (wild ranks, jokers as any card); ``colour``: each
    card's colour or suit, ``_WILD`` for a wild card; ``points``: what a card scores left in
    hand (empty if unscored); ``attacks``: per rank, how hard its effect hits the next seat, as
    (per card laid, per play, extra with two seats); ``suits``: the cards of each colour or
    suit, wild cards left out; ``challenged``: the ranks whose play the next seat may challenge
    (fair only without the colour or suit in force); ``plays``: each play's ``_Play``, made the
    first time it is scored (``play``).
    """

    __slots__ = ("attacks", "challenged", "colour", "plays", "points", "suits", "traded", "wild")

    def __init__(self, game: Game) -> None:
        cards = set(game.deck())
        names = {f"{JOKER}={c}" for c in NATURALS} if JOKER in cards else set()
        self.wild = frozenset(
            c for c in cards | names if RANK[c] in game.WILD or c.startswith(JOKER)
        )
        self.colour = {c: _WILD if c in self.wild else SUIT[c] for c in cards}
        self.suits: dict[str | None, frozenset[str]] = {}
        for card in cards - self.wild:
            self.suits[SUIT[card]] = self.suits.get(SUIT[card], frozenset()) | {card}
        points = game.POINTS
        self.points = {c: points.get(RANK[c]) or int(RANK[c]) for c in cards} if game.SCORED else {}
        self.challenged = frozenset(r for r, e in game.EFFECTS.items() if e.challenge)
        self.attacks: dict[str, tuple[float, float, float]] = {}
        for rank, effect in game.EFFECTS.items():
            fixed = float(game.value(effect.draw)) if effect.draw else 0.0
            if effect.melee or effect.chain:
                fixed += PIPS[rank] / 2
            if effect.free:
                fixed += PLAY / 2
            with_two = 1.0 if effect.reverse and game.REVERSE_SKIPS_TWO else 0.0
            self.attacks[rank] = (float(effect.skip + effect.pickup), fixed, with_two)
        self.traded = bool(game.options.get("seven_zero"))
        self.plays: dict[Move, _Play] = {}

    def play(self, move: Move) -> _Play:
        """The ``_Play`` of a play move, made and kept on first use."""
        info = self.plays[move] = _Play(self, move)
        return info


_TRAITS: dict[tuple[Any, ...], Traits] = {}


def traits_of(game: Game) -> Traits:
    """The heuristic's ``Traits`` of ``game``'s ruleset and options (made once, then kept)."""
    key = (game.RULESET, *game.options.values())
    traits = _TRAITS.get(key)
    if traits is None:
        traits = _TRAITS[key] = Traits(game)
    return traits


def card_points(game: Game) -> dict[str, int]:
    """Points each card scores when left in hand at the end of a hand (empty if unscored)."""
    return traits_of(game).points
