"""House rules at the table (issue 24), what the controller adds to the engine's rules: a phone
jumps in out of turn and every screen says so (the table's ``jump_in`` event); a computer player
is offered the jump-ins the engine lists for it; a seven-zero swap reaches each phone as its own
new hand, and nobody else's."""

from __future__ import annotations

# Seat 0 moves first on R3; seat 2 holds a second R5 (a jump-in once seat 0 plays its R5) and
# seat 0 a 7 to swap with.
SETUP = {
    "hands": [["R5", "R7", "B4"], ["Y9", "B2", "G6"], ["R5", "G8", "Y4"]],
    "starter": "R3",
    "stock": ["Y8", "G9", "B9", "G7", "G2", "Y1", "Y2", "Y3"],
    "first": 0,
}


def house_table(make_net, options, third="phone"):
    """Phones p0, p1 and (or a computer player) p2 at a «Последняя» table with ``options``."""
    net = make_net(setup=SETUP)
    net.host(type="configure", options=options, timers={"turn": None, "bot_pause": 0})
    net.join("p0")
    net.join("p1")
    if third == "bot":
        net.host(type="add_bot", level="normal")
    else:
        net.join("p2")
    net.host(type="start")
    return net


def test_a_phone_jumps_in_out_of_turn_and_every_screen_says_so(make_net):
    net = house_table(make_net, {"jump_in": True})
    net.act("p0", "play R5")
    assert net.tv()["awaiting"] == [1] and net.view("p2")["view"]["legal"] == ["play R5"]
    net.act("p2", "play G8")  # out of turn and not identical: refused, nothing changes
    assert net.error("p2") == "illegal"
    net.act("p2", "play R5")
    for message in (net.tv(), net.view("p0"), net.view("p1"), net.view("p2")):
        assert [(e["type"], e["seat"]) for e in message["events"]][:2] == [
            ("jump_in", 2),
            ("play", 2),
        ]
    assert net.tv()["awaiting"] == [0]  # play goes on from the seat that jumped in
    assert sorted(net.view("p2")["view"]["hand"]) == ["G8", "Y4"]


def test_a_play_in_turn_is_no_jump_in(make_net):
    net = house_table(make_net, {"jump_in": True})
    net.act("p0", "play R5")
    assert [e["type"] for e in net.tv()["events"]] == ["play"]


def test_a_computer_player_is_offered_its_jump_in(make_net):
    net = house_table(make_net, {"jump_in": True}, third="bot")
    assert [turn.seat for turn in net.table.bot_turns()] == []  # nothing to do out of turn
    net.act("p0", "play R5")
    assert [turn.seat for turn in net.table.bot_turns()] == [2]  # seat 1's turn, yet it may


def test_a_seven_swaps_the_hands_each_phone_seeing_its_own(make_net):
    net = house_table(make_net, {"seven_zero": True})
    assert net.view("p0")["view"]["legal"].count("play R7 @1") == 1
    net.act("p0", "play R7 @2")
    assert sorted(net.view("p0")["view"]["hand"]) == ["G8", "R5", "Y4"]
    assert sorted(net.view("p2")["view"]["hand"]) == ["B4", "R5"]
    assert sorted(net.view("p1")["view"]["hand"]) == ["B2", "G6", "Y9"]
    assert {"type": "swap", "seat": 0, "target": 2} in [
        {k: e[k] for k in ("type", "seat", "target") if k in e} for e in net.tv()["events"]
    ]
    swaps = [e for e in net.view("p1")["events"] if e["type"] == "swap"]
    assert swaps and all("cards" not in e for e in swaps)  # the swap shows no card to anyone
