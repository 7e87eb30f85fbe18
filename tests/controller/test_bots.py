"""Computer seats: played through ``lastcard.bots.choose`` after a human pause."""

from __future__ import annotations

import pytest

pytest.importorskip("lastcard.bots")

# Seat 1 (the bot) moves first; R9 and the wild are legal for it.
SETUP = {
    "hands": [["R5", "G1", "B4"], ["B2", "R9", "W"]],
    "starter": "R3",
    "stock": ["Y8", "G9", "B9", "R7", "G2", "Y1", "Y2", "Y3"],
    "first": 1,
}


def bot_table(make_net, level="normal", pause=None, **kwargs):
    net = make_net(setup=SETUP, **kwargs)
    if pause is not None:
        net.host(type="configure", timers={"bot_pause": pause})
    net.join("p0")
    net.host(type="add_bot", level=level)
    net.host(type="start")
    return net


def test_a_bot_moves_after_the_human_pause(make_net):
    net = bot_table(make_net)
    assert net.tv()["awaiting"] == [1]
    assert net.remaining() == 1.0
    net.tick(0.99)
    assert net.tv()["state"] == 1
    net.tick(0.01)
    tv = net.tv()
    assert tv["state"] == 2 and tv["seats"][1]["count"] == 2
    assert tv["awaiting"] == [0] and net.remaining() == 20.0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_a_bot_only_table_to_the_end(make_net, level):
    net = make_net(bot_playouts=4)
    net.host(type="configure", timers={"bot_pause": 0})
    for _ in range(3):
        net.host(type="add_bot", level=level)
    net.host(type="start")
    net.tick()
    tv = net.tv()
    assert tv["phase"] == "over" and tv["result"]["winners"]


def test_pause_and_the_hold_stop_the_bots(make_net):
    net = bot_table(make_net)
    net.host(type="pause")
    net.tick(60)
    assert net.tv()["state"] == 1
    net.host(type="resume")
    net.disconnect("p0")  # the only human is away: the table waits (rule 54), bots too
    net.tick(60)
    assert net.tv()["state"] == 1 and net.tv()["waiting"] is True
    net.rejoin("p0")
    net.tick(1)
    assert net.tv()["state"] == 2


def test_bot_moves_are_reproducible(make_net):
    def played(net):
        net.tick(1)
        return net.tv()["view"]["top"]

    assert played(bot_table(make_net, seed=3)) == played(bot_table(make_net, seed=3))


def test_a_bot_with_nothing_to_do_is_not_scheduled(make_net):
    net = make_net(setup={**SETUP, "first": 0})
    net.join("p0")
    net.host(type="add_bot", level="easy")
    net.host(type="start")
    assert net.tv()["awaiting"] == [0]
    assert net.remaining() == 20.0
    net.act("p0", "play R5")
    assert net.remaining() == 1.0


def test_bot_turns_announce_the_choice_the_table_will_make(make_net, clock):
    """A host that thinks ahead elsewhere (the browser's bot worker) learns each due bot move's
    arguments from ``bot_turns`` and hands the answer in through the ``choose`` it injects."""
    asked = []

    def choose(game, seat, level, seed, **kwargs):
        asked.append((seat, level, seed))
        return game.legal_actions(seat)[0]

    net = bot_table(make_net, level="hard", choose=choose)
    state = net.tv()["state"]
    [turn] = net.table.bot_turns()
    assert (turn.seat, turn.level, turn.state) == (1, "hard", state)
    assert turn.at == clock.now + 1.0 == net.table.next_deadline()
    net.tick(1)
    assert asked == [(turn.seat, turn.level, turn.seed)]
    assert net.tv()["state"] == state + 1
    assert net.table.bot_turns() == []  # the human's turn now
    net.host(type="pause")
    assert net.table.bot_turns() == []


def test_a_move_still_being_worked_out_elsewhere_waits_for_the_next_tick(make_net):
    from tablehost import THINKING

    answers = []

    def choose(game, seat, level, seed, **kwargs):
        return answers.pop() if answers else THINKING

    net = bot_table(make_net, choose=choose)
    state = net.tv()["state"]
    net.tick(5)
    assert net.tv()["state"] == state  # nothing moved, the move is still due
    assert net.table.next_deadline() is not None and net.table.bot_turns()[0].seat == 1
    answers.append("draw")
    net.tick()
    assert net.tv()["state"] == state + 1


def test_h14_a_bot_jumps_in_out_of_turn_at_the_table(make_net):
    """Jump-in (docs/house-rules.md, H6, H14): a computer seat holding the card on top is asked
    out of turn, as in a melee, and plays it; play goes on from it."""
    setup = {
        "hands": [["R6", "G1", "B4"], ["R5", "B2", "Y7"]],
        "starter": "R5",
        "stock": ["Y8", "G9", "B9", "G2"],
        "first": 0,
    }
    net = make_net(setup=setup)
    net.host(type="configure", options={"jump_in": True})
    net.join("p0")
    net.host(type="add_bot", level="normal")
    net.host(type="start")
    assert net.tv()["awaiting"] == [0]
    net.tick(1.0)
    tv = net.tv()
    assert tv["seats"][1]["count"] == 2 and tv["awaiting"] == [0] and tv["state"] == 2


def test_a_bot_calls_its_last_card_at_once_not_after_the_pause(make_net):
    # With a penalty for a missed call (a house rule of «Последняя»), the call must come before
    # the next seat plays: a player says "last card" as the card goes down, so a bot makes its
    # call without the human pause that its moves wait for.
    setup = {**SETUP, "hands": [["R5", "G1", "B4"], ["B2", "R9"]]}
    net = make_net(setup=setup)
    net.host(type="configure", options={"last_call_penalty": 2}, timers={"bot_pause": 2})
    net.join("p0")
    net.host(type="add_bot", level="normal")
    net.host(type="start")
    net.tick(2)  # the bot plays its second-last card after the pause, and calls with it
    tv = net.tv()
    assert [(e["type"], e["seat"]) for e in tv["events"]] == [("play", 1), ("call", 1)]
    assert tv["seats"][1]["count"] == 1 and tv["awaiting"] == [0]
    net.act("p0", "play R5")  # the next play at once comes too late to catch it
    assert net.tv()["seats"][1]["count"] == 1
