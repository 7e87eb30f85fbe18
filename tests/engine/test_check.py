"""``Game.check``: the engine checks its own invariants (every card once, counts per seat, phase
and pending state coherent, options valid), on every position a game reaches and against each
kind of damage a save may carry (issue 23)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lastcard import RULESETS, Game, load, new_game


@settings(max_examples=40, deadline=None)
@given(
    ruleset=st.sampled_from(list(RULESETS)),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=150),
)
def test_every_position_of_a_played_game_passes(ruleset: str, seed: int, picks: list[int]) -> None:
    game = new_game(ruleset, RULESETS[ruleset].MIN_PLAYERS + seed % 3, seed=seed)
    for pick in picks:
        game.check()
        if game.over:
            break
        seats = [s for s in range(game.players) if game.legal_actions(s)]
        seat = seats[pick % len(seats)]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[pick % len(actions)])
    load(game.to_dict()).check()


def damaged(change: Callable[[dict[str, Any]], None], ruleset: str = "last-one") -> Game:
    game = new_game(ruleset, 3, seed=5)
    state = game.to_dict()
    change(state)
    return load(state)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["hands"][0].append(d["stock"].pop()) or d["stock"].pop(), "missing"),
        (lambda d: d["hands"][1].append(d["hands"][0][0]), "extra"),
        (lambda d: d["hands"][0].append("ZZ"), "does not exist"),
        (lambda d: d.update(turn=7), "whose turn"),
        (lambda d: d.update(direction=2), "direction"),
        (lambda d: d["options"].update(threshold=0), "options"),
        (lambda d: d["options"].pop("threshold"), "incomplete"),
        (lambda d: d.update(pending={"kind": "melee", "seat": 0}), "pending melee"),
        (lambda d: d.update(pending={"kind": "dance", "seat": 0}), "what is pending"),
        (lambda d: d.update(drawn=d["hands"][d["turn"]][0]), "drawn"),
        (lambda d: d.update(over=True), "winners disagree"),
        (lambda d: d.update(scores=None), "scores"),
        (lambda d: d["removed"].pop(), "removed per seat"),
        (lambda d: d.update(pending={"kind": "pickup", "seat": d["turn"], "count": 2}), "none"),
    ],
)
def test_each_kind_of_damage_is_named(change: Callable[[dict[str, Any]], None], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        damaged(change).check()


def test_house_rule_states_are_checked() -> None:
    """A draw waiting as a pickup needs stacking (H1); standing calls need a call mode (H10)."""
    stacked = new_game("last-one", 3, seed=5, options={"stacking": True}).to_dict()
    stacked["pending"] = {"kind": "pickup", "seat": stacked["turn"], "count": 2}
    load(stacked).check()
    auto = new_game("poslednyaya", 3, seed=5).to_dict()
    load({**auto, "options": {**auto["options"], "last_call_penalty": 1}, "calls": [0]}).check()
    with pytest.raises(ValueError, match="calls where none"):
        load({**auto, "calls": [0]}).check()


def test_a_pending_seat_out_of_the_hand_is_refused() -> None:
    def pickup_at_removed(d: dict[str, Any]) -> None:
        d["removed"][(d["turn"] + 1) % 3] = True
        d["pending"] = {"kind": "pickup", "seat": (d["turn"] + 1) % 3, "count": 2}

    with pytest.raises(ValueError, match="pending seat"):
        damaged(pickup_at_removed, "last-card").check()
