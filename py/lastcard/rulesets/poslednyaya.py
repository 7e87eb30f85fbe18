"""«Последняя» (docs/rules/poslednyaya.md): UNO-like, 108 cards, 2-10 players, one hand.

Everything but the facts below is the shared machinery of ``lastcard.game``: Skip, Reverse
(a skip with two players), Draw Two and Wild Draw Four (the next seat draws and is skipped, the
effect applies even on going out: D11), a numeric starter (D4), a random first seat (R8, D12),
the drawn card as the only card still playable (D5), the automatic last-card announcement
(R34: ``called`` lists one-card seats) and the blocked hand won by the fewest cards (D7).
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
)
from ..cards import COLOURS, RANK, colour_deck
from ..game import Effect, Game, register
from ..words import cards, house_line, missed_call, players


@register
class Poslednyaya(Game):
    """The ``poslednyaya`` ruleset."""

    RULESET = "poslednyaya"
    TITLE: ClassVar[Words] = {"en": "Final Card (colour deck)", "ru": "Последняя (цветная колода)"}
    BLURB: ClassVar[Words] = {
        "en": "Match the colour, number or symbol; {players} players, one quick hand.",
        "ru": "Кладите карту того же цвета, числа или символа; {players} игроков, одна быстрая"
        " раздача.",
    }
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    MATCH = "single"
    SOLO_BOTS = 2
    NAMES = COLOURS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hand_size": hand_size_option(7, 4, 12),
        # 0: the automatic announcement (R34); 1-4: the call button of Last One's kind
        "last_call_penalty": call_penalty_option(
            0,
            hint={
                "en": "0: the game announces a last card itself (no button, no penalty).",
                "ru": "0 — последнюю карту объявляет сама игра (без кнопки и штрафа).",
            },
        ),
        **house_rules("stacking", "jump_in", "seven_zero", "draw_until_play"),
    }
    RANDOM_FIRST = True
    PLAY_DRAWN = True
    CALLS = "auto"
    FINAL_EFFECTS = True
    REVERSE_SKIPS_TWO = True
    WILD: ClassVar[dict[str, str]] = {"W": "must", "W+4": "must"}  # D2
    WILD_UNLESS_ACTIVE = frozenset({"W+4"})  # D3
    EFFECTS: ClassVar[dict[str, Effect]] = {
        "S": Effect(skip=1),
        "R": Effect(reverse=True),
        "+2": Effect(draw=2),
        "W+4": Effect(draw=4),
    }

    @classmethod
    def deck(cls) -> list[str]:
        """The standard 108 cards (D1)."""
        return colour_deck()

    def starter_ok(self, card: str) -> bool:
        """Only a number card stays face up as the starter (R9, D4)."""
        return RANK[card].isdigit()

    @classmethod
    def rules(cls, lang: str, options: Options, timers: Timers) -> list[tuple[str, list[str]]]:
        """The rules of 000's decisions, with the deck, the hand and the draws of its facts."""
        who, deck = players(cls.MIN_PLAYERS, cls.MAX_PLAYERS), len(cls.deck())
        size = count(cls.HAND_SIZE, options)
        two, four = (cards(lang, count(cls.EFFECTS[rank].draw, options)) for rank in ("+2", "W+4"))
        penalty = options["last_call_penalty"]
        stack, jump, trade = options["stacking"], options["jump_in"], options["seven_zero"]
        until = options["draw_until_play"]
        if lang == "ru":
            call = (
                "Когда у игрока остаётся одна карта, игра объявляет это сама — без кнопки и"
                " без штрафа."
                if not penalty
                else "Осталась одна карта — нажмите «Последняя!» до хода другого игрока;"
                f" {missed_call(lang, penalty)}."
            )
            return [
                ("Цель", [
                    f"{who} игроков, одна раздача. Избавьтесь от всех карт раньше других.",
                    f"{deck} карт четырёх цветов — красный ▲, жёлтый ★, синий (капля), зелёный ■:"
                    " числа 0–9, «Пропуск», «Разворот», «Возьми две», «Выбор цвета» и"
                    " «Возьми четыре».",
                ]),
                ("Начало", [
                    f"Каждый получает {cards(lang, size)}; ваши карты видны только на вашем"
                    " телефоне.",
                    "Первый игрок выбирается случайно; начальная открытая карта всегда числовая.",
                ]),
                ("Ваш ход", [
                    "Сбросьте одну карту, совпадающую с открытой по цвету, числу или символу."
                    " Доступные карты подсвечены.",
                    "Или берите карты по одной (даже если есть ход), пока не придёт подходящая:"
                    " её можно сыграть или оставить («Завершить ход»); если брать больше"
                    " нечего, ход переходит дальше. Другие карты после взятия играть нельзя."
                    if until
                    else "Или возьмите одну карту (даже если есть ход). Если она подходит —"
                    " сыграйте её или нажмите «Завершить ход»; другие карты после взятия"
                    " играть нельзя.",
                    *([house_line(lang, "jump_in.colour")] if jump else []),
                ]),
                ("Особые карты", [
                    "«Пропуск»: следующий пропускает ход. «Разворот»: направление меняется"
                    " (вдвоём — как «Пропуск»).",
                    f"«Возьми две»: следующий берёт {two} и пропускает ход. «Выбор цвета»: назовите"
                    " любой цвет.",
                    f"«Возьми четыре»: назовите цвет; следующий берёт {four} и пропускает ход."
                    " Играть её можно, только если у вас нет карт текущего цвета.",
                    "Штрафы складываются: на «Возьми две» можно положить «Возьми две» или «Возьми"
                    " четыре», на «Возьми четыре» — только «Возьми четыре» (даже при картах"
                    " текущего цвета). Кто не добавляет, берёт всё и пропускает ход; вдвоём"
                    " после этого вы ходите снова."
                    if stack
                    else "Штрафы не складываются и не переводятся. Вдвоём после «Возьми две» и"
                    " «Возьми четыре» вы ходите снова.",
                    *([house_line(lang, "seven_zero")] if trade else []),
                ]),
                ("Последняя карта и конец", [
                    call,
                    "Выйти можно любой картой; её действие выполняется до итогов.",
                    "Если брать нечего и целый круг никто не сбрасывает и не берёт карт,"
                    " побеждают те, у кого меньше всего карт.",
                    "После итогов ведущий может начать реванш.",
                ]),
            ]  # fmt: skip
        call = (
            "Holding one card is announced automatically — no button, no penalty."
            if not penalty
            else "With one card left, press “Last card!” before another player plays;"
            f" {missed_call(lang, penalty)}."
        )
        return [
            ("Goal", [
                f"{who} players, one hand. Be the first to get rid of all your cards.",
                f"{deck} cards in four colours — red ▲, yellow ★, blue drop, green ■ — numbers"
                " 0–9, Skip, Reverse, Draw Two, Wild and Wild Draw Four.",
            ]),
            ("Start", [
                f"Everyone gets {cards(lang, size)}; your hand is only on your phone.",
                "The first player is random; the first face-up card is always a number.",
            ]),
            ("Your turn", [
                "Play one card matching the top card by colour, number or symbol. Legal cards"
                " are highlighted.",
                "Or draw one card at a time (even if you could play) until one fits: play it or"
                " keep it with “End turn”; when nothing is left to draw, the turn passes on. No"
                " other card may be played after drawing."
                if until
                else "Or draw one card (even if you could play). If the drawn card fits, play it"
                " or press “End turn”; no other card may be played after drawing.",
                *([house_line(lang, "jump_in.colour")] if jump else []),
            ]),
            ("Special cards", [
                "Skip: the next player misses a turn. Reverse: the direction changes (with two"
                " players it works as Skip).",
                f"Draw Two: the next player draws {two} and misses the turn. Wild: choose any"
                " colour.",
                f"Wild Draw Four: choose a colour; the next player draws {four} and misses the"
                " turn. You may play it only when you hold no card of the current colour.",
                "Pickups stack: on a Draw Two you may lay a Draw Two or a Wild Draw Four, on a"
                " Wild Draw Four only a Wild Draw Four (even holding the current colour)."
                " Whoever does not add draws the total and misses the turn; with two players"
                " you then move again."
                if stack
                else "Pickups never stack or pass on. With two players, after Draw Two or"
                " Wild Draw Four you move again.",
                *([house_line(lang, "seven_zero")] if trade else []),
            ]),
            ("Last card and the end", [
                call,
                "You may go out on any card; its effect still applies before the results.",
                "If nothing can be drawn and a full round passes with no play and no draw, the"
                " fewest cards win (ties share the win).",
                "After the results the host may start a rematch.",
            ]),
        ]  # fmt: skip
