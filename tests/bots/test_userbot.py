"""Bots written by players (``lastcard.userbot``): the starting bot plays every ruleset, a
failing bot's traceback points at its own line, a looping one is stopped at its line (and only
the bot's own frames pay for the watch), a bad answer is a time-out, and a bot sees only what
its seat may see."""

from __future__ import annotations

import contextlib
import copy
import sys
from types import FrameType
from typing import Any

import pytest
from lastcard import RULESETS, new_game
from lastcard.tournament import Standings, games, play
from lastcard.userbot import (
    EVENTS_GIVEN,
    FILENAME,
    STARTER,
    BotError,
    Deadline,
    TooSlow,
    UserBot,
    load,
    seat_events,
)
from tablehost.events import KEPT_EVENTS

#: a Last One deal of two seats whose starter is a Draw Two (the first seat draws and is skipped)
SEED_WITH_A_STARTER_DRAW = 24


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_starting_bot_plays_every_ruleset(ruleset: str) -> None:
    bot = UserBot(load(STARTER))
    players = 2 if ruleset == "last-card" else 3
    levels = ["mine", "normal", "easy"][:players]
    standings = Standings(levels, players)
    for seats, record in games(
        ruleset, players, 3, levels, 11, single_hand=True, bots={"mine": bot}
    ):
        standings.add(seats, record)
    assert bot.bad == 0
    assert standings.hand_count == 3 and standings.hands["mine"].seat_hands == 3


def test_the_starting_bot_beats_easy() -> None:
    bot = UserBot(load(STARTER))
    standings = Standings(["mine", "easy"], 2)
    for seats, record in games("poslednyaya", 2, 40, ["mine", "easy"], 0, bots={"mine": bot}):
        standings.add(seats, record)
    assert standings.hands["mine"].won > 24


def test_the_starting_bot_lays_a_rank_at_once_and_keeps_its_wild_cards() -> None:
    """In `last-card` a seat may lay several cards of one rank at once: the starting bot does,
    ending on the suit it holds most (it took "play 3H 3D" for a wild card naming a suit, kept
    for last, and laid one card at a time: 28 % of 300 hands against `normal`, 54 % now). A
    wild card, named or not, goes only when nothing else does, and a seven-zero 7's target
    ("@1") is no suit named."""
    move = load(STARTER)
    hand = ["3H", "5H", "9H", "AD", "3D", "7C"]
    legal = ["play 3H", "play 3H 3D", "play AD S", "play AD H", "play 3D", "play 3D 3H", "draw"]
    assert move({"hand": hand, "legal": legal}, []) == "play 3D 3H"
    assert move({"hand": hand, "legal": ["play AD H", "play 7C", "draw"]}, []) == "play 7C"
    assert move({"hand": hand, "legal": ["play AD S", "play AD H", "draw"]}, []) == "play AD H"
    seven = {"hand": ["R7", "R2", "G4"], "legal": ["play R7 @1", "play G4"]}
    assert move(seven, []) == "play R7 @1"


def test_a_syntax_error_points_at_its_line() -> None:
    with pytest.raises(BotError) as caught:
        load("def move(view, events):\n    return view['legal'][0\n")
    assert caught.value.line in (2, 3)
    assert 'File "bot.py"' in caught.value.text and "SyntaxError" in caught.value.text


def test_an_error_in_move_is_the_bots_traceback() -> None:
    source = "def helper(view):\n    return view['nothing']\n\n\ndef move(view, events):\n"
    source += "    return helper(view)\n"
    bot = UserBot(load(source))
    game = new_game("poslednyaya", 2, seed=1)
    with pytest.raises(BotError) as caught:
        bot(game, game.turn, [])
    error = caught.value
    assert error.line == 2
    assert error.text.startswith("Traceback (most recent call last):")
    assert 'File "bot.py", line 6, in move\n    return helper(view)' in error.text
    assert "KeyError: 'nothing'" in error.text
    assert "userbot.py" not in error.text  # not the machinery that ran it


def test_code_without_move_is_refused() -> None:
    with pytest.raises(BotError, match="defines no function move"):
        load("x = 1\n")
    with pytest.raises(BotError) as caught:
        load("import nothing_of_that_name\n")
    assert caught.value.line == 1


@pytest.mark.parametrize("answer", ["'play nothing'", "None", "42", "['draw']"])
def test_a_bad_answer_lets_the_seat_time_out(answer: str) -> None:
    bot = UserBot(load(f"def move(view, events):\n    return {answer}\n"))
    record = play(new_game("poslednyaya", 2, seed=5), ["bad", "normal"], 5, bots={"bad": bot})
    assert record.hands == [[1]]  # the hand goes on to its end: the bad seat only timed out
    assert bot.bad > 0  # counted, None too: on its turn it is a time-out


