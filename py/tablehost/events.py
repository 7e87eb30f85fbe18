"""The table's event log and how far each recipient has been sent along it.

Every engine event is numbered (``n``) as it is kept; the last :data:`KEPT_EVENTS` are kept (and
saved). Each recipient (a peer id or ``"tv"``) is sent the events it has not had yet; one that has
had none (it joined, came back, a refresh, a new game) gets the recent log with ``events_reset``.

An event that holds hidden cards (a ``draw``'s ``cards``, the hand a ``challenge`` shows its
challenger: ``lastcard.game.PRIVATE_CARDS``) is kept with its owner: the phone (its
public :attr:`tablehost.lobby.Member.id`) that sat at its seat when it happened, so that who may
see the cards does not depend on seat numbers staying the same (:func:`tablehost.views.redact`);
a seat played on the TV is :data:`TV_OWNER`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lastcard.game import PRIVATE_CARDS, Event
from lastcard.userbot import EVENTS_GIVEN

#: the last events the table keeps (and saves): as many as a player's own bot is given, so that
#: it sees at a table what it sees in the lab
KEPT_EVENTS = EVENTS_GIVEN
RECENT_EVENTS = 12  # the recent log a full resend carries (a phone that joins or comes back)
TV_OWNER = 0  # the owner of a seat played on the TV (a phone's id is 1 or more)


class EventLog:
    """The numbered recent events, the owners of their hidden cards, and each recipient's place."""

    def __init__(
        self, events: list[Event] | None = None, n: int = 0, owners: dict[int, int] | None = None
    ) -> None:
        self.events: list[Event] = list(events or [])
        self.n = n
        """The number of the last event kept (0: none yet)."""
        self.owners: dict[int, int] = dict(owners or {})
        """Event number -> the id of the phone whose hidden cards it holds."""
        self._sent: dict[str, int] = {}  # recipient -> the last event number it was sent

    def add(self, events: list[Event], owner: Callable[[int], int | None]) -> None:
        """Number and keep new engine events; ``owner(seat)`` names who sits at ``seat`` now."""
        for event in events:
            self.n += 1
            self.events.append({**event, "n": self.n})
            if "cards" in event and event.get("type") in PRIVATE_CARDS:
                who = owner(event["seat"])
                if who is not None:
                    self.owners[self.n] = who
        del self.events[:-KEPT_EVENTS]
        oldest = self.events[0]["n"] if self.events else self.n + 1
        for n in [n for n in self.owners if n < oldest]:
            del self.owners[n]

    def clear(self) -> None:
        """Start a new log (a new game, back to the lobby): every recipient gets a full resend,
        and nothing of the old log reaches anyone again."""
        self.events = []
        self.owners = {}
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

    def to_dict(self) -> dict[str, Any]:
        """The log's part of a table snapshot."""
        return {
            "events": list(self.events),
            "event_n": self.n,
            "event_owners": {str(n): who for n, who in self.owners.items()},
        }

    @classmethod
    def from_dict(cls, snap: dict[str, Any]) -> EventLog:
        """The log of a table snapshot (a snapshot without owners: nobody sees old draws)."""
        owners = {int(n): int(who) for n, who in snap.get("event_owners", {}).items()}
        return cls(snap["events"], snap["event_n"], owners)
