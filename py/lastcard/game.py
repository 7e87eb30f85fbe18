"""The turn machinery: a ``Game`` changes its state by the rules, gives the public contract
(``docs/engine-api.md``) and serialises itself; a ruleset is a subclass that sets flags
and overrides a few hooks.

Like python-chess variants, ``Game`` holds everything the four rulesets share (turn order and
direction, skips, penalty draws with reshuffle, multi-card plays, named colours and suits, jokers
played as named cards, out-of-turn actions, the pending states of ``docs/design.md``, blocked
hands, hand end, scoring hooks, multi-hand matches, views, events and serialisation). A ruleset
subclass states its facts as class attributes (``EFFECTS``, ``WILD``, ...) and ``deck()``, and
overrides only the hooks where its rules really differ (see ``docs/engine.md``). The facts and
the state fields are declared in ``base.py``, legal-move generation is ``moves.py`` and what the
table has seen (the bots' beliefs, determinization) is ``beliefs.py``.

Two paths lead into a state change: ``apply(seat, action)`` checks an action string against the
legal ones and returns events; ``push(seat, move)`` trusts a move from ``legal_moves(seat)``
(the public fast path for bots and playouts: no strings, no checks, no events).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any, ClassVar, ParamSpec, Self, TypeVar

from .base import (
    AGREED,
    LANGS,
    PRIVATE_CARDS,
    Effect,
    Event,
    FastFacts,
    GameBase,
    IllegalAction,
    Option,
    Options,
    Pending,
    PublicView,
    SeatView,
    Timer,
    Timers,
    lowest,
)
from .beliefs import Beliefs, Seen, _positions
from .cards import BASE, CARD_ORDER, JOKER, NATURALS, ORDER_KEY, PIPS, RANK, SUIT, check_cards
from .check import check_game
from .moves import BY_TEXT, CHALLENGE, DRAW, PASS, Move, play_move
from .rng import Rng
from .words import DEAL_SINGLE, EVENTS

__all__ = [
    "AGREED",
    "CHALLENGE",
    "DRAW",
    "LANGS",
    "PASS",
    "PRIVATE_CARDS",
    "RULESETS",
    "Effect",
    "Event",
    "Game",
    "GameBase",
    "IllegalAction",
    "Move",
    "Option",
    "Pending",
    "PublicView",
    "SeatView",
    "Seen",
    "Timer",
    "lowest",
    "play_move",
    "register",
    "unregister",
]

_P = ParamSpec("_P")
#: every ruleset by id, in the order registered (the first is the table's default): the one
#: registry (``lastcard.RULESETS``); ``from_dict`` of the base class dispatches here
RULESETS: dict[str, type[Game]] = {}


_K = TypeVar("_K", bound="type[Game]")
#: ``check_options({}, players)`` per ruleset class and player count: most games are dealt
#: with the defaults (every bot playout's and benchmark's), and checking them again took about
#: 6 % of a deal
_DEFAULTS: dict[tuple[type[Game], int], Options] = {}


def register(kind: _K) -> _K:
    """Register a ruleset class under its ``RULESET`` id (a class decorator): from then on
    ``new_game``, ``load``, ``describe`` and the table know it. ValueError if the id is
    empty or taken by another class, or a name or a word of it is missing a language."""
    ruleset = kind.RULESET
    if not ruleset or RULESETS.get(ruleset, kind) is not kind:
        raise ValueError(f"a ruleset needs an id of its own, not {ruleset!r}")
    words = [kind.TITLE, kind.BLURB]
    words += [o.label for n, o in kind.OPTIONS.items() if n != AGREED]
    words += [o.short for o in kind.OPTIONS.values() if o.house]
    words += [o.hint for o in kind.OPTIONS.values() if o.hint]
    words += [t.label for t in kind.TIMERS.values()]
    for text in words:
        if any(not text.get(lang) for lang in LANGS):
            raise ValueError(f"{ruleset}: every name is written in {', '.join(LANGS)}")
    RULESETS[ruleset] = kind
    return kind


def unregister(ruleset: str) -> None:
    """Forget a registered ruleset (a test's own ruleset, once the test is done)."""
    RULESETS.pop(ruleset, None)


class Game(Beliefs):
    """One table's game: a hand being played, or a match of hands, under one ruleset."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        effects = {card: cls.EFFECTS.get(RANK[card]) for card in CARD_ORDER}
        by_card = {card: effect for card, effect in effects.items() if effect is not None}
        cls._FAST = (cls._table_path, cls.CALLS, by_card, cls.PLAY_DRAWN)

    # ---- construction ---------------------------------------------------------------------
    def __init__(
        self,
        players: int,
        *,
        seed: int = 0,
        options: Options | None = None,
        setup: dict[str, Any] | None = None,
        events: list[Event] | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError("players must be an int")
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise ValueError(
                f"{self.RULESET} takes {self.MIN_PLAYERS}..{self.MAX_PLAYERS} players,"
                f" not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("seed must be an int")
        self.players = players
        self.seed = seed
        if options:
            self.options = self.check_options(options, players)
        else:  # the defaults, checked once per ruleset and player count (see ``_DEFAULTS``)
            defaults = _DEFAULTS.get((type(self), players))
            if defaults is None:
                defaults = _DEFAULTS[type(self), players] = self.check_options({}, players)
            self.options = dict(defaults)
        self._fast = self._facts()
        self.rng = Rng(seed)
        self.hands = [[] for _ in range(players)]
        self.stock = []  # top is the last element
        self.discard = []  # top is the last element
        self.active = None
        self.turn = 0
        self.direction = 1
        self.dealer = 0
        self.pending = None
        self.drawn = None  # the card behind a pending "drawn" (hidden)
        self.calls = []  # standing calls ("after" mode)
        #: one-card seats whose call window another seat's play closed ("after" mode, 001 D7)
        self.missed = []
        self.removed = [False] * players
        self.eliminated = [False] * players
        self.idle = 0  # consecutive turns with no discard and no draw
        self.over = False
        self.winners = None
        self.hand_number = 1
        self.scores = [0] * players if self.SCORED else None
        self.match_over = False if self.SCORED else None
        self.match_winners = None
        # what the table has seen this hand (``ruled_out``, ``last_play``): the public record
        # since the deal (or the restore), and the two as they stood then and as worked out
        self._record = []
        self._seen = ((0, [[] for _ in range(players)], [None] * players), None)
        self._cache = {}
        self._events = events  # the first deal's, as ``next_hand`` returns a later deal's
        try:
            if setup is None:
                self._deal()
                if events is not None:
                    events.append(
                        {"type": "deal", "hand": 1, "dealer": self.dealer, "seat": self.turn}
                    )
            else:
                self._setup(setup)
        finally:
            self._events = None
        self._cache = {}

    def _facts(self) -> FastFacts:
        """The fast path's facts for this game: its class's, unless a house rule needs what the
        table path lacks (jump-in, seven-zero, draw-until-play: the general path; a call penalty
        under an automatic announcement: the "after" call, H10)."""
        options = self.options
        call = self.CALLS == "auto" and bool(options.get("last_call_penalty"))
        if not (
            call
            or options.get("jump_in")
            or options.get("seven_zero")
            or options.get("draw_until_play")
        ):
            return self._FAST
        _, calls, effects, play_drawn = self._FAST
        if options.get("seven_zero"):
            trade = Effect(trade=True)
            effects = {**effects, **{c: trade for c in CARD_ORDER if RANK[c] in ("0", "7")}}
        return (None, "after" if call else calls, effects, play_drawn)

    @classmethod
    def event_words(cls) -> dict[str, dict[str, str]]:
        """The words of every event key (``lastcard.words.event_key``) in each language: the
        engine's, with the ruleset's own ``EVENT_WORDS`` over them, as ``{lang: {key: text}}``."""
        single = {"deal": DEAL_SINGLE} if cls.MATCH == "single" else {}
        merged = {**EVENTS, **single, **cls.EVENT_WORDS}
        return {lang: {key: text[lang] for key, text in merged.items()} for lang in LANGS}

    def blocked(self) -> bool:
        """The hand is over, blocked: a full round of seats could neither play nor draw (000 D7)
        (no event says so: the table announces it)."""
        return self.over and self.idle >= len(self.seats_in_play())

    def check(self) -> None:
        """Check the engine's invariants on this game (every card once, counts per seat, phase
        and pending state coherent, options valid): ValueError (``lastcard.check.Broken``)
        says what is wrong. For a game rebuilt from a save before it is played on."""
        check_game(self)

    @classmethod
    def rules(cls, lang: str, options: Options, timers: Timers) -> list[tuple[str, list[str]]]:
        """The rules in ``lang`` as sections (a title, short paragraphs), every number taken
        from the checked ``options`` and the ruleset's ``timers`` (``None``: off)."""
        raise NotImplementedError

    # ---- dealing --------------------------------------------------------------------------
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self.value(self.HAND_SIZE)

    def _deal(self, dealer: int | None = None) -> None:
        """Shuffle and deal a hand. The first seat is drawn at random (``RANDOM_FIRST``) or sits
        left of the dealer, itself drawn at random when not given (the first hand)."""
        seats = self.seats_in_play()
        pick = seats[self.rng.randbelow(len(seats))] if self.RANDOM_FIRST or dealer is None else 0
        cards = self.deck()
        self.rng.shuffle_lazily(cards)  # the stock's order is settled as it is drawn
        size = self.hand_size()
        self.rng.reveal(cards, size * len(seats))
        self.hands = [[] for _ in range(self.players)]
        for seat in seats:
            self.hands[seat] = sorted(cards[-size:], key=ORDER_KEY)
            del cards[-size:]
        self.stock = cards
        self.discard = []
        if self.RANDOM_FIRST:
            first = pick
            self.dealer = self.next_seat(first, direction=-1)
        else:
            self.dealer = pick if dealer is None else dealer
            first = self.next_seat(self.dealer, direction=1)
        self._start(first, self.UPCARD)

    def _setup(self, setup: dict[str, Any]) -> None:
        """Lay out a fixed position (engine-api ``setup``) instead of dealing."""
        known = {"hands", "starter", "stock", "discard", "first", "dealer"}
        if not isinstance(setup, dict) or set(setup) - known:
            raise ValueError(f"setup keys must be among {sorted(known)}")
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != self.players:
            raise ValueError("setup['hands'] must be a list with one list of cards per seat")
        stock = setup.get("stock", [])
        discard = setup.get("discard", [])
        starter = setup.get("starter")
        if not all(isinstance(x, list) for x in (*hands, stock, discard)):
            raise ValueError("setup hands, stock and discard must be lists of cards")
        everything = [c for hand in hands for c in hand] + stock + discard
        if starter is not None:
            everything.append(starter)
        check_cards(everything, self.deck())
        if starter == JOKER:
            raise ValueError("a joker starter is always named (JOKER=QH), not a bare JOKER")
        if any(c != BASE[c] for hand in hands for c in hand) or any(c != BASE[c] for c in stock):
            raise ValueError("named jokers may only lie on the discard pile")
        for name in ("first", "dealer"):
            value = setup.get(name)
            if value is not None and (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value < self.players
            ):
                raise ValueError(f"setup[{name!r}] must be a seat number")
        self.hands = [sorted(hand, key=ORDER_KEY) for hand in hands]
        self.stock = list(reversed(stock))
        self.discard = list(discard)
        if starter is not None:
            self.stock.append(BASE[starter])
        first, dealer = setup.get("first"), setup.get("dealer")
        if first is None:
            if self.RANDOM_FIRST:
                first = self.rng.randbelow(self.players)
            else:
                if dealer is None:
                    dealer = self.rng.randbelow(self.players)
                first = self.next_seat(dealer, direction=1)
        self.dealer = self.next_seat(first, direction=-1) if dealer is None else dealer
        if starter is not None and starter != BASE[starter]:
            self.stock[-1] = starter  # a named joker led as the starter stays named
        self._start(first, turn_starter=self.UPCARD or starter is not None)

    def starter_ok(self, card: str) -> bool:
        """May this card stay face up as the starter? (Else: back in the stock, shuffle, again.)"""
        return True

    def _start(self, first: int, turn_starter: bool) -> None:
        """Set the first seat; with ``turn_starter``, turn the starter and apply its effect."""
        self.direction = 1
        self.turn = first
        self.pending = None
        self.drawn = None
        self.calls = []
        self.missed = []
        self.idle = 0
        if turn_starter:
            if not any(map(self.starter_ok, self.stock)):
                raise ValueError("no card in the stock may stand as the starter")
            while True:
                self.rng.reveal(self.stock, 1)
                card = self.stock.pop()
                if self.starter_ok(card):
                    break
                self.rng.finish()  # the stock's order, before a card goes in at its bottom
                self.stock.insert(0, BASE[card])  # a named joker forgets its name (000 D9)
                self.rng.shuffle_lazily(self.stock)
            self.discard.append(card)
            self.active = SUIT[card]
            if self.STARTER_EFFECTS:
                self.starter_effect(card)
        else:
            self.active = None
        self._record = []
        self._seen = ((0, [[0] * len(hand) for hand in self.hands], [None] * self.players), None)

    def starter_effect(self, card: str) -> None:
        """The starter's effect, by default as if the dealer had played it (no 3's free card)."""
        effect = self.EFFECTS.get(RANK[card])
        if effect is not None and not effect.free:
            self._resolve(self.dealer, effect, 1, card)

    # ---- the public contract --------------------------------------------------------------
    def _check_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {seat!r} at this table of {self.players}")
        return seat

    def legal_actions(self, seat: int) -> list[str]:
        """Every legal action string for ``seat`` now, each once, in the engine's card order."""
        # a ``_simple`` ruleset's turn: ``legal_moves``'s table path, over the table of the
        # plays' strings (``_text_table``), so that no move is made or read (about 5 % of a
        # turn through the public API); the strings kept for ``apply`` (``_cache``)
        path = self._fast[0]  # ``_table_path``
        discard, active = self.discard, self.active
        if (
            type(seat) is not int
            or seat != self.turn  # (so a seat of the table: no other check)
            or path is None
            or self.over
            or not discard
            or active is None
        ):
            return self._texts(self._check_seat(seat))
        hand = self.hands[seat]
        if path[2] and JOKER in hand:
            return self._texts(seat)
        try:
            table = path[4][active][discard[-1]]
        except KeyError:
            table = self._text_table(active, discard[-1])
        restricted = path[1]
        p = self.pending
        if p is not None:  # after a draw: the plays of the drawn card, then pass
            if p["kind"] != "drawn" or p["seat"] != seat:
                return self._texts(seat)
            drawn = self.drawn
            if drawn in restricted and active in map(SUIT.__getitem__, hand):
                texts = [PASS.text]
            else:
                texts = [*table.get(drawn, ()), PASS.text]
        else:
            texts = []
            last = None  # the hand is in card order: a card held twice comes twice, in a row
            for card in hand:
                if card in table and card != last:
                    last = card
                    if card not in restricted or active not in map(SUIT.__getitem__, hand):
                        texts += table[card]
            if self.stock or len(discard) > 1:  # ``_can_draw``
                if path[3] or not texts:  # ``VOLUNTARY_DRAW``
                    texts.append(DRAW.text)
            elif not texts:
                texts.append(PASS.text)
        self._cache[~seat] = texts
        return texts[:]

    def _texts(self, seat: int) -> list[str]:
        """The action strings of ``seat``'s legal moves (``_moves``)."""
        texts = []  # a loop, not a comprehension: no function made and called on every call
        for move in self._moves(seat):
            texts.append(move.text)
        return texts

    def apply(self, seat: int, action: str) -> list[Event]:
        """Apply ``seat``'s action and return the events; IllegalAction changes nothing."""
        # what ``legal_actions`` listed (the cache holds only seats of the table), else a check
        listed = self._cache.get(~seat) if type(seat) is int else None
        if listed is not None and action in listed:
            move = BY_TEXT[action]
        else:
            move = self._legal_move(seat, action)
        kind = move.kind
        # what a normal turn shows is recorded (``_memory``): a play as one entry before its
        # events, which are then not kept (a draw: ``_draw_turn``)
        kept = 0
        if self.pending is None:
            if kind == "draw":
                return self._draw_turn(seat)
            if kind == "play":
                self._record.append(
                    ("play", seat, move, self.active, self.direction, len(self.discard))
                )
                kept = 1
        events: list[Event] = []  # ``_run``, inlined on the busiest path
        self._events = events
        try:
            if kind == "play":  # ``push``, inlined (the cache is the one just read)
                self._cache = {}
                self._play(seat, move)
            else:
                self.push(seat, move)
        finally:
            self._events = None
        if len(events) > kept:  # what the play set off (a penalty draw...) is kept
            self._record += events[1:] if kept else events
        return events

    def _legal_move(self, seat: int, action: object) -> Move:
        """The move of ``action`` if it is legal for ``seat`` now, else IllegalAction."""
        moves = self._cache.get(seat) if type(seat) is int else None
        if moves is None:
            moves = self._moves(self._check_seat(seat))
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a string, not {type(action).__name__}")
        move = BY_TEXT.get(action)  # the one move of its string, if the engine made it
        if move is None or move not in moves:
            raise IllegalAction(self._why_illegal(seat, action))
        return move

    def _draw_turn(self, seat: int) -> list[Event]:
        """A draw at the start of a turn, recorded with what it tells (``_rule_out``)."""
        before = len(self.hands[seat])
        events: list[Event] = []  # ``_run``, inlined
        self._events = events
        try:
            self._cache = {}  # ``push``, inlined (the cache is the one ``apply`` just read)
            self._draw_action(seat)
        finally:
            self._events = None
        self._rule_out(seat, before)
        return events

    def _why_illegal(self, seat: int, action: str) -> str:
        if self.over:
            return "the hand is over"
        if not self._moves(seat):
            return f"seat {seat} has nothing to do now (turn: seat {self.turn})"
        return f"{action!r} is not legal for seat {seat} now"

    def _run(self, step: Callable[_P, None], *args: _P.args, **kwargs: _P.kwargs) -> list[Event]:
        """Run a state change, ``step(*args, **kwargs)``, collecting its events."""
        events: list[Event] = []
        self._events = events
        try:
            step(*args, **kwargs)
        finally:
            self._events = None
        self._record += events
        return events

    def _emit(self, event: Event) -> None:
        if self._events is not None:
            self._events.append(event)

    def time_out(self) -> list[Event]:
        """Apply the default action for whoever the game waits on (engine-api, rule 000 D6)."""
        if self.over:
            return []
        return self._run(self._default_action)

    def _default_action(self) -> None:
        p = self.pending
        seat = self.turn
        self._cache = {}
        if p is None:
            if self._can_draw():
                self._draw(seat, 1, "draw")
                self._emit({"type": "pass", "seat": seat})
                self._end_turn(seat)
            else:
                self._blocked_pass(seat)
            return
        kind = p["kind"]
        if kind == "melee":
            self._resolve_melee()
        elif kind in ("chain", "pickup", "challenge"):  # a challenge is accepted: the draw
            self.push(seat, DRAW)
        elif kind == "suit":  # the ace's suit stands; the seat then has its turn (002 D12)
            self.pending = None
            if self.active is None:  # a wild starter: the name the seat holds most cards of
                held = [SUIT[card] for card in self.hands[seat]]
                self.active = max(self.NAMES, key=held.count)
            self._emit({"type": "suit", "seat": seat, "active": self.active})
        else:  # drawn, free
            self.push(seat, PASS)

    def remove_seat(self, seat: int) -> list[Event]:
        """The host removes a seat: its cards are shuffled into the stock (000 D10)."""
        seat = self._check_seat(seat)
        if self.removed[seat]:
            raise IllegalAction(f"seat {seat} is already removed")
        return self._run(self._remove, seat)

    def _remove(self, seat: int) -> None:
        """Take ``seat`` out of the match: its cards go into the stock (also after the hand,
        whose results stand); fewer than two seats left stop the hand, or, between hands, the
        match (000 D10, D16); what it owed is dropped; a blocked-hand count starts afresh."""
        self._cache = {}
        was_in_play = self.in_play(seat)
        self.removed[seat] = True
        self._emit({"type": "removed", "seat": seat})
        if seat in self.calls:
            self.calls.remove(seat)
        if seat in self.missed:
            self.missed.remove(seat)
        if not was_in_play:
            return
        self.stock.extend(self.hands[seat])
        self.hands[seat] = []
        self.rng.shuffle(self.stock)
        if self.over:
            if len(self.seats_in_play()) < 2 and self.match_over is False:
                self.match_over = True
                self.match_winners = []
                self._emit({"type": "match_over", "match_winners": []})
            return
        if len(self.seats_in_play()) < 2:
            self._end_hand([], stopped=True)
            return
        self._drop_pending(seat)
        if self.turn == seat:
            self.turn = self.next_seat(seat)
        self.idle = 0

    def _drop_pending(self, seat: int) -> None:
        """Drop whatever a removed seat owed (a pickup, a free card, a chain, its melee part)."""
        p = self.pending
        if p is None:
            return
        if p["kind"] == "melee":  # last-one D14
            if seat in p["passed"]:
                p["passed"].remove(seat)
            if seat == p["defender"]:
                p["defender"] = self.turn = self.next_seat(p["aggressor"])
            if self._melee_done():
                self._resolve_melee()
        elif p.get("seat") == seat:
            self.pending = None
            self.drawn = None

    def next_hand(self) -> list[Event]:
        """Start the next hand of a match (poslednyaya: the rematch); IllegalAction if not due."""
        if not self.over:
            raise IllegalAction("the hand is still being played")
        if self.match_over:
            raise IllegalAction("the match is over")
        if len(self.seats_in_play()) < 2:
            raise IllegalAction("fewer than two seats are left")
        return self._run(self._new_hand)

    def _new_hand(self) -> None:
        self._cache = {}
        self.over = False
        self.winners = None
        self.hand_number += 1
        self.direction = 1
        self._deal(self.next_seat(self.dealer, direction=1))
        self._emit(
            {"type": "deal", "hand": self.hand_number, "dealer": self.dealer, "seat": self.turn}
        )

    # ---- views ----------------------------------------------------------------------------
    def called(self) -> list[int]:
        """Seats with a standing last-card call."""
        if self._fast[1] == "auto":
            return [s for s in range(self.players) if self.in_play(s) and len(self.hands[s]) == 1]
        return sorted(self.calls)

    def public_view(self) -> PublicView:
        """What the TV shows: no hidden card at all."""
        return {
            "ruleset": self.RULESET,
            "players": self.players,
            "turn": self.turn,
            "direction": self.direction,
            "top": self.discard[-1] if self.discard else None,
            "active": self.active,
            "counts": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "discard": len(self.discard),
            "pending": _copy_pending(self.pending),
            "called": self.called(),
            "over": self.over,
            "winners": None if self.winners is None else list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "match_over": self.match_over,
            "match_winners": None if self.match_winners is None else list(self.match_winners),
            "revealed": [list(h) for h in self.hands] if self.over else None,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "removed": [s for s in range(self.players) if self.removed[s]],
            "eliminated": [s for s in range(self.players) if self.eliminated[s]],
        }

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: the public view plus its hand and its legal actions."""
        seat = self._check_seat(seat)
        hand, legal = list(self.hands[seat]), [m.text for m in self._moves(seat)]
        return {**self.public_view(), "seat": seat, "hand": hand, "legal": legal}

    # ---- state changes (the trusted fast path) --------------------------------------------
    def push(self, seat: int, move: Move) -> None:
        """Apply a move taken from ``legal_moves(seat)``, trusting it: the public fast path
        for bots and playouts (no checks, and no events built unless ``apply`` or another
        public call is collecting them). A move that is not legal now corrupts the game."""
        if self._cache:  # (``legal_moves`` fills none: nothing to drop on the fast path)
            self._cache = {}
        kind = move.kind
        if kind == "play":
            self._play(seat, move)
        elif kind == "draw":
            self._draw_action(seat)
        elif kind == "pass":
            self._pass(seat)
        elif kind == "last":
            self.calls.append(seat)
            self._emit({"type": "call", "seat": seat})
        elif kind == "challenge":
            self._challenge(seat)
        else:  # suit
            self.active = move.name
            self.pending = None
            self._emit({"type": "suit", "seat": seat, "active": move.name})

    def _play(self, seat: int, move: Move) -> None:
        hand = self.hands[seat]
        cards = move.cards
        top = move.top
        if len(cards) == 1:
            hand.remove(BASE[top])
            self.discard.append(top)
        else:
            for card in cards:
                hand.remove(BASE[card])
            self.discard.extend(cards)
        was = self.active
        self.active = move.active
        self.idle = 0
        p = self.pending
        self.pending = None
        self.drawn = None
        events = self._events
        if events is not None:
            events.append(
                {
                    "type": "play",
                    "seat": seat,
                    "cards": [*cards],
                    "action": move.text,
                    "active": self.active,
                }
            )
        calls = self.calls
        if calls and seat in calls and len(hand) > 1:
            calls.remove(seat)
        if self.missed and seat in self.missed:
            self.missed.remove(seat)
        _, calls_mode, effects, _ = self._fast
        # last-card D7: a single final card with no call standing is played, but the seat stays in
        missed = False
        if hand:
            if calls_mode == "after":  # going out catches no one
                self._catch_missed_calls(seat)
        else:
            missed = calls_mode == "before" and len(cards) == 1 and seat not in calls
            if not missed:
                self._go_out(seat, move, p)
                return
        if p is not None and p["kind"] in ("melee", "chain"):
            if p["kind"] == "melee":
                self._climb_melee(seat, p, top)
            else:
                self._climb_chain(seat, top)
        else:
            effect = effects.get(top)
            if effect is None:
                nxt = (seat + self.direction) % self.players  # ``next_seat``, inlined
                if self.removed[nxt] or self.eliminated[nxt]:
                    nxt = self.next_seat(seat)
                self.turn = nxt
            else:
                if effect.trade:
                    self._trade(seat, move)
                self._resolve(seat, effect, len(cards), top, p, was)
        if missed:
            self._draw(seat, self.value(self.CALL_PENALTY), "last")

    def _resolve(
        self,
        seat: int,
        effect: Effect,
        count: int,
        top: str,
        p: Pending | None = None,
        was: str | None = None,
    ) -> None:
        """Apply a played card's effect and hand the turn on (``seat`` played it, ``was`` the
        colour or suit in force before)."""
        skip = effect.skip * count
        # every seat in play (the common case): seats in play and the next seat by arithmetic
        full = not (any(self.removed) or any(self.eliminated))
        if effect.reverse:
            self.direction = -self.direction
            if self._events is not None:
                self._events.append({"type": "reverse", "seat": seat, "direction": self.direction})
            if (
                self.REVERSE_SKIPS_TWO
                and (self.players if full else len(self.seats_in_play())) == 2
            ):
                skip += 1
        nxt = (seat + self.direction) % self.players if full else self.next_seat(seat)
        if effect.free:
            self.pending = {"kind": "free", "seat": seat}
            self.turn = seat
            return
        if effect.pickup:
            self.pending = {"kind": "pickup", "seat": nxt, "count": _pickup(effect, count, p)}
            self.turn = nxt
            return
        if effect.melee:
            melee: Pending = {
                "kind": "melee", "suit": SUIT[top], "need": self._next_climb(top),
                "aggressor": seat, "defender": nxt, "count": PIPS[RANK[top]], "passed": [],
            }  # fmt: skip
            self.pending = melee
            self.turn = nxt
            return
        # a draw card laid on a waiting draw (stacking) answers it: no challenge (classic D12)
        if effect.challenge and was is not None and (p is None or p["kind"] == "drawn"):
            self.pending = {
                "kind": "challenge", "seat": nxt, "count": self.value(effect.draw),
                "aggressor": seat, "suit": was,
            }  # fmt: skip
            self.turn = nxt
            return
        if effect.chain:
            self.pending = {
                "kind": "chain",
                "seat": nxt,
                "need": self._next_climb(top),
                "count": PIPS[RANK[top]],
            }
            self.turn = nxt
            return
        if effect.draw:
            if self.options.get("stacking"):  # the draw waits, to be added to (H1)
                self.pending = {"kind": "pickup", "seat": nxt, "count": _owed(self, effect, p)}
                self.turn = nxt
                return
            self._draw(nxt, self.value(effect.draw), "penalty")
            skip = max(skip, 1)
        if full:  # ``next_seat`` and ``seats_in_play``, inlined
            n, d = self.players, self.direction
            if skip:
                skip = min(skip, n - 1)
            events = self._events
            if events is None:  # the fast path: no skip events to list
                self.turn = (seat + (skip + 1) * d) % n
                return
            target = seat
            for _ in range(skip):
                target = (target + d) % n
                events.append({"type": "skip", "seat": target})
            self.turn = (target + d) % n
            return
        if skip:
            skip = min(skip, len(self.seats_in_play()) - 1)
        target = seat
        events = self._events
        for _ in range(skip):
            target = self.next_seat(target)
            if events is not None:
                events.append({"type": "skip", "seat": target})
        self.turn = self.next_seat(target)

    def _trade(self, seat: int, move: Move) -> None:
        """Seven-zero (a house rule, H7-H9): a 7 swaps ``seat``'s hand with the seat its play
        names; a 0 passes every hand in play on to the next seat in the direction of play. The
        events name seats only: each seat sees its new hand in its own view."""
        hands = self.hands
        if move.target is not None:
            other = move.target
            hands[seat], hands[other] = hands[other], hands[seat]
            self._emit({"type": "swap", "seat": seat, "target": other})
        elif RANK[move.top] == "0":
            seats = self.seats_in_play()[:: self.direction]  # each hand goes to the next
            held = [hands[s] for s in seats]
            for i, cards in enumerate(held):
                hands[seats[(i + 1) % len(seats)]] = cards
            self._emit({"type": "rotate", "seat": seat, "seats": seats})
        else:
            return
        # a standing or missed call stays only with a seat that still holds one card
        self.calls = [s for s in self.calls if len(hands[s]) == 1]
        self.missed = [s for s in self.missed if len(hands[s]) == 1]

    def _next_climb(self, card: str) -> str | None:
        """The card that continues a melee/chain after ``card`` (None after ``CLIMB_TOP``)."""
        rank = RANK[card]
        if rank == self.CLIMB_TOP:
            return None
        ranks = list(PIPS)
        return ranks[ranks.index(rank) + 1] + SUIT[card]  # type: ignore[operator]

    def _climb_melee(self, seat: int, p: Pending, top: str) -> None:
        """A seat continued the melee: it becomes the aggressor and the previous aggressor the
        defender (last-one D5), or, removed, the next seat in play after it (D14)."""
        defender = p["aggressor"]
        if not self.in_play(defender):
            defender = self.next_seat(seat)
        p.update({
            "need": self._next_climb(top), "defender": defender, "aggressor": seat,
            "count": PIPS[RANK[top]], "passed": [],
        })  # fmt: skip
        self.pending = p
        self.turn = p["defender"]
        self._emit({"type": "melee", "seat": seat, "count": p["count"]})
        if p["need"] is None or self._melee_done():
            self._resolve_melee()

    def _melee_done(self) -> bool:
        p = self.pending
        assert p is not None
        return all(s == p["aggressor"] or s in p["passed"] for s in self.seats_in_play())

    def _resolve_melee(self) -> None:
        p = self.pending
        assert p is not None
        self.pending = None
        defender = p["defender"]
        self._draw(defender, p["count"], "melee")
        self.turn = self.next_seat(defender)

    def _climb_chain(self, seat: int, top: str) -> None:
        """A seat continued the 4-chain (posledniy-igrok D5)."""
        nxt = self.next_seat(seat)
        need = self._next_climb(top)
        count = PIPS[RANK[top]]
        if need is None:
            self._draw(nxt, count, "chain")
            self.turn = self.next_seat(nxt)
        else:
            self.pending = {"kind": "chain", "seat": nxt, "need": need, "count": count}
            self.turn = nxt

    def _challenge(self, seat: int) -> None:
        """``seat`` challenges the play it was to draw for: the player shows it its hand (the
        event's cards, for the challenger only). Caught holding a card of the colour or suit
        that was in force, the player draws the cards instead and the challenger has its turn;
        otherwise the challenger draws them and the ``challenge`` cards more, and loses its
        turn."""
        p = self.pending
        assert p is not None
        self.pending = None
        player = p["aggressor"]
        shown = list(self.hands[player])
        guilty = p["suit"] in map(SUIT.__getitem__, shown)
        self._emit({"type": "challenge", "seat": seat, "aggressor": player, "cards": shown,
                    "guilty": guilty})  # fmt: skip
        if guilty:
            self._draw(player, p["count"], "bluff")
            return
        effect = self.EFFECTS[RANK[self.discard[-1]]]
        self._draw(seat, p["count"] + effect.challenge, "challenge")
        self._end_turn(seat)

    def _go_out(self, seat: int, move: Move, p: Pending | None = None) -> None:
        """``seat`` emptied its hand: the final card's draw/pickup effect if the rules say so (a
        pickup together with the one it countered, ``p``), then the hand ends with ``seat`` the
        winner."""
        if self.FINAL_EFFECTS:
            effect = self.EFFECTS.get(RANK[move.cards[-1]])
            if effect is not None and effect.reverse:  # shown in the results (000 D17)
                self.direction = -self.direction
                self._emit({"type": "reverse", "seat": seat, "direction": self.direction})
            if effect is not None and effect.draw:
                self._draw(self.next_seat(seat), _owed(self, effect, p), "penalty")
            elif effect is not None and effect.pickup:
                amount = _pickup(effect, len(move.cards), p)
                self._draw(self.next_seat(seat), amount, "pickup")
        self._end_hand([seat])

    def _catch_missed_calls(self, seat: int) -> None:
        """Last One D7: a play by ``seat`` catches every other one-card seat that has not called
        (it draws the penalty) and closes its call window (with a penalty of 0 too)."""
        hands, removed, eliminated = self.hands, self.removed, self.eliminated
        for other in range(self.players):  # every seat in play (``seats_in_play``), in order
            if (
                other != seat
                and len(hands[other]) == 1
                and not (removed[other] or eliminated[other])
                and other not in self.calls
                and other not in self.missed
            ):
                penalty = self.value(self.CALL_PENALTY)
                if penalty:
                    self._draw(other, penalty, "last")
                else:
                    self.missed.append(other)

    def _draw_action(self, seat: int) -> None:
        p = self.pending
        if p is not None and p["kind"] in ("chain", "pickup", "challenge"):
            self.pending = None
            self._draw(seat, p["count"], "penalty" if p["kind"] == "challenge" else p["kind"])
            self._end_turn(seat)
            return
        if self._fast[0] is None and self.options.get("draw_until_play"):
            self._draw_until_play(seat)
            return
        stock = self.stock
        if stock:  # ``_draw(seat, 1, "draw")``, inlined for the common case: the stock has one
            if len(stock) <= self.rng.unsettled:  # ``reveal``'s test, inlined
                self.rng.reveal(stock, 1)
            card = stock.pop()
            hand = self.hands[seat]
            insort(hand, card, key=ORDER_KEY)
            self.idle = 0
            calls = self.calls
            if calls and seat in calls and len(hand) > 1:
                calls.remove(seat)
            if self.missed and seat in self.missed:
                self.missed.remove(seat)
            events = self._events
            if events is not None:
                events.append(
                    {"type": "draw", "seat": seat, "count": 1, "cards": [card], "reason": "draw"}
                )
        else:
            got = self._draw(seat, 1, "draw")
            if not got:
                self._end_turn(seat)
                return
            card = got[0]
            hand = self.hands[seat]
        path, _, _, play_drawn = self._fast
        if play_drawn:
            discard, active = self.discard, self.active
            if path is not None and card != JOKER and discard and active is not None:
                # the table path's check (``legal_moves``): the position's table, and a card
                # of ``_restricted_wild`` only while the hand lacks the colour or suit in force
                tables, restricted = path[0], path[1]
                try:
                    table = tables[active][discard[-1]]
                except KeyError:
                    table = self._table(active, discard[-1])
                playable = card in table and not (
                    card in restricted and active in map(SUIT.__getitem__, hand)
                )
            else:
                ok = self._playable_cards(seat)
                playable = any(map(ok, NATURALS)) if card == JOKER else ok(card)
            if playable:
                self.drawn = card
                self.pending = {"kind": "drawn", "seat": seat}
                return
        self.pending = None  # ``_end_turn``, inlined
        self.drawn = None
        nxt = (seat + self.direction) % self.players
        self.turn = self.next_seat(seat) if self.removed[nxt] or self.eliminated[nxt] else nxt

    def _draw_until_play(self, seat: int) -> None:
        """Draw-until-play (a house rule, H11): ``seat`` draws one card at a time until one it
        may play comes, which it may then play or keep (pending ``drawn``), or until nothing
        is left to draw (the turn ends)."""
        while True:
            got = self._draw(seat, 1, "draw")
            if not got:
                self._end_turn(seat)
                return
            card = got[0]
            ok = self._playable_cards(seat)
            if any(map(ok, NATURALS)) if card == JOKER else ok(card):
                self.drawn = card
                self.pending = {"kind": "drawn", "seat": seat}
                return

    def _end_turn(self, seat: int) -> None:
        self.pending = None
        self.drawn = None
        nxt = (seat + self.direction) % self.players  # ``next_seat``, inlined
        self.turn = self.next_seat(seat) if self.removed[nxt] or self.eliminated[nxt] else nxt

    def _pass(self, seat: int) -> None:
        p = self.pending
        if p is None:
            self._blocked_pass(seat)
            return
        if self._events is not None:
            self._events.append({"type": "pass", "seat": seat})
        if p["kind"] != "melee":
            self.pending = None  # ``_end_turn``, inlined
            self.drawn = None
            nxt = (seat + self.direction) % self.players
            self.turn = self.next_seat(seat) if self.removed[nxt] or self.eliminated[nxt] else nxt
            return
        p["passed"].append(seat)
        if self._melee_done():
            self._resolve_melee()

    def _blocked_pass(self, seat: int) -> None:
        """A pass with nothing to play or draw; a full round of them ends the hand (000 D7)."""
        if self._events is not None:
            self._events.append({"type": "pass", "seat": seat})
        self.idle += 1
        if self.idle >= len(self.seats_in_play()):
            self._end_blocked()
        else:
            self.turn = self.next_seat(seat)

    def _end_blocked(self) -> None:
        self._end_hand(self.blocked_winners(), blocked=True)

    def blocked_winners(self) -> list[int]:
        """Winners of a blocked hand: the seats holding the fewest cards (000 D7)."""
        return lowest(self.seats_in_play(), lambda seat: len(self.hands[seat]))

    def _draw(self, seat: int, count: int, reason: str) -> list[str]:
        """``seat`` draws ``count`` cards, reshuffling the discard pile (all but the top) into the
        stock when it runs out; short of cards, it draws what exists (000 D8)."""
        stock = self.stock
        if len(stock) >= count:  # the common case: no reshuffle
            self.rng.reveal(stock, count)
            got = stock[: -count - 1 : -1]  # as popped one by one: the top first
            del stock[len(stock) - count :]
        else:
            got = []
            for _ in range(count):
                if not stock:
                    if len(self.discard) < 2:
                        break
                    self._reshuffle()
                    stock = self.stock
                self.rng.reveal(stock, 1)
                got.append(stock.pop())
        hand = self.hands[seat]
        for card in got:
            insort(hand, card, key=ORDER_KEY)
        if got:
            self.idle = 0
        if self.calls and seat in self.calls and len(hand) > 1:
            self.calls.remove(seat)
        if got and self.missed and seat in self.missed:
            self.missed.remove(seat)
        if self._events is not None:  # no event built on the fast path
            self._events.append(
                {"type": "draw", "seat": seat, "count": len(got), "cards": got, "reason": reason}
            )
        return got

    def _reshuffle(self) -> None:
        """Shuffle the discard pile, all but its top card, into a new stock (named cards and
        wild colours are forgotten: 000 D9)."""
        top = self.discard.pop()
        self.stock = [BASE[c] for c in self.discard]
        self.discard = [top]
        self.rng.shuffle_lazily(self.stock)  # settled as it is drawn
        self._emit({"type": "reshuffle", "count": len(self.stock)})

    def _end_hand(self, winners: list[int], blocked: bool = False, stopped: bool = False) -> None:
        self.over = True
        self.pending = None
        self.drawn = None
        self.winners = winners
        self.score_hand(winners, blocked, stopped)
        self._emit(
            {
                "type": "hand_over",
                "winners": list(winners),
                "scores": None if self.scores is None else list(self.scores),
            }
        )
        if self.match_over:
            self._emit({"type": "match_over", "match_winners": list(self.match_winners or [])})

    def score_hand(self, winners: list[int], blocked: bool, stopped: bool) -> None:
        """Scoring hook at hand end: update ``scores``, ``eliminated``, ``match_over`` and
        ``match_winners``. A stopped hand (fewer than two seats) ends a match with no winner. In
        a match to a target score (``MATCH`` "target": last-card D10, classic R24-R25) the
        winner scores the cards left in the other hands, and the first to the ``target`` option
        wins the match."""
        if stopped and self.SCORED:
            self.match_over = True
            self.match_winners = []
        if self.MATCH == "target" and winners and self.scores is not None:
            winner = winners[0]
            self.scores[winner] += sum(self.hand_points(seat) for seat in self.seats_in_play())
            if self.scores[winner] >= self.options["target"]:
                self.match_over = True
                self.match_winners = [winner]

    def hand_points(self, seat: int) -> int:
        """Points of the cards ``seat`` holds: ``POINTS`` by rank, else the face value."""
        return sum(self.POINTS.get(RANK[card]) or int(RANK[card]) for card in self.hands[seat])

    # ---- copies and serialisation ---------------------------------------------------------
    #: the whole state besides the RNG (a ruleset keeping more state lists its fields here too)
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "players", "seed", "options", "active", "turn", "direction", "dealer", "drawn", "idle",
        "over", "hand_number", "match_over", "hands", "stock", "discard", "pending", "calls",
        "removed", "eliminated", "winners", "scores", "match_winners", "missed",
    )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The full state, RNG included, JSON-ready."""
        state = self.clone().__dict__
        d: dict[str, Any] = {"ruleset": self.RULESET, "rng": self.rng.state}
        for name in self._FIELDS:
            d[name] = state[name]
        # what the table has seen (absent from a game saved before it was kept); worked out
        # first: it may number positions not met before (``_key_bit``)
        ruled_out = self.ruled_out
        keys = {bit: [active or "", rank] for (active, rank), bit in self._key_bits.items()}
        d["ruled_out"] = [[_positions(known, keys) for known in held] for held in ruled_out]
        d["last_play"] = [None if seen is None else seen.to_dict() for seen in self.last_play]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Rebuild a game from ``to_dict`` output (any Game subclass dispatches on the ruleset)."""
        kind = RULESETS.get(d.get("ruleset", ""))
        if kind is None:
            raise ValueError(f"not a saved game of a known ruleset: {d.get('ruleset')!r}")
        game = kind.__new__(kind)
        for name in kind._FIELDS:
            setattr(game, name, d.get(name, []) if name == "missed" else d[name])
        ruled_out, last_play = d.get("ruled_out"), d.get("last_play")
        beliefs = (
            [
                [
                    sum(kind._key_bit(active or None, rank) for active, rank in known)
                    for known in held
                ]
                for held in ruled_out
            ]
            if ruled_out is not None
            else [[0] * len(hand) for hand in game.hands]
        )
        plays = [
            None if seen is None else Seen.from_dict(seen)
            for seen in last_play or [None] * game.players
        ]
        game._record, game._seen = [], ((0, beliefs, plays), None)
        game._own(d["rng"])
        game._fast = game._facts()
        return game

    def clone(self) -> Self:
        """An independent copy with the same future (no JSON round trip: fast for playouts)."""
        game = type(self).__new__(type(self))
        game.__dict__.update(self.__dict__)
        game._own(self.rng.state)  # (``state`` finishes a lazy shuffle of the shared stock)
        return game

    def _own(self, rng_state: int) -> None:
        """Replace every mutable field, filled with shared references, by a copy of its own."""
        self.rng = Rng(rng_state)
        self.options = dict(self.options)
        self.hands = [list(h) for h in self.hands]
        self.stock = list(self.stock)
        self.discard = list(self.discard)
        self.pending = _copy_pending(self.pending)
        self.calls = list(self.calls)
        self.missed = list(self.missed)
        self.removed = list(self.removed)
        self.eliminated = list(self.eliminated)
        self._record = list(self._record)
        for name in ("winners", "scores", "match_winners"):
            value = getattr(self, name)
            setattr(self, name, None if value is None else list(value))
        self._cache = {}
        self._events = None


def _pickup(effect: Effect, count: int, p: Pending | None) -> int:
    """Cards owed for ``count`` pickup cards of ``effect`` laid on the waiting pickup ``p``, if
    any (a counter passes the whole pickup on: last-card D3, D6)."""
    waiting: int = p["count"] if p is not None and p["kind"] == "pickup" else 0
    return waiting + effect.pickup * count


def _owed(game: Game, effect: Effect, p: Pending | None) -> int:
    """Cards a draw card makes the next seat draw, with the stacked draw it lands on, if any
    (stacking, H1)."""
    waiting: int = p["count"] if p is not None and p["kind"] in ("pickup", "challenge") else 0
    return waiting + game.value(effect.draw)


def _copy_pending(p: Pending | None) -> Pending | None:
    if p is None:
        return None
    copy = p.copy()
    if "passed" in copy:
        copy["passed"] = list(copy["passed"])
    return copy
