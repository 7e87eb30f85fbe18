"""«Последний игрок» (docs/rules/posledniy-igrok.md): Last One retold, with a led
first card, the 4-chain in turn order and a match of a fixed number of hands, 54 cards, 2-6 players.

Everything but the facts below is the shared machinery of ``lastcard.game``: no upcard, the seat
left of the dealer leads any card (D1), drawing only without a legal play (D2), the 3's free card
(D4), the 4-chain with forced play (D5, D6), the optional suit of an 8 (D7), jokers as named cards
(D9), the "last card" call (D10), the blocked hand (D12) and going out (D13). This module adds the
scoring and the fixed-length match (D11).
"""

from __future__ import annotations

from typing import ClassVar

from ..base import (
    Options,
    Timers,
    Words,
    call_penalty_option,
    count,
    hand_size_option,
    house_rules,
)
from ..cards import SUITS, french_deck
from ..game import Effect, Game, Option, lowest, register
from ..words import cards, hands, house_line, missed_call, players, points
from .last_one import LastOne, french_specials


@register
class PosledniyIgrok(Game):
    """The ``posledniy-igrok`` ruleset."""

    RULESET = "posledniy-igrok"
    TITLE: ClassVar[Words] = {"en": "Last Player", "ru": "Последний игрок"}
    BLURB: ClassVar[Words] = {
        "en": "A set number of hands, {players} players; collect the fewest penalty points.",
        "ru": "Заданное число раздач, {players} игроков; наберите меньше всех штрафных очков.",
    }
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    MATCH = "hands"
    SOLO_BOTS = 2
    NAMES = SUITS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hand_size": hand_size_option(7, 4, 8),
        "hands": Option(5, 1, label={"en": "Hands in the match", "ru": "Раздач в матче"}),
        "last_call_penalty": call_penalty_option(1),
        "two_draws": Option(
            1, 1, 2, label={"en": "Cards drawn for a 2", "ru": "Сколько берут за двойку"}
        ),
        **house_rules("stacking", "draw_until_play"),
    }
    UPCARD = False
    VOLUNTARY_DRAW = False
    CALLS = "after"
    SCORED = True
    POINTS = LastOne.POINTS
    WILD: ClassVar[dict[str, str]] = {"8": "may"}
    EFFECTS: ClassVar[dict[str, Effect]] = {
        "2": Effect(draw="two_draws"),
        "3": Effect(free=True),
        "4": Effect(chain=True),
        "J": Effect(skip=1),
        "A": Effect(reverse=True),
    }

    @classmethod
    def deck(cls) -> list[str]:
        """52 cards and two jokers (rule 1)."""
        return french_deck(2)

    def blocked_winners(self) -> list[int]:
        """A blocked hand is won by the seats that score the least for it (D12)."""
        return lowest(self.seats_in_play(), self.hand_points)

    def score_hand(self, winners: list[int], blocked: bool, stopped: bool) -> None:
        """Every seat scores the cards it holds; after the last hand the lowest total wins (D11)."""
        super().score_hand(winners, blocked, stopped)
        if stopped or self.scores is None:
            return
        seats = self.seats_in_play()
        for seat in seats:
            self.scores[seat] += self.hand_points(seat)
        if self.hand_number >= self.options["hands"]:
            self.match_over = True
            self.match_winners = lowest(seats, self.scores.__getitem__)

    @classmethod
    def rules(cls, lang: str, options: Options, timers: Timers) -> list[tuple[str, list[str]]]:
        """The rules of 003's decisions with this table's hands, hand size, call penalty and
        the cards a 2 makes draw."""
        who, spec = players(cls.MIN_PLAYERS, cls.MAX_PLAYERS), cls.OPTIONS["hand_size"]
        size, match, penalty = options["hand_size"], options["hands"], options["last_call_penalty"]
        twos, joker = french_specials(lang, cards(lang, count(cls.EFFECTS["2"].draw, options)))
        worth = points(lang, cls.POINTS)
        until = options["draw_until_play"]
        stack = [house_line(lang, "stacking.twos")] if options["stacking"] else []
        if lang == "ru":
            return [
                ("Цель", [
                    f"{who} игроков, 52 карты и 2 джокера, {hands(lang, match)} в матче."
                    " Наберите меньше всех штрафных очков.",
                ]),
                ("Раздача", [
                    f"Всем по {cards(lang, size)} (ведущий выбирает {spec.low}–{spec.high});"
                    " открытой карты нет: игрок, следующий за сдающим, начинает с любой карты.",
                    "Дальше кладите карту того же достоинства или масти. Брать карту можно,"
                    " только если нечем ходить"
                    + (". " + house_line(lang, "draw_until_play") if until
                       else ", и взятие завершает ход. Если брать нечего, нажмите «Завершить"
                       " ход»."),
                ]),
                ("Особые карты", [
                    twos,
                    *stack,
                    "3: можно положить сверху ещё одну любую карту или нажать «Завершить ход»."
                    " 8: кладётся на что угодно; масть можно назвать.",
                    "4: начинается цепочка — каждый следующий игрок кладёт карту той же масти"
                    " на единицу старше (5, 6, … 10) или берёт столько карт, сколько указано на"
                    " верхней, и пропускает ход. После 10 следующий берёт 10 карт.",
                    joker,
                ]),
                ("Последняя карта", [
                    "Осталась одна карта — нажмите «Последняя!» до хода другого игрока;"
                    f" {missed_call(lang, penalty)}."
                ]),
                ("Очки", [
                    f"Все, у кого остались карты, получают очки: {worth}. После последней"
                    " раздачи побеждает тот, у кого меньше всех очков.",
                ]),
            ]  # fmt: skip
        return [
            ("Goal", [
                f"{who} players, 52 cards + 2 jokers, a match of {hands(lang, match)}. Collect"
                " the fewest penalty points.",
            ]),
            ("A hand", [
                f"Everyone gets {cards(lang, size)} (the host picks {spec.low}–{spec.high}); no"
                " card is turned up. The player after the dealer leads any card.",
                "Then play one card of the same rank or suit. Draw only when you cannot play"
                + (". " + house_line(lang, "draw_until_play") if until
                   else " (drawing ends the turn); when nothing can be drawn, press “End"
                   " turn”."),
            ]),
            ("Special cards", [
                twos,
                *stack,
                "3: you may lay any one more card on it, or press “End turn”. 8: playable on"
                " anything; you may name a suit.",
                "4: a chain — each next player must play the same suit one higher (5, 6, … 10)"
                " or draw as many cards as the top card's number and miss the turn. After a 10"
                " the next player draws 10.",
                joker,
            ]),
            ("Last card", [
                "With one card left, press “Last card!” before another player plays;"
                f" {missed_call(lang, penalty)}."
            ]),
            ("Scoring", [
                f"Everyone with cards left scores them: {worth}. Lowest total after the last hand"
                " wins.",
            ]),
        ]  # fmt: skip
