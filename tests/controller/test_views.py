"""Views per recipient (design.md privacy rule) and persistence (snapshot / restore)."""

from __future__ import annotations

import json
import re

from tablehost import Table
from tablehost.protocol import encode

from .conftest import full_deck

SETUP = {
    "hands": [["R5", "G1", "B4"], ["B2", "Y3", "G6"], ["Y5", "Y6", "G7"]],
    "starter": "R3",
    "stock": ["B7", "G9", "B9", "Y8", "G2", "R1", "R2", "Y1"],
    "first": 0,
}


def cards_in(message: object) -> set[str]:
    """Every string anywhere in a message (keys included)."""
    return set(re.findall(r'"([^"]*)"', json.dumps(message)))


def test_each_seat_gets_only_its_own_view(make_net):
    net = make_net(players=3, setup=SETUP)
    for seat in range(3):
        message = net.view(f"p{seat}")
        assert message["seat"] == seat and message["role"] == "player"
        assert message["view"] == net.table._game.view(seat)
        others = {c for s, h in enumerate(SETUP["hands"]) if s != seat for c in h}
        assert not others & cards_in(message)
    tv = net.tv()
    assert "hand" not in tv["view"] and "legal" not in tv["view"]
    assert not {c for h in SETUP["hands"] for c in h} & cards_in({**tv, "local": None})


def test_drawn_cards_go_to_the_drawer_only(make_net):
    net = make_net(players=3, setup=SETUP)
    net.join("watcher")
    net.act("p0", "draw")  # B7 is not playable on R3: the turn passes
    drawn = [e for e in net.view("p0")["events"] if e["type"] == "draw"]
    assert drawn and drawn[-1]["cards"] == ["B7"]
    for peer in ("p1", "p2", "watcher", "tv"):
        events = net.last(peer, "tv" if peer == "tv" else "view")["events"]
        draws = [e for e in events if e["type"] == "draw"]
        assert draws and all("cards" not in e and e["count"] == 1 for e in draws), peer
        assert "B7" not in cards_in(events)


def logs(net, to: str) -> list[dict]:
    """The event log a recipient rebuilds from its messages (``events_reset`` starts it over)."""
    log: list[dict] = []
    for message in net.inbox.get(to, []):
        if message["type"] in ("tv", "view"):
            log = message["events"] if message["events_reset"] else log + message["events"]
    return log


def test_events_are_sent_once_and_a_returning_phone_gets_the_recent_log(make_net):
    net = make_net(players=3, setup=SETUP)
    net.join("watcher")
    net.act("p0", "play R5")
    state, before = net.tv()["state"], net.table._log.n
    net.clear()
    net.send("p1", type="action", action="draw", state=state)  # one change: just its new events
    for to in ("tv", "p0", "p1", "p2", "watcher"):
        message = net.last(to)
        assert message["events_reset"] is False
        assert [e["n"] for e in message["events"]] == list(range(before + 1, net.table._log.n + 1))
    net.host(type="pause")  # no engine change: no events at all
    assert all(net.last(to)["events"] == [] for to in ("tv", "p0", "p1", "p2", "watcher"))
    numbers = [e["n"] for e in logs(net, "tv")]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)

    net.disconnect("p1")
    net.rejoin("p1")  # back on a new channel: the recent log again, its own draw with its cards
    back = net.view("p1")
    assert back["events_reset"] is True
    assert [e["n"] for e in back["events"]] == [e["n"] for e in net.table._log.events][-12:]
    assert "cards" in back["events"][-1]
    net.host(type="refresh")
    assert all(net.last(to)["events_reset"] for to in ("tv", "p0", "p1", "p2", "watcher"))


def test_every_recipient_rebuilds_the_whole_log_from_its_messages(make_net, clock):
    net = make_net(players=3, seed=5)
    net.join("watcher")
    for _ in range(60):  # time-outs play the game on
        net.tick(25)
        if net.tv()["phase"] != "playing":
            break
    table_log = net.table._log.events
    for seat, to in [(None, "tv"), (0, "p0"), (1, "p1"), (2, "p2"), (None, "watcher")]:
        rebuilt = logs(net, to)
        numbers = [e["n"] for e in rebuilt]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # none lost
        for mine, full in zip(rebuilt[-len(table_log) :], table_log, strict=True):
            private = full["type"] == "draw" and full["seat"] != seat
            assert mine == ({k: v for k, v in full.items() if k != "cards"} if private else full)


