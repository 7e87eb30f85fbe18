"""The game record and ``python -m lastcard.replay``: a round trip over random games of every
ruleset (actions, timeouts, removals, next hands), and damaged or edited records refused."""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lastcard import RULESETS, new_game
from lastcard.replay import RESULT_KEYS, Recorder, RecordError, check, main, replay, seal

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 3000


def play_random(
    ruleset: str, players: int, seed: int, rnd: random.Random, options: dict[str, Any] | None = None
) -> tuple[Any, Recorder]:
    """A random game played to its end (a whole match), recorded as the table records it."""
    game = new_game(ruleset, players, seed=seed, options=options)
    names = [f"P{seat}" for seat in range(players)]
    rec = Recorder(ruleset, players, seed, options or {}, names, started=100.0)
    now = 100.0
    for _ in range(MAX_STEPS):
        now += rnd.random() * 3
        if game.over:
            if game.public_view()["match_over"] is not False or rnd.random() < 0.1:
                break
            game.next_hand()
            rec.step(now, "next_hand", game)
            continue
        roll = rnd.random()
        if roll < 0.01:
            seat = rnd.choice([s for s in range(players) if not game.removed[s]])
            game.remove_seat(seat)
            rec.step(now, "remove", game, seat=seat)
        elif roll < 0.08:
            game.time_out()
            rec.step(now, "time_out", game)
        else:
            options = [(s, a) for s in range(players) for a in game.legal_actions(s)]
            plays = [o for o in options if o[1].startswith("play")]
            seat, action = rnd.choice(plays if plays and rnd.random() < 0.85 else options)
            game.apply(seat, action)
            rec.step(now, "action", game, seat=seat, action=action)
    return game, rec


@st.composite
def games(draw: st.DrawFn) -> tuple[str, int, int, int]:
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    kind = RULESETS[ruleset]
    players = draw(st.integers(kind.MIN_PLAYERS, kind.MAX_PLAYERS))
    return ruleset, players, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1))


@SETTINGS
@given(games())
def test_round_trip_reproduces_every_hand(table: tuple[str, int, int, int]) -> None:
    ruleset, players, seed, choices = table
    game, rec = play_random(ruleset, players, seed, random.Random(choices))
    final = rec.final(game)
    exported = json.loads(json.dumps(rec.export(final)))
    assert "started" not in exported
    if not final:  # a match left between hands: the seed stays back
        assert exported["seed"] is None
        with pytest.raises(RecordError, match="seed"):
            replay(exported)
        exported = json.loads(json.dumps(rec.export(True)))
    result = replay(exported)
    assert result.hands == len(rec.hands) == game.hand_number - (not game.over)
    assert result.game.public_view() == game.public_view()
    # kept in a snapshot and back, the record is the same
    again = Recorder.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert again.to_dict() == rec.to_dict()


def test_the_log_names_both_seats_of_a_swap_and_counts_cards_drawn() -> None:
    _, rec = play_random("classic", 3, 5, random.Random(5), {"seven_zero": True})
    log = replay(json.loads(json.dumps(rec.export(True)))).log
    swaps = [line for line in log if "swapped hands" in line]
    assert swaps, log
    assert all(re.fullmatch(r"P\d swapped hands with P\d", line) for line in swaps), swaps
    assert any(re.search(r"drew [2-9] cards\b", line) for line in log)
    assert not [line for line in log if "{" in line]


def test_a_penalty_that_costs_the_turn_is_one_line() -> None:
    """A Draw Two's draw says "and lost the turn": the skip after it is no second line."""
    _, rec = play_random("poslednyaya", 3, 2, random.Random(2))
    log = replay(json.loads(json.dumps(rec.export(True)))).log
    lost = [i for i, line in enumerate(log) if line.endswith("and lost the turn")]
    assert lost, log
    for i in lost:
        assert log[i + 1] != log[i].split(" drew ")[0] + " is skipped", log[i : i + 2]


def test_a_draw_until_a_card_fits_is_one_line() -> None:
    """Draw until you can play draws one card an event; the log tells a seat's draws in a row as
    one draw of all their cards."""
    plain = re.compile(r"(P\d) drew ([A-Z0-9+]+(?: [A-Z0-9+]+)*)")
    _, rec = play_random("poslednyaya", 3, 0, random.Random(0), {"draw_until_play": True})
    log = replay(json.loads(json.dumps(rec.export(True)))).log
    draws = [plain.fullmatch(line) for line in log]
    assert any(d and " " in d[2] for d in draws), log  # a draw of two cards or more
    for before, after in itertools.pairwise(draws):
        assert not (before and after and before[1] == after[1]), (before, after)


def test_the_replays_log_tells_the_first_starter() -> None:
    """A replayed Classic game whose first card is a Draw Two says so after the hand's line."""
    seed = next(s for s in range(200) if new_game("classic", 3, seed=s).discard[-1] == "R+2")
    _, rec = play_random("classic", 3, seed, random.Random(1))
    log = replay(json.loads(json.dumps(rec.export(True)))).log
    assert log[1].startswith("Hand 1: ") and log[1].endswith(" on R+2"), log[:3]
    assert log[2].endswith("drew 2 cards and lost the turn"), log[:3]


