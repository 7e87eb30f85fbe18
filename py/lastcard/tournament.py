"""Bot against bot: ``python -m lastcard.tournament`` plays seeded games and prints win rates.

    python -m lastcard.tournament --ruleset poslednyaya --players 2 --games 200 --levels normal,easy

Seats take the levels in turn and the assignment rotates by one seat every game, so no level
always sits first; each deal is played once per rotation (duplicate style), so the luck of the
cards weighs less on the comparison. A level may be named several times
(``--levels hard,normal,normal,normal``: one ``hard`` seat against three ``normal``). A hand won
by several seats is shared between them. Every figure is a level's share *per seat*: the hands
its seats won divided by the hands each of them played (so a fair share is one in ``players``),
with a 95 % Wilson interval. The run is deterministic: ``hard`` is bounded by ``--playouts``,
not time.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .base import Event
from .bots import LEVELS, choose
from .game import Game
from .registry import RULESETS, new_game
from .rng import Rng
from .words import reading_order, told_passes

#: a decision that never ends a hand would loop forever; no real hand comes near this
MAX_STEPS = 100_000


#: a seat played by something other than a built-in level (``lastcard.userbot.UserBot``):
#: called with the game, the seat and the events of the hand so far, it returns the seat's
#: action or ``None`` (it declines; on its turn the time-out applies)
Player = Callable[[Game, int, Sequence[Event]], "str | None"]


@dataclass
class Record:
    """What one game produced: the winners of each hand, and of the match where there is one."""

    hands: list[list[int]] = field(default_factory=list)
    match: list[int] | None = None


def step(
    game: Game,
    levels: Sequence[str],
    rng: Rng,
    playouts: int | None = None,
    *,
    bots: Mapping[str, Player] | None = None,
    log: list[Event] | None = None,
) -> str:
    """Let the bots act once: out-of-turn seats first (a "last" call, a melee answer), then the
    seat on turn; if every bot declines, the game's time-out applies. A level of ``bots``
    plays its seats itself (given ``log``, the events of the hand, which grows, each pass
    marked as a table's log marks it). Returns what happened."""
    turn = game.turn
    order = [s for s in range(game.players) if s != turn] + [turn]
    events: list[Event] = []
    action: str | None = None
    # what a pass answers, as a table's log marks it (``told_passes``)
    waiting = game.pending["kind"] if log is not None and game.pending is not None else None
    for seat in order:
        if not game.legal_actions(seat):
            continue
        level = levels[seat]
        seed = rng.next64()
        if bots is not None and level in bots:
            action = bots[level](game, seat, [] if log is None else log)
        else:
            action = choose(game, seat, level, seed, playouts=playouts)
        if action is not None:
            events = game.apply(seat, action)
            break
    else:
        events = game.time_out()
    if log is not None:
        log.extend(told_passes(events, waiting))
    return action or "time_out"


def play(
    game: Game,
    levels: Sequence[str],
    seed: int,
    *,
    playouts: int | None = None,
    single_hand: bool = False,
    bots: Mapping[str, Player] | None = None,
    dealt: list[Event] | None = None,
) -> Record:
    """Play ``game`` to its end (every hand of a match, or only the first one) with
    ``levels[seat]`` in each seat (a level of ``bots`` played by it, given the hand's events as
    a table's log tells them, from the hand's deal on: ``dealt``, what ``new_game(events=...)``
    gave for the first hand, then each move's)."""
    rng = Rng(seed)
    record = Record()
    log: list[Event] = reading_order(dealt or [])
    for _ in range(MAX_STEPS):
        if game.over:
            record.hands.append(list(game.winners or []))
            if single_hand:
                return record
            if not game.SCORED or game.match_over or len(game.seats_in_play()) < 2:
                record.match = game.match_winners
                return record
            log[:] = reading_order(game.next_hand())
            continue
        step(game, levels, rng, playouts, bots=bots, log=log)
    raise RuntimeError(f"no end after {MAX_STEPS} steps")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for the default ``z``)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_levels(levels: Sequence[str], players: int, game_index: int) -> list[str]:
    """Seat ``s`` of game ``i`` plays ``levels[(s + i) % len(levels)]``."""
    return [levels[(seat + game_index) % len(levels)] for seat in range(players)]


def share(winners: list[int], seats: Sequence[str], level: str) -> float:
    """The part of a win (shared on a tie) that went to ``level``'s seats."""
    return sum(1 for s in winners if seats[s] == level) / len(winners) if winners else 0.0


