"""What a ``pass`` answered, as the logs say it (``lastcard.words.told_passes``, ``event_key``):
the engine emits one ``pass`` event for End turn after a draw, a 3's free card not laid, a
blocked turn (nothing to play or draw) and a melee's Pass alike, and every log said "passed" /
«пасует» for all of them. A log marks each pass with the decision it answered, from what the
game waited on before the change, and says each in its own words; only a melee's is a pass."""

from __future__ import annotations

from typing import Any

import pytest
from lastcard import RULESETS, new_game
from lastcard.game import Event, Game
from lastcard.replay import Recorder, replay
from lastcard.words import event_key, fill, told_passes

from . import french

STOCK = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]

#: the words of each pass, for Анна and Ann, in every ruleset
SAID = {
    "pass.drawn": ("Ann kept the drawn card", "Анна оставляет взятую карту себе"),  # noqa: RUF001
    "pass.free": ("Ann laid no card on the 3", "Анна ничего не кладёт на тройку"),
    "pass.blocked": ("Ann could not play or draw", "Анна не может ни сыграть, ни взять карту"),
    "pass": ("Ann passed", "Анна пасует"),
}


def pending(game: Game) -> str | None:
    """The kind of the decision ``game`` waits on (``None``: a plain turn)."""
    p = game.public_view()["pending"]
    return None if p is None else str(p["kind"])


def told(game: Game, seat: int, action: str | None) -> list[Event]:
    """The events of ``seat``'s ``action`` (``None``: a time-out) as a log tells them."""
    waiting = pending(game)
    events = game.time_out() if action is None else game.apply(seat, action)
    return told_passes(events, waiting)


def the_pass(events: list[Event]) -> Event:
    (found,) = [e for e in events if e["type"] == "pass"]
    return found


def said(ruleset: str, event: Event) -> tuple[str, str]:
    words = RULESETS[ruleset].event_words()
    key = event_key(event)
    return (
        fill(words["en"][key], {"name": "Ann"}, "en"),
        fill(words["ru"][key], {"name": "Анна"}, "ru"),
    )


def classic(hands: list[list[str]], stock: list[str] | None = None) -> Game:
    setup: dict[str, Any] = {"hands": hands, "starter": "R3", "first": 0}
    setup["stock"] = list(STOCK) if stock is None else stock
    return new_game("classic", len(hands), setup=setup)


def test_end_turn_after_a_draw_keeps_the_drawn_card() -> None:
    game = classic([["R9", "B1"], ["Y1"]], stock=["R4", "G5"])
    game.apply(0, "draw")
    event = the_pass(told(game, 0, "pass"))
    assert event == {"type": "pass", "seat": 0, "pending": "drawn"}
    assert event_key(event) == "pass.drawn"
    assert said("classic", event) == SAID["pass.drawn"]


def test_a_time_out_on_a_plain_turn_draws_and_keeps_the_card() -> None:
    game = classic([["R9", "B1"], ["Y1"]], stock=["R4", "G5"])
    events = told(game, 0, None)
    assert [e["type"] for e in events] == ["draw", "pass"]
    assert said("classic", the_pass(events)) == SAID["pass.drawn"]


def test_a_time_out_on_a_drawn_card_keeps_it() -> None:
    game = classic([["R9", "B1"], ["Y1"]], stock=["R4", "G5"])
    game.apply(0, "draw")
    assert said("classic", the_pass(told(game, 0, None))) == SAID["pass.drawn"]


@pytest.mark.parametrize("ruleset", ["last-one", "posledniy-igrok"])
@pytest.mark.parametrize("action", ["pass", None])
def test_a_3s_free_card_not_laid(ruleset: str, action: str | None) -> None:
    game = french.deal(ruleset, french.DECK_54, [["3C", "KH", "5S"], ["KS", "2D"]])
    game.apply(0, "play 3C")
    event = the_pass(told(game, 0, action))
    assert event == {"type": "pass", "seat": 0, "pending": "free"}
    assert said(ruleset, event) == SAID["pass.free"]


