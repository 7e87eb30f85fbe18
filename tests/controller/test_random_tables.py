"""Random sessions: phones come and go, act (legally or not), the host pauses, removes (in a game
and in the lobby), goes back to the lobby and deals again, time passes. After every step: nothing
raised, each recipient got exactly what it may see — drawn cards only to the phone that drew them
(a challenged hand only to the phone that challenged: Classic), whatever the seat numbers
became, and no event of a previous game in the lobby — and the snapshot restores to the same
table."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lastcard import RULESETS
from lastcard.game import PRIVATE_CARDS
from tablehost import Table

from .conftest import FakeClock, Net

PEERS = ("a", "b", "c", "d")
SCANNED = [0]  # messages checked by check_messages (for the closing figures)


class Drawers:
    """Who drew the cards of each ``draw`` event (who challenged, of each ``challenge``), noted as
    it happens (the phone at the event's seat then), independently of how the table filters its
    messages."""

    def __init__(self) -> None:
        self.by_n: dict[int, str | None] = {}

    def note(self, net: Net) -> None:
        peers = {token: peer for peer, token in net.tokens.items()}
        seats = net.table._lobby.seats
        for event in net.table._log.events:
            if event["type"] in PRIVATE_CARDS and "cards" in event and event["n"] not in self.by_n:
                self.by_n[event["n"]] = peers.get(seats[event["seat"]].token or "")


def check_messages(net: Net, out: list[tuple[str, dict[str, Any]]], drawers: Drawers) -> None:
    game = net.table._game
    drawers.note(net)
    for to, message in out:
        SCANNED[0] += 1
        if message["type"] in ("tv", "view") and message["phase"] == "lobby":
            assert message["events"] == [] and message["view"] is None, to
        if message["type"] == "tv" and message["phase"] != "lobby":
            assert message["view"] == game.public_view()
            for event in message["events"]:
                assert event["type"] not in PRIVATE_CARDS or "cards" not in event
        if message["type"] != "view":
            continue
        seat = message["seat"]
        if message["phase"] != "lobby":
            expected = game.public_view() if seat is None else game.view(seat)
            assert message["view"] == expected, to
        for event in message["events"]:
            if event["type"] in PRIVATE_CARDS and "cards" in event:
                assert drawers.by_n[event["n"]] == to, (to, event)


def legal_for(net: Net, peer: str) -> list[str]:
    """What ``peer``'s seat may do now (nothing for a spectator or a removed phone)."""
    game, view = net.table._game, net.last(peer, "view")
    if game is None or view["seat"] is None or view["phase"] != "playing":
        return []
    if net.table._peers.get(peer) is None:
        return []
    return list(game.legal_actions(view["seat"]))


def restores(net: Net) -> None:
    snap = json.loads(json.dumps(net.table.snapshot()))
    again = Table.restore(snap, net.clock).snapshot()
    for key in ("deadline", "grace_used"):  # an awaited phone gets its grace on restore
        again.pop(key)
        snap.pop(key)
    assert again == snap


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), ruleset=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 99))
def test_random_sessions_keep_every_promise(data: st.DataObject, ruleset: str, seed: int) -> None:
    clock = FakeClock()
    net = Net(Table(clock, seed, bot_playouts=2), clock)
    short = {"hand_size": 4} if "hand_size" in RULESETS[ruleset].OPTIONS else {}
    net.host(type="configure", ruleset=ruleset, options=short, timers={"bot_pause": 0.5})
    net.join("a")
    net.join("b")
    for _ in range(data.draw(st.integers(0, 2))):
        net.host(type="add_bot", level=data.draw(st.sampled_from(["easy", "normal"])))
    net.host(type="start")
    connected = {"a", "b"}
    drawers = Drawers()
    for _ in range(100):
        step = data.draw(
            st.sampled_from(["act"] * 6 + ["bad", "tick", "drop", "back", "join", "host", "anew"])
        )
        peer = data.draw(st.sampled_from(PEERS))
        out: list[tuple[str, dict[str, Any]]] = []
        if step == "act":
            movers = [(p, a) for p in sorted(connected) for a in legal_for(net, p)]
            if movers:
                mover, action = data.draw(st.sampled_from(movers))
                out = net.act(mover, action)
        elif step == "bad" and peer in connected:
            out = net.send(peer, type="action", action="play ZZ", state=net.tv()["state"])
        elif step == "tick":
            out = net.tick(data.draw(st.sampled_from([0.5, 5.0, 30.0])))
        elif step == "drop" and peer in connected:
            connected.discard(peer)
            net.disconnect(peer)
        elif step == "back" and peer in net.tokens and peer not in connected:
            connected.add(peer)
            out = net.rejoin_as_a_phone_does(peer)
        elif step == "anew" and peer in connected and net.last(peer)["type"] == "removed":
            out = net.join_again(peer)  # the removed screen's "join again"
        elif step == "join" and peer not in net.tokens:
            connected.add(peer)
            net.join(peer)
        elif step == "host":
            command = data.draw(
                st.sampled_from(
                    [
                        {"type": "pause"},
                        {"type": "resume"},
                        {"type": "rules", "open": True},
                        {"type": "remove", "seat": 2},
                        {"type": "remove", "seat": 1},
                        {"type": "remove", "seat": 0},
                        {"type": "rematch"},
                        {"type": "rematch"},
                        {"type": "next_hand"},
                        {"type": "lobby"},
                        {"type": "lobby"},
                        {"type": "lobby"},
                        {"type": "refresh"},
                        {"type": "start"},
                        {"type": "start"},
                    ]
                )
            )
            out = net.host(**command)
        check_messages(net, out, drawers)
        restores(net)
