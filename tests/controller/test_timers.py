"""Rules 000 section I (time and connection), for every ruleset: the controller's timers."""

from __future__ import annotations

from typing import Any

import pytest

# Seat 0 acts first; the stock's top card R7 is playable on the red starter.
SETUP = {
    "hands": [["R5", "G1", "B4"], ["B2", "Y3", "G6"]],
    "starter": "R3",
    "stock": ["R7", "G9", "B9", "Y8", "G2"],
    "first": 0,
}
# Here the stock's top card Y8 is not playable on the red starter.
DEAD_DRAW = {**SETUP, "stock": ["Y8", "G9", "B9", "R7", "G2"]}


@pytest.fixture
def net(make_net):
    """Two phones playing from ``SETUP``: seat 0 to act, its 20 s running."""
    return make_net(players=2, setup=SETUP)


def test_r38_each_decision_has_a_20s_limit(net):
    assert net.tv()["remaining"] == 20.0
    assert net.tv()["awaiting"] == [0]
    assert net.remaining() == 20.0
    net.tick(19.9)
    assert net.tv()["state"] == 1  # nothing happened
    net.tick(0.1)
    assert net.tv()["awaiting"] == [1]
    assert net.tv()["remaining"] == 20.0


def test_r39_a_fresh_20s_after_drawing_a_playable_card(net):
    net.tick(15)
    net.act("p0", "draw")
    assert net.view("p0")["view"]["pending"] == {"kind": "drawn", "seat": 0}
    assert net.view("p0")["awaiting"] == [0]
    assert net.remaining() == 20.0
    net.tick(19.9)
    assert net.tv()["awaiting"] == [0]
    net.tick(0.1)
    assert net.tv()["awaiting"] == [1]


def test_r40_time_out_before_drawing_draws_one_and_passes(net):
    net.tick(20)
    tv = net.tv()
    assert tv["seats"][0]["count"] == 4  # the drawn R7 was not played
    assert tv["view"]["top"] == "R3"
    assert tv["awaiting"] == [1]
    draws = [e for e in net.view("p0")["events"] if e["type"] == "draw"]
    assert [(e["seat"], e["cards"]) for e in draws] == [(0, ["R7"])]
    assert "R7" in net.view("p0")["view"]["hand"]


def test_a_time_out_is_said_in_the_log_before_what_the_table_did(net):
    net.tick(20)
    told = [(e["type"], e.get("seat"), e.get("reason")) for e in net.tv()["events"]]
    assert told[:2] == [("time_out", 0, None), ("draw", 0, "draw")]


def test_a_suit_the_table_let_stand_at_a_time_out_is_not_said_as_the_seats_choice(make_net):
    """Last Card's first card an Ace: the first player names the suit; when the time runs
    out the Ace's suit stands (002 D12), and the log says it is in force, not that the player
    named it (``suit.time_out``: "In force: spades", «Действует масть: пики»)."""
    setup = {"hands": [["5H", "KD"], ["9D", "2C"]], "starter": "AS", "stock": ["8C", "9C"]}
    net = make_net(setup={**setup, "first": 0})
    net.host(type="configure", ruleset="last-card")
    net.join("p0")
    net.join("p1")
    net.host(type="start")
    assert net.tv()["view"]["pending"] == {"kind": "suit", "seat": 0}
    net.tick(net.remaining())
    tv = net.tv()
    told = [(e["type"], e.get("seat"), e.get("timed_out")) for e in tv["events"]]
    assert told[-2:] == [("time_out", 0, None), ("suit", 0, True)]
    words = tv["texts"]["events"]
    assert (words["en"]["suit.time_out"], words["ru"]["suit.time_out"]) == (
        "In force: {suit}",
        "Действует масть: {suit}",
    )


