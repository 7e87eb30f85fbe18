"""Rules 000 section K (participants) and the rematch, for every ruleset."""

from __future__ import annotations

from tablehost.table import WHY_NOT

SETUP = {
    "hands": [["R5", "G1", "B4"], ["B2", "Y3", "G6"], ["Y5", "Y6", "G7"]],
    "starter": "R3",
    "stock": ["R7", "G9", "B9", "Y8", "G2"],
    "first": 0,
}
TWO = {**SETUP, "hands": SETUP["hands"][:2]}


def test_r50_a_late_joiner_is_a_spectator_with_the_public_view(make_net):
    net = make_net(players=2)
    welcome = net.join("late")
    assert welcome["seat"] is None and welcome["role"] == "spectator"
    view = net.view("late")
    assert view["role"] == "spectator" and view["seat"] is None
    assert "hand" not in view["view"] and "legal" not in view["view"]
    assert view["view"] == net.tv()["view"]
    assert net.tv()["spectators"] == [
        {"name": "late", "connected": True, "play": True, "id": 3, "host": False, "removed": False}
    ]
    net.act("late", "draw")
    assert net.error("late") == "not_seated"


def test_r50_spectators_who_asked_to_play_are_seated_at_the_rematch(make_net):
    net = make_net(players=2)
    net.join("keen")
    net.join("shy", play=False)
    net.join("undecided")
    net.send("undecided", type="play", want=False)
    net.host(type="remove", seat=1)  # one seat left: the hand stops (rule 53)
    assert net.tv()["phase"] == "over"
    net.host(type="rematch")
    tv = net.tv()
    assert tv["phase"] == "playing"
    assert [s["name"] for s in tv["seats"]] == ["p0", "keen"]
    assert net.view("keen")["seat"] == 1
    assert [s["name"] for s in tv["spectators"]] == ["shy", "undecided"]
    assert net.view("shy")["play"] is False


def test_r51_a_disconnect_never_removes_a_player(make_net):
    net = make_net(players=3, setup=SETUP)
    for peer in ("p0", "p1"):
        net.disconnect(peer)
    tv = net.tv()
    assert [s["removed"] for s in tv["seats"]] == [False, False, False]
    assert [s["connected"] for s in tv["seats"]] == [False, False, True]
    assert [s["count"] for s in tv["seats"]] == [3, 3, 3]


def test_r52_a_removed_players_cards_go_back_into_the_stock(make_net):
    net = make_net(players=3, setup=SETUP)
    stock = net.tv()["view"]["stock"]
    out = net.host(type="remove", seat=1)
    assert ("p1", {"v": 1, "type": "removed", "message": "removed by the host"}) in out
    tv = net.tv()
    assert tv["view"]["stock"] == stock + 3
    assert tv["seats"][1]["removed"] is True and tv["seats"][1]["count"] == 0
    assert tv["phase"] == "playing"
    # the removed phone keeps its channel but not its seat: its token brings it back only as a
    # spectator that does not ask to play (000 D16), with a new token
    net.send("p1", type="action", action="draw", state=tv["state"])
    assert net.error("p1") == "hello_first"
    net.send("p1", type="hello", name="p1", token=net.tokens["p1"])
    welcome = net.last("p1", "welcome")
    assert welcome["role"] == "spectator" and welcome["token"] != net.tokens["p1"]
    assert net.view("p1")["play"] is False


def test_r52_removing_the_player_to_move_passes_the_turn_on(make_net):
    net = make_net(players=3, setup=SETUP)
    net.tick(10)
    net.host(type="remove", seat=0)
    assert net.tv()["awaiting"] == [1]
    assert net.remaining() == 20.0


def test_r53_fewer_than_two_left_stops_the_hand_with_no_winner(make_net):
    net = make_net(players=2)
    net.host(type="remove", seat=0)
    tv = net.tv()
    assert tv["phase"] == "over"
    assert tv["result"]["winners"] == [] and tv["result"]["stopped"] is True
    assert tv["awaiting"] == [] and net.remaining() is None


def test_r54_when_every_player_is_disconnected_the_game_waits(make_net):
    net = make_net(players=2, setup=TWO)
    net.tick(5)
    net.disconnect("p1")
    net.disconnect("p0")  # the current player: grace 30 s, then the hold
    assert net.tv()["waiting"] is True
    assert net.remaining() is None
    net.tick(1000)
    assert net.tv()["awaiting"] == [0] and net.tv()["state"] == 1
    net.rejoin("p1")
    assert net.tv()["waiting"] is False
    assert net.remaining() == 30.0
    net.tick(30)
    assert net.tv()["awaiting"] == [1]