def test_the_tv_message_has_what_the_host_screen_needs(make_net):
    net = make_net(players=2)
    net.join("s", play=False)
    tv = net.tv()
    for key in (
        "phase",
        "state",
        "seats",
        "view",
        "awaiting",
        "remaining",
        "paused",
        "waiting",
        "events",
        "lobby",
        "result",
        "match",
        "spectators",
        "local",
        "rules_open",
    ):
        assert key in tv, key
    assert set(tv["seats"][0]) == {
        "seat",
        "name",
        "kind",
        "level",
        "connected",
        "lang",
        "count",
        "score",
        "removed",
        "id",
        "host",
        "away",
        "stand_in",
        "kept",
    }
    assert tv["spectators"] == [
        {"name": "s", "connected": True, "play": False, "id": 3, "host": False, "removed": False}
    ]
    phone = net.view("p0")
    assert {"seat", "role", "view", "events", "lobby", "remaining", "seats", "play"} <= set(phone)


def test_snapshot_restore_resumes_exactly(make_net, clock):
    net = make_net(players=3, setup=full_deck(SETUP))
    net.join("watcher")
    net.act("p0", "play R5")
    net.tick(7)
    snap = json.loads(json.dumps(net.table.snapshot()))
    assert snap["deadline"] == 13.0

    clock.advance(3600)  # the tab was closed for an hour
    table = Table.restore(snap, clock)
    # the phone to move is away now: it gets its grace (rule 42), the rest is exactly as saved
    assert table.snapshot() == {**snap, "deadline": 30.0, "grace_used": True}
    # every phone is away: the game waits (rule 54); only the watcher's minute runs
    assert table.next_deadline() == clock.now + 60.0
    out = table.receive(
        "new-p1", json.dumps({"v": 1, "type": "hello", "name": "p1", "token": net.tokens["p1"]})
    )
    welcome, *rest = out
    assert welcome == (
        "new-p1",
        {
            "v": 1,
            "type": "welcome",
            "seat": 1,
            "token": net.tokens["p1"],
            "role": "player",
            "name": "p1",
        },
    )
    assert dict(rest)["new-p1"]["view"] == net.view("p1")["view"]
    assert dict(rest)["tv"]["seats"][0]["connected"] is False
    assert table.next_deadline() == clock.now + 30.0
    # the restored table and the original play on identically
    net.act("p1", "draw")
    table.receive("new-p1", json.dumps({"v": 1, "type": "action", "action": "draw", "state": 2}))
    assert table.snapshot()["game"] == net.table.snapshot()["game"]


def test_restore_marks_every_phone_disconnected(make_net, clock):
    net = make_net(players=2)
    net.host(type="pause")
    table = Table.restore(net.table.snapshot(), clock)
    out = dict(table.host({"type": "resume"}))
    assert [s["connected"] for s in out["tv"]["seats"]] == [False, False]
    assert out["tv"]["waiting"] is True


def test_a_restore_in_the_lobby_keeps_votes_and_options(make_net, clock):
    net = make_net()
    net.host(type="configure", ruleset="last-one", options={"hand_size": 9}, timers={"turn": 45})
    net.join("a")
    net.send("a", type="vote", topic="options", agree=True)
    snap = net.table.snapshot()
    table = Table.restore(json.loads(json.dumps(snap)), clock)
    assert table.snapshot() == snap
    tv = dict(table.host({"type": "add_bot", "level": "normal"}))["tv"]
    assert tv["lobby"]["votes"] == {"0": True} and tv["lobby"]["timers"]["turn"] == 45.0


def test_no_draw_of_a_previous_game_reaches_a_phone_in_the_lobby(make_net):
    """Issue 15: seat numbers shift when the host removes someone in the lobby; a phone that comes
    back must not get the draws (with cards) of whoever sat at its new seat number before."""
    setup = {
        "hands": [["R5", "Y6"], ["B2", "Y3"], ["Y5", "G7"]],
        "starter": "R3",
        "stock": ["B7", "G9", "B9", "G2"],
        "first": 0,
    }
    net = make_net(players=3, setup=setup)
    net.act("p0", "play R5")
    net.act("p1", "draw")  # p1, at seat 1, draws a card
    drawn = [e for e in net.view("p1")["events"] if e["type"] == "draw"][-1]["cards"]
    net.act("p2", "play Y5")
    net.act("p0", "play Y6")  # p0 goes out
    assert net.tv()["phase"] == "over"
    net.host(type="lobby")
    for to in ("tv", "p0", "p1", "p2"):
        assert net.last(to)["events"] == [] and net.last(to)["events_reset"] is True
    net.host(type="remove", seat=0)  # p1 moves to seat 0, p2 to seat 1
    net.disconnect("p2")
    net.rejoin("p2")
    back = net.view("p2")
    assert back["seat"] == 1 and back["events"] == []
    assert not set(drawn) & cards_in(net.inbox["p2"][-2:])
    net.host(type="refresh")
    assert all(net.last(to)["events"] == [] for to in ("tv", "p1", "p2"))


