"""A table that keeps its word over a match (issue 13): removal that sticks and takes the seat out
of the match (000 D16), a grace that only extends (D14), a decision's clock that others' out-of-turn
moves do not restart (D15), away seats and their stand-in, distinct names, the match shown as it
goes (hand, goal, dealer, eliminations, every hand's scores) and the record of every game."""

from __future__ import annotations

import json

import pytest
from lastcard.replay import RecordError, replay

# last-one, three seats: seat 0 goes out at once with its only card (the hand ends, scored).
OUT_AT_ONCE = {
    "hands": [["5H"], ["KD", "9D", "2C"], ["QS", "7S", "6C"]],
    "starter": "7H",
    "stock": ["8C", "9C", "10C", "JC", "QC", "KC", "AC", "4D", "6D", "8D"],
    "first": 0,
}
# poslednyaya, three seats: seat 0 goes out at once.
POSL_OUT = {
    "hands": [["R5"], ["B2", "Y3", "G6"], ["G1", "B4", "Y9"]],
    "starter": "R3",
    "stock": ["R7", "G9", "B9", "Y8", "G2", "Y1", "B1"],
    "first": 0,
}
# last-one: seat 1 holds one card (it may call "last one" at any time); seat 0 is to move.
ONE_CARD = {
    "hands": [["5H", "9C", "KD"], ["3C"], ["QS", "7S", "6C"]],
    "starter": "7H",
    "stock": ["8C", "9S", "10C", "JC"],
    "first": 0,
}
# last-one: seat 0's 4H starts a melee (5H is due); neither other seat holds it.
MELEE = {
    "hands": [["4H", "9C", "KD"], ["5D", "8C"], ["QS", "7S", "6C"]],
    "starter": "7H",
    "stock": ["8D", "9S", "10C", "JC"],
    "first": 0,
}
# poslednyaya, two seats: nobody can end the hand soon (for timeouts)
SLOW = {
    "hands": [["R5", "G1", "B4"], ["B2", "Y3", "G6"]],
    "starter": "R3",
    "stock": ["R7", "G9", "B9", "Y8", "G2", "Y1", "B1", "G3", "B3", "Y4"],
    "first": 0,
}


def logged(net):
    """Every event the TV has been sent so far."""
    return [e for m in net.inbox["tv"] if m["type"] == "tv" for e in m["events"]]


def started(make_net, setup, ruleset="poslednyaya", phones=3, **configure):
    net = make_net(setup=setup)
    if ruleset != "poslednyaya" or configure:
        net.host(type="configure", ruleset=ruleset, **configure)
    for n in range(phones):
        net.join(f"p{n}")
    net.host(type="start")
    assert net.tv()["phase"] == "playing", net.last("tv")
    return net


# ----------------------------------------------------------------- removal (000 D16, rule 52-53)
def test_d16_a_seat_removed_between_hands_takes_no_part_in_the_next(make_net):
    net = started(make_net, OUT_AT_ONCE, "last-one")
    net.act("p0", "play 5H")
    assert net.tv()["phase"] == "over"
    net.host(type="remove", seat=2)
    assert net.last("p2")["type"] == "removed"
    assert any(e["type"] == "removed" and e["seat"] == 2 for e in net.tv()["events"])
    net.host(type="next_hand")
    tv = net.tv()
    assert tv["phase"] == "playing" and tv["view"]["counts"][2] == 0
    assert tv["seats"][2]["removed"] is True
    for _ in range(60):  # never dealt, never awaited, never given a grace
        if net.tv()["phase"] != "playing":
            break
        assert 2 not in net.tv()["awaiting"]
        assert net.tv()["view"]["counts"][2] == 0
        net.tick(20)


def test_d16_a_removal_between_hands_leaving_one_player_ends_the_match(make_net):
    two = {**OUT_AT_ONCE, "hands": OUT_AT_ONCE["hands"][:2]}
    net = started(make_net, two, "last-one", phones=2)
    net.act("p0", "play 5H")
    net.host(type="remove", seat=1)
    result = net.tv()["result"]
    assert result["match_over"] is True and result["match_winners"] == []
    assert result["stopped"] is True
    net.host(type="next_hand")
    assert net.error("tv") == "not_allowed"


