"""The controller's parts: the game clock, the event log, and the work done once per change."""

from __future__ import annotations

from typing import Any

from tablehost.clock import DEADLINE, GameClock
from tablehost.events import KEPT_EVENTS, RECENT_EVENTS, EventLog

from .conftest import FakeClock

SETUP = {
    "hands": [["R5", "G1", "B4"], ["B2", "Y3", "G6"], ["Y5", "Y6", "G7"]],
    "starter": "R3",
    "stock": ["B7", "G9", "B9", "Y8", "G2", "R1", "R2", "Y1"],
    "first": 0,
}


def test_game_time_runs_only_while_the_game_runs() -> None:
    wall = FakeClock()
    clock = GameClock(wall)
    wall.advance(5)
    clock.run(True)
    assert clock.now() == 0.0  # stopped time did not count
    clock.deadline = clock.now() + 20
    clock.bots = {2: 1.0}
    assert clock.due() == (1.0, 2)
    assert clock.next_wall() == wall.now + 1.0
    wall.advance(4)
    clock.run(False)  # a pause: the deadline keeps its 16 s left
    wall.advance(100)
    assert clock.remaining() == 16.0 and clock.next_wall() is None
    del clock.bots[2]
    assert clock.due() == (20.0, DEADLINE)
    saved = clock.to_dict()
    assert saved == {"deadline": 16.0, "bots_due": {}}
    again = GameClock(wall)
    again.load(saved["deadline"], saved["bots_due"])
    again.run(True)
    assert again.next_wall() == wall.now + 16.0
    again.clear()
    assert again.due() is None


def test_the_event_log_sends_each_event_once_per_recipient() -> None:
    log = EventLog()
    log.add([{"type": "play"}] * 3, lambda seat: None)
    assert log.take("a") == (log.events, True)
    log.add([{"type": "draw", "seat": 1, "cards": ["R5"]}], lambda seat: f"member{seat}")
    assert log.owners == {4: "member1"}
    assert log.take("a") == ([{"type": "draw", "seat": 1, "cards": ["R5"], "n": 4}], False)
    assert log.take("a") == ([], False)
    log.add([{"type": "pass"}] * (2 * KEPT_EVENTS), lambda seat: None)
    assert log.owners == {}  # its event is no longer kept
    assert len(log.events) == KEPT_EVENTS and log.n == 4 + 2 * KEPT_EVENTS
    log.resend("a")
    events, reset = log.take("a")
    assert reset and events == log.events[-RECENT_EVENTS:]


def test_the_public_view_is_built_once_per_change_and_no_seat_view_twice(make_net, monkeypatch):
    net = make_net(players=3, setup=SETUP)
    net.join("watcher")
    net.host(type="add_local", name="Sofa")  # refused while playing, changes nothing
    game = net.table._game
    calls: dict[str, int] = {"public_view": 0, "view": 0}

    def counting(name: str) -> Any:
        original = getattr(game, name)

        def counted(*args: Any) -> Any:
            calls[name] += 1
            return original(*args)

        return counted

    for name in calls:
        monkeypatch.setattr(game, name, counting(name))
    out = net.act("p0", "play R5")
    assert calls == {"public_view": 1, "view": 0}
    assert {to for to, _ in out} == {"tv", "p0", "p1", "p2", "watcher"}
    for seat in range(3):  # and each phone's view is the engine's own
        assert net.view(f"p{seat}")["view"] == game.view(seat)
    calls.update(public_view=0, view=0)
    net.send("watcher", type="hello", name="Watcher")  # no engine change: no engine view at all
    assert calls == {"public_view": 0, "view": 0}


def test_two_local_seats_with_one_name_are_two_seats(make_net):
    setup = {"hands": [["R5", "G1"], ["B2", "R9"]], "starter": "R3", "stock": ["Y8"], "first": 1}
    net = make_net(setup=setup)
    net.host(type="add_local", name="Sofa")
    net.host(type="add_local", name="Sofa")
    net.host(type="start")
    tv = net.tv()
    assert sorted(tv["local"]) == ["0", "1"]
    net.host(type="local_action", seat=1, action="play R9", state=tv["state"])
    assert net.tv()["view"]["top"] == "R9"
    assert net.tv()["local"]["1"]["hand"] == ["B2"]
