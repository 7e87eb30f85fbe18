"""What the table has seen (``Game.ruled_out``): the public beliefs the ``hard`` bot's
determinizations respect. A seat that draws instead of playing is believed to hold nothing it
could have played; the beliefs follow the cards as they are played and drawn, never depend on a
hidden card, and survive a save."""

from __future__ import annotations

import json
from typing import Any

from lastcard import new_game
from lastcard.bots import choose
from lastcard.game import Game

#: a card nobody has seen anything of
NOTHING: frozenset[str] = frozenset()

#: what any seat could play on R3 with red in force: red cards, 3s and the wild cards
ON_R3 = {"R0", "R5", "RS", "Y3", "G3", "W", "W+4"}


def make(hands: list[list[str]], stock: list[str], first: int = 0) -> Game:
    setup: dict[str, Any] = {"hands": hands, "starter": "R3", "first": first, "stock": stock}
    return new_game("poslednyaya", len(hands), setup=setup)


def test_a_fresh_deal_rules_nothing_out() -> None:
    game = new_game("poslednyaya", 4, seed=5)
    assert game.ruled_out == [[0] * 7 for _ in range(4)]


def test_a_seat_that_draws_holds_nothing_it_could_have_played() -> None:
    game = make([["B1", "B2"], ["G5", "G6"]], stock=["Y9", "Y8"])
    game.apply(0, "draw")  # Y9 cannot be played on R3: the turn moves on
    held = game.ruled_out_cards(0)
    assert len(held) == 3 and held[0] == held[1] == held[2] and held[0] >= ON_R3
    assert not held[0] & {"B1", "Y9", "G5"}
    assert game.ruled_out_cards(1) == [NOTHING, NOTHING]


def test_a_playable_drawn_card_takes_no_belief_along() -> None:
    game = make([["B1", "B2"], ["G5", "G6"]], stock=["R7", "Y8"])
    game.apply(0, "draw")
    assert game.ruled_out_cards(0)[2] == NOTHING
    game.apply(0, "play R7")
    assert len(game.ruled_out_cards(0)) == 2 and all(
        known >= ON_R3 for known in game.ruled_out_cards(0)
    )


def test_without_play_drawn_the_drawn_card_is_not_ruled_out() -> None:
    game = new_game(
        "last-one",
        2,
        setup={
            "hands": [["2S", "3S"], ["9C", "9H"]],
            "starter": "5D",
            "stock": ["6D", "KC"],
            "first": 0,
        },
    )
    game.apply(0, "draw")  # 6D would match, but the turn ends with the draw (PLAY_DRAWN off)
    held = game.ruled_out_cards(0)
    assert "7D" in held[0] and held[2] == NOTHING


def test_penalty_cards_come_without_beliefs() -> None:
    game = make([["B1", "B2", "R+2"], ["G5", "G6", "G7"]], stock=["Y9", "Y8", "Y7", "Y6"], first=1)
    game.apply(1, "draw")  # Y9: seat 1 lacks red, 3s and wilds
    game.apply(0, "play R+2")  # seat 1 draws Y8 and Y7, seat 0 plays again
    held = game.ruled_out_cards(1)
    assert len(held) == 6 and held.count(NOTHING) == 2
    assert sum(1 for known in held if known >= ON_R3) == 4


def test_a_play_against_the_beliefs_forgets_them() -> None:
    # seat 1 draws although it holds a playable G3 (allowed in «Последняя»: rule 17)
    game = make([["B1", "B2"], ["G3", "G6"]], stock=["Y9", "Y8"], first=1)
    game.apply(1, "draw")
    game.apply(0, "draw")
    game.apply(1, "play G3")
    assert game.ruled_out_cards(1) == [NOTHING, NOTHING]


def test_determinize_deals_what_the_beliefs_allow() -> None:
    game = make(
        [["B1", "B2"], ["G5", "G6"]],
        stock=["Y9", "Y8", "R1", "R2", "R4", "W", "Y3", "B7", "B8", "B9"],
        first=1,
    )
    game.apply(1, "draw")  # seat 1 now holds G5 G6 Y9, none of them playable on R3
    for key in range(40):
        guess = game.determinize(0, key)
        assert not set(guess.hands[1]) & (ON_R3 | {"R1", "R2", "R4"})
        assert sorted(guess.hands[1] + guess.stock) == sorted(game.hands[1] + game.stock)


