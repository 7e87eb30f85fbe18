"""A player's own bot at the table (level ``custom``, docs/bots.md "Seat it at a table"): seated
from the TV or brought by a phone and accepted by the host, decided from ``Table.seat_input``
alone, and every answer that is not a legal move (a fault) is a time-out on its turn, logged,
never a stalled or crashed table."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lastcard.userbot import SECONDS, STARTER, SeatBot
from tablehost import THINKING, Fault, Table
from tablehost.protocol import MAX_BOT_TEXT, MAX_SOURCE
from tablehost.saves import check_snapshot

from .conftest import FakeClock, MakeNet, Net

FIRST = "def move(view, events):\n    return view['legal'][0]\n"


class Runner:
    """What the browser's custom bot workers do, in this process: each seat's ``SeatBot`` is
    given the seat's input (``Table.seat_input``) and nothing else, ``seconds`` a move;
    ``fault`` overrides."""

    def __init__(self, seconds: float = SECONDS) -> None:
        self.seconds = seconds
        self.table: Table | None = None
        self.bots: dict[int, SeatBot] = {}
        self.inputs: list[dict[str, Any]] = []
        self.fault: Fault | None = None
        self.thinking = False

    def __call__(self, game: Any, seat: int, level: str, seed: int, **_: Any) -> Any:
        assert level == "custom" and self.table is not None
        if self.thinking:
            return THINKING
        if self.fault is not None:
            return self.fault
        given = self.table.seat_input(seat)
        self.inputs.append(given)
        source = self.table.custom_bots()[seat]
        bot = self.bots.setdefault(seat, SeatBot(source, self.seconds))
        answer = json.loads(bot.answer(json.dumps(given)))
        if "fault" in answer:
            return Fault(answer["fault"], answer["detail"], answer.get("line"))
        return answer["action"]


def custom_net(
    make_net: MakeNet, source: str = FIRST, seconds: float = SECONDS
) -> tuple[Net, Runner]:
    """A phone (p0, the host phone) and one custom bot (``seconds`` a move), timers off, dealt."""
    runner = Runner(seconds)
    net = make_net(choose=runner)
    runner.table = net.table
    net.join("p0")
    net.host(type="configure", timers={"turn": None, "bot_pause": 0})
    net.host(type="add_custom_bot", name="Clever", source=source)
    seat = net.tv()["seats"][1]
    assert (seat["kind"], seat["level"], seat["name"]) == ("bot", "custom", "Clever")
    assert net.table.custom_bots() == {1: source}
    net.host(type="start")
    return net, runner


def faults(net: Net) -> list[dict[str, Any]]:
    """The ``bot_fault`` lines the TV was sent."""
    sent = [e for m in net.inbox["tv"] if m["type"] == "tv" for e in m["events"]]
    return [e for e in sent if e["type"] == "bot_fault"]


def play_hand(net: Net) -> None:
    """The phone plays its first legal action whenever awaited; the bot's moves are ticked."""
    for _ in range(2000):
        tv = net.tv()
        if tv["phase"] != "playing":
            return
        if 0 in tv["awaiting"]:
            legal = net.view("p0")["view"]["legal"]
            net.clock.advance(0.1)  # within the phone's rate limit
            net.act("p0", next((a for a in legal if a.startswith("play")), legal[0]))
        else:
            net.tick(0.0)
    raise AssertionError("the hand makes no progress")


def test_a_custom_bot_plays_a_hand_seeing_only_its_seat(make_net: MakeNet) -> None:
    net, runner = custom_net(make_net, STARTER)
    play_hand(net)
    assert net.tv()["phase"] == "over"
    assert runner.inputs, "the bot was never asked"
    for given in runner.inputs:
        assert set(given) == {"view", "events"}
        view = given["view"]
        assert view["seat"] == 1 and "hands" not in view
        for event in given["events"]:  # another seat's draws come without their cards
            assert event.get("seat") == 1 or "cards" not in event or event["type"] != "draw"
    assert faults(net) == []  # the starting bot answers legal moves only
    assert any(step.get("seat") == 1 for step in net.table.snapshot()["record"]["steps"])


