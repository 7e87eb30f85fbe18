"""A fake clock and a fake transport for the table controller: no sleeps, no sockets."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import lastcard
import pytest
from tablehost import Table

Message = dict[str, Any]


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Net:
    """The fake transport and TV: feeds the table and keeps what each recipient got.

    Every outgoing message must survive a JSON round trip, as it would on a data channel."""

    def __init__(self, table: Table, clock: FakeClock) -> None:
        self.table = table
        self.clock = clock
        self.inbox: dict[str, list[Message]] = {}
        self.tokens: dict[str, str] = {}

    def _deliver(self, out: list[tuple[str, Message]]) -> list[tuple[str, Message]]:
        for to, message in out:
            assert json.loads(json.dumps(message)) == message
            self.inbox.setdefault(to, []).append(message)
        return out

    # connections and messages
    def connect(self, peer: str) -> None:
        self._deliver(self.table.connect(peer))

    def disconnect(self, peer: str) -> None:
        self._deliver(self.table.disconnect(peer))

    def raw(self, peer: str, text: str) -> list[tuple[str, Message]]:
        return self._deliver(self.table.receive(peer, text))

    def send(self, peer: str, **message: Any) -> list[tuple[str, Message]]:
        return self.raw(peer, json.dumps({"v": 1, **message}))

    def join(self, peer: str, name: str | None = None, **fields: Any) -> Message:
        """Connect and say hello; returns the welcome (and remembers the token)."""
        self.connect(peer)
        self.send(peer, type="hello", name=name or peer, **fields)
        welcome = self.last(peer, "welcome")
        self.tokens[peer] = welcome["token"]
        return welcome

    def rejoin(self, peer: str, new_peer: str | None = None) -> Message:
        """Come back on a new channel with the remembered token."""
        new_peer = new_peer or peer
        self.connect(new_peer)
        self.send(new_peer, type="hello", name=peer, token=self.tokens[peer])
        return self.last(new_peer, "welcome")

    def rejoin_as_a_phone_does(self, peer: str) -> list[tuple[str, Message]]:
        """Come back on the same channel name with the remembered token; if the table has
        forgotten it (``bad_token``), say ``hello`` again without one, as js/hand.js does."""
        self.connect(peer)
        out = self.send(peer, type="hello", name=peer, token=self.tokens[peer])
        if self.last(peer)["type"] == "error" and self.error(peer) == "bad_token":
            out += self.join_again(peer)
        return out

    def join_again(self, peer: str) -> list[tuple[str, Message]]:
        """``hello`` without a token on an open channel (a new participant); keeps the token."""
        out = self.send(peer, type="hello", name=peer)
        self.tokens[peer] = self.last(peer, "welcome")["token"]
        return out

    def host(self, **command: Any) -> list[tuple[str, Message]]:
        return self._deliver(self.table.host(command))

    def tick(self, seconds: float = 0.0) -> list[tuple[str, Message]]:
        self.clock.advance(seconds)
        return self._deliver(self.table.tick())

    # reading what arrived
    def last(self, to: str, kind: str | None = None) -> Message:
        for message in reversed(self.inbox.get(to, [])):
            if kind is None or message["type"] == kind:
                return message
        raise AssertionError(f"{to} got no {kind or 'message'}")

    def tv(self) -> Message:
        return self.last("tv", "tv")

    def view(self, peer: str) -> Message:
        return self.last(peer, "view")

    def error(self, peer: str) -> str:
        return str(self.last(peer, "error")["code"])

    def act(self, peer: str, action: str) -> list[tuple[str, Message]]:
        """Send an action answering the latest state id."""
        return self.send(peer, type="action", action=action, state=self.tv()["state"])

    def remaining(self) -> float | None:
        """Seconds until the table's next tick is due (None: nothing is due)."""
        due = self.table.next_deadline()
        return None if due is None else round(due - self.clock.now, 6)

    def clear(self) -> None:
        self.inbox.clear()


def dealer(setup: Message | None) -> Callable[..., lastcard.Game]:
    """A ``new_game`` that deals ``setup`` (explicit hands) instead of shuffling."""

    def deal(ruleset: str, players: int, **kwargs: Any) -> lastcard.Game:
        return lastcard.new_game(ruleset, players, setup=setup, **kwargs)

    return lastcard.new_game if setup is None else deal


def full_deck(setup: Message, ruleset: str = "poslednyaya") -> Message:
    """``setup`` with the rest of the ruleset's deck under its stock: a position a real deal
    could reach (every card accounted for once, as a saved table must be)."""
    rest = Counter(lastcard.RULESETS[ruleset].deck())
    rest.subtract(
        [c for hand in setup["hands"] for c in hand]
        + setup.get("stock", [])
        + setup.get("discard", [])
        + ([setup["starter"]] if "starter" in setup else [])
    )
    return {**setup, "stock": setup.get("stock", []) + sorted(rest.elements())}


MakeNet = Callable[..., Net]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_net(clock: FakeClock) -> MakeNet:
    """``make_net(players=0, setup=None, seed=1, **table_kwargs)`` -> a Net around a new Table;
    with ``players`` the phones p0.. take seats 0.. and the host starts the game."""

    def make(players: int = 0, setup: Message | None = None, seed: int = 1, **kwargs: Any) -> Net:
        net = Net(Table(clock, seed, new_game=dealer(setup), **kwargs), clock)
        for n in range(players):
            assert net.join(f"p{n}")["seat"] == n
        if players:
            assert net.host(type="start")[0][1]["type"] == "tv", net.last("tv")
        return net

    return make