@dataclass
class Tally:
    """One level's wins, counted per seat: ``won`` is the part of the ``hands`` (the hands in
    which the level held a seat) its seats won together, ``seat_hands`` the hands its seats
    played, one per seat and hand."""

    won: float = 0.0
    hands: int = 0
    seat_hands: int = 0

    def add(self, won: float, hands: int, seats: int) -> None:
        self.won += won
        self.hands += hands
        self.seat_hands += hands * seats

    def per_seat(self) -> tuple[float, float, float]:
        """The share per seat and its 95 % interval, ``(share, low, high)``: the level's share
        of the hands (a proportion with a Wilson interval) divided by its seats per hand."""
        if not self.seat_hands:
            return (0.0, 0.0, 1.0)
        low, high = wilson(self.won, self.hands)
        per = self.hands / self.seat_hands
        return (self.won / self.seat_hands, low * per, high * per)

    def rate(self) -> str:
        """:meth:`per_seat` as text."""
        if not self.seat_hands:
            return "    - "
        share, low, high = self.per_seat()
        return f"{100 * share:5.1f} % ({100 * low:4.1f}-{100 * high:4.1f})"


class Standings:
    """The win rates per seat of each level over the games played so far."""

    def __init__(self, levels: Sequence[str], players: int) -> None:
        self.levels = list(dict.fromkeys(levels))  # each level once, in the order given
        self.players = players
        self.hands = {level: Tally() for level in self.levels}
        self.matches = {level: Tally() for level in self.levels}
        self.hand_count = self.match_count = 0

    def add(self, seats: Sequence[str], record: Record) -> None:
        """Count one game, played with ``seats[seat]`` in each seat."""
        self.hand_count += len(record.hands)
        self.match_count += record.match is not None
        for level in self.levels:
            count = seats.count(level)
            if not count:
                continue
            won = sum(share(w, seats, level) for w in record.hands)
            self.hands[level].add(won, len(record.hands), count)
            if record.match is not None:
                self.matches[level].add(share(record.match, seats, level), 1, count)


def games(
    ruleset: str,
    players: int,
    count: int,
    levels: Sequence[str],
    seed: int,
    playouts: int | None = None,
    single_hand: bool = False,
    bots: Mapping[str, Player] | None = None,
) -> Iterator[tuple[list[str], Record]]:
    """Play ``count`` games one by one (only their first hands with ``single_hand``), each
    with the levels of its seats."""
    for i in range(count):
        seats = seat_levels(levels, players, i)
        deal = seed + i // len(levels)  # every rotation of the levels plays the same deals
        dealt: list[Event] = []
        game = new_game(ruleset, players, seed=deal, events=dealt)
        record = play(
            game, seats, deal, playouts=playouts, single_hand=single_hand, bots=bots, dealt=dealt
        )
        yield seats, record


def tournament(
    ruleset: str,
    players: int,
    count: int,
    levels: Sequence[str],
    seed: int,
    playouts: int | None = None,
    single_hand: bool = False,
) -> str:
    """Play ``count`` games (only their first hands with ``single_hand``) and return the table
    of win rates per seat (a text)."""
    standings = Standings(levels, players)
    for seats, record in games(ruleset, players, count, levels, seed, playouts, single_hand):
        standings.add(seats, record)
    hands, matches = standings.hand_count, standings.match_count
    title = f"{ruleset}, {players} players, {count} games, {hands} hands, seed {seed}"
    if single_hand:
        title += " (the first hand of each match)"
    if "hard" in levels:
        title += f", hard: {playouts} playouts"
    title += f"; won per seat (a fair share is {100 / players:.1f} %)"
    head = "level   seats  hands won (95 % CI)"
    lines = [title, head + "    matches won (95 % CI)" if matches else head]
    for level in standings.levels:
        seats_per_game = players * levels.count(level) / len(levels)
        line = f"{level:<7} {seats_per_game:5.2g}  {standings.hands[level].rate()}"
        if matches:
            line += f"    {standings.matches[level].rate()}"
        lines.append(line)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """The command line: see the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m lastcard.tournament", description=__doc__)
    parser.add_argument("--ruleset", choices=list(RULESETS), default="poslednyaya")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--levels", default="normal,easy", help="comma-separated, e.g. hard,normal")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=200, help="playouts per hard decision")
    parser.add_argument(
        "--single-hand", action="store_true", help="only the first hand of each match"
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    print(
        tournament(
            args.ruleset,
            args.players,
            args.games,
            levels,
            args.seed,
            args.playouts,
            single_hand=args.single_hand,
        )
    )


if __name__ == "__main__":
    main()
