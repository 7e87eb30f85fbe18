"""What the table has seen, for the bots: per seat, the cards it is believed not to hold (it drew
instead of playing them) and its last play; and determinization, a copy of the game in which
every card hidden from one seat is dealt anew where those beliefs allow (``docs/bots.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal, NamedTuple, Self

from .base import Event
from .cards import BASE, ORDER, RANK
from .moves import LegalMoves, Move, play_move
from .rng import Rng


class Seen(NamedTuple):
    """A seat's last play on a normal turn, as the table saw it: the move and the position it
    was made in (colour or suit in force, direction, discard pile size), and the seat's hand
    size after it. Bots read it to weigh what the play says about the hand (``hard``)."""

    move: Move
    active: str | None
    direction: int
    discard: int
    held: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; a seven-zero 7's ``target`` only when it has one (as saves before it)."""
        out = {
            "cards": list(self.move.cards),
            "name": self.move.name,
            "active": self.active,
            "direction": self.direction,
            "discard": self.discard,
            "held": self.held,
        }
        if self.move.target is not None:
            out["target"] = self.move.target
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Seen:
        move = play_move(tuple(d["cards"]), d["name"], d.get("target"))
        return cls(move, d["active"], d["direction"], d["discard"], d["held"])


#: what the table has seen, worked out up to a point of the record: (entries followed, beliefs
#: per seat, last play per seat)
Memory = tuple[int, list[list[int]], list[Seen | None]]
#: the record's entry for a play on a normal turn (its event is not kept), as it is made: the
#: seat, the move, the colour or suit in force, the direction and the discard pile's size
Played = tuple[Literal["play"], int, Move, str | None, int, int]
#: the record's entry for a draw at the start of a turn (its event is not kept): the seat, how
#: many of its first cards it is believed not to have played, the colour or suit in force and
#: the top card then (None: no discard pile, nothing ruled out), and the cards drawn
Drew = tuple[Literal["drew"], int, int, str | None, str | None, int]