def test_a_bot_sees_only_what_its_seat_may_see() -> None:
    seen: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def spy(view: dict[str, Any], events: list[dict[str, Any]]) -> str:
        seen.append(copy.deepcopy((view, events)))
        view["hand"].clear()  # what it changes is its own copy
        events.clear()
        return str(view["legal"][-1])

    game = new_game("poslednyaya", 3, seed=2)
    record = play(
        game, ["spy", "normal", "normal"], 2, single_hand=True, bots={"spy": UserBot(spy)}
    )
    assert seen and record.hands[0]  # what the spy cleared was its own copy
    for view, events in seen:
        assert view["seat"] == 0 and set(view) == set(new_game("poslednyaya", 3).view(0))
        for event in events:
            if event["type"] == "draw" and event["seat"] != 0:
                assert "cards" not in event
    assert any("cards" in e for _, events in seen for e in events if e["type"] == "draw")


def test_a_seat_sees_no_other_seats_hidden_cards_in_the_events() -> None:
    """A bot gets the cards of its own draws and of the hand its challenge showed it, and only
    those: another seat's draw or challenge comes without its cards."""
    events: list[Any] = [
        {"type": "draw", "seat": 0, "count": 1, "cards": ["R5"], "reason": "draw"},
        {"type": "draw", "seat": 1, "count": 1, "cards": ["G2"], "reason": "draw"},
        {"type": "challenge", "seat": 1, "aggressor": 0, "cards": ["B3"], "guilty": False},
        {"type": "play", "seat": 0, "cards": ["R7"], "action": "play R7"},
    ]
    assert [e.get("cards") for e in seat_events(events, 0)] == [["R5"], None, None, ["R7"]]
    assert [e.get("cards") for e in seat_events(events, 1)] == [None, ["G2"], ["B3"], ["R7"]]


def test_a_bots_events_start_at_the_hands_deal_as_at_a_table() -> None:
    """In the lab as at a table (``Table.seat_input``), a bot's events are the hand's from its
    ``deal`` on (its last 40), in the log's order: what the starter set off (a pickup, a skip)
    comes after the deal, in every hand of a match."""
    seen: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def spy(view: dict[str, Any], events: list[dict[str, Any]]) -> str:
        seen.append((view, events))
        return str(view["legal"][0])

    for _ in games("last-one", 2, 6, ["spy", "normal"], 3, bots={"spy": UserBot(spy)}):
        pass
    assert {view["hand_number"] for view, _ in seen} > {1}  # later hands too
    for view, events in seen:  # its last 40 from the deal on, as the table keeps its log
        assert len(events) <= EVENTS_GIVEN == KEPT_EVENTS
        if len(events) < EVENTS_GIVEN:
            assert events[0]["type"] == "deal" and events[0]["hand"] == view["hand_number"]
    assert max(len(events) for _, events in seen) == EVENTS_GIVEN  # longer hands were cut
    # a first hand whose starter, a Draw Two, set something off: the bot's first events are
    # the engine's
    dealt: list[dict[str, Any]] = []
    seen.clear()
    game = new_game("last-one", 2, seed=SEED_WITH_A_STARTER_DRAW, events=dealt)
    assert [e["type"] for e in dealt] == ["draw", "skip", "deal"]  # the engine's deal is last
    play(game, ["spy", "normal"], 1, single_hand=True, bots={"spy": UserBot(spy)}, dealt=dealt)
    assert [e["type"] for e in seen[0][1][:3]] == ["deal", "draw", "skip"]


def test_what_a_bot_changes_in_its_events_or_view_changes_nothing_else() -> None:
    """An event's ``cards`` was the game's own list: a bot that wrote into it broke the engine
    in the lab (``KeyError: 'JUNK'``); it is the bot's own copy, as its view is."""

    def vandal(view: dict[str, Any], events: list[dict[str, Any]]) -> str:
        for e in events:
            for value in e.values():
                if isinstance(value, list) and value:
                    value[0] = "JUNK"
        view["hand"][:] = ["JUNK"]
        return str(view["legal"][0])

    for ruleset in ("classic", "poslednyaya"):
        for _ in games(ruleset, 2, 2, ["vandal", "normal"], 1, bots={"vandal": UserBot(vandal)}):
            pass


def test_a_bots_passes_say_what_they_answered_as_at_a_table() -> None:
    """In the lab as at a table (``lastcard.words.told_passes``), each pass in a bot's events
    says what it answered: the drawn card kept, a 3's free card not laid, a melee's pass, or
    nothing to play or draw."""
    seen: list[dict[str, Any]] = []

    def spy(view: dict[str, Any], events: list[dict[str, Any]]) -> str | None:
        seen.extend(e for e in events if e["type"] == "pass")
        legal = view["legal"]
        for choice in ("play 3", "pass", "draw", ""):  # its 3s laid, and then no free card
            found = [action for action in legal if action.startswith(choice)]
            if found:
                return str(found[0])
        return None

    for ruleset in ("last-one", "poslednyaya"):  # a 3 and a melee; a drawn card to play
        for _ in games(ruleset, 3, 4, ["spy", "normal", "normal"], 3, bots={"spy": UserBot(spy)}):
            pass
    assert seen
    marks = {e.get("pending", "blocked" if e.get("blocked") else None) for e in seen}
    assert None not in marks and {"drawn", "free", "melee"} <= marks


