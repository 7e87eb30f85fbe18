"""Classic on the real table (docs/rules/classic.md R17-R19, D8, D9): a phone challenges a Wild
Draw Four and alone sees the player's hand; the TV and the other phones see the challenge and who
drew, never the cards; a time-out on the challenge accepts."""

from __future__ import annotations

from typing import Any

from .conftest import full_deck

# classic, three seats: seat 0 plays a Wild Draw Four holding red (the colour in force): a bluff
BLUFF = {
    "hands": [["W+4", "R1", "G4", "B5"], ["G2", "Y9", "Y7"], ["B2", "B3", "Y1"]],
    "starter": "R3",
    "first": 0,
}


def started(make_net: Any) -> Any:
    net = make_net(setup=full_deck(BLUFF, "classic"))
    net.host(type="configure", ruleset="classic")
    for n in range(3):
        net.join(f"p{n}")
    net.host(type="start")
    net.act("p0", "play W+4 B")
    return net


def shown(messages: list[Any]) -> list[list[str]]:
    return [e["cards"] for m in messages for e in m.get("events", []) if e["type"] == "challenge"
            and "cards" in e]  # fmt: skip


def test_the_challenged_hand_reaches_the_challenger_only(make_net: Any) -> None:
    net = started(make_net)
    assert net.view("p1")["view"]["legal"] == ["challenge", "draw"]
    assert net.tv()["view"]["pending"]["kind"] == "challenge"
    state = net.tv()["state"]
    net.clear()
    net.send("p1", type="action", action="challenge", state=state)
    assert shown(net.inbox["p1"]) == [["R1", "B5", "G4"]]
    for other in ("tv", "p0", "p2"):
        assert shown(net.inbox[other]) == [], other
        events = [e for m in net.inbox[other] for e in m.get("events", [])]
        assert {"type": "challenge", "seat": 1, "aggressor": 0, "guilty": True} in [
            {k: v for k, v in e.items() if k != "n"} for e in events
        ]
    view = net.tv()["view"]
    assert view["counts"][0] == 3 + 4 and view["turn"] == 1 and view["pending"] is None


def test_a_time_out_accepts_the_draw(make_net: Any) -> None:
    net = started(make_net)
    net.tick(net.remaining())
    view = net.tv()["view"]
    assert view["counts"][1] == 3 + 4 and view["turn"] == 2 and view["pending"] is None


def test_a_seat_played_on_the_tv_sees_the_challenged_hand_on_the_tv(make_net: Any) -> None:
    """The TV is the screen of a seat played on it: the hand its challenge showed comes in the
    TV's events (its hand panel says what it was shown), never in a phone's; a phone's challenge
    stays off the TV, and so do the local seat's draws."""
    net = make_net(setup=full_deck(BLUFF, "classic"))
    net.host(type="configure", ruleset="classic")
    net.join("p0")
    net.host(type="add_local", name="Ann")
    net.join("p2")
    net.host(type="start")
    net.act("p0", "play W+4 B")
    assert net.tv()["local"]["1"]["legal"] == ["challenge", "draw"]
    state = net.tv()["state"]
    net.clear()
    net.host(type="local_action", seat=1, action="challenge", state=state)
    assert shown(net.inbox["tv"]) == [["R1", "B5", "G4"]]
    assert shown(net.inbox["p0"]) == shown(net.inbox["p2"]) == []
    draws = [e for m in net.inbox["tv"] for e in m.get("events", []) if e["type"] == "draw"]
    assert draws and all("cards" not in e for e in draws)
    # a phone's challenge: the TV sees that it happened, not the cards
    net = started(make_net)
    state = net.tv()["state"]
    net.clear()
    net.send("p1", type="action", action="challenge", state=state)
    assert shown(net.inbox["p1"]) and shown(net.inbox["tv"]) == []
