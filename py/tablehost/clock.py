"""The game clock: time that runs only while the game runs, and what is due in it.

The table's clock is injected (seconds, any origin). Game time stops while the game is paused,
holding (every human away) or between games, so a deadline set in game time survives a pause
exactly. Two kinds of things fall due: the one decision deadline and each bot's next move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Clock = Callable[[], float]

DEADLINE = -1
"""The seat number :meth:`GameClock.due` gives for the decision deadline (bots have seats >= 0)."""


class GameClock:
    """Game time on an injected clock, the decision deadline and the bots' due moves in it."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._time = 0.0  # game time at ``_since``
        self._since = clock()  # clock time when ``_time`` was last brought up to date
        self._running = False
        self.deadline: float | None = None
        """The decision deadline in game time, or ``None`` (no timer)."""
        self.bots: dict[int, float] = {}
        """Seat -> the game time its bot moves at."""

    def wall(self) -> float:
        """The injected clock's time."""
        return self._clock()

    def catch_up(self) -> float:
        """Bring game time up to the clock (at the start of every call into the table); return
        the clock's time."""
        now = self._clock()
        if self._running:
            self._time += now - self._since
        self._since = now
        return now

    def run(self, running: bool) -> None:
        """Let game time run or stop it from now on."""
        self.catch_up()
        self._running = running

    @property
    def running(self) -> bool:
        """Game time is running."""
        return self._running

    def now(self) -> float:
        """Game time now."""
        return self._time + (self._clock() - self._since if self._running else 0.0)

    def caught_up(self) -> float:
        """Game time as of the last :meth:`catch_up` (what a tick compares due times with)."""
        return self._time

    def clear(self) -> None:
        """Nothing is due any more (the hand ended, back to the lobby)."""
        self.deadline = None
        self.bots = {}

    def due(self) -> tuple[float, int] | None:
        """The earliest due thing: ``(game time, seat)``, seat :data:`DEADLINE` for the
        decision deadline; ``None`` if nothing is due."""
        dues = [(at, seat) for seat, at in self.bots.items()]
        if self.deadline is not None:
            dues.append((self.deadline, DEADLINE))
        return min(dues) if dues else None

    def next_wall(self) -> float | None:
        """The clock time at which the earliest thing falls due, or ``None`` (nothing due, or
        game time stopped)."""
        due = self.due()
        return None if due is None else self.wall_at(due[0])

    def wall_at(self, at: float) -> float | None:
        """The clock time at which game time ``at`` comes (now, if it has passed), or ``None``
        while game time stands still."""
        if not self._running:
            return None
        return self._since + max(0.0, at - self._time)

    def remaining(self) -> float | None:
        """Seconds left until the decision deadline (rounded to tenths), or ``None``."""
        if self.deadline is None:
            return None
        return max(0.0, round(self.deadline - self.now(), 1))

    def to_dict(self) -> dict[str, Any]:
        """The deadline and the bots' moves as durations from now (game time)."""
        now = self.now()
        return {
            "deadline": None if self.deadline is None else self.deadline - now,
            "bots_due": {str(seat): at - now for seat, at in self.bots.items()},
        }

    def load(self, deadline: float | None, bots_due: dict[str, float]) -> None:
        """Set the deadline and the bots' moves from :meth:`to_dict`'s durations."""
        now = self.now()
        self.deadline = None if deadline is None else now + deadline
        self.bots = {int(seat): now + left for seat, left in bots_due.items()}
