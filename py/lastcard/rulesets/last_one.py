"""«Last One» (shared/spec/rules/001-last-one.md): Crazy Eights with jokers, the melee and an
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

from ..cards import BASE, JOKER, SUITS, french_deck
from ..game import Effect, Game, Option, lowest


class LastOne(Game):
    """The ``last-one`` ruleset."""

    RULESET = "last-one"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    NAMES = SUITS
    HAND_SIZE = "hand_size"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hand_size": Option(7, 4, 8, agree_high=9),
        "agreed": Option(False),
        "threshold": Option(250, 1),
        "last_call_penalty": Option(2, 0, 4),
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
