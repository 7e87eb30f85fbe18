"""Absent players and a hand that always ends (issue 25): the host is asked about an away seat
(a computer plays for it, or the table keeps waiting), a seat that lets FORCE_STAND_IN decisions
in a row time out gets a computer even with the lobby's option off, and in every ruleset any mix
of computers and idle phones finishes its hand, or, when computers alone would go round for ever,
pauses it after UNATTENDED decisions of their own."""

from __future__ import annotations

import lastcard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablehost import Table
from tablehost import table as table_module
from tablehost.lobby import AWAY_AFTER, FORCE_STAND_IN
from tablehost.table import STAND_IN_PAUSE

from .conftest import FakeClock, Net

TURN = 20.0
#: decisions a hand below may take: `easy` plays at random (a draw as likely as any play), so a
#: table of them runs long: 60 seeded all-`easy` hands of Classic at six players took up to about
#: 4,500 (median 570), and hypothesis found a two-hand Classic match of 1,848 + 1,432; a hand
#: that never ends passes any bound
DECISIONS = 20_000


def keep_playing(net: Net, misses: int) -> None:
    """p1 plays its first legal move whenever it is awaited; p0 never acts: run until p0 let
    ``misses`` of its decisions in a row time out."""
    while net.table.snapshot()["seats"][0]["misses"] < misses:
        tv = net.tv()
        assert tv["phase"] == "playing"
        if tv["awaiting"] == [1]:
            net.act("p1", net.view("p1")["view"]["legal"][0])
        else:
            net.tick(net.remaining() or 0.0)


def test_the_host_lets_a_computer_play_for_an_away_seat(make_net):
    net = make_net(players=2)
    keep_playing(net, AWAY_AFTER)
    seat = net.tv()["seats"][0]
    assert seat["away"] is True and seat["stand_in"] is False and seat["kept"] is False
    net.send("p1", type="host", command={"type": "stand_in", "seat": 0, "on": True})
    assert net.error("p1") == "not_host"
    net.send("p0", type="host", command={"type": "stand_in", "seat": 0, "on": True})
    assert net.tv()["seats"][0]["stand_in"] is True
    assert net.view("p1")["seats"][0]["stand_in"] is True  # every phone sees it
    while net.tv()["awaiting"] != [0]:
        net.act("p1", net.view("p1")["view"]["legal"][0])
    state = net.tv()["state"]
    net.tick(STAND_IN_PAUSE)  # the computer moves, well before the turn timer
    assert net.tv()["state"] > state
    while net.tv()["awaiting"] != [0]:
        net.act("p1", net.view("p1")["view"]["legal"][0])
    net.act("p0", net.view("p0")["view"]["legal"][0])  # the phone is back: its seat is its own
    seat = net.tv()["seats"][0]
    assert seat["away"] is False and seat["stand_in"] is False


def test_keep_waiting_holds_until_the_seat_has_missed_too_many_decisions(make_net):
    net = make_net(players=2)
    keep_playing(net, AWAY_AFTER)
    net.host(type="stand_in", seat=0, on=False)  # "keep waiting"
    seat = net.tv()["seats"][0]
    assert seat["kept"] is True and seat["stand_in"] is False
    keep_playing(net, FORCE_STAND_IN - 1)
    assert net.tv()["seats"][0]["stand_in"] is False
    keep_playing(net, FORCE_STAND_IN)  # nobody holds that phone: a computer plays for it now
    assert net.tv()["seats"][0]["stand_in"] is True
    while net.tv()["awaiting"] != [0] and net.tv()["phase"] == "playing":
        net.act("p1", net.view("p1")["view"]["legal"][0])
    state = net.tv()["state"]
    net.tick(STAND_IN_PAUSE)
    assert net.tv()["state"] > state


def test_the_question_is_answered_only_during_a_game_and_for_a_player(make_net):
    net = make_net()
    net.join("p0")
    net.host(type="add_bot", level="easy")
    net.host(type="stand_in", seat=0, on=True)
    assert net.error("tv") == "not_allowed"
    net.host(type="start")
    before = net.table.snapshot()
    for seat in (1, 7):
        net.host(type="stand_in", seat=seat, on=True)
        assert net.error("tv") == "not_seated"
    for on in (True, False):  # a player who is here is not answered for ahead of time
        net.host(type="stand_in", seat=0, on=on)
        assert net.error("tv") == "not_found"  # the TV: "Already dealt with, or no longer there"
    assert net.table.snapshot() == before


def play_out(net: Net) -> int:
    """Let the clock run (nobody but computers acts) until the hand is over, or until the table
    pauses it after UNATTENDED decisions of its own in a row (nobody plays); its decisions."""
    start = int(net.tv()["state"])
    while net.tv()["phase"] == "playing" and not net.tv()["paused"]:
        assert net.tv()["state"] - start < DECISIONS, "the hand makes no progress"
        net.tick(net.remaining() or 0.0)
    if net.tv()["paused"]:
        assert net.tv()["events"][-1]["type"] == "unattended"
        assert net.tv()["state"] - start >= table_module.UNATTENDED
    return int(net.tv()["state"]) - start


