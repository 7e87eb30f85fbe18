"""The host phone (issue 11): one phone besides the TV runs the table with the TV's own commands;
the role is handed over, passes on when the host is removed or stays away, and survives a
snapshot. Also the evening's controls: back to the lobby mid-game, timers changed mid-game."""

from __future__ import annotations

from tablehost import Table


def host_of(net):
    return [s["name"] for s in net.tv()["seats"] if s["host"]] + [
        s["name"] for s in net.tv()["spectators"] if s["host"]
    ]


def command(net, peer, **cmd):
    return net.send(peer, type="host", command=cmd)


def test_the_first_phone_to_join_is_the_host_and_the_tv_shows_it(make_net):
    net = make_net()
    net.join("p0")
    net.join("p1")
    assert host_of(net) == ["p0"]
    assert [s["id"] for s in net.tv()["seats"]] == [1, 2]
    assert net.view("p0")["host"] is True
    assert net.view("p1")["host"] is False
    net.host(type="add_bot", level="easy")
    assert net.tv()["seats"][2]["id"] is None and net.tv()["seats"][2]["host"] is False


def test_the_host_phone_sends_the_tvs_commands_and_everyone_sees_them(make_net):
    net = make_net()
    net.join("p0")
    net.join("p1")
    command(net, "p0", type="configure", ruleset="last-one", timers={"turn": 30})
    command(net, "p0", type="add_bot", level="hard", name="Robo")
    tv = net.tv()
    assert tv["lobby"]["ruleset"] == "last-one" and tv["lobby"]["timers"]["turn"] == 30
    assert tv["seats"][2]["name"] == "Robo" and tv["seats"][2]["level"] == "hard"
    assert net.view("p1")["lobby"]["ruleset"] == "last-one"
    command(net, "p0", type="start")
    assert net.tv()["phase"] == "playing"
    command(net, "p0", type="pause")
    assert net.tv()["paused"] and net.view("p1")["paused"]
    command(net, "p0", type="resume")
    assert not net.tv()["paused"]
    # the same validation as the TV's, the error to the host phone only
    net.clear()
    out = command(net, "p0", type="configure", ruleset="last-card")
    assert [(to, m["type"], m["code"]) for to, m in out] == [("p0", "error", "not_lobby")]
    out = command(net, "p0", type="add_bot", level="superb")
    assert [(to, m["code"]) for to, m in out] == [("p0", "bad_message")]


def test_a_host_command_from_any_other_phone_is_refused_to_it_alone(make_net):
    net = make_net()
    for peer in ("p0", "p1"):
        net.join(peer)
    net.join("watcher", play=False)
    before = net.table.snapshot()
    net.clear()
    for peer in ("p1", "watcher"):
        for cmd in ({"type": "start"}, {"type": "make_host", "id": 2}, {"type": "shutdown"}):
            out = command(net, peer, **cmd)
            assert [(to, m["type"], m["code"]) for to, m in out] == [(peer, "error", "not_host")]
    assert net.table.snapshot() == before
    # a phone that has not said hello yet is refused before that
    net.connect("stranger")
    out = command(net, "stranger", type="start")
    assert [(to, m["code"]) for to, m in out] == [("stranger", "hello_first")]


def test_the_tv_screens_own_commands_are_not_for_the_host_phone(make_net):
    net = make_net()
    net.join("p0")
    net.host(type="add_local", name="Ann")
    for cmd in ({"type": "rules", "open": True}, {"type": "refresh"}):
        out = command(net, "p0", **cmd)
        assert [(to, m["code"]) for to, m in out] == [("p0", "not_allowed")]
    net.host(type="start")
    state = net.tv()["state"]
    out = command(net, "p0", type="local_action", seat=1, action="draw", state=state)
    assert [(to, m["code"]) for to, m in out] == [("p0", "not_allowed")]


