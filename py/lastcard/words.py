"""The pieces a ruleset's words are built from, in English and Russian: counted nouns, the
player range, the card points. Every ruleset module writes its rules and event words with them
(``Game.rules``, ``Game.event_words``), so that every number comes from the ruleset's facts and
the table's current options and timers.

>>> cards("ru", 2), cards("ru", 5), cards("en", 1)
('2 карты', '5 карт', '1 card')
"""

from __future__ import annotations

from collections.abc import Mapping

#: the rank letters the rules texts print, by language (ranks not listed: as written)
RANKS = {
    "en": {"JOKER": "joker"},
    "ru": {"JOKER": "джокер", "A": "Т", "K": "К", "Q": "Д", "J": "В"},
}


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for ``n``: 1, 21 -> ``one``; 2-4, 22 -> ``few``; 5, 11-14 -> ``many``."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def number(value: float) -> str:
    """A count or a number of seconds as the texts print it (``5.0`` -> ``5``)."""
    return f"{value:g}"


def cards(lang: str, n: int) -> str:
    """``n`` cards as the object of a draw: "2 cards", «2 карты» (accusative)."""
    if lang == "ru":
        return f"{n} {ru_plural(n, 'карту', 'карты', 'карт')}"
    return f"{n} card" if n == 1 else f"{n} cards"


def seconds(lang: str, n: float) -> str:
    """``n`` seconds: "5 seconds", «5 секунд»."""
    if lang == "ru":
        whole = int(n) if n == int(n) else 2  # a fraction takes the "few" form: 2,5 секунды
        return f"{number(n)} {ru_plural(whole, 'секунда', 'секунды', 'секунд')}"
    return f"{number(n)} second" if n == 1 else f"{number(n)} seconds"


def hands(lang: str, n: int) -> str:
    """``n`` hands of a match: "5 hands", «5 раздач»."""
    if lang == "ru":
        return f"{n} {ru_plural(n, 'раздача', 'раздачи', 'раздач')}"
    return f"{n} hand" if n == 1 else f"{n} hands"


def players(low: int, high: int) -> str:
    """The player range: "2–6"."""
    return f"{low}–{high}"


def points(lang: str, table: Mapping[str, int]) -> str:
    """The points of the cards left in hand: ranks of one value together, the highest first,
    then the rest at face value ("joker 40, 8 = 25, A = 15, J/Q/K = 10, others face value")."""
    by_value: dict[int, list[str]] = {}
    for rank, value in table.items():
        by_value.setdefault(value, []).append(RANKS[lang].get(rank, rank))
    sep, rest = (" — ", "остальные по номиналу") if lang == "ru" else (" = ", "others face value")
    parts = [f"{'/'.join(ranks)}{sep}{value}" for value, ranks in sorted(by_value.items())[::-1]]
    return ", ".join([*parts, rest])
