"""The ways in to the rulesets by id (``RULESETS``, the one registry, filled by each ruleset
module's ``@register``): ``new_game``, ``load`` (any saved game), ``describe`` (what a ruleset
is, as data: the lobby and the controller read it) and ``rules_text`` (its rules in every
language, for a table's options and timers)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from . import rulesets  # noqa: F401  (each ruleset module registers itself)
from .base import Options, Timers
from .game import AGREED, LANGS, RULESETS, Event, Game

__all__ = ["RULESETS", "Description", "RulesText", "describe", "load", "new_game", "rules_text"]


class OptionInfo(TypedDict):
    """An option in ``describe``: its type, default and bounds (``None``: unbounded or a flag),
    the bound reached only with every player's agreement and the option that carries it, and
    its name in each language; ``fits_deck``: players x value (+ the upcard) must fit the deck;
    ``hint``: what a value means, in each language, where the number alone does not say it."""

    name: str
    type: str
    default: int | bool
    min: int | None
    max: int | None
    agree_max: int | None
    needs: str | None
    fits_deck: NotRequired[bool]
    label: dict[str, str]
    house: bool
    short: NotRequired[dict[str, str]]
    hint: NotRequired[dict[str, str]]


class TimerInfo(TypedDict):
    """A ruleset's own timer in ``describe`` (``base.Timer``)."""

    name: str
    default: float
    min: float
    max: float
    pending: str
    label: dict[str, str]


class Features(TypedDict):
    """What a ruleset has, in ``describe``: calls, melees, chains, scores, how a match ends."""

    last_call: bool
    melee: bool
    chain: bool
    scores: bool
    match: str


class PlayerRange(TypedDict):
    min: int
    max: int


class Description(TypedDict):
    """``describe(ruleset)``: what a ruleset is, JSON-ready (``docs/engine.md``)."""

    id: str
    players: PlayerRange
    deck: str
    deck_size: int
    upcard: bool
    options: list[OptionInfo]
    features: Features
    solo_bots: int
    name: dict[str, str]
    blurb: dict[str, str]
    timers: list[TimerInfo]


#: a ruleset's rules in every language: ``{lang: [[title, [paragraph, ...]], ...]}`` (lists, as
#: JSON has them)
RulesText = dict[str, list[list[str | list[str]]]]


def new_game(
    ruleset: str,
    players: int,
    *,
    seed: int = 0,
    options: Options | None = None,
    setup: dict[str, Any] | None = None,
    events: list[Event] | None = None,
) -> Game:
    """Start a game of ``ruleset`` for ``players`` seats (ValueError on a bad argument);
    ``events``, a list, receives the deal's events as ``next_hand`` returns a later hand's: what
    the starter set off (a Draw Two starter's draw and skip), then ``deal``."""
    return _kind(ruleset)(players, seed=seed, options=options, setup=setup, events=events)


def load(state: dict[str, Any]) -> Game:
    """Rebuild a game of any ruleset from ``Game.to_dict`` output (ValueError if unknown)."""
    return Game.from_dict(state)


def describe(ruleset: str) -> Description:
    """What ``ruleset`` is, JSON-ready: players, deck, options with their bounds (the ones the
    engine checks), features and the computer players a solo game adds (``docs/engine.md``)."""
    kind = _kind(ruleset)
    options = []
    for name, spec in kind.OPTIONS.items():
        if name == AGREED:  # not an option of its own: the controller passes it (``needs``)
            continue
        boolean = isinstance(spec.default, bool)
        agree = None if boolean else spec.agree_high
        option: OptionInfo = {
            "name": name,
            "type": "bool" if boolean else "int",
            "default": spec.default,
            "min": None if boolean else spec.low,
            "max": None if boolean else spec.high,
            "agree_max": agree,
            "needs": None if agree is None else AGREED,
            "label": dict(spec.label),
            "house": spec.house,  # the line under the game's name names it (``short``)
        }
        if name == kind.HAND_SIZE:  # players x value (+ the upcard) must fit in the deck
            option["fits_deck"] = True
        if spec.house:
            option["short"] = dict(spec.short)
        if spec.hint:
            option["hint"] = dict(spec.hint)
        options.append(option)
    timers: list[TimerInfo] = [
        {
            "name": name,
            "default": timer.default,
            "min": timer.low,
            "max": timer.high,
            "pending": timer.pending,
            "label": dict(timer.label),
        }
        for name, timer in kind.TIMERS.items()
    ]
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
        "name": dict(kind.TITLE),
        "blurb": dict(kind.BLURB),
        "timers": timers,
    }


def rules_text(
    ruleset: str,
    options: Options | None = None,
    timers: Timers | None = None,
) -> RulesText:
    """The rules of ``ruleset`` in every language (``{"en": [[title, [paragraph, ...]], ...],
    "ru": ...}``, JSON-ready) for a table's ``options`` (checked; defaults filled in) and its
    ruleset ``timers`` (by default the ruleset's defaults; ``None``: off)."""
    kind = _kind(ruleset)
    checked = kind.check_options(
        {AGREED: True, **(options or {})} if AGREED in kind.OPTIONS else options or {}
    )
    times: dict[str, float | None] = {name: t.default for name, t in kind.TIMERS.items()}
    times.update({k: v for k, v in (timers or {}).items() if k in kind.TIMERS})
    return {
        lang: [[title, list(items)] for title, items in kind.rules(lang, checked, times)]
        for lang in LANGS
    }


def _kind(ruleset: str) -> type[Game]:
    kind = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if kind is None:
        raise ValueError(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(RULESETS)})")
    return kind