@pytest.mark.parametrize("action", ["pass", None])
def test_a_blocked_pass_cannot_play_or_draw(action: str | None) -> None:
    game = classic([["B1", "B2"], ["G1", "G2"]], stock=[])
    assert game.legal_actions(0) == ["pass"]
    event = the_pass(told(game, 0, action))
    assert event == {"type": "pass", "seat": 0, "blocked": True}
    assert said("classic", event) == SAID["pass.blocked"]


def test_a_melee_pass_is_a_pass() -> None:
    hands = [["4H", "KC", "QC"], ["5H", "6S", "2S"], ["6H", "3S", "JS"], ["7H", "10D", "9S"]]
    game = french.deal("last-one", french.DECK_54, hands, starter="9H")
    game.apply(0, "play 4H")
    event = the_pass(told(game, 2, "pass"))  # out of turn
    assert event == {"type": "pass", "seat": 2, "pending": "melee"}
    assert said("last-one", event) == SAID["pass"]


def test_a_pass_the_log_knows_nothing_of_reads_as_before() -> None:
    """A log kept before passes were marked (a saved table's): the plain words."""
    assert said("classic", {"type": "pass", "seat": 0}) == SAID["pass"]


def test_marking_leaves_the_engines_events_alone() -> None:
    game = classic([["R9", "B1"], ["Y1"]], stock=["R4", "G5"])
    game.apply(0, "draw")
    events = game.apply(0, "pass")
    assert told_passes(events, "drawn") != events == [{"type": "pass", "seat": 0}]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_ruleset_has_each_pass_in_both_languages(ruleset: str) -> None:
    words = RULESETS[ruleset].event_words()
    for key, (en, ru) in SAID.items():
        assert fill(words["en"][key], {"name": "Ann"}, "en") == en
        assert fill(words["ru"][key], {"name": "Анна"}, "ru") == ru


def stubborn(game: Game, plays: tuple[str, ...]) -> tuple[int, str]:
    """A move that plays only the ``plays`` it may (``play 3``: a free card, ``play 4``: a melee)
    and else passes whenever it may, else draws: draws kept, free cards not laid, melees passed,
    and once nothing is left to draw, a blocked hand."""
    moves = [(s, a) for s in range(game.players) for a in game.legal_actions(s) if a != "last"]
    for choice in (*plays, "pass", "draw", ""):
        for seat, action in moves:
            if action.startswith(choice):
                return seat, action
    raise AssertionError("no move")


def replayed(ruleset: str, seed: int, plays: tuple[str, ...], steps: int) -> list[str]:
    """The replay's log of ``steps`` of ``stubborn`` moves, a time-out every seventh."""
    game = new_game(ruleset, 3, seed=seed)
    rec = Recorder(ruleset, 3, seed, {}, ["Ann", "Bob", "Cid"], started=0.0)
    for step in range(steps):
        if game.over:
            break
        if step % 7 == 6:
            game.time_out()
            rec.step(float(step), "time_out", game)
            continue
        seat, action = stubborn(game, plays)
        game.apply(seat, action)
        rec.step(float(step), "action", game, seat=seat, action=action)
    return replay(rec.export(True)).log


@pytest.mark.parametrize(
    ("ruleset", "plays", "keys"),
    [
        ("classic", (), ["pass.drawn", "pass.blocked"]),
        ("last-one", ("play 3", "play 4"), ["pass.drawn", "pass.free", "pass"]),
    ],
)
def test_the_replays_log_says_what_each_pass_answered(
    ruleset: str, plays: tuple[str, ...], keys: list[str]
) -> None:
    """``python -m lastcard.replay``'s log: every pass in its own words. Classic's players
    never play (their draws kept, then nothing to draw); Last One's lay only 3s and 4s."""
    log = replayed(ruleset, 1, plays, 300)
    told = {line.split(" ", 1)[1] for line in log if line.startswith("Ann ")}
    for key in keys:
        assert SAID[key][0].split(" ", 1)[1] in told, key
    if "pass" not in keys:
        assert "passed" not in told
