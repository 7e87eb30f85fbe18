"""Computer players for every ruleset, in three strengths (``docs/design.md``, "Bots").

>>> from lastcard import new_game
>>> game = new_game("poslednyaya", 2, seed=3)
>>> choose(game, game.turn, "normal", seed=7) in game.legal_actions(game.turn)
True

A bot is a seat like any other: it decides from what that seat may know (its own hand, the
public view, the face-up discard pile) and never reads another hand or the stock. ``hard``
searches over *determinizations* (``Game.determinize``): worlds in which every hidden card is
dealt anew from what the seat cannot see, so its choice too depends only on the seat's knowledge.

- ``easy``: a random legal action; out of turn it answers a melee, calls "last" with one card and
  takes a jump-in half the time.
- ``normal``: a heuristic (``lastcard.bots.policy``): keep wilds for when they are needed, name the
  colour or suit held most, attack a seat about to go out, dump high-scoring cards when a hand
  may end, answer melees and pickups (stacking on a waiting pickup rather than taking it), call
  "last", jump in whenever it can, swap hands with the seat holding the fewest cards.
- ``hard``: determinized Monte Carlo (``lastcard.bots.search``) with ``normal`` as the playout
  policy, bounded by an injected clock (``budget`` seconds) or a playout count.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Game
from ..rng import Rng
from .policy import easy_move, normal_move
from .search import DEFAULT_PLAYOUTS, search_move

__all__ = ["DEFAULT_PLAYOUTS", "LEVELS", "choose"]

#: the bot strengths, weakest first
LEVELS = ("easy", "normal", "hard")


def choose(
    game: Game,
    seat: int,
    level: str,
    seed: int,
    *,
    clock: Callable[[], float] | None = None,
    budget: float = 0.2,
    playouts: int | None = None,
) -> str | None:
    """The action string the ``level`` bot in ``seat`` takes now, or ``None``.

    ``None`` means there is nothing for this seat to do now (no legal action), or it declines an
    optional out-of-turn move for the moment. The same ``(view, level, seed, playouts)`` always
    gives the same answer. ``hard`` stops after ``playouts`` playouts, or once ``clock()`` (an
    injected ``() -> seconds``) shows ``budget`` seconds spent, whichever comes first; with
    neither, or with a clock that stands still, it runs ``DEFAULT_PLAYOUTS``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    moves = game.legal_moves(seat)
    if not moves:
        return None
    rng = Rng(seed)
    if level == "easy":
        move = easy_move(game, seat, moves, rng)
    elif level == "normal":
        move = normal_move(game, seat, moves, rng)
    else:
        move = search_move(game, seat, moves, rng, clock=clock, budget=budget, playouts=playouts)
    return None if move is None else move.text
