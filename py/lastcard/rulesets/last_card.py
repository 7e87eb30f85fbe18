"""«Last Card» (shared/spec/rules/002-last-card.md): the New Zealand house rules, 52 cards, two
seats by default (3-6 as a house option), a match to a target score.

Everything but the facts below is the shared machinery of ``lastcard.game``: multi-card plays in
the order laid (D1), must-play with the drawn card playable alone or with its rank (D2),
counterable and stacking 2/5 pickups (D3, D4, rules 21-27), tens skipping (D5), the going-out
pickup (D6), the "last card" call made before the play and the pick-up-two-and-stay-in (D7) and
stock exhaustion (D9). This module adds the starter (D8) and the scoring (D10).
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import RANK, SUITS, french_deck
from ..game import Effect, Game, Option


class LastCard(Game):
    """The ``last-card`` ruleset."""

    RULESET = "last-card"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    MATCH = "target"
    SOLO_BOTS = 1
    NAMES = SUITS
    HAND_SIZE = 7
    OPTIONS: ClassVar[dict[str, Option]] = {"target": Option(250, 1)}
    STARTER_EFFECTS = True
    VOLUNTARY_DRAW = False
    PLAY_DRAWN = True
    MULTI_CARD = True
    CALLS = "before"
    CALL_PENALTY = 2
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

    def blocked_winners(self) -> list[int]:
        """A blocked hand ends unscored, with no winner (D9)."""
        return []

    def score_hand(self, winners: list[int], blocked: bool, stopped: bool) -> None:
        """The winner scores every other seat's cards; the first to the target wins (D10)."""
        super().score_hand(winners, blocked, stopped)
        if not winners or self.scores is None:
            return
        winner = winners[0]
        self.scores[winner] += sum(self.hand_points(seat) for seat in self.seats_in_play())
        if self.scores[winner] >= self.options["target"]:
            self.match_over = True
            self.match_winners = [winner]