@pytest.mark.parametrize(
    ("source", "fault", "detail"),
    [
        ("def move(view, events):\n    return 'pass the salt'\n", "illegal", "'pass the salt'"),
        ("def move(view, events):\n    return 42\n", "illegal", "42"),
        ("def move(view, events):\n    pass\n", "illegal", "None"),  # no move on its turn
        ("def move(view, events):\n    return 1 / 0\n", "error", "line 2: ZeroDivisionError"),
        ("def move(view, events)\n", "error", "line 1: SyntaxError"),
        # a move that loops: stopped at its line by its own worker (Deadline), over 0.05 s here
        ("def move(view, events):\n    while True:\n        pass\n", "slow", ": over 0.05 s"),
    ],
)
def test_a_bad_answer_is_a_time_out_logged_on_the_tv(
    make_net: MakeNet, source: str, fault: str, detail: str
) -> None:
    net, _ = custom_net(make_net, source, 0.05)
    play_hand(net)  # the hand goes on to its end with the bot's turns timed out
    assert net.tv()["phase"] == "over"
    logged = faults(net)
    assert logged and all(e["seat"] == 1 and e["fault"] == fault for e in logged)
    assert detail in logged[-1]["detail"]
    # the same fault is said once a hand, not at each of the bot's turns (each a time-out)
    said = [(e["fault"], e["detail"], e.get("line")) for e in logged]
    assert len(said) == len(set(said)), said
    steps = net.table.snapshot()["record"]["steps"]
    assert sum(s["step"] == "time_out" for s in steps) > len(logged)
    # the line its worker stopped it at, for a slow move only
    assert all(e.get("line") in ({2, 3} if fault == "slow" else {None}) for e in logged)
    assert not any("declined" in e for e in logged)  # on its turn: the turn timed out
    assert not any(s.get("seat") == 1 for s in steps)  # no move of its own went through


OUT_OF_TURN_FAILS = """def move(view, events):
    if view["turn"] != view["seat"]:
        raise RuntimeError("out of turn")
    return view["legal"][0]
"""


def test_a_fault_out_of_turn_only_declines_and_the_log_says_so(make_net: MakeNet) -> None:
    """Last One: a bot's own "last" calls and melee answers are asked out of turn; a fault there
    is logged as declined (``declined: true``: no time-out, "the turn timed out" not said)."""
    runner = Runner()
    net = make_net(choose=runner)
    runner.table = net.table
    net.join("p0")
    net.host(type="configure", ruleset="last-one", timers={"turn": None, "bot_pause": 0})
    net.host(type="add_custom_bot", name="Clever", source=OUT_OF_TURN_FAILS)
    net.host(type="start")
    play_hand(net)
    logged = faults(net)
    assert logged and all(e["declined"] is True and e["fault"] == "error" for e in logged)
    steps = net.table.snapshot()["record"]["steps"]
    assert not any(s["step"] == "time_out" for s in steps)  # its own turns were its own


def test_a_fault_on_a_jump_in_it_alone_was_asked_is_not_told(make_net: MakeNet) -> None:
    """Jump-in: a seat is asked out of turn only while it holds the top card's twin, so a fault
    logged then would tell every screen what it holds. Such a fault declines in silence."""
    runner = Runner()
    net = make_net(choose=runner)
    runner.table = net.table
    net.join("p0")
    net.host(type="configure", set_options={"jump_in": True})
    net.host(type="configure", timers={"turn": None, "bot_pause": 0})
    net.host(type="add_custom_bot", name="Clever", source=OUT_OF_TURN_FAILS)
    net.host(type="start")
    for _ in range(20):  # hands until the bot is asked out of turn
        play_hand(net)
        if any(given["view"]["turn"] != 1 for given in runner.inputs):
            break
        net.host(type="rematch")
    asked = [g["view"] for g in runner.inputs if g["view"]["turn"] != 1]
    assert asked and all(v["pending"] is None for v in asked)  # jump-ins only
    assert faults(net) == []