#: seconds a looping bot of these tests runs before it is stopped
QUICK = 0.05


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ("def move(view, events):\n    while True:\n        pass\n", {2, 3}),
        # in a helper, a loop that ends, but not soon: stopped where it is, frame by frame
        (
            "def count():\n    for i in range(10**12):\n        i += 1\n\n\n"
            "def move(view, events):\n    count()\n",
            {2, 3},
        ),
        # the bot's own except Exception does not catch the stop
        (
            "def move(view, events):\n    try:\n        while True:\n            pass\n"
            "    except Exception:\n        return view['legal'][0]\n",
            {3, 4},
        ),
        # the bot catches the stop (and the watch is off from then on): over its time all the same
        (
            "def move(view, events):\n    try:\n        while True:\n            pass\n"
            "    except BaseException:\n        return view['legal'][0]\n",
            {3, 4},
        ),
    ],
)
def test_a_looping_move_is_stopped_at_its_line(source: str, lines: set[int]) -> None:
    before = sys.gettrace()  # a coverage tool's, say: the same once the bot is stopped
    bot = UserBot(load(source), QUICK)
    game = new_game("poslednyaya", 2, seed=1)
    with pytest.raises(TooSlow) as caught:
        bot(game, game.turn, [])
    error = caught.value
    assert error.line in lines and error.seconds == QUICK
    assert "BotTooSlow: the bot's code ran for over 0.05 s" in error.text
    assert "userbot.py" not in error.text  # the bot's frames, not the tracer's
    assert sys.gettrace() is before


def test_a_bot_loading_for_ever_is_stopped_at_its_line() -> None:
    with pytest.raises(TooSlow) as caught:
        load("total = 0\nwhile True:\n    total += 1\n", QUICK)
    assert caught.value.line in {2, 3}
    assert 'File "bot.py", line' in caught.value.text and "in <module>" in caught.value.text


def test_a_bots_move_that_removes_the_stop_has_it_back_next_move() -> None:
    """``sys.settrace(None)`` in a move takes the watch off for the rest of that move only
    (there, the bot's runner ends it from outside: docs/bots.md); the next move is watched."""
    source = "import sys\n\nmoves = []\n\n\ndef move(view, events):\n    moves.append(1)\n"
    source += "    if len(moves) == 1:\n        sys.settrace(None)\n        return None\n"
    source += "    while True:\n        pass\n"
    bot = UserBot(load(source), QUICK)
    game = new_game("poslednyaya", 2, seed=1)
    assert bot(game, game.turn, []) is None
    with pytest.raises(TooSlow) as caught:
        bot(game, game.turn, [])
    assert caught.value.line in {11, 12}


def test_only_the_bots_own_frames_are_traced(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move that calls the engine: the tracer sees the engine's frames start, and gives its
    line-by-line watch to the bot's frames only; the games are the ones the bot plays unwatched,
    and the watch is gone once each move returns."""
    given: dict[str, bool] = {}
    call = Deadline.call

    def spy(self: Deadline, frame: FrameType, event: str, arg: Any) -> Any:
        local = call(self, frame, event, arg)
        name = frame.f_code.co_filename
        given[name] = given.get(name, False) or local is not None
        return local

    monkeypatch.setattr(Deadline, "call", spy)
    source = STARTER + "\n\nplain = move\n\n\ndef move(view, events):\n"
    source += "    from lastcard import new_game\n\n"
    source += "    new_game(view['ruleset'], view['players'], seed=1).view(0)\n"
    source += "    return plain(view, events)\n"
    before = sys.gettrace()
    watched = UserBot(load(source))
    unwatched = UserBot(load(STARTER))
    unwatched.deadline = contextlib.nullcontext()  # type: ignore[assignment]
    levels = ["mine", "normal"]
    records = [
        [record for _, record in games("poslednyaya", 2, 3, levels, 4, bots={"mine": bot})]
        for bot in (watched, unwatched)
    ]
    assert records[0] == records[1]
    assert given[FILENAME] is True
    engine = {name for name in given if name.endswith(".py") and name != FILENAME}
    assert any(name.endswith("game.py") for name in engine)  # the engine's frames ran...
    assert not any(given[name] for name in engine)  # ...and none was watched
    assert sys.gettrace() is before
