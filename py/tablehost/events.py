"""The table's event log and how far each recipient has been sent along it.

Every engine event is numbered (``n``) as it is kept; the last :data:`KEPT_EVENTS` are kept (and
saved). Each recipient (a peer id or ``"tv"``) is sent the events it has not had yet; one that has
had none (it joined, came back, a refresh, a new game) gets the recent log with ``events_reset``.
What a recipient may see of each event is :func:`tablehost.views.redact`'s business.
"""

from __future__ import annotations

from typing import Any

KEPT_EVENTS = 40  # the last events the table keeps (and saves)
RECENT_EVENTS = 12  # the recent log a full resend carries (a phone that joins or comes back)

Event = dict[str, Any]


class EventLog:
    """The numbered recent events and each recipient's place in them."""

    def __init__(self, events: list[Event] | None = None, n: int = 0) -> None:
        self.events: list[Event] = list(events or [])
        self.n = n
        """The number of the last event kept (0: none yet)."""
        self._sent: dict[str, int] = {}  # recipient -> the last event number it was sent

    def add(self, events: list[Event]) -> None:
        """Number and keep new engine events."""
        for event in events:
            self.n += 1
            self.events.append({**event, "n": self.n})
        del self.events[:-KEPT_EVENTS]

    def clear(self) -> None:
        """Start a new log (a new game): every recipient gets a full resend."""
        self.events = []
        self._sent.clear()

    def resend(self, to: str | None = None) -> None:
        """``to`` (by default everyone) gets the recent log again with its next message."""
        if to is None:
            self._sent.clear()
        else:
            self._sent.pop(to, None)

    def take(self, to: str) -> tuple[list[Event], bool]:
        """The events ``to`` has not been sent yet and whether they start its log over
        (``events_reset``); from now on ``to`` has had them."""
        after = self._sent.get(to)
        self._sent[to] = self.n
        if after is None:
            return self.events[-RECENT_EVENTS:], True
        return [e for e in self.events if e["n"] > after], False
