"""«Last One» (docs/rules/last-one.md): Crazy Eights with jokers, the melee and an
elimination match, 54 cards, 2-6 players.

Everything but the facts below is the shared machinery of ``lastcard.game``: the starter played by
the dealer (D2), the voluntary draw (D3), the 3's free card (D4), the melee as an out-of-turn
interrupt (D5), jokers as named cards (D6), the "last one" call caught by the next play of another
seat (D7, D12), two-player turns (D8) and the blocked hand (D9). This module adds the hand size
(D1: 9 cards only by every player's agreement), the starter put back while it is a joker (D2)
and the elimination match (D10, D11).
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
from ..cards import BASE, JOKER, SUITS, french_deck
from ..game import Effect, Game, Option, Timer, lowest, register
from ..words import cards, house_line, missed_call, number, players, points, score, seconds


def french_specials(lang: str, two: str) -> tuple[str, str]:
    """The lines on the 2, the jack and the ace, and on the joker, that Last One and «Последний
    игрок» share (their cards do the same): ``two`` is what a 2 makes the next player draw."""
    if lang == "ru":
        return (
            f"2: следующий берёт {two} и пропускает ход. Валет: следующий пропускает ход."
            " Туз: направление меняется.",
            "Джокер: играется как любая карта, которую сейчас можно сыграть, и действует как она.",
        )
    return (
        f"2: the next player draws {two} and misses the turn. J: the next player is skipped."
        " A: the direction reverses.",
        "Joker: play it as any card that would be legal now; it acts as that card.",
    )


@register
class LastOne(Game):
    """The ``last-one`` ruleset."""

    RULESET = "last-one"
    TITLE: ClassVar[Words] = {"en": "Last One", "ru": "До последнего"}
    BLURB: ClassVar[Words] = {
        "en": "Suits and jokers over several hands, {players} players; too many penalty points"
        " and you are out.",
        "ru": "Масти и джокеры, несколько раздач, {players} игроков; слишком много штрафных"
        " очков — и вы выбываете.",
    }
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    NAMES = SUITS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hand_size": hand_size_option(7, 4, 8, agree_high=9),
        "agreed": Option(False),
        "threshold": Option(
            250, 1, label={"en": "Elimination score", "ru": "Порог выбывания (очки)"}
        ),
        "last_call_penalty": call_penalty_option(2),
        **house_rules("stacking", "draw_until_play"),
    }
    EVENT_WORDS: ClassVar[dict[str, Words]] = {
        "eliminated": {
            "en": "{name} reached the elimination score and is out of the match",
            "ru": "{name} выбывает из матча: достигнут порог очков",
        },
    }
    TIMERS: ClassVar[dict[str, Timer]] = {
        "melee": Timer(5.0, 1.0, 600.0, "melee", {"en": "Melee window", "ru": "Время на схватку"})
    }
    STARTER_EFFECTS = True
    CALLS = "after"
    SCORED = True
    MATCH = "threshold"
    SOLO_BOTS = 2
    POINTS: ClassVar[dict[str, int]] = {"JOKER": 40, "8": 25, "A": 15, "J": 10, "Q": 10, "K": 10}
    WILD: ClassVar[dict[str, str]] = {"8": "must"}
    EFFECTS: ClassVar[dict[str, Effect]] = {
        "2": Effect(draw=2),
        "3": Effect(free=True),
        "4": Effect(melee=True),
        "J": Effect(skip=1),
        "A": Effect(reverse=True),
    }

    @classmethod
    def deck(cls) -> list[str]:
        """52 cards and two jokers (rule 2)."""
        return french_deck(2)

    def starter_ok(self, card: str) -> bool:
        """A joker upcard is put back and another one turned (D2)."""
        return BASE[card] != JOKER

    def blocked_winners(self) -> list[int]:
        """A blocked hand is won by the seats that score the least for it (D9)."""
        return lowest(self.seats_in_play(), self.hand_score)

    def hand_score(self, seat: int) -> int:
        """What ``seat`` adds at hand end: 0 with one card or none, else its hand's points."""
        return 0 if len(self.hands[seat]) <= 1 else self.hand_points(seat)

    def score_hand(self, winners: list[int], blocked: bool, stopped: bool) -> None:
        """Add the hand's points, eliminate seats at the threshold, end the match when one seat
        is left (or all crossed together: the lowest total wins, D10)."""
        super().score_hand(winners, blocked, stopped)
        if stopped or self.scores is None:
            return
        seats = self.seats_in_play()
        for seat in seats:
            self.scores[seat] += self.hand_score(seat)
        threshold = self.options["threshold"]
        out = [s for s in seats if self.scores[s] >= threshold]
        left = [s for s in seats if s not in out]
        if len(left) > 1:
            for seat in out:
                self.eliminated[seat] = True
            return
        if not left:
            left = lowest(seats, self.scores.__getitem__)
        for seat in seats:
            self.eliminated[seat] = seat not in left
        self.match_over = True
        self.match_winners = left

    @classmethod
    def rules(cls, lang: str, options: Options, timers: Timers) -> list[tuple[str, list[str]]]:
        """The rules of 001's decisions with this table's hand size, threshold, call penalty
        and melee window."""
        who = players(cls.MIN_PLAYERS, cls.MAX_PLAYERS)
        size, spec = options["hand_size"], cls.OPTIONS["hand_size"]
        threshold, penalty = options["threshold"], options["last_call_penalty"]
        twos, joker = french_specials(lang, cards(lang, count(cls.EFFECTS["2"].draw, options)))
        window = timers.get("melee")
        worth = points(lang, cls.POINTS)
        until = options["draw_until_play"]
        stack = [house_line(lang, "stacking.twos")] if options["stacking"] else []
        if lang == "ru":
            melee = "" if window is None else f" У каждого {seconds(lang, window)} на ответ."
            return [
                ("Цель", [
                    f"{who} игроков, 52 карты и 2 джокера, несколько раздач. Штрафные очки"
                    f" копятся; кто наберёт {score(lang, threshold)} или больше, выбывает."
                    " Побеждает тот, кто остаётся в игре, когда все остальные выбыли.",
                ]),
                ("Раздача", [
                    f"Всем по {cards(lang, size)} (ведущий выбирает {spec.low}–{spec.high};"
                    f" {spec.agree_high} — только если согласны все).",
                    "Верхняя карта колоды открывает сброс и считается сыгранной сдающим.",
                    "Положите карту той же масти или того же достоинства, что верхняя, либо"
                    " возьмите карту."
                    + (" " + house_line(lang, "draw_until_play") if until else " Взяв карту,"
                       " вы заканчиваете ход."),
                ]),
                ("Особые карты", [
                    twos,
                    *stack,
                    "3: можно положить сверху ещё одну любую карту или нажать «Завершить ход».",
                    "8: кладётся на что угодно; назовите масть.",
                    joker,
                    "4: начинается схватка, защищается следующий игрок. Любой, кроме"
                    " нападающего, может вне очереди положить следующую карту этой масти — 5,"
                    " затем 6, … до 10: теперь нападает положивший её, а защищается прежний"
                    " нападающий."
                    + melee + " Если никто не кладёт карту, защищающийся берёт столько карт,"
                    " сколько указано на последней, и пропускает ход.",
                ]),
                ("Последняя карта", [
                    "Осталась одна карта — нажмите «Последняя!» до хода другого игрока;"
                    f" {missed_call(lang, penalty)}."
                ]),
                ("Очки", [
                    "Раздача заканчивается, как только у кого-то не остаётся карт (последняя"
                    " карта не действует).",
                    f"Победитель раздачи и все, у кого одна карта, получают 0; остальные: {worth}.",
                ]),
            ]  # fmt: skip
        melee = "" if window is None else f" Each answer has {seconds(lang, window)}."
        return [
            ("Goal", [
                f"{who} players, 52 cards + 2 jokers, several hands. Penalty points add up;"
                f" reach {score(lang, threshold)} and you are out. The last player left wins.",
            ]),
            ("A hand", [
                f"Everyone gets {cards(lang, size)} (the host picks {spec.low}–{spec.high};"
                f" {number(spec.agree_high or 0)} only if every player agrees).",
                "The top stock card starts the pile and counts as played by the dealer.",
                "Play one card matching the top card by suit or rank, or draw."
                + (" " + house_line(lang, "draw_until_play") if until else " Drawing one card"
                   " ends your turn."),
            ]),
            ("Special cards", [
                twos,
                *stack,
                "3: you may lay any one more card on it, or press “End turn”.",
                "8: playable on anything; name the suit to follow.",
                joker,
                "4: starts a melee; the next player defends. Anyone but the attacker may play"
                " the next card of that suit — 5, then 6, … up to 10 — out of turn; that player"
                " becomes the attacker and the previous attacker defends." + melee + " When"
                " nobody does, the defender draws as many cards as the last card's number and"
                " misses the turn.",
            ]),
            ("Last one", [
                "With one card left, press “Last card!” before another player plays;"
                f" {missed_call(lang, penalty)}."
            ]),
            ("Scoring", [
                "The hand ends when someone goes out (the final card has no effect).",
                f"The winner and anyone holding one card score 0; others add: {worth}.",
            ]),
        ]  # fmt: skip