# Every decision a time-out makes (docs/engine-api.md, "Timers, removal, seats"), each in a game
# that has it: the game, its deal (seat 0 first), the house rules on, the moves before the time
# runs out; then the seat it runs out on, the decision the table's ``time_out`` names (its
# ``pending``, none on a plain turn) and what the table then did for that seat, which its phone
# says (js/hand-ui.js, ``timedOut``).
PLAIN = {**SETUP, "first": 0}
FRENCH = {
    "hands": [["9C", "KD"], ["5D", "8C", "6S"], ["QS", "7S", "6C"]],
    "starter": "7H",
    "stock": ["8D", "9S", "10C", "JC", "QD"],
}
DECISIONS: dict[str, tuple[str, dict[str, Any], dict[str, Any], list[str], int, Any, list[Any]]] = {
    "a plain turn": ("poslednyaya", PLAIN, {}, [], 0, None, [("draw", "draw"), ("pass", None)]),
    "a card drawn": ("poslednyaya", PLAIN, {}, ["draw"], 0, "drawn", [("pass", None)]),
    "a 3's free card": (
        "last-one",
        {**FRENCH, "hands": [["3H", *FRENCH["hands"][0]], *FRENCH["hands"][1:]]},
        {},
        ["play 3H"],
        0,
        "free",
        [("pass", None)],
    ),
    "a melee's answer": (
        "last-one",
        {**FRENCH, "hands": [["4H", *FRENCH["hands"][0]], *FRENCH["hands"][1:]]},
        {},
        ["play 4H"],
        1,
        "melee",
        [("draw", "melee")],
    ),
    "a 4-chain": (
        "posledniy-igrok",
        {"hands": [["4H", "9C", "KD"], ["5D", "8C", "6S"]], "stock": FRENCH["stock"]},
        {},
        ["play 4H"],
        1,
        "chain",
        [("draw", "chain")],
    ),
    "a Last Card pickup": (
        "last-card",
        {**FRENCH, "hands": [["2H", "9C", "KD"], ["2D", "8C", "6S"]]},
        {},
        ["play 2H"],
        1,
        "pickup",
        [("draw", "pickup")],
    ),
    "a stacked Draw Two": (
        "poslednyaya",
        {**PLAIN, "hands": [["R+2", "G1"], ["B+2", "Y3"]]},
        {"stacking": True},
        ["play R+2"],
        1,
        "pickup",
        [("draw", "pickup")],
    ),
    "a Wild Draw Four's challenge": (
        "classic",
        {**PLAIN, "hands": [["W+4", "G1", "B4"], ["B2", "Y3", "G6"]]},
        {},
        ["play W+4 G"],
        1,
        "challenge",
        [("draw", "penalty")],
    ),
    "an ace starter's suit": (
        "last-card",
        {**FRENCH, "hands": [["5H", "KD"], ["9D", "2C"]], "starter": "AS"},
        {},
        [],
        0,
        "suit",
        [("suit", "S")],
    ),
    "a Wild starter's colour": (
        "classic",
        {**PLAIN, "starter": "W", "hands": [["G5", "G1", "B4"], ["B2", "Y3", "G6"]]},
        {},
        [],
        0,
        "suit",
        [("suit", "G")],
    ),
}


@pytest.mark.parametrize("decision", DECISIONS)
def test_a_time_out_names_the_decision_it_ran_out_on(make_net, decision):
    """Whose time ran out and on what, then what the table did for that seat; a melee's
    window runs out on its defender, which is not one more miss towards being away."""
    ruleset, deal, options, moves, seat, pending, done = DECISIONS[decision]
    net = make_net(setup={**deal, "first": 0})
    net.host(type="configure", ruleset=ruleset, options=options)
    for n in range(len(deal["hands"])):
        net.join(f"p{n}")
    net.host(type="start")
    for action in moves:
        net.act("p0", action)
    net.clear()
    net.tick(net.remaining())
    events = net.tv()["events"]
    late = {"type": "time_out", "seat": seat, **({"pending": pending} if pending else {})}
    assert {k: v for k, v in events[0].items() if k != "n"} == late
    told = [
        (e["type"], e.get("reason", e.get("active"))) for e in events[1:] if e.get("seat") == seat
    ]
    assert told == done
    assert net.table._lobby.seats[seat].misses == (0 if pending == "melee" else 1)


def test_r41_time_out_after_drawing_just_passes(net):
    net.act("p0", "draw")
    net.tick(20)
    tv = net.tv()
    assert tv["seats"][0]["count"] == 4
    assert tv["view"]["stock"] == 4  # nothing more drawn
    assert tv["awaiting"] == [1]


def test_r20_unplayable_draw_ends_the_turn_and_starts_the_next_timer(make_net):
    net = make_net(players=2, setup=DEAD_DRAW)
    net.tick(12)
    net.act("p0", "draw")
    assert net.tv()["awaiting"] == [1]
    assert net.remaining() == 20.0


def test_r42_a_disconnected_current_player_has_30s_to_return(net):
    net.tick(5)
    net.disconnect("p0")
    assert net.remaining() == 30.0
    assert net.tv()["seats"][0]["connected"] is False
    net.tick(29.9)
    assert net.tv()["awaiting"] == [0]
    net.rejoin("p0")
    net.act("p0", "play R5")
    assert net.tv()["view"]["top"] == "R5"