def test_a_slow_bot_waits_then_times_out_and_the_table_goes_on(make_net: MakeNet) -> None:
    net, runner = custom_net(make_net)
    while net.tv()["awaiting"] != [1]:
        net.act("p0", net.view("p0")["view"]["legal"][0])
    runner.thinking = True  # its worker is working it out: the table waits, nothing breaks
    state = net.tv()["state"]
    net.tick(0.0)
    assert net.tv()["state"] == state
    runner.thinking, runner.fault = False, Fault("slow")  # over its budget
    net.tick(0.0)
    tv = net.tv()
    assert tv["state"] > state and tv["awaiting"] != [1]
    assert [(e["seat"], e["fault"]) for e in faults(net)] == [(1, "slow")]


def test_a_choose_that_raises_is_a_fault_not_a_crash(make_net: MakeNet) -> None:
    net = make_net()  # the default choose knows no custom level: every move a fault
    net.join("p0")
    net.host(type="configure", timers={"turn": None, "bot_pause": 0})
    net.host(type="add_custom_bot", name="Clever", source=FIRST)
    net.host(type="start")
    play_hand(net)
    assert net.tv()["phase"] == "over"
    assert faults(net) and all(e["fault"] == "error" for e in faults(net))


def test_a_phone_brings_its_bot_and_the_host_answers(make_net: MakeNet) -> None:
    net = make_net()
    net.join("p0")  # the host phone
    net.join("p1")
    net.send("p1", type="bring_bot", name="Clever", source=FIRST)
    offers = net.tv()["lobby"]["offers"]
    assert offers == [{"id": 1, "name": "Clever", "from": 2, "by": "p1", "size": len(FIRST)}]
    assert net.view("p0")["lobby"]["offers"] == offers  # the host phone sees it too
    assert "source" not in json.dumps(net.inbox)  # the code reaches no screen

    net.host(type="answer_bot", id=1, accept=True)
    assert net.last("p1", "bot_answer") == {
        "v": 1, "type": "bot_answer", "name": "Clever", "seated": True,
    }  # fmt: skip
    assert [s["level"] for s in net.tv()["seats"]] == [None, None, "custom"]
    assert net.tv()["lobby"]["offers"] == []
    assert net.table.custom_bots() == {2: FIRST}

    # refused: the phone is told, nothing is seated
    net.send("p1", type="bring_bot", name="Other", source=FIRST)
    net.send("p0", type="host", command={"type": "answer_bot", "id": 2, "accept": False})
    assert net.last("p1", "bot_answer")["seated"] is False
    assert len(net.tv()["seats"]) == 3
    net.host(type="answer_bot", id=2, accept=True)
    assert net.error("tv") == "not_found"

    # the host phone's own bot is seated at once
    net.send("p0", type="bring_bot", name="Mine", source=FIRST)
    assert net.last("p0", "bot_answer")["seated"] is True
    assert net.tv()["seats"][3]["name"] == "Mine"

    # a second "Clever" sits as "Clever 2", and its phone is told the name it sits under
    net.send("p1", type="bring_bot", name="Clever", source=FIRST)
    net.host(type="answer_bot", id=3, accept=True)
    assert net.tv()["seats"][4]["name"] == "Clever 2"
    assert net.last("p1", "bot_answer") == {
        "v": 1, "type": "bot_answer", "name": "Clever 2", "seated": True,
    }  # fmt: skip


