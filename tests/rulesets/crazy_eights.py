"""A small extra ruleset, kept with the tests: Crazy Eights, registered by this file alone.

It is the worked example of docs/engine.md ("Making a ruleset"): a ``Game`` subclass that states
its facts, its option, its names and its rules text in both languages, then ``@register``. The
controller tests and an end-to-end test play it on the real table and the real pages with no
other change (tests/controller/test_extra_ruleset.py, tests/e2e/test_rulesets.py: the latter
appends this file to the bridge the table's workers load). No ``from __future__`` import: the
file must also run appended to another module.
"""

from typing import Any, ClassVar

from lastcard.base import Words, count
from lastcard.cards import SUITS, french_deck
from lastcard.game import Effect, Game, Option, register
from lastcard.words import cards, players


@register
class CrazyEights(Game):
    """Match the suit or the rank; an eight is wild; a queen skips the next player."""

    RULESET = "crazy-eights"
    TITLE: ClassVar[Words] = {"en": "Crazy Eights", "ru": "Сумасшедшие восьмёрки"}
    BLURB: ClassVar[Words] = {
        "en": "Match the suit or the rank, eights are wild; {players} players, one hand.",
        "ru": "Кладите карту той же масти или достоинства, восьмёрка — любая масть; {players}"
        " игроков, одна раздача.",
    }
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    SOLO_BOTS = 1
    NAMES = SUITS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hand_size": Option(5, 3, 7, label={"en": "Cards per hand", "ru": "Карт на руки"}),
    }
    VOLUNTARY_DRAW = False
    WILD: ClassVar[dict[str, str]] = {"8": "must"}
    EFFECTS: ClassVar[dict[str, Effect]] = {"Q": Effect(skip=1)}

    @classmethod
    def deck(cls) -> list[str]:
        """52 cards, no jokers."""
        return french_deck(0)

    @classmethod
    def rules(
        cls, lang: str, options: dict[str, Any], timers: dict[str, float | None]
    ) -> list[tuple[str, list[str]]]:
        """Three short sections, the hand size the table's."""
        who, size = players(cls.MIN_PLAYERS, cls.MAX_PLAYERS), count(cls.HAND_SIZE, options)
        if lang == "ru":
            return [
                ("Цель", [f"{who} игроков, одна раздача: избавьтесь от всех карт раньше других."]),
                ("Ход", [
                    f"Каждый получает {cards(lang, size)}. Положите карту той же масти или"
                    " достоинства; если нечем ходить, возьмите карту.",
                ]),
                ("Особые карты", ["Восьмёрка: на что угодно, назовите масть. Дама: следующий"
                                  " пропускает ход."]),
            ]  # fmt: skip
        return [
            ("Goal", [f"{who} players, one hand: be the first to play all your cards."]),
            ("Your turn", [
                f"Everyone gets {cards(lang, size)}. Play a card of the same suit or rank; draw"
                " one when you cannot.",
            ]),
            ("Special cards", ["Eight: on anything, name the suit. Queen: the next player is"
                               " skipped."]),
        ]  # fmt: skip
