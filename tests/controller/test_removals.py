"""A removal sticks (issue 25): a phone the host removed is never seated again without the host —
not by a reload, a new game, a rematch or an earlier "I want to play" — and the host lets it back
in from the spectators' list (on the TV or on the host phone)."""

from __future__ import annotations

from tablehost import Table
from tablehost.table import SPECTATOR_GONE

# poslednyaya, three seats: seat 0 goes out at once with its only card.
POSL_OUT = {
    "hands": [["R5"], ["B2", "Y3", "G6"], ["G1", "B4", "Y9"]],
    "starter": "R3",
    "stock": ["R7", "G9", "B9", "Y8", "G2", "Y1", "B1"],
    "first": 0,
}


def seated(net) -> list[str]:
    return [s["name"] for s in net.tv()["seats"] if not s["removed"]]


def spectator(net, name: str) -> dict:
    return next(s for s in net.tv()["spectators"] if s["name"] == name)


def reload(net, peer: str) -> dict:
    """The phone's page reloads: a new channel, `hello` with the token it kept, as js/hand.js."""
    net.disconnect(peer)
    welcome = net.rejoin(peer)
    net.tokens[peer] = welcome["token"]
    return welcome


def test_a_phone_removed_in_the_lobby_that_reloads_only_watches(make_net):
    net = make_net()
    for peer in ("a", "b", "c"):
        net.join(peer)
    net.host(type="remove", seat=1)
    assert net.last("b")["type"] == "removed"
    welcome = reload(net, "b")
    assert welcome["role"] == "spectator" and welcome["seat"] is None
    assert seated(net) == ["a", "c"]  # a seat is free, and it stays free
    assert spectator(net, "b") | {"id": 0} == {
        "name": "b",
        "connected": True,
        "play": False,
        "id": 0,
        "host": False,
        "removed": True,
    }
    before = net.table.snapshot()
    net.send("b", type="play", want=True)
    assert net.error("b") == "barred"
    assert net.table.snapshot() == before
    reload(net, "b")  # and again: its new token is remembered too
    assert spectator(net, "b")["removed"] is True and seated(net) == ["a", "c"]


def test_the_watch_button_after_a_removal_brings_the_phone_back_removed(make_net):
    net = make_net(players=3, setup=POSL_OUT)
    net.host(type="remove", seat=2)
    net.send("p2", type="hello", name="p2", token=net.tokens["p2"])  # "Watch", same channel
    assert net.last("p2", "welcome")["role"] == "spectator"
    assert net.view("p2")["play"] is False
    assert spectator(net, "p2")["removed"] is True


def test_a_hello_without_a_token_on_the_removed_channel_is_the_removed_phone(make_net):
    """A client that drops its token and says hello under another name on the very channel it
    was removed on is still the removed phone: back only to watch (an attacker's review)."""
    net = make_net()
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.host(type="remove", seat=2)
    net.send("p2", type="hello", name="Someone else")
    assert net.last("p2", "welcome")["role"] == "spectator"
    assert spectator(net, "Someone else")["removed"] is True
    assert seated(net) == ["p0", "p1"]
    net.send("p2", type="hello", name="Someone else 2")  # then a rename, as anyone's
    assert spectator(net, "Someone else 2")["removed"] is True


def test_an_earlier_wish_to_play_does_not_survive_a_removal(make_net):
    net = make_net(players=2)
    net.join("keen")  # asks to play (the default) and is dealt in at the next deal
    net.host(type="lobby")
    net.host(type="start")
    assert seated(net) == ["p0", "p1", "keen"]
    net.host(type="remove", seat=2)  # removed mid-hand
    reload(net, "keen")
    assert spectator(net, "keen")["play"] is False
    net.host(type="lobby")  # a new game: not seated
    assert seated(net) == ["p0", "p1"]
    net.host(type="start")
    net.host(type="lobby")
    assert seated(net) == ["p0", "p1"]


def test_a_rematch_does_not_deal_a_removed_phone_in(make_net):
    net = make_net(players=3, setup=POSL_OUT)
    net.host(type="remove", seat=2)
    reload(net, "p2")
    net.act("p0", "play R5")
    net.host(type="rematch")
    assert seated(net) == ["p0", "p1"]
    assert spectator(net, "p2")["removed"] is True


def test_a_removed_phone_gone_for_a_minute_is_still_removed_when_it_returns(make_net):
    net = make_net()
    for peer in ("a", "b"):
        net.join(peer)
    net.host(type="remove", seat=1)
    reload(net, "b")
    net.disconnect("b")
    net.tick(SPECTATOR_GONE)  # dropped from the list, but remembered
    assert net.tv()["spectators"] == []
    assert reload(net, "b")["role"] == "spectator"
    assert spectator(net, "b")["removed"] is True and seated(net) == ["a"]