class Beliefs(LegalMoves):
    """The public record of a hand and what it tells about the hidden hands."""

    #: the positions a draw rules cards out in, (colour or suit in force, top rank), each a bit
    _key_bits: ClassVar[dict[tuple[str | None, str], int]] = {}
    #: per card, the bits of the positions in which it could have been played
    _card_keys: ClassVar[dict[str, int]] = {}
    # what the table has seen this hand (``ruled_out``, ``last_play``): the public record
    # since the deal (or the restore), and the two as they stood then and as worked out up to
    # a point of the record (None: not yet), one attribute (``GameBase``: no 30th key)
    _record: list[Played | Drew | Event]
    _seen: tuple[Memory, Memory | None]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._key_bits = {}
        cls._card_keys = {}

    def _rule_out(self, seat: int, before: int) -> None:
        """``seat`` has just drawn at the start of its turn, holding ``before`` cards: it is
        believed to have held no card it could have played, and where a playable drawn card
        could have been played (``PLAY_DRAWN``) but the turn moved on, the drawn card is not one
        either. A belief, not a fact: some rulesets allow drawing with a playable card, and a
        play that contradicts the beliefs drops them (``_take``).

        The record's one entry for the draw (its event is not kept: the cards drawn are the
        hand's growth), the position's bit worked out when the record is read (``_memory``)."""
        held = len(self.hands[seat])
        discard = self.discard
        if not discard:  # nothing could have been played: only the cards drawn are recorded
            self._record.append(("drew", seat, 0, None, None, held - before))
            return
        p = self.pending
        ruled = before
        if self._fast[3] and (p is None or p["kind"] != "drawn" or p["seat"] != seat):
            ruled = held  # ``PLAY_DRAWN``, read through the slot
        self._record.append(("drew", seat, ruled, self.active, discard[-1], held - before))

    @property
    def ruled_out(self) -> list[list[int]]:
        """Per seat, one int per card it holds: the positions (``_key_bits``) in which it drew
        instead of playing while it held that card, so the card is believed to be none that
        could have been played there. Worked out from the record when asked."""
        return self._memory()[1]

    @property
    def last_play(self) -> list[Seen | None]:
        """Per seat, its last play on a normal turn this hand, if any."""
        return self._memory()[2]

    def _memory(self) -> Memory:
        """What the table has seen: the record followed from the last point worked out."""
        base, seen = self._seen
        record = self._record
        if seen is not None and seen[0] == len(record):
            return seen
        start, old_beliefs, old_plays = base if seen is None else seen
        beliefs = [list(held) for held in old_beliefs]
        plays = list(old_plays)
        keys = self._card_keys
        for entry in record[start:]:
            if isinstance(entry, tuple):  # a turn's play or draw (its event is not kept)
                if entry[0] == "play":
                    _, seat, move, active, direction, discard = entry
                    held = beliefs[seat]
                    size = len(held) - len(move.cards)
                    plays[seat] = Seen(move, active, direction, discard, size)
                    for card in move.cards:
                        _take(held, keys.get(BASE[card], 0))
                else:
                    _, seat, before, active, top, drawn = entry
                    held = beliefs[seat]
                    held.extend([0] * drawn)
                    if top is not None:
                        bit = self._key_bit(active, RANK[top])
                        held[:before] = [known | bit for known in held[:before]]
                continue
            kind = entry["type"]
            if kind == "play":
                held = beliefs[entry["seat"]]
                for card in entry["cards"]:
                    _take(held, keys.get(BASE[card], 0))
            elif kind == "draw":
                beliefs[entry["seat"]].extend([0] * entry["count"])
            elif kind == "swap":  # seven-zero: what is believed of a hand goes with it
                seat, other = entry["seat"], entry["target"]
                beliefs[seat], beliefs[other] = beliefs[other], beliefs[seat]
            elif kind == "rotate":
                seats = entry["seats"]
                moved = [beliefs[s] for s in seats]
                for i, held in enumerate(moved):
                    beliefs[seats[(i + 1) % len(seats)]] = held
            elif kind == "removed":
                beliefs[entry["seat"]] = [0] * len(self.hands[entry["seat"]])
            elif kind == "deal":  # a new hand: as it stood after its starter (``_start``)
                beliefs = [list(held) for held in base[1]]
                plays = list(base[2])
        seen = (len(record), beliefs, plays)
        self._seen = (base, seen)
        return seen

    @classmethod
    def _key_bit(cls, active: str | None, top_rank: str) -> int:
        """The bit of a position (colour or suit in force, top rank) in the beliefs."""
        bit = cls._key_bits.get((active, top_rank))
        if bit is None:
            bit = cls._key_bits[active, top_rank] = 1 << len(cls._key_bits)
            for card in cls._match_cards(active, top_rank, False):
                cls._card_keys[card] = cls._card_keys.get(card, 0) | bit
        return bit

    def ruled_out_cards(self, seat: int) -> list[frozenset[str]]:
        """``ruled_out[seat]`` as cards: for each card the seat holds, those it is believed not
        to be (for tests and inspection; the engine and the bots work on the bit masks)."""
        return [
            frozenset(c for c, keys in self._card_keys.items() if keys & known)
            for known in self.ruled_out[seat]
        ]

    def believed_without(self, seat: int, cards: Iterable[str]) -> bool:
        """Is every card ``seat`` holds believed to be none of ``cards``?"""
        held = self.ruled_out[seat]  # first: it may number positions not met before
        masks = [self._card_keys.get(card, 0) for card in cards]
        return all(known & mask for known in held for mask in masks)

    def determinize(self, seat: int, seed: int) -> Self:
        """A copy in which every card hidden from ``seat`` (other hands and the stock) is dealt
        anew from the sorted multiset of those cards, shuffled with ``seed``, each card of another
        hand one that the table's beliefs (``ruled_out``) allow where the cards do; hand and
        stock sizes are kept, so the result depends only on what ``seat`` may know."""
        game = self.clone()
        if game.over:
            return game
        others = [s for s in range(game.players) if s != seat]
        hidden = sorted(
            [c for s in others for c in game.hands[s]] + game.stock, key=ORDER.__getitem__
        )
        rng = Rng(seed)
        rng.shuffle(hidden)
        keys, ruled_out = self._card_keys, self.ruled_out
        for s in others:
            # the most constrained card first, each the first hidden card it may be (any card
            # when none fits: the beliefs are only beliefs)
            beliefs = ruled_out[s]
            if len(beliefs) != len(game.hands[s]):  # a copy moved on by the fast path
                beliefs = [0] * len(game.hands[s])
            hand = []
            for known in sorted(beliefs, key=int.bit_count, reverse=True):
                i = next((i for i, c in enumerate(hidden) if not known & keys.get(c, 0)), 0)
                hand.append(hidden.pop(i))
            game.hands[s] = sorted(hand, key=ORDER.__getitem__)
        game.stock = hidden
        p = game.pending
        if p is not None and p["kind"] == "drawn" and p["seat"] != seat:
            hand = game.hands[p["seat"]]
            game.drawn = next((c for c in hand if game.playable(p["seat"], c)), hand[0])
        game.rng = Rng(rng.next64())
        return game


def _positions(known: int, keys: dict[int, list[str]]) -> list[list[str]]:
    """The positions of a belief's bits, ``[colour or suit in force ("" for none), top rank]``,
    sorted: the bits are numbered as a process first meets the positions, the save is not."""
    return sorted(keys[1 << b] for b in range(known.bit_length()) if known >> b & 1)


def _take(held: list[int], keys: int) -> None:
    """A card that could have been played in the positions ``keys`` leaves a hand believed to
    be ``held``: with the most constrained belief it fits, or, fitting none, the beliefs were
    wrong and are forgotten."""
    if not any(held):
        if held:
            held.pop()
        return
    fits = [i for i, known in enumerate(held) if not known & keys]
    if not fits:
        held[:] = [0] * (len(held) - 1)
        return
    del held[max(fits, key=lambda i: held[i].bit_count())]
