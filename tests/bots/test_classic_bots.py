"""The bots and Classic's Wild Draw Four (docs/rules/classic.md R16-R19): ``normal`` never bluffs
with it (``hard`` does where its playouts find that it pays), and both challenge it when what
they have seen makes a bluff likely."""

from __future__ import annotations

from collections import Counter

import pytest
from lastcard import new_game
from lastcard.bots import LEVELS, choose
from lastcard.bots.policy import CHALLENGE_AT, bluff_chance
from lastcard.cards import colour_deck
from lastcard.game import Game


def position(hands: list[list[str]], action: str | None = None, top: str = "Y0") -> Game:
    """A Classic game on a red 3 with every other card in the stock (``top`` on top), after
    ``action`` by seat 0 (if any)."""
    rest = Counter(colour_deck()) - Counter([c for hand in hands for c in hand] + ["R3", top])
    stock = [top, *sorted(rest.elements())]
    setup = {"hands": hands, "starter": "R3", "first": 0, "stock": stock}
    game = new_game("classic", len(hands), setup=setup)
    if action:
        game.apply(0, action)
    return game


def test_normal_does_not_bluff() -> None:
    game = position([["W+4", "R7", "B1", "B2"], ["G1", "G2", "G3"]])
    for seed in range(6):
        assert choose(game, 0, "normal", seed) == "play R7"
    game = position([["W+4", "B1", "B2"], ["G1", "G2", "G3"]])  # fair: it lacks red
    plays = {choose(game, 0, "normal", seed) for seed in range(6)}
    assert plays <= {"play W+4 B", "draw"} and "play W+4 B" in plays


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_big_hand_is_challenged_and_a_small_one_is_not(level: str) -> None:
    big = ["W+4", "Y1", "Y2", "B1", "B2", "G4", "G5", "Y7", "B8", "G9"]
    game = position([big, ["G1", "G2", "G3"], ["Y3", "Y4"]], "play W+4 B")
    assert bluff_chance(game, 1, game.pending) > CHALLENGE_AT  # type: ignore[arg-type]
    assert {choose(game, 1, level, seed, playouts=16) for seed in range(4)} == {"challenge"}
    game = position([["W+4", "Y1"], ["G1", "G2", "G3"], ["Y3", "Y4"]], "play W+4 B")
    assert bluff_chance(game, 1, game.pending) < CHALLENGE_AT  # type: ignore[arg-type]
    assert {choose(game, 1, level, seed, playouts=16) for seed in range(4)} == {"draw"}


def test_a_hand_believed_without_the_colour_is_not_challenged() -> None:
    hand = ["Y1", "Y2", "B1", "B2", "G4", "G5", "Y7", "B8", "G9"]
    game = position([hand, ["G1", "G2", "G3"], ["Y3", "Y4"]], top="W+4")
    game.apply(0, "draw")  # on the red 3: seat 0 is believed to hold no red card (and no 3)
    game.apply(0, "play W+4 B")  # the card it drew
    chance = bluff_chance(game, 1, game.pending)  # type: ignore[arg-type]
    assert chance == 0.0 and choose(game, 1, "normal", 1) == "draw"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_a_challenge_legally(level: str) -> None:
    game = position([["W+4", "R1", "G2"], ["G1", "G2", "G3"]], "play W+4 B")
    for seed in range(4):
        assert choose(game, 1, level, seed, playouts=8) in ("challenge", "draw")


def test_under_stacking_normal_adds_a_wild_draw_four_rather_than_drawing() -> None:
    def stacking(hands: list[list[str]]) -> Game:
        rest = Counter(colour_deck()) - Counter([c for hand in hands for c in hand] + ["R3"])
        setup = {"hands": hands, "starter": "R3", "first": 0, "stock": sorted(rest.elements())}
        return new_game("classic", 3, setup=setup, options={"stacking": True})

    game = stacking([["W+4", "Y1"], ["W+4", "R5", "R6", "G2"], ["Y3", "Y4"]])
    game.apply(0, "play W+4 B")  # a small hand: no challenge, but adding beats drawing
    assert choose(game, 1, "normal", 1) == "play W+4 R"  # red, the colour it holds most
    game = stacking([["R+2", "Y1"], ["W+4", "R5", "R6", "G2"], ["Y3", "Y4"]])
    game.apply(0, "play R+2")  # on a waiting draw a Wild Draw Four is fair, red held or not
    assert choose(game, 1, "normal", 1) == "play W+4 R"