def test_drawn_cards_follow_the_participant_not_the_seat_number():
    """The redaction itself: an event's cards go to whoever drew them (by id), so a seat number
    that now belongs to someone else gives nothing away."""
    from tablehost.views import redact

    events = [{"type": "draw", "seat": 1, "count": 1, "cards": ["B7"], "n": 5}]
    assert redact(events, {5: "ann"}, "ann") == events
    hidden = [{"type": "draw", "seat": 1, "count": 1, "n": 5}]
    assert redact(events, {5: "ann"}, "bob") == hidden  # bob sits at seat 1 now
    assert redact(events, {5: "ann"}, None) == hidden  # the TV
    assert redact(events, {}, "ann") == hidden  # owner unknown (an old save): nobody


def test_a_blocked_hand_says_so_and_is_not_stopped(make_net):
    """Issue 25: a hand that ends because nobody can play or draw is `blocked`, not `stopped`,
    with or without winners (a blocked Last Card hand has none)."""
    setups = {
        "poslednyaya": {"hands": [["R1", "R2"], ["G3"]], "starter": "B5", "first": 0},
        "last-card": {"hands": [["2H", "3H"], ["4C"]], "starter": "9S", "first": 0},
    }
    for ruleset, setup in setups.items():
        net = make_net(setup=setup)
        net.join("p0")
        net.join("p1")
        net.host(type="configure", ruleset=ruleset)
        net.host(type="start")
        for peer in ("p0", "p1"):
            assert "pass" in net.view(peer)["view"]["legal"], (ruleset, net.view(peer)["view"])
            net.act(peer, "pass")
        result = net.tv()["result"]
        assert result["blocked"] is True and result["stopped"] is False, (ruleset, result)
        assert result["winners"] == ([1] if ruleset == "poslednyaya" else [])
    net = make_net(players=2)
    net.host(type="remove", seat=1)
    result = net.tv()["result"]
    assert result["stopped"] is True and result["blocked"] is False


def test_a_challenge_shows_the_hand_to_the_challenger_only():
    """Classic R18, D8: the hand a challenged Wild Draw Four's player shows travels in the
    `challenge` event's cards, kept with the challenger like a draw's cards."""
    from tablehost.events import EventLog
    from tablehost.views import redact

    log = EventLog()
    shown = {"type": "challenge", "seat": 2, "aggressor": 1, "cards": ["B5", "G1"], "guilty": False}
    log.add([shown], lambda seat: f"member{seat}")
    assert log.owners == {1: "member2"}
    events = log.events
    assert redact(events, log.owners, "member2") == events
    hidden = [{k: v for k, v in events[0].items() if k != "cards"}]
    assert redact(events, log.owners, "member1") == hidden  # not even the player shown
    assert redact(events, log.owners, None) == hidden  # the TV


def test_in_play_a_phone_gets_the_description_and_the_rulesets_with_the_words_only(make_net):
    """A phone's message in play leaves out the lobby's ``description`` and ``rulesets`` when it
    leaves out ``texts`` (the phone has them as they are); in the lobby, on the TV, at a deal and
    in a phone's first message after it comes back, they are there."""
    net = make_net()
    net.join("ann")
    net.join("bob")
    net.host(type="add_bot", level="easy")
    assert {"description", "rulesets"} <= net.view("ann")["lobby"].keys()  # the lobby: always
    net.host(type="start")
    assert net.tv()["phase"] == "playing"
    assert "description" in net.view("ann")["lobby"]  # the deal resets the log: all anew
    net.host(type="pause")
    lean = net.view("ann")
    assert "texts" not in lean and not {"description", "rulesets"} & lean["lobby"].keys()
    assert lean["lobby"]["timers"] == net.tv()["lobby"]["timers"]  # the rest of the lobby stays
    assert {"description", "rulesets"} <= net.tv()["lobby"].keys()
    net.disconnect("bob")
    net.rejoin("bob")
    back = net.view("bob")
    assert "texts" in back and back["lobby"]["description"] == net.tv()["lobby"]["description"]


def test_a_move_reaches_ten_phones_in_a_few_kilobytes_each(make_net):
    """A move's message to each of ten phones with Russian names, as the table's worker writes
    it (``protocol.encode``): its words as they are, no escapes, no spaces between the fields,
    and neither the ruleset's description nor the rulesets (above): about 3 KB. Written as
    ``json.dumps`` writes by default, with the description, it was 8.7 KB (now 2.8 KB)."""
    net = make_net()
    names = ["Анна", "Борис", "Вика", "Галина Петровна", "Дима", "Ева", "Жора", "Зоя"]
    names += ["Игорь", "Юля"]
    for n, name in enumerate(names):
        net.join(f"p{n}", name=name)
    net.host(type="start")
    turn = net.tv()["view"]["turn"]
    net.act(f"p{turn}", net.view(f"p{turn}")["view"]["legal"][0])
    for n in range(10):
        text = encode(net.view(f"p{n}"))
        assert json.loads(text) == net.view(f"p{n}") and "\\u" not in text and ", " not in text
        assert "Галина Петровна" in text
        assert len(text.encode()) < 3_500, len(text.encode())