def test_r54_a_local_seat_keeps_the_table_awake(make_net):
    net = make_net()
    net.join("p0")
    net.host(type="add_local", name="Sofa")
    net.host(type="start")
    net.disconnect("p0")
    assert net.tv()["waiting"] is False
    assert net.remaining() is not None


def test_removal_in_the_lobby_frees_the_seat(make_net):
    net = make_net()
    for peer in ("a", "b", "c"):
        net.join(peer)
    net.host(type="remove", seat=1)
    assert [s["name"] for s in net.tv()["seats"]] == ["a", "c"]
    assert net.view("c")["seat"] == 1
    assert net.last("b")["type"] == "removed"
    net.host(type="remove", seat=5)
    assert net.error("tv") == "not_seated"


def test_r4_rematch_keeps_the_room_seats_and_tokens(make_net):
    net = make_net(players=3)
    net.host(type="rematch")
    assert net.error("tv") == "not_allowed"  # only after the hand
    net.host(type="remove", seat=1)
    net.host(type="remove", seat=2)
    assert net.tv()["phase"] == "over"
    net.join("p3", play=False)
    before = net.table.snapshot()
    assert net.host(type="rematch") == [
        ("tv", {"v": 1, "type": "error", "code": "too_few", "message": WHY_NOT["too_few"]})
    ]
    assert net.table.snapshot() == before
    net.send("p3", type="play", want=True)
    net.host(type="rematch")
    tv = net.tv()
    assert tv["phase"] == "playing"
    assert [s["name"] for s in tv["seats"]] == ["p0", "p3"] and tv["spectators"] == []
    assert net.rejoin("p0")["seat"] == 0
    assert net.rejoin("p3", "p3b")["seat"] == 1


def test_back_to_the_lobby_keeps_seats_and_tokens(make_net):
    net = make_net(players=3)
    net.host(type="remove", seat=2)
    net.host(type="pause")
    net.host(type="lobby")  # the host ends the hand at any moment (even paused)
    tv = net.tv()
    assert tv["phase"] == "lobby" and not tv["paused"] and tv["view"] is None
    assert tv["remaining"] is None and net.remaining() is None
    net.host(type="lobby")
    assert net.error("tv") == "not_allowed"  # already there
    net.host(type="add_bot", level="easy")
    assert [(s["name"], s["kind"]) for s in net.tv()["seats"]] == [
        ("p0", "phone"),
        ("p1", "phone"),
        ("Bot 1", "bot"),
    ]
    assert net.view("p1")["phase"] == "lobby" and net.view("p1")["seat"] == 1
    assert net.rejoin("p0")["seat"] == 0
    net.host(type="start")
    assert net.tv()["phase"] == "playing"


def test_r4_rematch_is_a_new_game_with_a_seed_of_its_own(make_net):
    """A rematch deals a new game (with a record of its own); its seed is a hash of the table's
    seed and the game's number, so the finished game's record, seed shown, says nothing of the
    next deal (the engine's next_hand() would deal it from the same seed)."""
    net = make_net(players=2, setup=TWO)
    net.act("p0", "draw")
    net.act("p0", "pass")
    for _ in range(200):  # play out to the end by timeouts
        if net.tv()["phase"] == "over":
            break
        net.tick(20)
    assert net.tv()["phase"] == "over"
    state = net.tv()["state"]
    first = net.table.snapshot()["record"]["seed"]
    net.host(type="rematch")
    tv = net.tv()
    assert tv["phase"] == "playing" and tv["state"] == state + 1
    assert [s["name"] for s in tv["seats"]] == ["p0", "p1"]
    assert tv["events_reset"] is True  # a new game's log
    second = net.table.snapshot()["record"]["seed"]
    assert second not in (first, first + 1)


def one_hand_played(make_net, hands):
    """A posledniy-igrok match of ``hands`` hands whose first hand p0 wins at once: no upcard,
    seat 0 leads its only card and goes out."""
    setup = {"hands": [["5C"], ["KH", "9D"]], "stock": ["2S", "3S", "4S"], "first": 0}
    net = make_net(setup=setup)
    net.host(type="configure", ruleset="posledniy-igrok", options={"hands": hands})
    net.join("p0")
    net.join("p1")
    net.host(type="start")
    net.act("p0", "play 5C")
    assert net.tv()["phase"] == "over"
    return net