def test_no_hidden_card_in_a_record() -> None:
    """Only public things: actions, the results' revealed hands; no drawn card anywhere."""
    game, rec = play_random("poslednyaya", 3, 7, random.Random(7))
    text = json.dumps(rec.export(rec.final(game)))
    assert '"cards"' not in text and '"hand"' not in text.replace('"hand":', "")
    for step in rec.steps:  # an action names only the cards it lays on the table
        assert set(step) <= {"t", "step", "seat", "action"}
    for hand in rec.hands:  # the cards left in hand, shown by every screen at the hand's end
        assert set(hand) == {"hand", "dealer", *RESULT_KEYS}


def a_record() -> dict[str, Any]:
    _game, rec = play_random("last-one", 3, 11, random.Random(3))
    return rec.export(True)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["steps"].pop(3), "checksum"),
        (lambda r: r["steps"][2].update(action="play W R"), "checksum"),
        (lambda r: r.update(seed=r["seed"] + 1), "checksum"),
        (lambda r: r["names"].__setitem__(0, "Mallory"), "checksum"),
        (lambda r: r.update(format="something"), "not a Last Card record"),
        (lambda r: r.update(version=99), "version 99"),
        (lambda r: r.pop("checksum"), "no checksum"),
    ],
)
def test_edited_records_are_refused(edit: Any, message: str) -> None:
    record = a_record()
    edit(record)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_a_resealed_edit_does_not_replay() -> None:
    """Even with a recomputed checksum an edited game is refused: it does not replay as written."""
    record = a_record()
    record["hands"][0]["scores"][0] += 5
    with pytest.raises(RecordError, match="hand 1: the record says scores"):
        replay(seal({k: v for k, v in record.items() if k != "checksum"}))
    record = a_record()
    plays = [s for s in record["steps"] if s["step"] == "action"]
    plays[5]["seat"] = (plays[5]["seat"] + 1) % 3
    with pytest.raises(RecordError, match="is not legal in the replayed game"):
        replay(seal({k: v for k, v in record.items() if k != "checksum"}))
    record = a_record()
    record["hands"].append(copy.deepcopy(record["hands"][-1]))
    with pytest.raises(RecordError, match="results for"):
        replay(seal({k: v for k, v in record.items() if k != "checksum"}))


def resealed(edit: Any) -> dict[str, Any]:
    """A record edited by ``edit`` and sealed again (the checksum is no signature)."""
    record = a_record()
    edit(record)
    return seal({k: v for k, v in record.items() if k != "checksum"})


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r.update(ruleset=["classic"]), "unknown ruleset"),
        (lambda r: r.update(ruleset={"id": "classic"}), "unknown ruleset"),
        (lambda r: r.update(version=True), "version True"),
        (lambda r: r.update(complete=False), "'complete' does not match"),
        (lambda r: r.update(complete="yes"), "'complete' does not match"),
        (lambda r: r["hands"][-1].update(dealer=r["hands"][-1]["dealer"] + 1), "says dealer"),
        (lambda r: r["hands"][-1].update(hand=7), "says hand 7"),
        (lambda r: r["steps"].append({"t": 1e4, "step": "time_out"}), "the hand is over"),
    ],
)
def test_a_resealed_record_of_the_wrong_kind_is_refused_not_crashed_on(
    edit: Any, message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay(resealed(edit))


@pytest.mark.parametrize(
    "data",
    [[], "x", {"format": "lastcard-record"}, {"format": "lastcard-record", "version": 1}],
)
def test_malformed_records_are_refused(data: Any) -> None:
    with pytest.raises(RecordError):
        check(data)


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "game.json"
    good.write_text(json.dumps(a_record()))
    assert main([str(good)]) == 0
    out = capsys.readouterr().out
    assert "P0" in out and "every result matches" in out and "Hand 1" in out
    broken = tmp_path / "broken.json"
    broken.write_text(good.read_text()[:-40])
    assert main([str(broken)]) == 1
    assert "not a JSON file" in capsys.readouterr().err
    edited = tmp_path / "edited.json"
    edited.write_text(good.read_text().replace('"P1"', '"Eve"'))
    assert main([str(edited)]) == 1
    assert "damaged or edited" in capsys.readouterr().err
    assert main([]) == 2


def test_a_record_that_went_through_javascript_still_checks() -> None:
    """JSON.stringify drops the ".0" of whole numbers; the checksum does not mind."""
    record = a_record()
    record["steps"][0]["t"] = 2.0
    sealed = seal({k: v for k, v in record.items() if k != "checksum"})
    text = json.dumps(sealed).replace('"t": 2.0', '"t": 2')
    assert replay(json.loads(text)).hands >= 1