def test_d16_a_removed_player_who_comes_back_to_watch_does_not_ask_to_play(make_net):
    net = started(make_net, POSL_OUT)
    net.host(type="remove", seat=2)
    assert net.last("p2")["type"] == "removed"
    # hello without a token (another browser), not asking to play, under the removed name
    net.send("p2", type="hello", name="p2", play=False)
    assert net.last("p2", "welcome")["role"] == "spectator"
    assert [(x["name"], x["play"]) for x in net.tv()["spectators"]] == [("p2", False)]
    net.act("p0", "play R5")
    net.host(type="lobby")
    tv = net.tv()
    assert [s["name"] for s in tv["seats"]] == ["p0", "p1"]
    assert net.view("p2")["seat"] is None
    net.send("p2", type="play", want=True)  # the name is a removed phone's: the host decides
    assert net.error("p2") == "barred"
    net.host(type="let_in", id=net.tv()["spectators"][0]["id"])
    assert [s["name"] for s in net.tv()["seats"]] == ["p0", "p1", "p2"]


def test_d16_a_removed_phone_that_missed_the_news_comes_back_watching(make_net):
    net = started(make_net, POSL_OUT)
    net.disconnect("p2")
    net.host(type="remove", seat=2)
    welcome = net.rejoin("p2", "p2b")  # its old token
    assert welcome["role"] == "spectator" and welcome["token"] != net.tokens["p2"]
    assert net.view("p2b")["play"] is False
    net.act("p0", "play R5")
    net.host(type="lobby")
    assert [s["name"] for s in net.tv()["seats"]] == ["p0", "p1"]
    net.connect("p2c")  # the old token is spent
    net.send("p2c", type="hello", name="p2", token=net.tokens["p2"])
    assert net.error("p2c") == "bad_token"


def test_d16_nobody_absent_is_seated_by_a_rematch(make_net):
    net = started(make_net, POSL_OUT)
    net.join("late")  # a spectator who asks to play ...
    net.join("gone")
    net.disconnect("gone")  # ... and one whose phone is gone
    net.host(type="remove", seat=2)
    net.disconnect("p2")
    net.act("p0", "play R5")
    net.host(type="rematch")
    assert [s["name"] for s in net.tv()["seats"]] == ["p0", "p1", "late"]


def test_a_removed_player_is_logged_as_having_left(make_net):
    net = started(make_net, POSL_OUT)
    net.host(type="remove", seat=1)
    assert {k: v for k, v in net.tv()["events"][-1].items() if k != "n"} == {
        "type": "removed",
        "seat": 1,
    }


# ----------------------------------------------------------------- D14: the grace only extends
@pytest.mark.parametrize(("wait", "left"), [(0, 120.0), (50, 70.0), (100, 30.0)])
def test_d14_the_grace_never_shortens_a_long_turn(make_net, wait, left):
    net = started(make_net, SLOW, phones=2, timers={"turn": 120})
    net.tick(wait)
    net.disconnect("p0")
    assert net.tv()["remaining"] == left
    net.rejoin("p0")
    net.disconnect("p0")  # once per decision
    assert net.tv()["remaining"] == left


def test_d14_with_no_turn_timer_a_drop_sets_no_deadline(make_net):
    net = started(make_net, SLOW, phones=2, timers={"turn": None})
    net.disconnect("p0")
    assert net.tv()["remaining"] is None


# ----------------------------------------------------------------- D15: a decision's clock
def test_d15_a_last_one_call_out_of_turn_does_not_restart_the_turn(make_net):
    net = started(make_net, ONE_CARD, "last-one")
    net.tick(5)
    assert "last" in net.view("p1")["view"]["legal"]
    net.act("p1", "last")
    assert net.tv()["awaiting"] == [0]
    assert net.remaining() == 15.0
    assert net.tv()["remaining"] == 15.0


