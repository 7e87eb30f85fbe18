"""«Последняя» (shared/spec/rules/000-poslednyaya.md): UNO-like, 108 cards, 2-10 players, one hand.

Everything but the facts below is the shared machinery of ``lastcard.game``: Skip, Reverse
(a skip with two players), Draw Two and Wild Draw Four (the next seat draws and is skipped, the
effect applies even on going out: D11), a numeric starter (D4), a random first seat (R8, D12),
the drawn card as the only card still playable (D5), the automatic last-card announcement
(R34: ``called`` lists one-card seats) and the blocked hand won by the fewest cards (D7).
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import COLOURS, RANK, colour_deck
from ..game import Effect, Game


class Poslednyaya(Game):
    """The ``poslednyaya`` ruleset."""

    RULESET = "poslednyaya"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    MATCH = "single"
    SOLO_BOTS = 2
    NAMES = COLOURS
    HAND_SIZE = 7
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