def test_a_bot_too_large_or_out_of_the_lobby_changes_nothing(make_net: MakeNet) -> None:
    net = make_net()
    net.join("p0")
    net.join("p1")
    before = net.table.snapshot()
    net.send("p1", type="bring_bot", name="Huge", source="#" * (MAX_SOURCE + 1))
    assert net.error("p1") == "bad_message"
    net.raw("p1", json.dumps({"v": 1, "type": "bring_bot", "name": "H", "source": "\n" * 30_000}))
    assert net.error("p1") == "too_large"
    net.raw("p1", json.dumps({"v": 1, "type": "ping", "t": 1, "pad": "x" * 5000}))
    assert net.error("p1") == "too_large"  # only a bot may be that long
    assert len(json.dumps({"source": "\n" * MAX_SOURCE})) < MAX_BOT_TEXT
    assert net.table.snapshot() == before and net.tv()["lobby"]["offers"] == []

    # a full table keeps the offer: the host may free a seat and accept it then
    net.send("p1", type="bring_bot", name="Clever", source=FIRST)
    while net.tv()["lobby"]["rulesets"][net.tv()["lobby"]["ruleset"]]["max"] > len(
        net.tv()["seats"]
    ):
        net.host(type="add_bot", level="easy")
    net.host(type="answer_bot", id=1, accept=True)
    assert net.error("tv") == "full"
    assert len(net.tv()["lobby"]["offers"]) == 1
    net.host(type="remove", seat=2)
    net.host(type="start")
    net.host(type="answer_bot", id=1, accept=True)
    assert net.error("tv") == "not_lobby"
    net.send("p1", type="bring_bot", name="Late", source=FIRST)
    assert net.error("p1") == "not_lobby"


def test_a_custom_bot_is_saved_with_its_source(make_net: MakeNet, clock: FakeClock) -> None:
    net, _ = custom_net(make_net)
    snap = json.loads(json.dumps(net.table.snapshot()))
    assert snap["seats"][1]["source"] == FIRST and "source" not in snap["seats"][0]
    check_snapshot(snap)
    restored = Table.restore(snap, clock)
    assert restored.custom_bots() == {1: FIRST}
    for bad in ({"level": "easy"}, {"source": 7}, {"source": "x" * (MAX_SOURCE + 1)}):
        broken = json.loads(json.dumps(snap))
        broken["seats"][1].update(bad)
        with pytest.raises(ValueError, match="source"):
            check_snapshot(broken)


def test_the_seat_bot_answers() -> None:
    ask = json.dumps({"view": {"legal": ["draw", "play R5"]}, "events": []})
    assert json.loads(SeatBot(FIRST).answer(ask)) == {"action": "draw"}
    none = SeatBot("def move(view, events):\n    return None\n")
    assert json.loads(none.answer(ask)) == {"action": None}
    broken = json.loads(SeatBot("def move(view, events):\n    return {}[1]\n").answer(ask))
    assert broken == {"fault": "error", "detail": "line 2: KeyError: 1"}
    missing = json.loads(SeatBot("x = 1\n").answer(ask))
    assert missing["fault"] == "error" and "defines no function move" in missing["detail"]
    # what leaves Python's way out is the bot's failure too, as it moves or as it loads
    for code, detail in (
        ("import sys\n\n\ndef move(view, events):\n    sys.exit(1)\n", "line 5: SystemExit: 1"),
        ("def move(view, events):\n    raise KeyboardInterrupt\n", "line 2: KeyboardInterrupt"),
        ("exit()\n", "line 1: SystemExit: None"),
        ("raise KeyboardInterrupt\n", "line 1: KeyboardInterrupt"),
    ):
        assert json.loads(SeatBot(code).answer(ask)) == {"fault": "error", "detail": detail}


def test_the_seat_bot_stops_a_looping_move_and_answers_the_next() -> None:
    """A move over its time is stopped where it is, in the bot's own Python: a ``slow`` fault
    with its line, and the same bot answers the next move (no worker to start again); code that
    loops as it loads answers every move so."""
    ask = json.dumps({"view": {"legal": ["draw", "play R5"]}, "events": []})
    once = "moves = []\n\n\ndef move(view, events):\n    moves.append(1)\n"
    once += "    while len(moves) == 1:\n        pass\n    return view['legal'][-1]\n"
    bot = SeatBot(once, 0.05)
    stopped = json.loads(bot.answer(ask))
    assert stopped["fault"] == "slow" and stopped["line"] in {6, 7}
    assert stopped["detail"] == f"line {stopped['line']}: over 0.05 s"
    assert json.loads(bot.answer(ask)) == {"action": "play R5"}
    loading = SeatBot("while True:\n    pass\n", 0.05)
    for _ in range(2):
        assert json.loads(loading.answer(ask))["fault"] == "slow"
