"""Spectators come and go (issue 15): a spectator away for a minute is dropped, the host removes
spectators, and nobody absent is dealt in at a rematch."""

from __future__ import annotations

from tablehost.table import SPECTATOR_GONE


def spectator(net, name: str) -> dict:
    return next(s for s in net.tv()["spectators"] if s["name"] == name)


def test_a_spectator_away_for_a_minute_is_dropped_and_its_place_frees_up(make_net):
    net = make_net(players=2)
    for n in range(32):
        net.join(f"s{n}")
    net.disconnect("s3")
    assert spectator(net, "s3")["connected"] is False
    assert net.remaining() == 20.0  # the turn timer comes first
    net.host(type="pause")  # game time stops; the spectator's minute does not
    assert net.remaining() == SPECTATOR_GONE
    net.tick(SPECTATOR_GONE - 1)
    assert spectator(net, "s3")["connected"] is False
    net.tick(1)
    assert [s["name"] for s in net.tv()["spectators"]] == [f"s{n}" for n in range(32) if n != 3]
    assert net.remaining() is None
    assert net.join("newcomer")["role"] == "spectator"  # the place is free again
    net.rejoin("s3")  # its token is forgotten
    assert net.error("s3") == "bad_token"


def test_a_spectator_back_within_the_minute_keeps_its_place(make_net):
    net = make_net(players=2)
    net.join("w")
    net.disconnect("w")
    net.tick(SPECTATOR_GONE - 5)
    assert net.rejoin("w")["role"] == "spectator"
    net.tick(10)
    assert spectator(net, "w")["connected"] is True
    net.disconnect("w")
    net.tick(SPECTATOR_GONE - 1)  # a fresh minute from the new disconnection
    assert spectator(net, "w")["connected"] is False


def test_the_host_removes_a_spectator(make_net):
    net = make_net(players=2)
    net.join("heckler")
    net.join("quiet", play=False)
    out = net.host(type="remove_spectator", id=spectator(net, "heckler")["id"])
    assert ("heckler", {"v": 1, "type": "removed", "message": "removed by the host"}) in out
    assert [s["name"] for s in net.tv()["spectators"]] == ["quiet"]
    net.send("heckler", type="action", action="draw", state=net.tv()["state"])
    assert net.error("heckler") == "hello_first"
    assert net.rejoin("heckler")["role"] == "spectator"  # back only to watch, marked removed
    assert spectator(net, "heckler")["removed"] is True
    net.host(type="remove_spectator", id=spectator(net, "heckler")["id"])
    before = net.table.snapshot()
    net.host(type="remove_spectator", id=999)
    assert net.error("tv") == "not_found"
    assert net.table.snapshot() == before
    net.disconnect("quiet")  # away spectators can be removed too, in any phase
    net.host(type="remove", seat=1)
    net.host(type="remove_spectator", id=spectator(net, "quiet")["id"])
    assert net.tv()["spectators"] == []


def test_nobody_absent_is_dealt_in_at_a_rematch(make_net):
    setup = {"hands": [["R5"], ["B2", "Y3"], ["Y5", "G7"]], "starter": "R3", "first": 0}
    net = make_net(players=3, setup=setup)
    net.join("keen-but-gone")
    net.join("keen")
    net.disconnect("keen-but-gone")
    net.disconnect("p2")  # a seated phone that left
    net.act("p0", "play R5")  # p0 goes out: the hand is over
    assert net.tv()["phase"] == "over"
    net.host(type="rematch")
    tv = net.tv()
    assert tv["phase"] == "playing"
    assert [s["name"] for s in tv["seats"]] == ["p0", "p1", "keen"]
    assert {s["name"]: s["play"] for s in tv["spectators"]} == {"keen-but-gone": True, "p2": True}
    back = net.rejoin("p2")  # it watches now, and moves up at the next deal
    assert back["role"] == "spectator"
    assert net.view("p2")["play"] is True


def test_a_rematch_with_too_few_present_is_refused_and_changes_nothing(make_net):
    net = make_net(players=2)
    net.host(type="remove", seat=1)  # one seat left: the hand stops
    net.disconnect("p0")
    before = net.table.snapshot()
    net.host(type="rematch")
    assert net.error("tv") == "too_few"
    assert net.table.snapshot() == before