def test_d15_an_out_of_turn_call_grants_no_second_grace(make_net):
    net = started(make_net, ONE_CARD, "last-one")
    net.tick(5)
    net.disconnect("p0")  # until the later of 20 and 5 + 30 = 35
    net.tick(10)
    net.act("p1", "last")
    assert net.remaining() == 20.0


def test_d15_a_melee_pass_does_not_restart_the_melee_window(make_net):
    net = started(make_net, MELEE, "last-one", timers={"melee": 10})
    net.act("p0", "play 4H")
    assert net.tv()["view"]["pending"]["kind"] == "melee"
    assert net.remaining() == 10.0
    net.tick(4)
    net.act("p1", "pass")
    assert net.tv()["view"]["pending"]["kind"] == "melee"
    assert net.remaining() == 6.0


def test_a_melees_first_attack_is_a_log_line_as_its_answers_are(make_net):
    """The engine says a melee only when a card answers it; the table says its start too
    ("Melee: Ann attacks, 4 cards at stake"), once, right after the card that started it."""
    net = started(make_net, MELEE, "last-one")
    net.act("p0", "play 4H")
    told = [(e["type"], e.get("seat"), e.get("count")) for e in net.tv()["events"]]
    assert told[-2:] == [("play", 0, None), ("melee", 0, 4)]
    net.act("p1", "pass")  # the melee goes on: no second line for it
    assert [e["type"] for e in logged(net)].count("melee") == 1


# ----------------------------------------------------------------- away seats
def test_two_timeouts_in_a_row_show_a_seat_away_until_it_acts(make_net):
    net = started(make_net, SLOW, phones=2)
    net.tick(20)  # p0 times out
    assert net.tv()["seats"][0]["away"] is False
    net.act("p1", "draw")  # not playable: p0 again
    net.tick(20)  # p0: two in a row
    tv = net.tv()
    assert tv["seats"][0]["away"] is True and tv["seats"][1]["away"] is False
    assert net.view("p0")["seats"][0]["away"] is True
    assert [e["seat"] for e in logged(net) if e["type"] == "away"] == [0]
    assert tv["seats"][0]["removed"] is False  # nobody is removed automatically
    for _ in range(3):
        if net.tv()["awaiting"] == [0]:
            break
        net.tick(20)
    net.act("p0", "draw")
    assert net.tv()["seats"][0]["away"] is False
    assert logged(net)[-1]["type"] == "back" or "back" in [e["type"] for e in logged(net)]


def test_a_computer_stands_in_for_an_away_seat_when_the_lobby_says_so(make_net):
    net = make_net(setup=SLOW)
    net.host(type="refresh")
    assert net.tv()["lobby"]["away_bot"] is False  # off by default
    net.host(type="configure", away_bot=True)
    assert net.tv()["lobby"]["away_bot"] is True
    net.join("p0")
    net.join("p1")
    net.host(type="start")
    net.tick(20)
    net.act("p1", "draw")
    net.tick(20)  # p0 is away now
    assert net.tv()["seats"][0]["away"] is True
    while net.tv()["awaiting"] != [0]:
        net.act(f"p{net.tv()['awaiting'][0]}", "draw")
        if net.tv()["awaiting"] == [1]:
            net.tick(20)
    state = net.tv()["state"]
    net.tick(3)  # the stand-in moves well before the 20 s timer
    assert net.tv()["state"] > state
    assert net.tv()["seats"][0]["away"] is True  # until the phone acts itself


def test_the_away_setting_survives_a_reload(make_net, clock):
    from tablehost import Table

    net = make_net()
    net.host(type="configure", away_bot=True)
    assert Table.restore(net.table.snapshot(), clock).snapshot()["away_bot"] is True


# ----------------------------------------------------------------- names
def test_duplicate_names_get_a_distinguishing_suffix(make_net):
    net = make_net()
    net.join("a", name="Anna")
    net.join("b", name="Anna")
    net.join("c", name="anna")
    net.host(type="add_local", name="Anna")
    assert [s["name"] for s in net.tv()["seats"]] == ["Anna", "Anna 2", "anna 3", "Anna 4"]
    assert net.last("b", "welcome")["name"] == "Anna 2"
    net.send("a", type="hello", name="Anna")  # renaming to one's own name keeps it
    assert net.tv()["seats"][0]["name"] == "Anna"


