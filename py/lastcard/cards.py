"""Card notation and the engine's card order, for both decks.

Cards are plain strings (``"R5"``, ``"W+4"``, ``"10H"``, ``"JOKER"``); a joker played as a
named card is ``"JOKER=QH"``. The tables below give each string its rank, its colour or suit
and its place in the engine's card order, so the rest of the engine never parses a card.

Every card (and rank) string made here is interned (``sys.intern``): the decks, the tables'
keys and the moves then hold one object per card, so a dictionary lookup or a comparison of two
cards is decided by identity, without comparing the text (a few per cent of the bots' fast path).
Strings from elsewhere (a saved game, ``setup``) still work, only a little slower.
"""

from __future__ import annotations

from collections import Counter
from sys import intern

COLOURS = ("R", "Y", "B", "G")
SUITS = ("S", "H", "D", "C")
COLOUR_RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", intern("+2"))
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JOKER"

#: the 52 natural French cards, in card order (suit by suit, ace low)
NATURALS = tuple(intern(rank + suit) for suit in SUITS for rank in FRENCH_RANKS)
#: every distinct card string, in the engine's card order
CARD_ORDER = (
    *(intern(colour + rank) for colour in COLOURS for rank in COLOUR_RANKS),
    "W",
    intern("W+4"),
    *NATURALS,
    JOKER,
    *(intern(f"{JOKER}={card}") for card in NATURALS),
)
ORDER = {card: index for index, card in enumerate(CARD_ORDER)}
#: the sort key of the engine's card order (one bound method, made once)
ORDER_KEY = ORDER.__getitem__

RANK: dict[str, str] = {}
SUIT: dict[str, str | None] = {}
for _colour in COLOURS:
    for _rank in COLOUR_RANKS:
        RANK[intern(_colour + _rank)] = _rank
        SUIT[intern(_colour + _rank)] = _colour
for _card in ("W", intern("W+4"), JOKER):
    RANK[_card] = _card
    SUIT[_card] = None
for _card in NATURALS:
    RANK[_card] = RANK[intern(f"{JOKER}={_card}")] = intern(_card[:-1])
    SUIT[_card] = SUIT[intern(f"{JOKER}={_card}")] = _card[-1]

#: the joker named as each natural card (``JOKER=5H``)
AS_JOKER = {card: intern(f"{JOKER}={card}") for card in NATURALS}
#: the card as it sits in a hand or the stock: a named joker is a joker again
BASE = {card: (JOKER if card.startswith(JOKER) else card) for card in CARD_ORDER}

#: pip value of the French ranks that have one (ace 1, 2..10)
PIPS = {rank: index + 1 for index, rank in enumerate(FRENCH_RANKS[:10])}


_COLOUR_DECK = (
    *(intern(c + r) for c in COLOURS for r in COLOUR_RANKS for _ in range(1 if r == "0" else 2)),
    *["W"] * 4,
    *[intern("W+4")] * 4,
)


def colour_deck() -> list[str]:
    """The 108-card colour deck: per colour one 0, two each of 1-9, S, R, +2; four W, four W+4."""
    return list(_COLOUR_DECK)


def french_deck(jokers: int) -> list[str]:
    """The 52-card French deck plus ``jokers`` jokers."""
    return [*NATURALS, *[JOKER] * jokers]


def sort_cards(cards: list[str]) -> list[str]:
    """The cards in the engine's card order."""
    return sorted(cards, key=ORDER_KEY)


def check_cards(cards: list[str], deck: list[str]) -> None:
    """Raise ValueError unless ``cards`` are cards of ``deck`` with no more copies than it holds."""
    have = Counter(deck)
    for card in cards:
        if not isinstance(card, str) or card not in BASE or BASE[card] not in have:
            raise ValueError(f"{card!r} is not a card of this deck")
        have[BASE[card]] -= 1
        if have[BASE[card]] < 0:
            raise ValueError(f"too many copies of {BASE[card]!r} for this deck")