def test_r42_the_grace_runs_out_into_the_default_action(net):
    net.disconnect("p0")
    net.tick(30)
    assert net.tv()["awaiting"] == [1]
    assert net.tv()["seats"][0]["count"] == 4


def test_r42_a_decision_that_starts_while_disconnected_gets_the_grace(net):
    net.disconnect("p1")
    net.act("p0", "play R5")
    assert net.tv()["awaiting"] == [1]
    assert net.remaining() == 30.0


def test_r42_a_waiting_seats_drop_changes_nothing(net):
    net.tick(5)
    net.disconnect("p1")
    assert net.remaining() == 15.0


def test_r43_a_disconnected_players_seat_and_hand_are_kept(net):
    hand = net.view("p1")["view"]["hand"]
    net.disconnect("p1")
    assert net.tv()["seats"][1]["count"] == 3
    welcome = net.rejoin("p1", "p1-again")
    assert welcome["seat"] == 1 and welcome["role"] == "player"
    assert net.view("p1-again")["view"]["hand"] == hand


def test_r44_second_drop_does_not_extend(net):
    net.tick(5)
    net.disconnect("p0")  # deadline: t = 35
    net.tick(5)
    net.rejoin("p0")
    net.tick(10)
    net.disconnect("p0")
    assert net.remaining() == 15.0
    net.tick(15)
    assert net.tv()["awaiting"] == [1]


def test_r45_pause_stops_every_game_timer(net):
    net.tick(5)
    net.host(type="pause")
    assert net.tv()["paused"] is True
    assert net.remaining() is None
    net.tick(500)
    assert net.tv()["awaiting"] == [0]
    assert net.tv()["remaining"] == 15.0
    net.act("p0", "play R5")
    assert net.error("p0") == "paused"
    net.host(type="resume")
    assert net.remaining() == 15.0
    net.tick(15)
    assert net.tv()["awaiting"] == [1]


def test_r45_the_rules_overlay_does_not_stop_the_timers(net):
    net.tick(5)
    net.host(type="rules", open=True)
    assert net.tv()["rules_open"] is True
    assert net.remaining() == 15.0
    net.tick(15)
    assert net.tv()["awaiting"] == [1]


@pytest.mark.parametrize(("turn", "expected"), [(60, 60.0), (None, None)])
def test_timer_lengths_are_set_in_the_lobby(make_net, turn, expected):
    net = make_net(setup=SETUP)
    net.host(type="configure", timers={"turn": turn})
    assert net.tv()["lobby"]["timers"]["turn"] == expected
    net.join("p0")
    net.join("p1")
    net.host(type="start")
    assert net.remaining() == expected
    net.tick(3600)
    assert net.tv()["awaiting"] == ([1] if turn else [0])


@pytest.mark.parametrize(
    "timers",
    [{"turn": 1}, {"turn": "20"}, {"turn": True}, {"bot_pause": None}, {"nap": 3}, {"grace": -5}],
)
def test_timer_settings_out_of_range_are_refused(make_net, timers):
    net = make_net()
    net.host(type="configure", timers=timers)
    assert net.error("tv") == "bad_options"
    assert net.table.snapshot()["timers"] == {
        "turn": 20.0,
        "grace": 30.0,
        "melee": 5.0,
        "bot_pause": 1.0,
    }


def test_grace_off_leaves_the_deadline_alone(make_net):
    net = make_net(setup=SETUP)
    net.host(type="configure", timers={"grace": None})
    net.join("p0")
    net.join("p1")
    net.host(type="start")
    net.tick(5)
    net.disconnect("p0")
    assert net.remaining() == 15.0


def test_a_melee_window_that_runs_out_after_its_defender_passed_is_no_time_out_of_theirs(make_net):
    """The defender answered the melee (passed); the window runs out on the seats still free
    to join it: the defender loses it by their own answer, and nothing says their time ran out
    (their phone would say the clock lost them the melee)."""
    deal = {**FRENCH, "hands": [["4H", *FRENCH["hands"][0]], *FRENCH["hands"][1:]], "first": 0}
    net = make_net(setup=deal)
    net.host(type="configure", ruleset="last-one")
    for n in range(3):
        net.join(f"p{n}")
    net.host(type="start")
    net.act("p0", "play 4H")
    net.act("p1", "pass")
    assert net.tv()["view"]["pending"]["kind"] == "melee"
    net.clear()
    net.tick(net.remaining())
    events = net.tv()["events"]
    assert [e["type"] for e in events if e["type"] == "time_out"] == []
    assert [(e["type"], e.get("reason")) for e in events if e.get("seat") == 1] == [
        ("draw", "melee")
    ]
