"""«Классика» / Classic (docs/rules/classic.md): the colour-deck rules as printed in the box,
108 cards, 2-10 players, a match to 500 points.

Everything but the facts below is the shared machinery of ``lastcard.game``: Skip, Reverse (a
skip with two players), Draw Two, the Wild Draw Four and its challenge (pending ``challenge``,
R13-R19), the drawn card playable at once (R11), the reshuffle of the discard pile (R12), the
"last card" call caught by the next play of another seat (the ``after`` mode, R20-R21, D3), the
going-out card's draw still made (R23), the match to a target score (``MATCH``, R25) and the
house rules (D11, D12). This module adds the dealer's first card (R5-R9, D1, D2), the points of
the cards (R24) and the blocked hand (D4).
"""

from __future__ import annotations

from typing import ClassVar

from ..base import (
    Option,
    Options,
    Timers,
    Words,
    call_penalty_option,
    count,
    hand_size_option,
    house_rules,
    target_option,
)
from ..cards import COLOURS, RANK, colour_deck
from ..game import Effect, Game, register
from ..words import cards, house_line, missed_call, players, score


@register
class Classic(Game):
    """The ``classic`` ruleset."""

    RULESET = "classic"
    TITLE: ClassVar[Words] = {"en": "Classic", "ru": "Классика"}
    BLURB: ClassVar[Words] = {
        "en": "The colour-deck rules as printed in the box: call your last card, challenge a"
        " Wild Draw Four, score points over several hands; {players} players.",
        "ru": "Правила цветной колоды, как в коробке: объявляйте последнюю карту, оспаривайте"
        " «Возьми четыре», копите очки за несколько раздач; {players} игроков.",
    }
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    MATCH = "target"
    SOLO_BOTS = 3
    NAMES = COLOURS
    HAND_SIZE = "hand_size"
    #: every house rule fits the box's game (docs/rules/classic.md D11, docs/house-rules.md)
    OPTIONS: ClassVar[dict[str, Option]] = {
        "target": target_option(500),
        "hand_size": hand_size_option(7, 4, 12),
        "last_call_penalty": call_penalty_option(2, 1),
        **house_rules("stacking", "jump_in", "seven_zero", "draw_until_play"),
    }
    EVENT_WORDS: ClassVar[dict[str, Words]] = {
        # a wild starter's colour (R6), named by the first player or, at a time-out, the table
        "suit": {"en": "{name} named {suit}", "ru": "{name} называет цвет: {suit}"},
        "suit.time_out": {"en": "In force: {suit}", "ru": "Действует цвет: {suit}"},
    }
    STARTER_EFFECTS = True
    PLAY_DRAWN = True
    CALLS = "after"
    FINAL_EFFECTS = True
    REVERSE_SKIPS_TWO = True
    SCORED = True
    POINTS: ClassVar[dict[str, int]] = {"W": 50, "W+4": 50, "+2": 20, "R": 20, "S": 20}
    WILD: ClassVar[dict[str, str]] = {"W": "must", "W+4": "must"}
    EFFECTS: ClassVar[dict[str, Effect]] = {
        "S": Effect(skip=1),
        "R": Effect(reverse=True),
        "+2": Effect(draw=2),
        "W+4": Effect(draw=4, challenge=2),
    }

    @classmethod
    def deck(cls) -> list[str]:
        """The 108 cards of the box (R2)."""
        return colour_deck()

    def starter_ok(self, card: str) -> bool:
        """A Wild Draw Four goes back into the deck and another card is turned (R5)."""
        return RANK[card] != "W+4"

    def starter_effect(self, card: str) -> None:
        """A Wild: the first player names the colour, then plays (R6); a Reverse: the dealer
        plays first and play goes to the right (R8); Draw Two and Skip act as if the dealer
        had played them on the first player (R7, R9)."""
        rank = RANK[card]
        if rank in self.WILD:
            self.pending = {"kind": "suit", "seat": self.turn}
        elif rank == "R":
            self.direction = -1
            self.turn = self.dealer
            self._emit({"type": "reverse", "seat": self.dealer, "direction": -1})
        else:
            super().starter_effect(card)

    def blocked_winners(self) -> list[int]:
        """A blocked hand ends with no winner and scores nothing (D4)."""
        return []

    @classmethod
    def rules(cls, lang: str, options: Options, timers: Timers) -> list[tuple[str, list[str]]]:
        """The rules of docs/rules/classic.md with this table's target score."""
        who, deck = players(cls.MIN_PLAYERS, cls.MAX_PLAYERS), len(cls.deck())
        size, target = count(cls.HAND_SIZE, options), options["target"]
        two, four = (cards(lang, count(cls.EFFECTS[rank].draw, options)) for rank in ("+2", "W+4"))
        wrong = cards(lang, count(cls.EFFECTS["W+4"].draw, options) + cls.EFFECTS["W+4"].challenge)
        penalty = count(cls.CALL_PENALTY, options)
        wild, action = cls.POINTS["W"], cls.POINTS["+2"]
        stack, jump, trade = options["stacking"], options["jump_in"], options["seven_zero"]
        until = house_line(lang, "draw_until_play") if options["draw_until_play"] else None
        until = until and until[0].lower() + until[1:]  # it follows the words before it
        house = [house_line(lang, name) for name, on in (("seven_zero", trade),) if on]
        if lang == "ru":
            return [
                ("Цель", [
                    f"{who} игроков, несколько раздач. Раздачу выигрывает тот, кто раньше других"
                    " избавится от всех карт, матч — тот, кто раньше других наберёт"
                    f" {score(lang, target)}.",
                    f"{deck} карт четырёх цветов — красный ▲, жёлтый ★, синий (капля), зелёный ■:"
                    " числа 0–9, «Пропуск», «Разворот», «Возьми две», «Выбор цвета» и"
                    " «Возьми четыре».",
                ]),
                ("Начало", [
                    f"Каждый получает {cards(lang, size)}; ваши карты видны только на вашем"
                    " телефоне. Начинает игрок, следующий за сдающим; сдают все по очереди.",
                    "Первая открытая карта действует так: «Возьми две» — первый игрок"
                    + (" может добавить к ней свою, а если нет —" if stack else "")
                    + f" берёт {two} и пропускает ход; «Пропуск» — первый игрок пропускает ход;"
                    " «Разворот» —"
                    " начинает сдающий, и игра идёт в обратную сторону; «Выбор цвета» —"
                    " первый игрок называет цвет; «Возьми четыре» уходит обратно в колоду, и"
                    " открывается другая карта.",
                ]),
                ("Ваш ход", [
                    "Сбросьте одну карту, совпадающую с открытой по цвету, числу или символу."
                    " Доступные карты подсвечены.",
                    f"Вместо хода (даже если есть чем ходить) {until}" if until else
                    "Или возьмите одну карту (даже если есть ход). Если она подходит — сыграйте"
                    " её сразу или нажмите «Завершить ход».",
                    *([house_line(lang, "jump_in.colour")] if jump else []),
                    "Когда колода заканчивается, сброс (кроме верхней карты) перемешивается и"
                    " становится колодой.",
                ]),
                ("Особые карты", [
                    "«Пропуск»: следующий пропускает ход. «Разворот»: направление меняется"
                    " (вдвоём — как «Пропуск»).",
                    f"«Возьми две»: следующий берёт {two} и пропускает ход. «Выбор цвета»: назовите"
                    " любой цвет.",
                    f"«Возьми четыре»: назовите цвет; следующий берёт {four} и пропускает ход."
                    " Играть её честно можно, только если у вас нет карт текущего цвета.",
                    "Следующий игрок может оспорить «Возьми четыре» и посмотреть ваши карты."
                    f" Если среди них есть карта прежнего цвета, {four} берёте вы, а следующий"
                    f" ходит как обычно; если нет — следующий берёт {wrong} и пропускает ход.",
                    *(["Штрафы складываются: на «Возьми две» можно положить «Возьми две» или"
                       " «Возьми четыре», на «Возьми четыре» — только «Возьми четыре» (вместо"
                       " спора или взятия). Кто не добавляет, берёт всё и пропускает ход."
                       " Положенную на штраф «Возьми четыре» оспорить нельзя."] if stack else []),
                    *house,
                ]),
                ("Одна карта и конец раздачи", [
                    "Осталась одна карта — нажмите «Последняя!» до хода другого игрока;"
                    f" {missed_call(lang, penalty)}.",
                    "Выйти можно любой картой. Если это «Возьми две» или «Возьми четыре»,"
                    " следующий всё равно берёт карты, и они идут в счёт.",
                    "Победитель раздачи получает очки за карты, оставшиеся у соперников: числа"
                    f" — по номиналу, «Возьми две», «Разворот» и «Пропуск» — по {action},"
                    f" «Выбор цвета» и «Возьми четыре» — по {wild}.",
                    "Если брать нечего и целый круг никто не сбрасывает и не берёт карт,"
                    " раздача заканчивается без очков.",
                ]),
            ]  # fmt: skip
        return [
            ("Goal", [
                f"{who} players, several hands. The first to play all their cards wins the hand;"
                f" the first to {score(lang, target)} wins the match.",
                f"{deck} cards in four colours — red ▲, yellow ★, blue drop, green ■ — numbers"
                " 0–9, Skip, Reverse, Draw Two, Wild and Wild Draw Four.",
            ]),
            ("Start", [
                f"Everyone gets {cards(lang, size)}; your hand is only on your phone. The player"
                " after the dealer starts; the deal moves round the table.",
                "The first face-up card counts: Draw Two — the first player"
                + (" may add to it, or else" if stack else "")
                + f" draws {two} and misses the turn; Skip — the first player misses the turn;"
                " Reverse — the dealer starts"
                " and play goes the other way; Wild — the first player names the colour; a Wild"
                " Draw Four goes back into the stock and another card is turned.",
            ]),
            ("Your turn", [
                "Play one card matching the top card by colour, number or symbol. Legal cards"
                " are highlighted.",
                f"Instead of playing (even if you could), {until}" if until else
                "Or draw one card (even if you could play). If it fits, play it at once or"
                " press “End turn”.",
                *([house_line(lang, "jump_in.colour")] if jump else []),
                "When the stock runs out, the discard pile (all but its top card) is shuffled"
                " into a new stock.",
            ]),
            ("Special cards", [
                "Skip: the next player misses a turn. Reverse: the direction changes (with two"
                " players it works as Skip).",
                f"Draw Two: the next player draws {two} and misses the turn. Wild: choose any"
                " colour.",
                f"Wild Draw Four: choose a colour; the next player draws {four} and misses the"
                " turn. It is fair only when you hold no card of the current colour.",
                "The next player may challenge a Wild Draw Four and see your hand. If you hold a"
                " card of the colour that was in force before it, you draw"
                f" {four} instead and they play as usual; if not, they draw {wrong} and miss the"
                " turn.",
                *(["Pickups stack: on a Draw Two you may lay a Draw Two or a Wild Draw Four, on"
                   " a Wild Draw Four only a Wild Draw Four (instead of challenging or drawing)."
                   " Whoever does not add draws the total and misses the turn. A Wild Draw Four"
                   " laid on a waiting pickup cannot be challenged."] if stack else []),
                *house,
            ]),
            ("One card and the end of a hand", [
                "With one card left, press “Last card!” before another player plays;"
                f" {missed_call(lang, penalty)}.",
                "You may go out on any card; a final Draw Two or Wild Draw Four still makes the"
                " next player draw, and those cards count in the score.",
                "The hand winner scores the cards left in the other hands: numbers at face"
                f" value, Draw Two, Reverse and Skip {action} each, Wild and Wild Draw Four"
                f" {wild} each.",
                "If nothing can be drawn and a full round passes with no play and no draw, the"
                " hand ends unscored.",
            ]),
        ]  # fmt: skip