# ----------------------------------------------------------------- a match you can follow
def test_the_match_line_says_hand_goal_and_dealer(make_net):
    net = started(make_net, OUT_AT_ONCE, "last-one", options={"threshold": 100})
    match = net.tv()["match"]
    assert match == {"hand": 1, "of": None, "out_at": 100, "first_to": None, "dealer": 2}
    assert net.view("p1")["match"] == match
    poslednyaya = started(make_net, POSL_OUT)
    assert poslednyaya.tv()["match"] is None


def test_results_carry_every_hands_scores(make_net):
    net = started(make_net, OUT_AT_ONCE, "last-one")
    net.act("p0", "play 5H")
    result = net.tv()["result"]
    assert result["history"] == [
        {"hand": 1, "winners": [0], "scores": result["scores"], "eliminated": []}
    ]
    assert result["record"] is True


def test_an_elimination_is_announced(make_net):
    net = started(make_net, OUT_AT_ONCE, "last-one", options={"threshold": 20})
    net.act("p0", "play 5H")  # seat 1 holds 10 + 9 + 2 = 21, seat 2 holds 10 + 7 + 6 = 23
    tv = net.tv()
    out = sorted(e["seat"] for e in tv["events"] if e["type"] == "eliminated")
    assert out == tv["view"]["eliminated"] == [1, 2]
    # told in order: the hand's end, who it put out, then the match's end (its consequence)
    told = [e["type"] for e in tv["events"]]
    assert told[-4:] == ["hand_over", "eliminated", "eliminated", "match_over"]


def test_the_log_tells_a_deal_before_what_its_starter_set_off(make_net):
    """The first hand's starter acts at the deal: the log says so (it used to say nothing, and a
    first player with two more cards, skipped, was a mystery), after the deal's own line, as for
    every later hand."""
    for seed in range(1, 40):  # a table whose first Classic hand turns a Draw Two
        net = make_net(seed=seed)
        net.host(type="configure", ruleset="classic")
        net.join("p0")
        net.join("p1")
        net.host(type="start")
        if net.tv()["view"]["top"].endswith("+2"):
            break
    else:
        raise AssertionError("no Draw Two starter in 39 tables")
    tv = net.tv()
    first = 1 - tv["view"]["turn"]  # it drew two and lost the turn to the other seat
    told = [(e["type"], e.get("seat"), e.get("count")) for e in tv["events"]]
    assert told == [("deal", tv["view"]["turn"], None), ("draw", first, 2), ("skip", first, None)]
    assert tv["seats"][first]["count"] == 9
    drawn = [e for e in net.view(f"p{first}")["events"] if e["type"] == "draw"]
    assert len(drawn[0]["cards"]) == 2  # its owner sees the two cards; the others do not
    assert "cards" not in next(e for e in tv["events"] if e["type"] == "draw")
    deal = tv["events"][0]
    assert (deal["hand"], deal["dealer"]) == (1, tv["match"]["dealer"])


def test_the_automatic_last_card_call_is_a_log_line(make_net):
    setup = {**POSL_OUT, "hands": [["R5", "R6"], ["B2", "Y3", "G6"], ["G1", "B4", "Y9"]]}
    net = started(make_net, setup)
    net.act("p0", "play R5")
    calls = [e for e in net.tv()["events"] if e["type"] == "call"]
    assert [(e["seat"], e["auto"]) for e in calls] == [(0, True)]


