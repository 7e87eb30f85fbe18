"""«Last Card» (docs/rules/last-card.md): the New Zealand house rules, 52 cards, two
seats by default (3-6 as a house option), a match to a target score.

Everything but the facts below is the shared machinery of ``lastcard.game``: multi-card plays in
the order laid (D1), must-play with the drawn card playable alone or with its rank (D2),
counterable and stacking 2/5 pickups (D3, D4, rules 21-27), tens skipping (D5), the going-out
pickup (D6), the "last card" call made before the play and the pick-up-two-and-stay-in (D7) and
stock exhaustion (D9), the match to a target score (``MATCH``, D10). This module adds the
starter (D8) and the points of the cards (D10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ..base import (
    Options,
    Timers,
    Words,
    call_penalty_option,
    count,
    hand_size_option,
    house_rules,
    target_option,
)
from ..cards import RANK, SUITS, french_deck
from ..game import Effect, Game, Move, Option, play_move, register
from ..words import cards, players, points, score


@register
class LastCard(Game):
    """The ``last-card`` ruleset."""

    RULESET = "last-card"
    TITLE: ClassVar[Words] = {"en": "Last Card (NZ)", "ru": "Последняя карта (Новая Зеландия)"}
    BLURB: ClassVar[Words] = {
        "en": "New Zealand rules, {players} players (best for two): play a whole rank at once,"
        " stack the 2s and 5s.",
        "ru": "Новозеландские правила, {players} игроков (лучше вдвоём): кладите сразу все карты"
        " одного достоинства, складывайте двойки и пятёрки.",
    }
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    MATCH = "target"
    SOLO_BOTS = 1
    NAMES = SUITS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "target": target_option(250),
        "hand_size": hand_size_option(7, 4, 10),
        # the call is the game's own (D7): a missed one always costs cards
        "last_call_penalty": call_penalty_option(2, 1),
        # pickups stack already (D3, D4); identical cards do not exist in one pack
        **house_rules("draw_until_play"),
    }
    EVENT_WORDS: ClassVar[dict[str, Words]] = {
        # a pile of 2s and 5s taken: the line says no more, as the first card's pickup is
        # followed by the taker's own turn (a pickup in play ends it: rule 27)
        "draw.pickup": {
            "en": "{name} picked up {n:card|cards}",
            "ru": "{name} забирает {n:карту|карты|карт}",
        },
        # the seat stays in (D7): its last card was played, it did not go out
        "draw.last": {
            "en": "{name} picked up {n:card|cards} and plays on: the last card was played"
            " without calling “Last card!”",
            "ru": "{name} берёт {n:карту|карты|карт} и играет дальше: последняя карта сыграна"
            " без объявления «Последняя!»",
        },
    }
    STARTER_EFFECTS = True
    VOLUNTARY_DRAW = False
    PLAY_DRAWN = True
    MULTI_CARD = True
    CALLS = "before"
    FINAL_EFFECTS = True
    SCORED = True
    POINTS: ClassVar[dict[str, int]] = {
        "A": 20,
        "2": 20,
        "5": 20,
        "10": 20,
        "J": 10,
        "Q": 10,
        "K": 10,
    }
    WILD: ClassVar[dict[str, str]] = {"A": "must"}
    EFFECTS: ClassVar[dict[str, Effect]] = {
        "2": Effect(pickup=2),
        "5": Effect(pickup=5),
        "10": Effect(skip=1),
    }

    @classmethod
    def deck(cls) -> list[str]:
        """The 52-card pack, no jokers (rule 4)."""
        return french_deck(0)

    def starter_effect(self, card: str) -> None:
        """A 2 or 5 gives the first seat its cards with no counter and it still plays; an ace
        lets it name the suit first; a 10 skips it (D8, rules 10-13)."""
        effect = self.EFFECTS.get(RANK[card])
        if effect is not None and effect.pickup:
            self._draw(self.turn, effect.pickup, "pickup")
        elif RANK[card] in self.WILD:
            self.pending = {"kind": "suit", "seat": self.turn}
        else:
            super().starter_effect(card)

    def _plays(self, seat: int, ok: Callable[[str], bool], named: bool = True) -> list[Move]:
        """The plays of the shared machinery, but a play of aces that wins the hand names no
        suit (rule 30): one ``play AS`` instead of ``play AS S`` ... ``play AS C``. A play wins
        when it empties the hand and either lays two cards or more or follows the seat's call
        (a single uncalled last card picks up two and stays in: D7)."""
        moves = Game._plays(self, seat, ok, named)  # (``super()``, without its cost)
        size = len(self.hands[seat])
        if size > 4 or (size == 1 and seat not in self.calls):  # no winning ace play
            return moves
        out: list[Move] = []
        for move in moves:
            if move.name is None or len(move.cards) != size:
                out.append(move)
            elif move.name == self.NAMES[0]:  # the named plays come together: keep one, bare
                out.append(play_move(move.cards))
        return out

    def blocked_winners(self) -> list[int]:
        """A blocked hand ends unscored, with no winner (D9)."""
        return []

    @classmethod
    def rules(cls, lang: str, options: Options, timers: Timers) -> list[tuple[str, list[str]]]:
        """The rules of 002's decisions with this table's target score."""
        who, target = players(cls.MIN_PLAYERS, cls.MAX_PLAYERS), options["target"]
        deck, size = len(cls.deck()), count(cls.HAND_SIZE, options)
        two, five = (cls.EFFECTS[rank].pickup for rank in ("2", "5"))
        penalty = cards(lang, count(cls.CALL_PENALTY, options))
        worth = points(lang, cls.POINTS)
        if lang == "ru":
            return [
                ("Цель", [
                    f"Новозеландские домашние правила, {who} игроков (в оригинале двое, больше —"
                    f" по договорённости), {deck} карты, по {size} каждому. Выигранные раздачи"
                    f" приносят очки; кто раньше всех наберёт {score(lang, target)}, выигрывает"
                    " матч.",
                ]),
                ("Ваш ход", [
                    "Положите одну или несколько карт одного достоинства, из которых хотя бы одна"
                    " совпадает с действующей мастью или с достоинством верхней карты. Последняя"
                    " положенная карта"
                    " задаёт масть.",
                    "Если можете ходить — обязаны. Иначе берите карты по одной, пока не придёт"
                    " подходящая: её можно сыграть (с картами того же достоинства) или"
                    " оставить («Завершить ход»); если брать больше нечего, ход переходит"
                    " дальше."
                    if options["draw_until_play"]
                    else "Если можете ходить — обязаны. Иначе возьмите карту; если она подходит,"
                    " можно сыграть её (с картами того же достоинства) или оставить («Завершить"
                    " ход»).",
                ]),
                ("Особые карты", [
                    f"2 и 5: следующий берёт {two} или {cards(lang, five)} либо отвечает: 2 на 2,"
                    " 5 на 5, а также 5 на 2 или 2 на 5 той же масти; штрафы складываются.",
                    "10: следующий пропускает ход (вдвоём — вы ходите снова).",
                    "Туз: кладётся на что угодно, но не в ответ на штраф; назовите масть (если"
                    " туз приносит победу в раздаче, масть не называется).",
                ]),
                ("Последняя карта", [
                    "Если после хода останется одна карта — сначала нажмите «Последняя!». Если"
                    " вы выходите одной картой без объявления, карта остаётся сыгранной, но вы"
                    f" берёте {penalty} и играете дальше. Выход двумя и более картами одного"
                    " достоинства объявления не требует.",
                ]),
                ("Начало и очки", [
                    "Начальная карта действует на первого игрока (следующего за сдающим): 2 или 5 —"
                    " берёт и ходит; 10 — пропускает ход; туз — сначала называет масть.",
                    "Если вы выходите двойкой или пятёркой, следующий всё равно берёт карты"
                    " (ответить нельзя), и они идут в счёт.",
                    f"Победитель раздачи получает очки за карты соперников: {worth}.",
                    "Если брать нечего и за целый круг никто не может сыграть, раздача"
                    " заканчивается без очков.",
                ]),
            ]  # fmt: skip
        return [
            ("Goal", [
                f"New Zealand house rules, {who} players (two in the original, more as a house"
                f" option), {deck} cards, {size} each. Win hands to score; the first to"
                f" {score(lang, target)} wins the match.",
            ]),
            ("Your turn", [
                "Play one or more cards of one rank; at least one must match the suit in force"
                " or the top card's rank. The last card laid sets the suit.",
                "If you can play, you must. Otherwise draw one card at a time until one fits:"
                " you may play it (with others of that rank) or keep it with “End turn”; when"
                " nothing is left to draw, the turn passes on."
                if options["draw_until_play"]
                else "If you can play, you must. Otherwise draw one; if it fits, you may play it"
                " (with others of that rank) or keep it with “End turn”.",
            ]),
            ("Special cards", [
                f"2 and 5: the next player picks up {two} or {cards(lang, five)}, or counters: a 2"
                " on a 2, a 5 on a 5, or a 5 on a 2 (a 2 on a 5) of the same suit; pickups add"
                " up.",
                "10: the next player misses a turn (two players: you play again).",
                "Ace: wild — playable on anything except a waiting pickup; name the suit"
                " (unless the ace wins the hand: then no suit is named).",
            ]),
            ("Last card", [
                "When a play would leave you one card, press “Last card!” first. Going out on a"
                f" single card without the call: the card is played, you pick up {penalty} and"
                " stay in. Going out with two or more cards of one rank needs no call.",
            ]),
            ("Start and scoring", [
                "The starter's effect applies to the first player (the one after the dealer): 2"
                " or 5 —"
                " pick up, then play; 10 — skipped; Ace — name the suit first.",
                "If you go out on a 2 or 5, the next player still picks up (no counter), and"
                " those cards count in the score.",
                f"The hand winner scores the opponents' cards: {worth}.",
                "If nothing can be drawn and nobody can play for a full round, the hand ends"
                " unscored.",
            ]),
        ]  # fmt: skip
