"""The rulesets by id, and the three ways in: ``new_game``, ``load`` (any saved game) and
``describe`` (what a ruleset is, as data: the lobby and the controller read it)."""

from __future__ import annotations

from typing import Any

from .game import AGREED, Game
from .rulesets.last_card import LastCard
from .rulesets.last_one import LastOne
from .rulesets.posledniy_igrok import PosledniyIgrok
from .rulesets.poslednyaya import Poslednyaya

__all__ = ["RULESETS", "describe", "load", "new_game"]

#: every ruleset by id; registering a ruleset is one line here
RULESETS: dict[str, type[Game]] = {
    "poslednyaya": Poslednyaya,
    "last-one": LastOne,
    "last-card": LastCard,
    "posledniy-igrok": PosledniyIgrok,
}


def new_game(
    ruleset: str,
    players: int,
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
) -> Game:
    """Start a game of ``ruleset`` for ``players`` seats (ValueError on a bad argument)."""
    return _kind(ruleset)(players, seed=seed, options=options, setup=setup)


def load(state: dict[str, Any]) -> Game:
    """Rebuild a game of any ruleset from ``Game.to_dict`` output (ValueError if unknown)."""
    return Game.from_dict(state)


def describe(ruleset: str) -> dict[str, Any]:
    """What ``ruleset`` is, JSON-ready: players, deck, options with their bounds (the ones the
    engine checks), features and the computer players a solo game adds (``docs/engine.md``)."""
    kind = _kind(ruleset)
    options = []
    for name, spec in kind.OPTIONS.items():
        if name == AGREED:  # not an option of its own: the controller passes it (``needs``)
            continue
        boolean = isinstance(spec.default, bool)
        agree = None if boolean else spec.agree_high
        option: dict[str, Any] = {
            "name": name,
            "type": "bool" if boolean else "int",
            "default": spec.default,
            "min": None if boolean else spec.low,
            "max": None if boolean else spec.high,
            "agree_max": agree,
            "needs": None if agree is None else AGREED,
        }
        if name == kind.HAND_SIZE:  # players x value (+ the upcard) must fit in the deck
            option["fits_deck"] = True
        options.append(option)
    effects = kind.EFFECTS.values()
    deck = kind.deck()
    return {
        "id": kind.RULESET,
        "players": {"min": kind.MIN_PLAYERS, "max": kind.MAX_PLAYERS},
        "deck": "french" if "AS" in deck else "colour",
        "deck_size": len(deck),
        "upcard": kind.UPCARD,
        "options": options,
        "features": {
            "last_call": kind.CALLS in ("after", "before"),
            "melee": any(e.melee for e in effects),
            "chain": any(e.chain for e in effects),
            "scores": kind.SCORED,
            "match": kind.MATCH,
        },
        "solo_bots": kind.SOLO_BOTS,
    }


def _kind(ruleset: str) -> type[Game]:
    kind = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if kind is None:
        raise ValueError(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(RULESETS)})")
    return kind
