"""``Move`` is a value (issue 23): ``Move.parse`` reads an action string back into the one shared
move, so moves compare equal exactly when they are the same action, and ``repr`` reads back."""

from __future__ import annotations

import random

import pytest
from lastcard import RULESETS, new_game
from lastcard.game import DRAW, Move, play_move


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_legal_move_parses_back_to_itself(ruleset: str) -> None:
    rng = random.Random(7)
    for seed in range(6):
        game = new_game(ruleset, RULESETS[ruleset].MIN_PLAYERS + seed % 3, seed=seed)
        while not game.over:
            seat = next(s for s in range(game.players) if game.legal_moves(s))
            moves = game.legal_moves(seat)
            for move in moves:
                assert Move.parse(move.text) is move
                assert eval(repr(move), {"Move": Move}) == move
            game.push(seat, rng.choice(moves))


def test_equal_moves_are_one_value() -> None:
    assert Move.parse("play 7H 7S") == play_move(("7H", "7S"))
    assert Move.parse("play 7H 7S") != Move.parse("play 7S 7H")  # the order laid is the move
    assert Move.parse("draw") is DRAW
    assert Move.parse("play W B").active == "B" and Move.parse("play JOKER=QH").top == "JOKER=QH"
    assert {Move.parse("suit H"), Move.parse("suit H")} == {Move.parse("suit H")}


@pytest.mark.parametrize(
    "bad", ["", "play", "play ZZ", "play 7H 7H", "suit X", "draw now", "jump", "play H", None]
)
def test_a_string_that_names_no_move_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="not an action"):
        Move.parse(bad)  # type: ignore[arg-type]