@settings(
    max_examples=24, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_every_hand_ends_whoever_is_at_the_table(data):
    """Any ruleset, any mix of computers (any level) and phones that never act — some of them
    gone, as long as one phone stays (with every player gone the game holds by rule 000 54) —
    with the lobby's stand-in option on or off: the hand ends."""
    ruleset = data.draw(st.sampled_from(list(lastcard.RULESETS)))
    low, high = lastcard.describe(ruleset)["players"].values()
    kinds = data.draw(
        st.lists(
            st.sampled_from(["phone", "gone", "easy", "normal", "hard"]),
            min_size=low,
            max_size=min(high, 6),
        ).filter(lambda k: "phone" in k)
    )
    clock = FakeClock()
    net = Net(Table(clock, data.draw(st.integers(0, 2**16)), bot_playouts=2), clock)
    net.host(type="configure", ruleset=ruleset, away_bot=data.draw(st.booleans()))
    for n, kind in enumerate(kinds):
        if kind in ("phone", "gone"):
            net.join(f"p{n}")
        else:
            net.host(type="add_bot", level=kind)
    net.host(type="start")
    assert net.tv()["phase"] == "playing", net.last("tv")
    for n, kind in enumerate(kinds):
        if kind == "gone":
            net.disconnect(f"p{n}")
    play_out(net)
    if net.tv()["phase"] == "over" and net.tv()["result"]["match_over"] is False:  # the next too
        net.host(type="next_hand")
        play_out(net)


def test_a_hand_nobody_plays_pauses_after_unattended_decisions(monkeypatch):
    """Three phones nobody holds in Last One (found by the test above): computers play for
    them (FORCE_STAND_IN) and pass three Draw Twos round for ever while every other card is
    held. The table pauses the game after UNATTENDED decisions of its own in a row and says
    why; the host's Resume plays on for as many again; a person's move starts the count anew."""
    monkeypatch.setattr(table_module, "UNATTENDED", 800)  # (5,000 take half a minute here)
    clock = FakeClock()
    net = Net(Table(clock, 128, bot_playouts=2), clock)
    net.host(type="configure", ruleset="last-one", away_bot=False)
    for n in range(3):
        net.join(f"p{n}")
    net.host(type="start")
    decisions = play_out(net)
    tv = net.tv()
    assert tv["phase"] == "playing" and tv["paused"], "the hand ended: no longer the case found"
    assert decisions == 800
    game = net.table._game
    assert game is not None and not game.stock and len(game.discard) == 1  # all but one held
    assert game.discard[0][0] == "2"  # the Draw Twos going round
    state = tv["state"]
    net.tick(60)
    assert net.tv()["state"] == state  # paused: nothing moves
    monkeypatch.setattr(table_module, "UNATTENDED", 10)
    net.host(type="resume")
    assert play_out(net) == 10 and net.tv()["paused"]
    net.host(type="resume")
    for _ in range(5):
        net.tick(net.remaining() or 0.0)
    seat = net.tv()["awaiting"][0]
    while net.tv()["awaiting"] != [seat] or net.tv()["seats"][seat]["kind"] != "phone":
        net.tick(net.remaining() or 0.0)
        seat = net.tv()["awaiting"][0]
    net.act(f"p{seat}", net.view(f"p{seat}")["view"]["legal"][0])  # a person plays
    assert play_out(net) >= 10


def test_the_lobby_shows_nobody_away(make_net):
    """Back in the lobby ("End the game"), missed turns mean nothing: a seat that was away, with
    a computer playing for it, is just a player again on the TV, the host phone and the phones
    (it showed "away" in the lobby until the next deal); one whose phone went shows as gone."""
    net = make_net(players=3)
    keep_playing(net, AWAY_AFTER)
    net.host(type="stand_in", seat=0, on=True)
    assert net.tv()["seats"][0]["away"] is True
    net.disconnect("p2")
    net.host(type="lobby")
    assert net.tv()["phase"] == "lobby"
    for screen in ("tv", "p0", "p1"):
        seats = net.last(screen)["seats"]
        assert [(s["away"], s["stand_in"], s["kept"]) for s in seats] == [(False,) * 3] * 3
    assert [s["connected"] for s in net.tv()["seats"]] == [True, True, False]
    assert [m["misses"] for m in net.table.snapshot()["seats"]] == [0, 0, 0]


def away_with_a_stand_in(net: Net) -> None:
    """p0 and p1 at a table whose lobby lets a computer play for away seats; p0 never acts
    until it is away, and then p1 plays until p0's turn, the stand-in's move due on it."""
    net.host(type="configure", away_bot=True)
    for peer in ("p0", "p1"):
        net.join(peer)
    net.host(type="start")
    keep_playing(net, AWAY_AFTER)
    while net.tv()["awaiting"] != [0]:
        net.act("p1", net.view("p1")["view"]["legal"][0])
    assert net.tv()["seats"][0]["stand_in"] is True
    assert 0 in [turn.seat for turn in net.table.bot_turns()]


def test_im_back_takes_the_seat_back_from_its_stand_in(make_net):
    """An away seat's phone says "I'm back" (``back``): the seat's away state clears as with a
    move of its own; every screen shows it back, the log says so, and the computer makes no more
    moves for it, not even the one already due; its turn's time runs on for the player."""
    net = make_net()
    away_with_a_stand_in(net)
    state = net.tv()["state"]
    net.send("p0", type="back")
    for screen in ("tv", "p0", "p1"):
        seat = net.last(screen)["seats"][0]
        assert (seat["away"], seat["stand_in"], seat["kept"]) == (False, False, False), screen
        assert net.last(screen)["events"][-1]["type"] == "back", screen
    assert net.tv()["events"][-1]["seat"] == 0
    assert net.table.snapshot()["seats"][0]["misses"] == 0
    assert net.table.bot_turns() == []
    assert net.tv()["state"] == state  # the game itself is where it was
    net.tick(STAND_IN_PAUSE)
    assert net.tv()["state"] == state  # no stand-in moved
    Table.restore(net.table.snapshot(), net.clock)  # a save made now restores (no stand-in due)
    net.tick(net.remaining() or 0.0)  # the turn's own time runs out: a miss, not a stand-in
    assert net.tv()["events"][0] == {"type": "time_out", "seat": 0, "n": net.tv()["events"][0]["n"]}
    assert net.table.snapshot()["seats"][0]["misses"] == 1
    assert net.tv()["seats"][0]["away"] is False


def test_keep_waiting_wins_over_the_lobbys_option_for_that_seat(make_net):
    """With the lobby's ``away_bot`` on, the host's "keep waiting" about a seat holds for that
    seat: the stand-in's move already due is dropped and none comes, until FORCE_STAND_IN."""
    net = make_net()
    away_with_a_stand_in(net)
    net.host(type="stand_in", seat=0, on=False)
    seat = net.tv()["seats"][0]
    assert (seat["away"], seat["stand_in"], seat["kept"]) == (True, False, True)
    assert net.table.bot_turns() == []
    state = net.tv()["state"]
    net.tick(STAND_IN_PAUSE)
    assert net.tv()["state"] == state  # no stand-in moved
    keep_playing(net, FORCE_STAND_IN - 1)
    assert net.tv()["seats"][0]["stand_in"] is False
    keep_playing(net, FORCE_STAND_IN)  # the hand must still end
    assert net.tv()["seats"][0]["stand_in"] is True


def test_im_back_on_the_tv_takes_a_local_seat_back(make_net):
    """A seat played on the TV is away as a phone's is (two decisions timed out): the TV's own
    "I'm back" (``local_back``) takes it back; only the TV sends it, for a local seat."""
    net = make_net()
    net.host(type="configure", away_bot=True)
    net.join("p0")
    net.host(type="add_local", name="Ann")
    net.host(type="start")
    while net.table.snapshot()["seats"][1]["misses"] < AWAY_AFTER:
        if net.tv()["awaiting"] == [0]:
            net.act("p0", net.view("p0")["view"]["legal"][0])
        else:
            net.tick(net.remaining() or 0.0)
    assert net.tv()["seats"][1]["away"] is True and net.tv()["seats"][1]["stand_in"] is True
    before = net.table.snapshot()
    net.send("p0", type="host", command={"type": "local_back", "seat": 1})  # p0 is the host
    assert net.error("p0") == "not_allowed"
    net.host(type="local_back", seat=0)
    assert net.error("tv") == "not_seated"
    assert net.table.snapshot() == before
    net.host(type="local_back", seat=1)
    assert net.tv()["seats"][1]["away"] is False and net.tv()["seats"][1]["stand_in"] is False
    assert net.tv()["events"][-1] == {"type": "back", "seat": 1, "n": net.tv()["events"][-1]["n"]}
    net.host(type="local_back", seat=1)
    assert net.error("tv") == "not_away"


def test_im_back_is_refused_from_anyone_not_away(make_net):
    """``back`` only from a seated phone shown away: from a player who is here (``not_away``,
    in the lobby too), a spectator (``not_seated``), a channel that said no hello, or with a
    field it does not have, it is refused to its sender alone and changes nothing."""
    net = make_net(players=2)
    net.join("watcher")
    net.connect("stranger")
    keep_playing(net, AWAY_AFTER - 1)  # p0 missed one decision: not away yet
    for peer, message, code in [
        ("p1", {}, "not_away"),
        ("p0", {}, "not_away"),
        ("watcher", {}, "not_seated"),
        ("stranger", {}, "hello_first"),
        ("p0", {"seat": 0}, "bad_message"),
    ]:
        before, revision = net.table.snapshot(), net.table.revision
        out = net.send(peer, type="back", **message)
        assert [(to, m["type"], m.get("code")) for to, m in out] == [(peer, "error", code)]
        assert net.table.snapshot() == before and net.table.revision == revision
    net.host(type="lobby")
    net.send("p0", type="back")
    assert net.error("p0") == "not_away"