def test_determinize_deals_any_card_when_the_beliefs_cannot_be_met() -> None:
    game = make([["B1", "B2"], ["G3", "G6"]], stock=["Y9"], first=1)
    game.apply(1, "draw")  # believed to lack 3s: wrongly, and only G3 G6 Y9 are hidden
    guess = game.determinize(0, 1)
    assert sorted(guess.hands[1] + guess.stock) == ["G3", "G6", "Y9"]


def test_beliefs_never_depend_on_a_hidden_card() -> None:
    game = make([["B1", "B2"], ["G5", "G6"]], stock=["Y9", "Y8", "Y7", "Y6"], first=1)
    other = make([["B1", "B2"], ["Y9", "Y8"]], stock=["G5", "G6", "Y7", "Y6"], first=1)
    for g in (game, other):
        g.apply(1, "draw")
    assert game.ruled_out == other.ruled_out


def test_beliefs_survive_a_save_and_a_copy() -> None:
    game = make([["B1", "B2"], ["G5", "G6"]], stock=["Y9", "Y8"])
    game.apply(0, "draw")
    saved = json.loads(json.dumps(game.to_dict()))
    assert Game.from_dict(saved).ruled_out == game.ruled_out
    del saved["ruled_out"]  # a game saved before the beliefs were kept
    assert Game.from_dict(saved).ruled_out == [[0] * 3, [0] * 2]
    copy = game.clone()
    copy.apply(1, "draw")
    assert game.ruled_out_cards(1) == [NOTHING, NOTHING]  # the copy's beliefs are its own


def test_a_seven_zero_7s_last_play_keeps_its_target_through_a_save() -> None:
    """The bots' worker rebuilds the game from the table's snapshot for every computer move: a
    7 saved without the seat it swapped with was no play ``normal`` would make, so ``hard``
    filtered its worlds otherwise than the controller's own game (8 of 10 seeds differed)."""
    setup: dict[str, Any] = {
        "hands": [["R7", "B2", "B3", "G4"], ["G5", "G6", "Y1"], ["Y5", "Y6", "B9"]],
        "starter": "R3", "first": 0, "stock": ["G9", "Y8", "B1", "B5"],
    }  # fmt: skip
    game = new_game("poslednyaya", 3, setup=setup, options={"seven_zero": True})
    game.apply(0, "play R7 @2")
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["last_play"][0]["target"] == 2
    restored = Game.from_dict(saved)
    assert [s and s.move for s in restored.last_play] == [s and s.move for s in game.last_play]
    for seed in range(10):
        assert choose(restored.clone(), restored.turn, "hard", seed, playouts=20) == choose(
            game.clone(), game.turn, "hard", seed, playouts=20
        )


def test_a_new_hand_and_a_removal_reset_the_beliefs() -> None:
    game = new_game("poslednyaya", 3, seed=11)
    seat = game.turn
    game.apply(seat, "draw")
    game.remove_seat(seat)
    assert game.ruled_out[seat] == []
    game = new_game("last-one", 2, seed=3)
    for _ in range(2000):
        if game.over:
            break
        actions = game.legal_actions(game.turn)
        if actions:
            game.apply(game.turn, actions[0])  # plays come first
        else:
            game.time_out()
    assert game.over
    game.next_hand()
    assert all(held == [0] * len(game.hands[s]) for s, held in enumerate(game.ruled_out))


def test_each_seat_s_last_play_on_a_normal_turn_is_kept() -> None:
    game = make([["R5", "B2", "B3"], ["G5", "G6"]], stock=["G9", "Y8"])
    game.apply(0, "play R5")
    seen = game.last_play[0]
    assert seen is not None and seen.move.text == "play R5"
    assert (seen.active, seen.direction, seen.discard, seen.held) == ("R", 1, 1, 2)
    game.apply(1, "play G5")
    game.apply(0, "draw")  # G9 is playable: the play of the drawn card is not a choice
    game.apply(0, "play G9")
    assert game.last_play[0] == seen
    saved = json.loads(json.dumps(game.to_dict()))
    assert Game.from_dict(saved).to_dict()["last_play"] == saved["last_play"]
    del saved["last_play"]
    assert Game.from_dict(saved).last_play == [None, None]
