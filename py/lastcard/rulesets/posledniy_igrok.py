"""«Последний игрок» (shared/spec/rules/003-posledniy-igrok.md): Last One retold, with a led
first card, the 4-chain in turn order and a match of a fixed number of hands, 54 cards, 2-6 players.

Everything but the facts below is the shared machinery of ``lastcard.game``: no upcard, the seat
left of the dealer leads any card (D1), drawing only without a legal play (D2), the 3's free card
(D4), the 4-chain with forced play (D5, D6), the optional suit of an 8 (D7), jokers as named cards
(D9), the "last card" call (D10), the blocked hand (D12) and going out (D13). This module adds the
scoring and the fixed-length match (D11).
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import SUITS, french_deck
from ..game import Effect, Game, Option, lowest
from .last_one import LastOne


class PosledniyIgrok(Game):
    """The ``posledniy-igrok`` ruleset."""

    RULESET = "posledniy-igrok"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    MATCH = "hands"
    SOLO_BOTS = 2
    NAMES = SUITS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hand_size": Option(7, 4, 8),
        "hands": Option(5, 1),
        "last_call_penalty": Option(1, 0, 4),
        "two_draws": Option(1, 1, 2),
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