def test_the_role_is_handed_over_by_the_tv_or_the_host_phone(make_net):
    net = make_net()
    net.join("p0")
    net.join("p1")
    net.join("watcher", play=False)
    net.host(type="make_host", id=3)  # a spectator can host
    assert host_of(net) == ["watcher"] and net.view("watcher")["host"]
    assert command(net, "p0", type="start")[0][1]["code"] == "not_host"
    command(net, "watcher", type="make_host", id=2)
    assert host_of(net) == ["p1"]
    net.host(type="make_host", id=9)
    assert net.error("tv") == "no_phone"
    assert host_of(net) == ["p1"]


def test_a_removed_host_passes_the_role_on_in_join_order(make_net):
    net = make_net()
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.host(type="make_host", id=2)
    net.host(type="remove", seat=1)  # p1, the host, leaves the lobby
    assert host_of(net) == ["p2"]  # the next one after it
    net.host(type="remove", seat=1)  # p2 now sits at seat 1
    assert host_of(net) == ["p0"]  # round to the first
    net.host(type="remove", seat=0)
    assert host_of(net) == []
    net.join("p3")
    assert host_of(net) == ["p3"]  # the next phone to join takes the empty role


def test_a_phone_the_host_removed_never_holds_the_role_until_let_in(make_net):
    """A kick sticks: the only phone, the host, removed and back as a removed spectator does not
    take the empty role (and let itself in from it); the role never passes to it, the TV cannot
    hand it over, and once let in it takes the role nobody has, as a phone that joins does."""
    net = make_net()
    net.join("bob", play=False)
    assert host_of(net) == ["bob"]
    bob = net.tv()["spectators"][0]["id"]
    net.host(type="remove_spectator", id=bob)
    assert host_of(net) == []
    net.rejoin("bob")
    assert net.tv()["spectators"][0]["removed"] is True
    bob = net.tv()["spectators"][0]["id"]  # a phone's id is its join, and it joined again
    assert host_of(net) == [] and net.view("bob")["host"] is False
    before = net.table.snapshot()
    command(net, "bob", type="let_in", id=bob)
    assert net.error("bob") == "not_host"
    net.host(type="make_host", id=bob)
    assert net.error("tv") == "not_allowed"
    assert net.table.snapshot() == before
    net.join("ann")
    net.join("cy")
    assert host_of(net) == ["ann"]  # the next phone to join, not the removed one before it
    net.host(type="remove", seat=0)  # ann, the host: the role skips bob for cy
    assert host_of(net) == ["cy"]
    net.host(type="remove", seat=0)  # cy: nobody but bob is left, and bob does not take it
    assert host_of(net) == []
    net.host(type="let_in", id=bob)
    assert host_of(net) == ["bob"]


def test_a_host_removed_mid_game_passes_the_role_on(make_net):
    net = make_net(players=3)
    net.host(type="remove", seat=0)
    assert host_of(net) == ["p1"]
    assert net.view("p1")["host"]
    assert command(net, "p1", type="pause")[0][0] == "tv"  # a broadcast, not an error


def test_a_disconnect_keeps_the_role_for_the_grace_then_it_moves(make_net):
    net = make_net()
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.disconnect("p0")
    assert host_of(net) == ["p0"]
    assert net.remaining() == 30.0  # the lobby has no game clock: this is the host's grace
    net.tick(29)
    assert host_of(net) == ["p0"]
    net.rejoin("p0")  # back in time: nothing moves
    net.tick(5)
    assert host_of(net) == ["p0"] and net.remaining() is None
    net.disconnect("p0")
    net.disconnect("p1")
    net.tick(30)
    assert host_of(net) == ["p2"]  # the next one that is here
    assert net.view("p2")["host"]


def test_with_nobody_else_here_the_away_host_keeps_the_role(make_net):
    net = make_net(players=2)
    net.disconnect("p0")
    net.disconnect("p1")
    assert net.remaining() is None  # nothing to hand over to, nothing due
    net.rejoin("p1")
    assert net.remaining() is not None
    net.tick(31)
    assert host_of(net) == ["p1"]


def test_snapshot_and_restore_keep_the_host(make_net, clock):
    net = make_net()
    for peer in ("p0", "p1"):
        net.join(peer)
    net.host(type="make_host", id=2)
    restored = Table.restore(net.table.snapshot(), clock, new_game=net.table._new_game)
    net.table = restored
    net.rejoin("p1")
    assert host_of(net) == ["p1"]
    assert net.view("p1")["host"]


