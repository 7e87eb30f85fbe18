"""What every part of the engine stands on: the ruleset facts a ``Game`` subclass states, the
state fields a game holds, and the seats and turn order (``docs/engine.md``, "Layout").

``GameBase`` is the bottom of the engine's stack: ``LegalMoves`` (``moves.py``) generates the
legal moves from the state, ``Beliefs`` (``beliefs.py``) works out what the table has seen and
deals determinizations, and ``Game`` (``game.py``) changes the state, serialises it and gives the
public contract.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Required, Self, TypedDict

from .rng import Rng


class Event(TypedDict, total=False):
    """An event of a state change (docs/design.md, "Events"): its ``type`` and that type's keys
    (the table adds ``n``, its running number, ``auto`` to an automatic call, ``fault``,
    ``detail``, ``line`` and, out of its turn, ``declined`` to a player's own bot's ``bot_fault``,
    ``timed_out`` to a suit in force after a time-out: ``lastcard.words.timed_out``,
    ``pending`` to its own ``time_out``: the kind of decision whose time ran out, and to a
    ``pass`` the kind of decision it answered, or ``blocked``: ``lastcard.words.told_passes``)."""

    type: Required[str]
    seat: int
    cards: list[str]
    count: int
    reason: str
    action: str
    active: str | None
    direction: int
    winners: list[int]
    scores: list[int] | None
    match_winners: list[int]
    hand: int
    dealer: int
    auto: bool
    fault: str
    detail: str
    line: int
    declined: bool
    n: int
    target: int
    seats: list[int]
    #: a challenge's: the seat whose play was challenged, and whether it was caught bluffing
    aggressor: int
    guilty: bool
    timed_out: bool
    #: a ``time_out``'s: the kind of the pending decision whose time ran out (``Pending``); a
    #: ``pass``'s as a log tells it: the kind of decision it answered
    pending: str
    #: a ``pass``'s as a log tells it: nothing to play or draw
    blocked: bool


#: event types whose ``cards`` only the seat's own player may see: a draw's cards, and the hand
#: a challenged seat shows its challenger (the table strips them for everyone else)
PRIVATE_CARDS = frozenset({"draw", "challenge"})


#: a game's options by name: whole numbers and flags (``Option``)
Options = dict[str, int | bool]
#: a ruleset's timers by name (``Timer``): seconds, ``None`` when off
Timers = dict[str, float | None]


class PublicView(TypedDict):
    """``Game.public_view()``: what the TV shows, no hidden card (engine-api, "Views")."""

    ruleset: str
    players: int
    turn: int
    direction: int
    top: str | None
    active: str | None
    counts: list[int]
    stock: int
    discard: int
    pending: Pending | None
    called: list[int]
    over: bool
    winners: list[int] | None
    scores: list[int] | None
    match_over: bool | None
    match_winners: list[int] | None
    revealed: list[list[str]] | None
    dealer: int
    hand_number: int
    removed: list[int]
    eliminated: list[int]


class SeatView(PublicView):
    """``Game.view(seat)``: the public view, the seat's hand and its legal actions."""

    seat: int
    hand: list[str]
    legal: list[str]


class Pending(TypedDict, total=False):
    """What the game waits on besides a normal turn (docs/design.md, "pending"): its ``kind``
    (``drawn``, ``free``, ``suit``, ``pickup``, ``chain``, ``melee``, ``challenge``) and that
    kind's keys."""

    kind: Required[str]
    #: the seat to decide (every kind but ``melee``)
    seat: int
    #: cards owed (``pickup``, ``chain``, ``melee``, ``challenge``; a stacked draw's total is a
    #: ``pickup``)
    count: int
    #: the card that continues a climb (``chain``, ``melee``; ``None``: the top is reached)
    need: str | None
    #: the melee's suit, its attacker, its defender and the seats that passed its card; a
    #: challenge's ``suit`` is the colour or suit in force before the challenged play, and its
    #: ``aggressor`` the seat that made it
    suit: str | None
    aggressor: int
    defender: int
    passed: list[int]