def test_a_removed_spectator_comes_back_removed(make_net):
    net = make_net(players=2)
    net.join("heckler")
    net.host(type="remove_spectator", id=spectator(net, "heckler")["id"])
    reload(net, "heckler")
    net.host(type="lobby")
    assert seated(net) == ["p0", "p1"] and spectator(net, "heckler")["removed"] is True


def test_a_removal_survives_the_table_reloading(make_net, clock):
    net = make_net()
    for peer in ("a", "b"):
        net.join(peer)
    net.host(type="remove", seat=1)  # its phone is away and does not know yet
    net.disconnect("b")
    net.table = Table.restore(net.table.snapshot(), clock)
    net.rejoin("a")
    assert reload(net, "b")["role"] == "spectator"
    assert seated(net) == ["a"] and spectator(net, "b")["removed"] is True


def test_the_host_lets_a_removed_phone_back_in_from_the_tv(make_net):
    net = make_net()
    for peer in ("a", "b"):
        net.join(peer)
    net.host(type="remove", seat=1)
    reload(net, "b")
    net.host(type="let_in", id=spectator(net, "b")["id"])
    assert seated(net) == ["a", "b"]  # in the lobby it sits down at once
    assert net.view("b")["role"] == "player"
    before = net.table.snapshot()
    net.host(type="let_in", id=net.tv()["seats"][0]["id"])  # not a removed spectator
    assert net.error("tv") == "not_found"
    assert net.table.snapshot() == before


def test_the_host_phone_lets_a_removed_phone_in_for_the_next_deal(make_net):
    net = make_net(players=3, setup=POSL_OUT)  # p0 is the host phone
    net.send("p0", type="host", command={"type": "remove", "seat": 2})
    reload(net, "p2")
    net.send("p0", type="host", command={"type": "let_in", "id": spectator(net, "p2")["id"]})
    row = spectator(net, "p2")
    assert row["removed"] is False and row["play"] is True
    net.act("p0", "play R5")
    net.host(type="rematch")
    assert seated(net) == ["p0", "p1", "p2"]


def test_a_removed_player_joining_again_from_another_browser_only_watches(make_net, clock):
    """A token is a browser's: the removed player opening the table's link in another browser
    (or a private window) under the same name joins as a new phone, and waits for the host's
    "Let in" as the removed phone itself would; the phone is told why."""
    net = make_net()
    net.join("a", "Ann")
    net.join("b", "Bea")
    net.host(type="remove", seat=1)
    welcome = net.join("b2", " BEA ")  # the same name, cleaned and in any case
    assert welcome["role"] == "spectator" and seated(net) == ["Ann"]
    assert spectator(net, "BEA")["removed"] is True and spectator(net, "BEA")["name_removed"]
    assert net.view("b2")["removed"] is True and net.view("b2")["name_removed"] is True
    before = net.table.snapshot()
    net.send("b2", type="play", want=True)
    assert net.error("b2") == "barred"
    assert net.table.snapshot() == before
    net.table = Table.restore(net.table.snapshot(), clock)  # remembered across a reload
    net.rejoin("a", "a2")
    assert net.join("b3", "bea")["role"] == "spectator"  # as "bea 2": "BEA" is watching
    assert net.view("b3")["name_removed"] is True
    net.host(type="let_in", id=spectator(net, "bea 2")["id"])  # the host lets that one in
    assert seated(net) == ["Ann", "bea 2"] and "name_removed" not in net.view("b3")
    assert spectator(net, "BEA")["removed"] is True  # the other is still the host's to let in
    assert net.join("b4", "Bea")["role"] == "player"  # the name is no longer held
    assert "name_removed" not in net.view("a2")


def test_only_a_removed_phones_name_is_held(make_net):
    """A bot, a spectator who left by itself, or a seat freed by a phone that left are not
    removals: their names join as anyone's."""
    net = make_net()
    net.join("a", "Ann")
    net.join("w", "Wes", play=False)
    net.disconnect("w")
    net.tick(SPECTATOR_GONE)  # dropped after a minute away: not removed
    net.host(type="add_bot", level="easy")
    bot = net.tv()["seats"][1]["name"]
    net.host(type="remove", seat=1)
    assert net.join("w2", "Wes")["role"] == "player"
    assert net.join("x", bot)["role"] == "player"
    assert "name_removed" not in net.view("x")