# ----------------------------------------------------------------- the record
def test_the_record_is_offered_after_a_hand_and_replays(make_net):
    net = make_net(seed=5)
    net.join("p0")
    for _ in range(2):
        net.host(type="add_bot", level="easy")
    net.host(type="configure", timers={"bot_pause": 0})
    net.host(type="start")
    net.host(type="record")
    assert net.error("tv") == "not_allowed"  # not while a hand is played
    for _ in range(400):
        if net.tv()["phase"] == "over":
            break
        net.tick(20)
    assert net.tv()["result"]["record"] is True
    net.host(type="record")
    message = net.last("tv", "record")
    assert message["name"].endswith(".json")
    record = message["record"]
    assert record["seed"] is not None and record["complete"] is True
    assert any(s["step"] == "time_out" for s in record["steps"])
    assert replay(json.loads(json.dumps(record))).hands == 1
    text = json.dumps(record)
    hand = net.table.snapshot()["game"]
    assert "stock" not in text and all(c not in text for c in hand["stock"][:3] if len(c) > 2)
    record["steps"].pop()
    with pytest.raises(RecordError, match="checksum"):
        replay(record)


def test_the_record_names_the_tables_computers_in_its_language_as_every_screen_does(
    make_net, clock
):
    """The TV's language switched during a hand: the computers the table named are named in the
    new one on every screen, old log lines and results included, and so in the game's record and
    its replay (the record kept the names of the deal: "Hand over: Bot 1" against the results'
    «Компьютер 1»); a name the host gave stays. Back in the lobby, a switch leaves the finished
    game's record as it is."""
    from tablehost import Table

    net = make_net(seed=5)
    net.join("p0", "Ann")
    net.host(type="add_bot", level="easy")
    net.host(type="add_bot", level="easy", name="Robo")
    net.host(type="configure", timers={"bot_pause": 0})
    net.host(type="start")
    net.tick(20)
    assert net.tv()["phase"] == "playing"
    net.host(type="lang", lang="ru")
    for _ in range(400):
        if net.tv()["phase"] == "over":
            break
        net.tick(20)
    shown = [s["name"] for s in net.tv()["seats"]]
    assert shown == [s["name"] for s in net.view("p0")["seats"]] == ["Ann", "Компьютер 1", "Robo"]
    net.host(type="record")
    record = net.last("tv", "record")["record"]
    assert record["names"] == shown
    winner = shown[net.tv()["result"]["winners"][0]]
    assert replay(json.loads(json.dumps(record))).log[-1] == f"Hand over: {winner}"
    restored = Table.restore(json.loads(json.dumps(net.table.snapshot())), clock)
    assert restored.snapshot()["record"]["names"] == shown

    net.host(type="lobby")
    net.host(type="add_bot", level="hard")  # a fourth seat: the record has three
    net.clear()
    net.host(type="lang", lang="en")
    assert [m["type"] for m in net.inbox["tv"]] == ["tv"]  # no error
    assert [s["name"] for s in net.tv()["seats"]] == ["Ann", "Bot 1", "Robo", "Bot 3"]
    assert net.table.snapshot()["record"]["names"] == shown


def test_the_record_names_a_player_who_renames_as_every_screen_does(make_net, clock):
    """A phone renamed during a hand, and again once it is over: every screen names the player
    anew, and so do the game's record and its replay (the record kept the name of the deal, as
    it did the computers' after a language switch). Back in the lobby, a rename leaves the
    finished game's record as it is."""
    from tablehost import Table

    net = make_net(seed=5)
    net.join("p0", "Ann")
    net.host(type="add_bot", level="easy")
    net.host(type="configure", timers={"bot_pause": 0})
    net.host(type="start")
    net.tick(20)
    assert net.tv()["phase"] == "playing"
    net.send("p0", type="hello", name="Anna")
    assert net.table.snapshot()["record"]["names"] == ["Anna", "Bot 1"]
    for _ in range(400):
        if net.tv()["phase"] == "over":
            break
        net.tick(20)
    assert net.tv()["phase"] == "over"
    net.send("p0", type="hello", name="Anya")
    shown = [s["name"] for s in net.tv()["seats"]]
    assert shown == [s["name"] for s in net.view("p0")["seats"]] == ["Anya", "Bot 1"]
    net.host(type="record")
    record = net.last("tv", "record")["record"]
    assert record["names"] == shown
    assert replay(json.loads(json.dumps(record))).log[0].endswith(" seats: Anya, Bot 1")
    restored = Table.restore(json.loads(json.dumps(net.table.snapshot())), clock)
    assert restored.snapshot()["record"]["names"] == shown

    net.host(type="lobby")
    net.send("p0", type="hello", name="Ann")
    assert [s["name"] for s in net.tv()["seats"]] == ["Ann", "Bot 1"]
    assert net.table.snapshot()["record"]["names"] == shown