#: what the fast path reads on every move (``GameBase._fast``): the table path
#: (``LegalMoves._table_path``), ``CALLS``, the effects by card (``EFFECTS`` by rank) and
#: ``PLAY_DRAWN``
FastFacts = tuple[Any, str | None, dict[str, "Effect"], bool]


class IllegalAction(ValueError):
    """An action, seat or call the game does not accept now; the state is unchanged."""


@dataclass(frozen=True)
class Effect:
    """What playing a card of one rank does (``count`` cards of the rank multiply skip/pickup).

    ``draw`` is a count or the name of an option holding the count.
    """

    skip: int = 0
    reverse: bool = False
    draw: int | str = 0
    pickup: int = 0
    free: bool = False
    melee: bool = False
    chain: bool = False
    #: seven-zero (a house rule): a 7 swaps hands with the seat the play names, a 0 passes
    #: every hand on in the direction of play
    trade: bool = False
    #: the next seat may challenge the play (Classic's Wild Draw Four: pending ``challenge``),
    #: which is fair only while the player holds no card of the colour or suit in force; the
    #: cards a wrong challenge costs on top of ``draw`` (0: no challenge)
    challenge: int = 0


#: the boolean option that carries every seated player's agreement (``Option.agree_high``)
AGREED = "agreed"


#: a text in each language the pages speak: ``{"en": ..., "ru": ...}``
Words = Mapping[str, str]
#: the languages every ruleset's words are written in
LANGS = ("en", "ru")


@dataclass(frozen=True)
class Option:
    """A ruleset option: its default, inclusive bounds (``None``: unbounded) and its name in
    each language (``label``: the lobby form's).

    Values in ``(high, agree_high]`` are allowed only with the ``AGREED`` option true (the
    lobby's unanimous vote, last-one D1). The bounds are written once, in the ruleset module:
    ``Game.check_options`` and ``lastcard.describe`` both read them.
    """

    default: int | bool
    low: int | None = None
    high: int | None = None
    agree_high: int | None = None
    label: Words = field(default_factory=dict, compare=False)
    #: a house rule (issue 24, ``docs/house-rules.md``): the line under the game's name names
    #: it, in the words of ``short``, a shortening of ``label`` in the label's own words (a
    #: number option only when off its default; ``{n}``: the value, ``{n:card|cards}`` with its
    #: noun, as in event words)
    house: bool = False
    short: Words = field(default_factory=dict, compare=False)
    #: what a value means where the number alone does not say it, shown beside the lobby's
    #: field (``{}``: nothing to say): «Последняя»'s call penalty of 0 is no call to make
    hint: Words = field(default_factory=dict, compare=False)


#: the house rules a ruleset may offer, off by default (``docs/house-rules.md``): a ruleset
#: opts in by listing their names in its ``OPTIONS`` (``house_rules``)
HOUSE_RULES: dict[str, Option] = {
    "stacking": Option(
        False,
        label={"en": "Stacking pickups", "ru": "Штрафы складываются"},
        house=True,
        short={"en": "Stacking", "ru": "Штрафы складываются"},
    ),
    "jump_in": Option(
        False,
        label={
            "en": "Jump-in: an identical card out of turn",
            "ru": "Перехват: такая же карта вне очереди",
        },
        house=True,
        short={"en": "Jump-in", "ru": "Перехват"},
    ),
    "seven_zero": Option(
        False,
        label={
            "en": "Seven-zero: 7 swaps hands, 0 passes them on",
            "ru": "Семь-ноль: 7 — обмен картами, 0 — карты по кругу",
        },
        house=True,
        short={"en": "Seven-zero", "ru": "Семь-ноль"},
    ),
    "draw_until_play": Option(
        False,
        label={"en": "Draw until you can play", "ru": "Брать, пока не найдётся ход"},
        house=True,
        short={"en": "Draw until play", "ru": "Брать, пока нет хода"},
    ),
}


