"""Legal-move generation: which moves each seat has now, from the state alone.

``LegalMoves.legal_moves(seat)`` is the bots' side of the trusted fast path (``Game.push`` is the
other): ``Move`` objects, shared and immutable, no strings parsed. ``Game.legal_actions`` lists
their action strings. A ruleset changes what is legal through the hooks here (``playable``,
``_call_moves``, the ``_<pending kind>_moves``) or through its facts (``WILD``, ``MULTI_CARD``...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import permutations
from operator import itemgetter
from typing import Any, ClassVar

from .base import GameBase
from .cards import AS_JOKER, BASE, CARD_ORDER, JOKER, NATURALS, ORDER, RANK, SUIT


class Move:
    """An internal move: ``kind`` is play/draw/pass/last/suit/challenge; ``text`` is its action
    string; a play's ``top`` is the card it leaves on the pile and ``active`` the colour or suit
    it puts in force (its name, else the top card's).

    Moves are shared values: every move the engine makes or ``Move.parse`` reads is the one
    object for its action (``play_move``, ``suit_move``, ``DRAW``, ``PASS``, ``LAST``), so two
    moves are equal exactly when they are the same object (the fast ``==`` and ``hash`` of
    identity, which the bots' searches key their tables by), and ``repr`` reads back.

    >>> Move.parse("play AS H") is play_move(("AS",), "H")
    True
    >>> Move.parse("suit D")
    Move.parse('suit D')
    """

    __slots__ = ("active", "cards", "kind", "name", "target", "text", "top")

    def __init__(
        self,
        kind: str,
        cards: tuple[str, ...] = (),
        name: str | None = None,
        target: int | None = None,
    ) -> None:
        self.kind = kind
        self.cards = cards
        self.name = name
        #: the seat a seven-zero 7 swaps hands with (``play R7 @2``)
        self.target = target
        self.top = cards[-1] if cards else ""
        self.active = name or SUIT[self.top] if cards else None
        if kind == "play":
            self.text = " ".join(("play", *cards, name) if name else ("play", *cards))
            if target is not None:
                self.text += f" @{target}"
        elif kind == "suit":
            self.text = f"suit {name}"
        else:
            self.text = kind
        BY_TEXT.setdefault(self.text, self)

    def __repr__(self) -> str:
        return f"Move.parse({self.text!r})"

    @staticmethod
    def parse(text: str) -> Move:
        """The move of an action string (``"play 7H 7S"``, ``"play W B"``, ``"suit H"``,
        ``"draw"``): the shared one, whether or not it is legal anywhere now. ValueError when
        ``text`` names no move: unknown words, cards or names."""
        words = text.split(" ") if isinstance(text, str) else []
        kind, rest = (words[0], words[1:]) if words else ("", [])
        if kind in _SIMPLE and not rest:
            return _SIMPLE[kind]
        if kind == "suit" and len(rest) == 1 and rest[0] in _NAMES:
            return suit_move(rest[0])
        if kind == "play" and rest:
            seat = rest.pop()[1:] if len(rest) > 1 and rest[-1][:1] == "@" else None
            target = int(seat) if seat and seat.isascii() and seat.isdigit() else None
            name = rest.pop() if len(rest) > 1 and rest[-1] in _NAMES else None
            if (
                all(card in BASE for card in rest)
                and len(set(rest)) == len(rest)
                and (seat is None or (target is not None and len(seat) <= 2))
            ):
                return play_move(tuple(rest), name, target)
        raise ValueError(f"not an action: {str(text)[:64]!r}")


_ORDER_AND_NAME = itemgetter(0, 1)
#: ``LegalMoves._table_path``: per colour or suit in force and per top card, each playable
#: card's single plays; the cards a restriction takes out of play; jokers in the deck;
#: ``VOLUNTARY_DRAW``; and the plays' action strings, as the first (``_text_tables``)
TablePath = tuple[
    dict[str, dict[str, dict[str, list[Move]]]],
    frozenset[str],
    bool,
    bool,
    dict[str, dict[str, dict[str, list[str]]]],
]
#: every move made so far by its action string (each is the one shared move of its string):
#: ``Game.apply``'s lookup of an action among the legal moves
BY_TEXT: dict[str, Move] = {}
DRAW = Move("draw")
PASS = Move("pass")
LAST = Move("last")
CHALLENGE = Move("challenge")
_SIMPLE = {"draw": DRAW, "pass": PASS, "last": LAST, "challenge": CHALLENGE}
#: the colours and suits a play or a ``suit`` move may name
_NAMES = frozenset("RYBGSHDC")
_PLAYS: dict[tuple[tuple[str, ...], str | None, int | None], Move] = {}
_SUIT_MOVES: dict[str, Move] = {}


def suit_move(name: str) -> Move:
    """The (shared, immutable) move naming the suit ``name`` outside a play (last-card)."""
    move = _SUIT_MOVES.get(name)
    if move is None:
        move = _SUIT_MOVES[name] = Move("suit", (), name)
    return move


def play_move(cards: tuple[str, ...], name: str | None = None, target: int | None = None) -> Move:
    """The (shared, immutable) move laying ``cards`` with an optional named colour/suit (and,
    for a seven-zero 7, the seat it swaps hands with)."""
    key = (cards, name, target)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Move("play", cards, name, target)
    return move


def _anything(card: str) -> bool:
    return True


class LegalMoves(GameBase):
    """The legal moves of every seat (cached per state: ``push`` and every state change clear
    ``_cache``)."""

    #: per-class caches of the single-card plays of each card (named / unnamed)
    _singles: ClassVar[dict[str, list[Move]]] = {}
    _plain: ClassVar[dict[str, list[Move]]] = {}
    _custom_playable: ClassVar[bool] = False
    _matches: ClassVar[dict[tuple[str | None, str, bool], Callable[[str], bool]]] = {}
    _restricted: ClassVar[frozenset[str]] = frozenset()
    #: the cards of ``_restricted`` of a wild rank: the ones a restriction takes out of play
    _restricted_wild: ClassVar[frozenset[str]] = frozenset()
    _multis: ClassVar[dict[tuple[tuple[str, ...], bool], list[Move]]] = {}
    #: the common case has a path of its own in ``legal_moves`` (``_simple``): single-card
    #: plays, the default ``playable`` and move hooks, no call to offer; per colour or suit in
    #: force and per top card, each playable card's single plays (``_tables``, ``_table``)
    _simple: ClassVar[bool] = False
    _tables: ClassVar[dict[str, dict[str, dict[str, list[Move]]]]] = {}
    #: ``_tables`` with the plays' action strings (``Game.legal_actions``, ``_text_table``)
    _text_tables: ClassVar[dict[str, dict[str, dict[str, list[str]]]]] = {}
    #: the deck holds jokers (a hand of a deck without any is never searched for one)
    _jokers: ClassVar[bool] = True
    #: what the table path reads on every call, in one tuple (read through the game's slot
    #: ``_fast``, see ``GameBase._FAST``): ``_tables``, ``_restricted_wild``, ``_jokers``,
    #: ``VOLUNTARY_DRAW`` and ``_text_tables``; None unless ``_simple``
    _table_path: ClassVar[TablePath | None] = None
    #: while the state stands: per seat (key ``seat``) its legal moves, in order, and (key
    #: ``~seat``) their action strings as ``Game.legal_actions`` listed them (``Game.apply``
    #: finds an action there), each kept once worked out
    _cache: dict[int, list[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._singles = {}
        cls._plain = {}
        cls._custom_playable = cls.playable is not LegalMoves.playable
        cls._matches = {}
        cls._restricted = frozenset(c for c in CARD_ORDER if RANK[c] in cls.WILD_UNLESS_ACTIVE)
        cls._restricted_wild = frozenset(c for c in cls._restricted if RANK[c] in cls.WILD)
        cls._multis = {}
        hooks = ("_generate", "_turn_moves", "_drawn_moves", "_plays", "_matcher", "_single")
        cls._simple = (
            not (cls.MULTI_CARD or cls._custom_playable)
            and cls.CALLS in (None, "auto")
            and all(getattr(cls, hook) is getattr(LegalMoves, hook) for hook in hooks)
        )
        cls._tables = {}
        cls._text_tables = {}
        try:
            cls._jokers = JOKER in cls.deck()
        except NotImplementedError:  # a class with no deck of its own yet
            cls._jokers = True
        cls._table_path = (
            (cls._tables, cls._restricted_wild, cls._jokers, cls.VOLUNTARY_DRAW, cls._text_tables)
            if cls._simple
            else None
        )

    def legal_moves(self, seat: int) -> list[Move]:
        """The legal moves of ``seat``, each once, in the order of ``legal_actions`` (the fast
        path's counterpart: ``Move`` objects for ``push``)."""
        cache = self._cache
        if cache:
            found = cache.get(seat)
            if found is not None:
                return list(found)
        path = self._fast[0]  # ``_table_path``
        discard = self.discard
        active = self.active
        if path is None or self.over or not discard or active is None:
            return self._generate(seat)
        # a ``_simple`` ruleset: the plays come from the per-position table (``_table``), in
        # the order ``_generate`` gives them, except on a free lead or with a joker in the hand
        tables, restricted, jokers, voluntary_draw, _ = path
        hand = self.hands[seat]
        if jokers and JOKER in hand:
            return self._generate(seat)
        # the unrestricted table; a card of ``_restricted_wild`` in it is dropped when the hand
        # holds the colour or suit in force (the restricted table lacks just those cards),
        # which is worked out only when such a card is met
        try:
            table = tables[active][discard[-1]]
        except KeyError:
            table = self._table(active, discard[-1])
        # the seat to act (``turn``, or the one a drawn card waits on) is always in play
        p = self.pending
        if p is not None:  # after a draw: the plays of the drawn card, then pass
            if p["kind"] != "drawn" or p["seat"] != seat:
                return self._generate(seat)
            drawn = self.drawn
            assert drawn is not None
            if drawn in restricted and active in map(SUIT.__getitem__, hand):
                return [PASS]
            return [*table.get(drawn, ()), PASS]
        if seat != self.turn:
            return []
        moves: list[Move] = []  # ``_turn_moves``
        last = None  # the hand is in card order: a card held twice comes twice, in a row
        for card in hand:
            if card in table and card != last:
                last = card
                if card not in restricted or active not in map(SUIT.__getitem__, hand):
                    moves += table[card]
        if self.stock or len(discard) > 1:  # ``_can_draw``
            if voluntary_draw or not moves:
                moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    def _table(self, active: str, top: str) -> dict[str, list[Move]]:
        """Per card a ``_simple`` ruleset's hand may hold, its single plays where ``_match_cards``
        accepts it (unrestricted) with ``active`` in force and ``top`` on the pile (cached per
        class)."""
        by_top = self._tables.setdefault(active, {})
        table = by_top.get(top)
        if table is None:
            table = by_top[top] = {
                card: self._single(card, True)
                for card in self._match_cards(active, RANK[top], False)
                if card == BASE[card] and card != JOKER
            }
        return table

    def _text_table(self, active: str, top: str) -> dict[str, list[str]]:
        """``_table(active, top)`` with the plays' action strings (cached per class)."""
        table = self._text_tables.setdefault(active, {}).get(top)
        if table is None:
            moves = self._table(active, top)
            table = {card: [move.text for move in plays] for card, plays in moves.items()}
            self._text_tables[active][top] = table
        return table

    def _moves(self, seat: int) -> list[Move]:
        """The legal moves of ``seat``, in order (cached until the state changes; the list
        never leaves the engine)."""
        found = self._cache.get(seat)
        if found is None:
            found = self._cache[seat] = self.legal_moves(seat)
        return found

    def _generate(self, seat: int) -> list[Move]:
        """Every legal move of ``seat``, each once, in order (a new list)."""
        if self.over or self.removed[seat] or self.eliminated[seat]:
            return []
        p = self.pending
        moves: list[Move] = []
        if p is None:
            if seat == self.turn:
                found = self._turn_moves(seat)
                moves = found if type(found) is list else list(found)
            elif self.options.get("jump_in"):
                moves = self._jump_ins(seat)
        elif p["kind"] == "melee":
            # a pass is final for the current melee card (last-one D13)
            if seat != p["aggressor"] and seat not in p["passed"]:
                moves.extend(self._plays(seat, self._climb_cards(p["need"]), named=False))
                moves.append(PASS)
        elif p.get("seat") == seat:
            moves.extend(getattr(self, f"_{p['kind']}_moves")(seat))
        if moves and self.options.get("seven_zero"):
            moves = self._seven_zero(seat, moves)
        calls = self._fast[1]  # ``CALLS``, or a house rule's call (``Game._facts``)
        if calls not in (None, "auto"):
            moves.extend(self._call_moves(seat, moves))
        return moves

    def _jump_ins(self, seat: int) -> list[Move]:
        """Jump-in (a house rule): out of turn, with no decision pending, the plays of a card
        identical to the top card, a wild card's or a named joker's excepted (H6)."""
        top = self.discard[-1] if self.discard else None
        if top is None or top not in self.hands[seat] or RANK[top] in self.WILD:
            return []
        return list(self._single(top, True))

    def _seven_zero(self, seat: int, moves: list[Move]) -> list[Move]:
        """Seven-zero (a house rule): a play of a 7 that leaves cards in the hand names the seat
        in play it swaps hands with, once per seat (``play R7 @2``)."""
        size = len(self.hands[seat])
        out: list[Move] = []
        for move in moves:
            if move.kind == "play" and RANK[move.top] == "7" and len(move.cards) < size:
                out += [
                    play_move(move.cards, move.name, other)
                    for other in self.seats_in_play()
                    if other != seat
                ]
            else:
                out.append(move)
        return out

    def _turn_moves(self, seat: int) -> Iterable[Move]:
        """A normal turn: plays, then draw, or pass when nothing can be drawn."""
        ok = self._playable_cards(seat) if self._custom_playable else self._matcher(seat)
        plays = self._plays(seat, ok)
        if self.stock or len(self.discard) > 1:  # ``_can_draw``, inlined on the busiest path
            if self.VOLUNTARY_DRAW or not plays:
                plays.append(DRAW)
        elif not plays:
            plays.append(PASS)
        return plays

    def _drawn_moves(self, seat: int) -> Iterable[Move]:
        """After a draw (pending ``drawn``): the plays that lay the drawn card, or ``pass``."""
        drawn = self.drawn
        assert drawn is not None
        moves = self._plays(seat, self._playable_cards(seat))
        moves = [m for m in moves if drawn in map(BASE.__getitem__, m.cards)]
        moves.append(PASS)
        return moves

    def _free_moves(self, seat: int) -> Iterable[Move]:
        return [*self._plays(seat, self._any_cards(seat)), PASS]

    def _chain_moves(self, seat: int) -> Iterable[Move]:
        assert self.pending is not None
        return self._plays(seat, self._climb_cards(self.pending["need"]), named=False) or [DRAW]

    def _pickup_moves(self, seat: int) -> Iterable[Move]:
        return [*self._plays(seat, self._counter_cards(seat)), DRAW]

    def _challenge_moves(self, seat: int) -> Iterable[Move]:
        """Challenge the play (a removed player cannot be), add to its draw (stacking, a house
        rule: the total passes on) or accept it."""
        assert self.pending is not None
        moves = [CHALLENGE] if self.in_play(self.pending["aggressor"]) else []
        if self.options.get("stacking"):
            moves += self._plays(seat, self._counter_cards(seat))
        return [*moves, DRAW]

    def _suit_moves(self, seat: int) -> Iterable[Move]:
        return [suit_move(name) for name in self.NAMES]

    def _call_moves(self, seat: int, moves: list[Move]) -> Iterable[Move]:
        """``last`` where a call is open to this seat, which has none standing: "after", it holds
        one card; "before" (last-card D7), one of its ``moves`` would leave it one card."""
        if seat in self.calls:
            return []
        size = len(self.hands[seat])
        if self._fast[1] == "after":  # open until another seat's play (last-one D7)
            open_ = size == 1 and seat not in self.missed
        else:
            open_ = any(m.kind == "play" and size - len(m.cards) == 1 for m in moves)
        return [LAST] if open_ else []

    def playable(self, seat: int, card: str) -> bool:
        """May ``card`` (a natural card, or a joker's named card) be played on a normal turn?"""
        return self._matcher(seat)(card)

    def _playable_cards(self, seat: int) -> Callable[[str], bool]:
        """The ``playable`` predicate for ``seat`` (a table lookup unless a ruleset overrides)."""
        if self._custom_playable:
            return lambda card: self.playable(seat, card)
        return self._matcher(seat)

    def _matcher(self, seat: int) -> Callable[[str], bool]:
        """Membership in the per-class table of playable cards for this position."""
        if not self.discard or self.active is None:  # a free lead (posledniy-igrok D1)
            return _anything
        hand = self.hands[seat]
        restricted = not self._restricted.isdisjoint(hand) and self.active in map(
            SUIT.__getitem__, hand
        )
        key = (self.active, RANK[self.discard[-1]], restricted)
        ok = self._matches.get(key)
        if ok is None:
            ok = self._matches[key] = frozenset(self._match_cards(*key)).__contains__
        return ok

    @classmethod
    def _match_cards(cls, active: str | None, top_rank: str, restricted: bool) -> Iterator[str]:
        """The rule: a wild rank (unless ``restricted`` and in ``WILD_UNLESS_ACTIVE``), else a
        suit match with the colour/suit in force or a rank match with the top card."""
        for card in CARD_ORDER:
            rank = RANK[card]
            if rank in cls.WILD:
                if not (restricted and rank in cls.WILD_UNLESS_ACTIVE):
                    yield card
            elif SUIT[card] == active or rank == top_rank:
                yield card

    def _any_cards(self, seat: int) -> Callable[[str], bool]:
        return _anything

    def _climb_cards(self, need: str | None) -> Callable[[str], bool]:
        return lambda card: card == need

    def _counter_cards(self, seat: int) -> Callable[[str], bool]:
        """Cards that counter a waiting pickup: same rank as the top, or another pickup rank of
        the top's suit (last-card D3); with stacking (a house rule), a draw card that draws at
        least as many as the top (H1)."""
        top = self.discard[-1]
        if self.options.get("stacking"):
            least = self._draws(top)
            return lambda card: self._draws(card) >= least
        ranks = {r for r, e in self.EFFECTS.items() if e.pickup}
        return lambda card: (
            RANK[card] == RANK[top] or (RANK[card] in ranks and SUIT[card] == SUIT[top])
        )

    def _draws(self, card: str) -> int:
        """The cards a draw card makes the next seat draw (0: not a draw card)."""
        effect = self.EFFECTS.get(RANK[card])
        return 0 if effect is None or not effect.draw else self.value(effect.draw)

    def _plays(self, seat: int, ok: Callable[[str], bool], named: bool = True) -> list[Move]:
        """The play moves of ``seat`` using the cards ``ok`` accepts, in card order.

        A joker yields one move per natural card it may be named as; a wild rank carries each
        name (and none where naming is optional); with ``MULTI_CARD`` every ordered set of cards
        of one rank that holds an accepted card is a play.
        """
        hand = self.hands[seat]
        if self.MULTI_CARD:
            return self._multi_plays(hand, ok, named)
        moves: list[Move] = []
        cache = self._singles if named else self._plain
        last = None  # the hand is in card order: a card held twice comes twice, in a row
        for card in filter(ok, hand):
            if card != last and card != JOKER:
                moves += cache.get(card) or self._single(card, named)
            last = card
        if JOKER in hand:  # jokers come last in card order, by the card they are named as
            for natural in NATURALS:
                if ok(natural):
                    moves += cache.get(AS_JOKER[natural]) or self._single(AS_JOKER[natural], named)
        return moves

    def _single(self, card: str, named: bool) -> list[Move]:
        """The plays of ``card`` alone (cached per class)."""
        cache = self._singles if named else self._plain
        moves = cache.get(card)
        if moves is None:
            moves = cache[card] = self._named(card, named)
        return moves

    def _named(self, card: str, named: bool, cards: tuple[str, ...] | None = None) -> list[Move]:
        """The plays laying ``cards`` (default: ``card`` alone), with the names its rank takes."""
        cards = (card,) if cards is None else cards
        mode = self.WILD.get(RANK[card], "none") if named else "none"
        moves = [] if mode == "must" else [play_move(cards)]
        if mode != "none":
            moves += [play_move(cards, name) for name in self.NAMES]
        return moves

    def _multi_plays(self, hand: list[str], ok: Callable[[str], bool], named: bool) -> list[Move]:
        """Every ordered set of same-rank cards holding an accepted card, in card order, each
        once."""
        groups: dict[str, list[str]] = {}
        for card in hand:
            groups.setdefault(RANK[card], []).append(card)
        cache = self._multis
        entries: list[tuple[tuple[int, ...], int, Move]] = []
        key: tuple[int, ...]
        for cards in groups.values():
            if len(cards) == 1:  # the common case, a rank held once: cached like single plays
                card = cards[0]
                if ok(card):
                    key = (ORDER[card],)
                    entries += [(key, i, move) for i, move in enumerate(self._single(card, named))]
                continue
            good = {card for card in cards if ok(card)}
            if not good:
                continue
            for k in range(1, len(cards) + 1):
                for perm in permutations(cards, k):
                    if good.isdisjoint(perm):
                        continue
                    moves = cache.get((perm, named))
                    if moves is None:
                        moves = cache[perm, named] = self._named(perm[-1], named, perm)
                    key = tuple(map(ORDER.__getitem__, perm))
                    entries += [(key, i, move) for i, move in enumerate(moves)]
        entries.sort(key=_ORDER_AND_NAME)
        if len(set(hand)) < len(hand):  # a card held twice: its plays come twice
            return list({move.text: move for _, _, move in entries}.values())
        return [move for _, _, move in entries]
