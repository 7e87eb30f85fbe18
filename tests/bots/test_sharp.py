"""``sharp``, the heuristic the ``hard`` bot plays by in its playouts (what it reads of the
table's beliefs, where it parts from ``normal``), ``hard``'s filter of sampled worlds, and the
"last card" call its playouts make after the move they try."""

from __future__ import annotations

from typing import Any

from lastcard import new_game
from lastcard.bots import choose
from lastcard.bots.policy import lacking_suits, normal_move, sharp_move
from lastcard.bots.search import _heuristic_play
from lastcard.game import Game
from lastcard.rng import Rng


def make(hands: list[list[str]], stock: list[str], first: int = 0, starter: str = "R3") -> Game:
    setup: dict[str, Any] = {"hands": hands, "starter": starter, "first": first, "stock": stock}
    return new_game("poslednyaya", len(hands), setup=setup)


def pick(game: Game, seat: int, lacking: frozenset[str | None] = frozenset()) -> str:
    move = sharp_move(game, seat, game.legal_moves(seat), Rng(1), lacking)
    assert move is not None
    return move.text


def test_a_seat_that_drew_on_red_is_believed_to_lack_red() -> None:
    game = make([["B1", "B2"], ["G5", "G6", "B7"]], stock=["Y9", "Y8"], first=1)
    assert lacking_suits(game, 1) == frozenset()
    game.apply(1, "draw")
    assert lacking_suits(game, 1) == {"R"}
    assert lacking_suits(game, 0) == frozenset()


def test_it_leaves_in_force_a_colour_the_next_seat_lacks() -> None:
    # a red card (one red card left) or G3 (one green card left): alike but for the beliefs
    game = make([["R7", "R9", "G3", "G8", "B1"], ["Y5", "Y6", "Y7"]], stock=["Y9"])
    assert pick(game, 0, frozenset({"R"})) in ("play R7", "play R9")
    assert pick(game, 0, frozenset({"G"})) == "play G3"


def test_it_keeps_a_card_of_a_rank_it_holds_twice() -> None:
    # normal sheds either 3-free red card alike; sharp keeps R5, whose twin B5 turns blue later
    game = make([["R5", "R6", "B5", "G1", "G2"], ["Y5", "Y6", "Y7"]], stock=["Y9"])
    assert pick(game, 0) == "play R6"


def test_it_saves_its_skips_for_a_seat_about_to_go_out() -> None:
    hands = [["RS", "BS", "R6", "G2"], ["Y5", "Y6", "Y7"]]
    game = make(hands, stock=["Y9", "Y1", "Y2"])
    assert normal_move(game, 0, game.legal_moves(0), Rng(1)).text == "play RS"
    assert pick(game, 0) == "play R6"
    game = make([hands[0], ["Y5", "Y6"]], stock=["Y9", "Y1", "Y2"])
    assert pick(game, 0) == "play RS"


def test_it_keeps_a_wild_card_it_has_just_drawn() -> None:
    game = make([["B1", "B2"], ["Y5", "Y6", "Y7"]], stock=["W", "Y1"])
    game.apply(0, "draw")
    assert game.pending == {"kind": "drawn", "seat": 0}
    assert normal_move(game, 0, game.legal_moves(0), Rng(1)).text.startswith("play W")
    assert pick(game, 0) == "pass"
    game = make([["B1", "B2"], ["Y5", "Y6"]], stock=["W", "Y1"])
    game.apply(0, "draw")
    assert pick(game, 0).startswith("play W")


def test_hard_keeps_the_worlds_in_which_the_last_play_is_the_heuristic_s() -> None:
    game = make([["G1", "G2", "G4"], ["R7", "B5", "B9"]], stock=["Y9", "Y8"], first=1, starter="R5")
    game.apply(1, "play B5")  # with B9 left, the heuristic turns blue rather than play R7
    seen = game.last_play[1]
    assert seen is not None
    world = game.clone()
    assert _heuristic_play(world, 1, seen)
    world.hands[1] = ["R7", "R8"]  # with two reds left, it would have stayed red
    assert not _heuristic_play(world, 1, seen)
    world.hands[1] = ["R7", "R8", "R9"]  # a hand that has changed since cannot be judged
    assert _heuristic_play(world, 1, seen)


def test_hard_goes_down_to_one_card_where_the_last_card_is_called() -> None:
    # Last One: a missed call is caught at the next seat's play. Each of hard's playouts makes
    # the call after the move it tries, as every bot does, so playing to one card is not
    # judged as caught (hard drew here while its playouts left the call unmade)
    setup: dict[str, Any] = {
        "hands": [["6S", "9H"], ["5C", "KD", "QD"], ["7C", "KH", "QH"], ["7D", "6C", "QC"]],
        "starter": "5S",
        "first": 0,
        "stock": ["10H", "9C", "10C", "9D", "10D", "KC", "KS", "QS"],
    }
    for seed in range(3):
        game = new_game("last-one", 4, setup=setup)
        assert choose(game, 0, "hard", seed, playouts=100) == "play 6S"
        game.apply(0, "play 6S")
        assert choose(game, 0, "hard", seed, playouts=100) == "last"