def house_rules(*names: str) -> dict[str, Option]:
    """The house rules ``names`` (``HOUSE_RULES``), for a ruleset's ``OPTIONS``."""
    return {name: HOUSE_RULES[name] for name in names}


def hand_size_option(default: int, low: int, high: int, agree_high: int | None = None) -> Option:
    """The cards dealt to each seat, a number house rule (``HAND_SIZE = "hand_size"``)."""
    return Option(
        default,
        low,
        high,
        agree_high,
        label={"en": "Cards per hand", "ru": "Карт на руки"},
        house=True,
        short={"en": "{n:card|cards} per hand", "ru": "{n:карта|карты|карт} на руки"},
    )


def target_option(default: int) -> Option:
    """The score that wins a match (``MATCH = "target"``), a number option from 1 up."""
    return Option(default, 1, label={"en": "Match target score", "ru": "Очки для победы в матче"})


def call_penalty_option(
    default: int, low: int = 0, high: int = 4, hint: Words | None = None
) -> Option:
    """The cards a missed "last card" call costs, a number house rule (``CALL_PENALTY``);
    ``hint``: what a value means in this game, beside the lobby's field (``Option.hint``)."""
    return Option(
        default,
        low,
        high,
        label={
            "en": "Missed-call penalty (cards)",
            "ru": "Штраф, если забыли нажать «Последняя!» (карт)",
        },
        house=True,
        short={
            "en": "Missed call: {n:card|cards}",
            "ru": "Забыли «Последняя!»: {n:карта|карты|карт}",
        },
        hint=hint or {},
    )


@dataclass(frozen=True)
class Timer:
    """A ruleset's own timer: the seconds an out-of-turn window of a pending state stays open
    (last-one's melee), its default, its bounds and its name in each language. The table's
    own timers (the turn, the grace of a disconnected phone, the computers' pause) are the
    controller's; the table runs this one instead of the turn timer while the game's pending
    state is of kind ``pending``. ``None`` (off) is allowed: the window then waits."""

    default: float
    low: float
    high: float
    pending: str
    label: Words = field(default_factory=dict, compare=False)


def count(amount: int | str, options: Mapping[str, Any]) -> int:
    """A count given directly or as the name of an option holding it (``Effect.draw``,
    ``CALL_PENALTY``, ``HAND_SIZE``), under ``options``."""
    return int(options[amount]) if isinstance(amount, str) else amount


def lowest(seats: list[int], key: Callable[[int], int]) -> list[int]:
    """The seats with the lowest ``key`` (several on a tie)."""
    low = min(key(s) for s in seats)
    return [s for s in seats if key(s) == low]