def test_next_hand_of_a_match_keeps_seats_tokens_and_scores(make_net):
    net = one_hand_played(make_net, hands=2)
    tv = net.tv()
    assert tv["result"]["match_over"] is False and tv["result"]["scores"] == [0, 19]
    net.host(type="rematch")
    assert net.error("tv") == "not_allowed"  # the match goes on
    net.join("late")
    net.host(type="next_hand")
    tv = net.tv()
    assert tv["phase"] == "playing" and [s["score"] for s in tv["seats"]] == [0, 19]
    assert [s["name"] for s in tv["seats"]] == ["p0", "p1"]  # no one joins mid-match
    assert net.rejoin("p1", "p1b")["seat"] == 1


def test_rematch_after_a_match_is_a_new_match(make_net):
    net = one_hand_played(make_net, hands=1)
    assert net.tv()["result"]["match_over"] is True
    net.host(type="next_hand")
    assert net.error("tv") == "not_allowed"
    net.host(type="rematch")
    tv = net.tv()
    assert tv["phase"] == "playing"
    assert [(s["name"], s["score"]) for s in tv["seats"]] == [("p0", 0), ("p1", 0)]


def test_spectators_are_limited(make_net):
    net = make_net(players=2)
    for n in range(32):
        assert net.join(f"s{n}")["role"] == "spectator"
    net.connect("one-too-many")
    net.send("one-too-many", type="hello", name="x")
    assert net.error("one-too-many") == "full"
    assert len(net.tv()["spectators"]) == 32


def test_a_spectator_who_asks_in_the_lobby_takes_a_free_seat(make_net):
    net = make_net()
    net.join("a")
    assert net.join("b", play=False)["role"] == "spectator"
    net.send("b", type="play", want=True)
    assert net.view("b")["seat"] == 1 and net.tv()["spectators"] == []
    net.send("b", type="play", want=False)
    assert net.error("b") == "not_allowed"  # seated now: only a spectator asks


LAST_CARD = {"hands": [["7H", "7S"], ["9C", "KC"]], "starter": "7D", "first": 0}


def test_d16_a_removal_between_hands_ends_the_match_and_a_rematch_follows(make_net):
    """Rule 000 D16 through the controller: the removed seat is out of the match; with one seat
    left the match is over and stopped (the hand's results stand) and the host may rematch."""
    net = make_net(setup=LAST_CARD)
    for peer in ("p0", "p1"):
        net.join(peer)
    net.host(type="configure", ruleset="last-card")
    net.host(type="start")
    net.act("p0", "play 7H 7S")
    tv = net.tv()
    assert tv["phase"] == "over" and tv["result"]["match_over"] is False
    net.host(type="remove", seat=1)
    tv = net.tv()
    assert tv["phase"] == "over" and tv["seats"][1]["removed"] is True
    assert tv["result"]["winners"] == [0] and tv["result"]["scores"] == [19, 0]
    assert tv["result"]["match_over"] is True and tv["result"]["match_winners"] == []
    assert tv["result"]["stopped"] is True
    assert tv["view"]["counts"] == [0, 0]
    net.host(type="next_hand")
    assert net.error("tv") == "not_allowed"
    net.join("p2")
    net.host(type="rematch")
    tv = net.tv()
    assert tv["phase"] == "playing" and [s["name"] for s in tv["seats"]] == ["p0", "p2"]


def test_d16_a_seat_removed_between_hands_is_not_dealt_the_next_hand(make_net):
    net = make_net()
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.host(type="configure", ruleset="last-card")
    net.host(type="start")
    for _ in range(2000):  # nobody acts: time-outs, then computers standing in, end the hand
        if net.tv()["phase"] == "over":
            break
        net.tick(net.remaining() or 0.0)
    assert net.tv()["phase"] == "over"
    net.host(type="remove", seat=2)
    assert net.tv()["result"]["match_over"] is False and net.tv()["view"]["counts"][2] == 0
    net.host(type="next_hand")
    tv = net.tv()
    assert tv["phase"] == "playing" and tv["view"]["counts"][2] == 0
    assert net.view("p0")["view"]["counts"][2] == 0