def test_the_host_ends_the_hand_for_the_lobby_keeping_seats_and_names(make_net):
    net = make_net(players=2)
    net.host(type="add_local", name="Ann")
    assert net.error("tv") == "not_lobby"
    command(net, "p0", type="lobby")
    tv = net.tv()
    assert tv["phase"] == "lobby"
    assert [s["name"] for s in tv["seats"]] == ["p0", "p1"]
    assert net.view("p1")["phase"] == "lobby" and net.view("p1")["view"] is None
    command(net, "p0", type="configure", ruleset="posledniy-igrok")
    command(net, "p0", type="start")
    assert net.tv()["phase"] == "playing"


def test_the_tv_and_the_host_phone_change_two_options_at_once_and_both_are_kept(make_net):
    # each sends only the option it changed (``set_options``), so neither undoes the other's
    # change from a lobby it had not seen yet; ``options`` still replaces them all
    net = make_net()
    net.join("p0")
    net.host(type="configure", ruleset="last-one")
    net.host(type="configure", set_options={"hand_size": 5})
    command(net, "p0", type="configure", set_options={"threshold": 100})
    assert net.tv()["lobby"]["options"] == {"hand_size": 5, "threshold": 100}
    assert net.view("p0")["lobby"]["options"] == {"hand_size": 5, "threshold": 100}
    before = net.table.snapshot()
    for bad in ({"hand_size": 3}, {"colour": "red"}, {"agreed": True}, []):
        net.host(type="configure", set_options=bad)
        assert net.error("tv") in ("bad_options", "bad_message"), bad
    assert net.table.snapshot() == before
    net.host(type="configure", ruleset="poslednyaya", set_options={"stacking": True})
    assert net.tv()["lobby"]["options"] == {"stacking": True}  # on the new ruleset's defaults
    net.host(type="configure", options={"jump_in": True}, set_options={"stacking": True})
    assert net.tv()["lobby"]["options"] == {"jump_in": True, "stacking": True}
    net.host(type="configure", options={"jump_in": True})
    assert net.tv()["lobby"]["options"] == {"jump_in": True}


def test_timers_change_mid_game_from_the_pause(make_net):
    net = make_net(players=2)
    net.host(type="pause")
    net.host(type="configure", timers={"turn": 60, "bot_pause": 2})
    tv = net.tv()
    assert tv["lobby"]["timers"]["turn"] == 60 and tv["remaining"] == 60
    command(net, "p0", type="configure", timers={"turn": None})
    assert net.tv()["remaining"] is None
    net.host(type="configure", timers={"turn": 2})  # out of range
    assert net.error("tv") == "bad_options" and net.tv()["lobby"]["timers"]["turn"] is None
    net.host(type="configure", options={"x": 1}, timers={"turn": 30})
    assert net.error("tv") == "not_lobby" and net.tv()["lobby"]["timers"]["turn"] is None
    net.host(type="resume")
    net.host(type="configure", timers={"turn": 10})
    net.tick(10)
    assert net.tv()["state"] > 1  # the new 10 s ran out and the table moved on


def test_a_timer_change_restarts_only_the_clock_it_changes(make_net):
    """Pause stops the game's clocks (rule 000): changing the computers' pace, or sending the
    timers as they are, gives the player on turn no fresh time, paused or not."""
    net = make_net(players=2)
    net.tick(17)
    net.host(type="pause")
    net.host(type="configure", timers={"bot_pause": 2})
    net.host(type="configure", timers={})
    net.host(type="resume")
    assert net.tv()["remaining"] == 3
    net.host(type="configure", timers={"turn": 20})  # as it is
    command(net, "p0", type="configure", timers={"bot_pause": 1})  # from the host phone
    assert net.tv()["remaining"] == 3
    state = net.tv()["state"]
    net.tick(3)
    assert net.tv()["state"] > state  # the turn's own 20 s ran out on time