class GameBase:
    """The ruleset facts (class attributes a ruleset overrides), the state of one table's game
    and the seats in play. Not a game by itself: see ``Game``."""

    #: the class's ``FastFacts`` (``Game.__init_subclass__``), which every game also holds in
    #: its attribute ``_fast`` for the fast path: on CPython 3.11 an attribute read through
    #: ``self`` that finds a class attribute is not specialised (several times an instance
    #: attribute). A game keeps every attribute in its instance dictionary, and 29 at most: on
    #: CPython 3.13 a slot anywhere in the class's bases leaves the instance's attributes out
    #: of the object, where no read of one is specialised (the public API took 35 % longer
    #: there with ``_fast`` a slot; no difference on 3.11 or in Pyodide's 3.14); on 3.11 a
    #: 30th key passes the limit of a class's shared keys and slows every read a little
    _FAST: ClassVar[FastFacts] = (None, None, {}, False)
    _fast: FastFacts

    # ---- ruleset facts (class attributes a ruleset overrides) ----------------------------
    RULESET: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 10
    OPTIONS: ClassVar[dict[str, Option]] = {}
    #: names a wild card may carry: colours or suits
    NAMES: ClassVar[tuple[str, ...]] = ()
    HAND_SIZE: ClassVar[int | str] = 7
    #: a starter card is turned from the stock (posledniy-igrok: no)
    UPCARD: ClassVar[bool] = True
    #: the first seat is drawn at random (else the seat left of the dealer)
    RANDOM_FIRST: ClassVar[bool] = False
    #: the starter's effect applies as if the dealer had played it
    STARTER_EFFECTS: ClassVar[bool] = False
    #: a seat may draw while holding a legal play
    VOLUNTARY_DRAW: ClassVar[bool] = True
    #: after drawing, the drawn card (only it) may be played: pending ``drawn``
    PLAY_DRAWN: ClassVar[bool] = False
    #: several cards of one rank in one play
    MULTI_CARD: ClassVar[bool] = False
    #: "last card" calls: None, "auto" (called = seats with one card), "after" (Last One D7) or
    #: "before" (last-card D7: called ahead of the play that leaves one card)
    CALLS: ClassVar[str | None] = None
    #: the penalty for a missed call: a count or the name of an option holding it
    CALL_PENALTY: ClassVar[int | str] = "last_call_penalty"
    #: the going-out card's draw/pickup effect still applies (poslednyaya D11, last-card D6)
    FINAL_EFFECTS: ClassVar[bool] = False
    #: with two seats a reverse also skips the opponent (poslednyaya R24)
    REVERSE_SKIPS_TWO: ClassVar[bool] = False
    #: ranks playable on anything: rank -> "must" (a name is required) / "may" / "none"
    WILD: ClassVar[dict[str, str]] = {}
    #: wild ranks legal only while the hand holds no card of the colour/suit in force (000 D3)
    WILD_UNLESS_ACTIVE: ClassVar[frozenset[str]] = frozenset()
    #: rank -> effect of playing it
    EFFECTS: ClassVar[dict[str, Effect]] = {}
    #: multi-hand match with running scores
    SCORED: ClassVar[bool] = False
    #: the highest rank a melee or 4-chain climbs to
    CLIMB_TOP: ClassVar[str] = "10"
    #: points of a French card left in hand at scoring, by rank (ranks not listed: face value)
    POINTS: ClassVar[dict[str, int]] = {}
    #: the computer players a one-click solo game adds to the one person (``describe``)
    SOLO_BOTS: ClassVar[int] = 2
    #: how a match ends: "single" (one hand), "target", "threshold" or "hands" (``describe``)
    MATCH: ClassVar[str] = "single"
    #: the ruleset's own timers by name (``Timer``): the table's lobby offers them
    TIMERS: ClassVar[dict[str, Timer]] = {}
    #: the ruleset's name in each language
    TITLE: ClassVar[Words] = {}
    #: one line on the landing page, in each language (``{players}``: the player range)
    BLURB: ClassVar[Words] = {}
    #: the ruleset's own words for events, by key, over the engine's (``lastcard.words.EVENTS``)
    EVENT_WORDS: ClassVar[dict[str, Words]] = {}

    # ---- the state (set by ``Game.__init__``, ``Game.from_dict`` and ``Game.clone``) ------
    players: int
    seed: int
    options: Options
    rng: Rng
    #: per seat, its cards in the engine's card order
    hands: list[list[str]]
    #: the draw pile, top last
    stock: list[str]
    #: the discard pile, top last
    discard: list[str]
    #: the colour or suit in force (None: a free lead)
    active: str | None
    turn: int
    direction: int
    dealer: int
    pending: Pending | None
    #: the card behind a pending "drawn" (hidden)
    drawn: str | None
    #: standing calls ("after" and "before" modes)
    calls: list[int]
    #: one-card seats whose call window another seat's play closed ("after" mode, 001 D7)
    missed: list[int]
    removed: list[bool]
    eliminated: list[bool]
    #: consecutive turns with no discard and no draw
    idle: int
    over: bool
    winners: list[int] | None
    hand_number: int
    scores: list[int] | None
    match_over: bool | None
    match_winners: list[int] | None
    #: the events of the state change under way (None on the fast path: none are built)
    _events: list[Event] | None

    @classmethod
    def deck(cls) -> list[str]:
        """Every card of this ruleset's deck (with repeats)."""
        raise NotImplementedError

    @classmethod
    def check_options(cls, options: object, players: int | None = None) -> Options:
        """``options`` checked against ``OPTIONS``, with the defaults filled in: the one options
        check (the engine's and the lobby's). ValueError says what is wrong.

        Values above an option's ``high`` up to its ``agree_high`` need ``AGREED``; a hand
        size must leave room in the deck for every seat (and the upcard) of ``players`` seats
        (by default the fewest the ruleset takes)."""
        if not isinstance(options, dict):
            raise ValueError("options are an object of names and values")
        for name in options:
            if name not in cls.OPTIONS:
                known = ", ".join(sorted(set(cls.OPTIONS) - {AGREED})) or "none"
                raise ValueError(
                    f"unknown option {str(name)[:64]!r} for {cls.RULESET} (options: {known})"
                )
        out: Options = {}
        for name, spec in cls.OPTIONS.items():
            value = options.get(name, spec.default)
            if isinstance(spec.default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"option {name!r} must be true or false, not {value!r:.40}")
            elif isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name!r} must be an integer, not {value!r:.40}")
            elif (spec.low is not None and value < spec.low) or (
                spec.high is not None and value > (spec.agree_high or spec.high)
            ):
                low = "" if spec.low is None else spec.low
                high = "" if spec.high is None else spec.agree_high or spec.high
                raise ValueError(f"option {name!r} must be in {low}..{high}, not {value}")
            elif spec.high is not None and value > spec.high and options.get(AGREED) is not True:
                raise ValueError(
                    f"option {name!r} above {spec.high} needs every player's agreement"
                    f" ({AGREED}: true)"
                )
            out[name] = value
        if isinstance(cls.HAND_SIZE, str):
            seats = cls.MIN_PLAYERS if players is None else players
            need = seats * out[cls.HAND_SIZE] + (1 if cls.UPCARD else 0)
            if need > len(cls.deck()):
                raise ValueError(
                    f"{seats} players x {out[cls.HAND_SIZE]} cards"
                    f"{' + 1 upcard' if cls.UPCARD else ''} exceed {len(cls.deck())} cards"
                )
        return out

    def clone(self) -> Self:
        """An independent copy with the same future (``Game.clone``)."""
        raise NotImplementedError

    def value(self, amount: int | str) -> int:
        """A count given directly or as the name of an option (``Effect.draw``,
        ``CALL_PENALTY``, ``HAND_SIZE``): the fast path's way to read one."""
        return self.options[amount] if isinstance(amount, str) else amount

    # ---- seats and turn order -------------------------------------------------------------
    def in_play(self, seat: int) -> bool:
        """The seat takes part in the current hand (not removed, not eliminated)."""
        return not (self.removed[seat] or self.eliminated[seat])

    def seats_in_play(self) -> list[int]:
        """Seats taking part in the current hand, in seat order."""
        removed, eliminated = self.removed, self.eliminated  # ``in_play``, inlined
        return [s for s in range(self.players) if not (removed[s] or eliminated[s])]

    def next_seat(self, seat: int, steps: int = 1, direction: int | None = None) -> int:
        """The seat ``steps`` seats in play after ``seat`` (in the current direction)."""
        d = self.direction if direction is None else direction
        n = self.players
        removed, eliminated = self.removed, self.eliminated
        while steps > 0:
            seat = (seat + d) % n
            if not (removed[seat] or eliminated[seat]):
                steps -= 1
        return seat

    def _can_draw(self) -> bool:
        """A card can be drawn: the stock, or a discard pile to reshuffle under its top card."""
        return bool(self.stock) or len(self.discard) > 1