def test_a_record_mid_match_keeps_the_seed_back_and_a_reload_keeps_it(make_net, clock):
    from tablehost import Table

    net = make_net(seed=3)
    net.host(type="configure", ruleset="posledniy-igrok", options={"hands": 2})
    net.join("p0")
    net.host(type="add_bot", level="easy")
    net.host(type="configure", timers={"bot_pause": 0})
    net.host(type="start")
    for _ in range(400):
        if net.tv()["phase"] == "over":
            break
        net.tick(20)
    net.host(type="record")
    assert net.last("tv", "record")["record"]["seed"] is None
    restored = Table.restore(json.loads(json.dumps(net.table.snapshot())), clock)
    assert restored.snapshot()["record"] == net.table.snapshot()["record"]
    net.host(type="next_hand")
    for _ in range(400):
        if net.tv()["phase"] == "over":
            break
        net.tick(20)
    assert net.tv()["result"]["match_over"] is True
    assert len(net.tv()["result"]["history"]) == 2
    net.host(type="record")
    record = net.last("tv", "record")["record"]
    assert record["seed"] is not None
    assert replay(record).hands == 2


def test_next_hand_is_refused_after_a_single_hand_game(make_net):
    """«Последняя» is one hand: after it the host deals a rematch (a new seed, spectators who
    asked to play dealt in: rule D12), never the engine's next hand of the same game."""
    net = started(make_net, POSL_OUT)
    net.act("p0", "play R5")
    assert net.tv()["phase"] == "over"
    before = net.table.snapshot()
    net.host(type="next_hand")
    assert net.error("tv") == "not_allowed"
    assert net.table.snapshot() == before
    net.host(type="rematch")
    assert net.tv()["phase"] == "playing" and net.table.snapshot()["games"] == before["games"] + 1


#: the TV's log lines that are no part of a game's record: who is away or back, a paused table
TABLE_ONLY = {"away", "back", "unattended", "bot_fault"}


@pytest.mark.parametrize(
    ("ruleset", "options", "seed"),
    [("poslednyaya", {"jump_in": True}, 2), ("last-one", {"threshold": 60}, 1)],
)
def test_a_records_replay_tells_the_game_as_the_tvs_log_did(make_net, ruleset, options, seed):
    """One source for both logs (lastcard.words ``told``): the replay says the table's own lines
    too, a jump-in, whose time ran out (a melee's window too), a melee's first attack, an
    automatic call and an elimination, in the order the TV's log said them."""
    net = make_net(seed=seed)
    net.host(type="configure", ruleset=ruleset, options=options)
    net.join("p0")  # never acts: its turns run out, then a computer stands in for it
    for _ in range(3):
        net.host(type="add_bot", level="easy")
    net.host(type="configure", timers={"bot_pause": 0, "turn": 5}, away_bot=True)
    net.host(type="start")
    for _ in range(20_000):
        tv = net.tv()
        if tv["phase"] == "over" and tv["result"]["match_over"] is not False:
            break
        if tv["phase"] == "over":
            net.host(type="next_hand")
        elif tv.get("paused"):
            net.host(type="resume")
        else:
            net.tick(5)
    net.host(type="record")
    record = json.loads(json.dumps(net.last("tv", "record")["record"]))
    said = replay(record).events
    shown = [e for e in logged(net) if e["type"] not in TABLE_ONLY]
    assert [(e["type"], e.get("seat")) for e in said] == [(e["type"], e.get("seat")) for e in shown]
    kinds = {e["type"] for e in said}
    assert {"time_out", "jump_in", "call"} <= kinds or {"time_out", "melee", "eliminated"} <= kinds
