"""The engine's invariants, checked on a game (``Game.check``): what a saved game must satisfy
before a table plays on with it (every card once, counts per seat, phase and pending state
coherent). The table's save check calls it on every game it restores.

>>> from lastcard import new_game
>>> new_game("last-one", 3, seed=1).check()
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import BASE, COLOURS, SUITS

if TYPE_CHECKING:
    from .beliefs import Beliefs as Game  # what a game is to these checks

#: the keys each kind of pending state holds, besides ``kind``, and which of them are seats that
#: must still be in play (a melee's aggressor may have been removed since: last-one D14)
PENDING: dict[str, tuple[set[str], set[str]]] = {
    "drawn": ({"seat"}, {"seat"}),
    "free": ({"seat"}, {"seat"}),
    "suit": ({"seat"}, {"seat"}),
    "pickup": ({"seat", "count"}, {"seat"}),
    "chain": ({"seat", "need", "count"}, {"seat"}),
    "challenge": ({"seat", "count", "aggressor", "suit"}, {"seat"}),
    "melee": (
        {"suit", "need", "aggressor", "defender", "count", "passed"},
        {"defender"},
    ),
}
#: the keys of a pending state that name a seat
SEAT_KEYS = {"seat", "aggressor", "defender"}


class Broken(ValueError):
    """A game whose state breaks an invariant of the engine (a damaged save)."""


def need(ok: bool, why: str) -> None:
    if not ok:
        raise Broken(why)


def is_int(value: Any, low: int = 0, high: int = 2**64) -> bool:
    """A whole number (not a bool) in ``low..high``."""
    return type(value) is int and low <= value <= high


def is_seats(value: Any, players: int) -> bool:
    """A list of seat numbers."""
    return isinstance(value, list) and all(is_int(s, 0, players - 1) for s in value)


def check_game(game: Game) -> None:
    """Raise ``Broken`` (a ValueError) saying what is wrong if ``game`` breaks an invariant."""
    kind = type(game)
    players = game.players
    need(is_int(players, kind.MIN_PLAYERS, kind.MAX_PLAYERS), "the game's player count")
    need(is_int(game.seed), "the game's seed")
    try:
        options = kind.check_options(game.options, players)
    except ValueError as exc:
        raise Broken(f"the game's options: {str(exc)[:200]}") from None
    need(options == game.options, "the game's options are incomplete")
    _check_seats(game)
    _check_cards(game)
    _check_phase(game)
    _check_pending(game)
    try:  # what the table has seen: one entry per card held, one last play per seat
        ruled_out, last_play = game.ruled_out, game.last_play
    except Exception as exc:  # worked out from the saved positions: damaged, it fails anyhow
        raise Broken(f"what the table has seen: {type(exc).__name__}"[:200]) from None
    need(
        len(ruled_out) == players
        and all(len(r) == len(h) for r, h in zip(ruled_out, game.hands, strict=True)),
        "what the table has seen of each hand",
    )
    need(len(last_play) == players, "the last play of each seat")


def _check_seats(game: Game) -> None:
    players = game.players
    for name in ("hands", "removed", "eliminated"):
        value = getattr(game, name)
        need(isinstance(value, list) and len(value) == players, f"the game's {name} per seat")
    for name in ("removed", "eliminated"):
        need(all(type(v) is bool for v in getattr(game, name)), f"the game's {name} flags")
    need(is_int(game.turn, 0, players - 1), "whose turn it is")
    need(game.direction in (1, -1) and type(game.direction) is int, "the direction of play")
    need(is_int(game.dealer, 0, players - 1), "the dealer")
    need(is_int(game.hand_number, 1, 10**6) and is_int(game.idle, 0, 10**6), "the counters")
    need(is_seats(game.calls, players), "the standing calls")
    need(not game.calls or game._fast[1] in ("after", "before"), "calls where none are made")
    need(is_seats(game.missed, players), "the missed calls")
    need(game.winners is None or is_seats(game.winners, players), "the winners")
    need(game.match_winners is None or is_seats(game.match_winners, players), "match winners")
    scored = type(game).SCORED
    need(
        (game.scores is None and game.match_over is None and not scored)
        or (
            scored
            and isinstance(game.scores, list)
            and len(game.scores) == players
            and all(type(s) is int for s in game.scores)
            and type(game.match_over) is bool
        ),
        "the scores",
    )


def _check_cards(game: Game) -> None:
    """Every card of the deck once: in a hand, the stock or the discard pile (a named joker
    only on the discard pile)."""
    need(all(isinstance(h, list) for h in game.hands), "a hand is not a list")
    need(isinstance(game.stock, list) and isinstance(game.discard, list), "the piles")
    cards = [c for h in game.hands for c in h] + game.stock + game.discard
    need(all(isinstance(c, str) and c in BASE for c in cards), "a card that does not exist")
    need(
        all(c == BASE[c] for h in game.hands for c in h) and all(c == BASE[c] for c in game.stock),
        "a named joker outside the discard pile",
    )
    deck = Counter(type(game).deck())
    held = Counter(cards[: len(cards) - len(game.discard)]) + Counter(BASE[c] for c in game.discard)
    if held != deck:
        lost = sorted((deck - held).elements())[:6]
        twice = sorted((held - deck).elements())[:6]
        raise Broken(f"cards not accounted for once: missing {lost}, extra {twice}")
    need(game.active is None or game.active in COLOURS + SUITS, "the colour or suit in force")
    need(game.drawn is None or game.drawn in game.hands[game.turn], "the drawn card")


def _check_phase(game: Game) -> None:
    """A hand over has its winners; a hand on has a turn at a seat in it, two seats or more and
    (with an upcard) a discard pile."""
    need(type(game.over) is bool, "whether the hand is over")
    need(game.over == (game.winners is not None), "the hand's end and its winners disagree")
    if game.over:
        need(game.pending is None and game.drawn is None, "a decision pending after the hand")
        return
    in_play = game.seats_in_play()
    need(game.turn in in_play, "the turn is at a seat out of the hand")
    need(len(in_play) >= 2, "fewer than two seats in the hand")
    need(bool(game.discard) or not type(game).UPCARD, "no card on the discard pile")


def _check_pending(game: Game) -> None:
    """A pending state of a known kind with its keys, its seats in play and the drawn card
    behind exactly a pending ``drawn``."""
    pending: dict[str, Any] | None = game.pending  # type: ignore[assignment]  # as loaded
    need(pending is None or isinstance(pending, dict), "what is pending")
    need((game.drawn is not None) == (pending is not None and pending.get("kind") == "drawn"),
         "the drawn card and what is pending disagree")  # fmt: skip
    if pending is None:
        return
    shape = PENDING.get(str(pending.get("kind")))
    need(shape is not None, "what is pending")
    assert shape is not None
    keys, in_play = shape
    need(set(pending) - {"kind"} == keys, f"the pending {pending['kind']}'s keys")
    for key in keys & SEAT_KEYS:
        seat = pending[key]
        need(is_int(seat, 0, game.players - 1) and (key not in in_play or game.in_play(seat)),
             f"the pending {key}")  # fmt: skip
    if "count" in pending:
        need(is_int(pending["count"], 0, 10**4), "the pending count")
    if pending["kind"] == "pickup":  # a pickup card's, or a draw waiting under stacking (H1)
        kind = type(game)
        need(
            any(e.pickup for e in kind.EFFECTS.values()) or game.options.get("stacking") is True,
            "a pickup waits in a game that has none",
        )
    if "passed" in pending:
        need(is_seats(pending["passed"], game.players), "the seats that passed the melee")
    if pending["kind"] == "challenge":
        need(pending["suit"] in COLOURS + SUITS, "the colour or suit a challenge is about")
    if "seat" in pending:
        need(pending["seat"] == game.turn, "the pending seat is not the turn")
