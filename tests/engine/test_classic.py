"""Scenario tests for «Классика» / Classic (docs/rules/classic.md), one per rule and decision.

Each test lays out a position with ``setup=`` and names the rule it checks; every test drives the
public contract only (``new_game``, ``legal_actions``, ``apply``, ``time_out``, ``remove_seat``,
``next_hand``, the views and ``to_dict`` / ``load``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from lastcard import IllegalAction, load, new_game, rules_text
from lastcard.cards import colour_deck
from lastcard.game import PRIVATE_CARDS, Event, Game

RULESET = "classic"
STOCK = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]


def make(hands: list[list[str]], starter: str = "R3", stock: list[str] | None = None,
         first: int = 0, **extra: Any) -> Game:  # fmt: skip
    """A classic game from a fixed position (the stock defaults to a few yellow numbers)."""
    setup: dict[str, Any] = {"hands": hands, "starter": starter, "first": first, **extra}
    setup["stock"] = list(STOCK) if stock is None else stock
    options = setup.pop("options", None)
    return new_game(RULESET, len(hands), setup=setup, options=options)


def full(hands: list[list[str]], starter: str = "R3") -> Game:
    """A position with every other card of the deck in the stock (a game ``check`` accepts)."""
    rest = Counter(colour_deck()) - Counter([c for hand in hands for c in hand] + [starter])
    return make(hands, starter, stock=sorted(rest.elements()))


def act(game: Game, *steps: tuple[int, str]) -> list[Event]:
    events: list[Event] = []
    for seat, action in steps:
        events += game.apply(seat, action)
    return events


def drawn(events: list[Event], seat: int) -> list[Event]:
    return [e for e in events if e["type"] == "draw" and e["seat"] == seat]


def total(game: Game) -> int:
    return sum(len(h) for h in game.hands) + len(game.stock) + len(game.discard)


# ---- A. table and deck ----
def test_r1_two_to_ten_players() -> None:
    for players in (2, 10):
        assert new_game(RULESET, players).players == players
    for players in (1, 11):
        with pytest.raises(ValueError, match=r"2\.\.10"):
            new_game(RULESET, players)


def test_r2_the_108_cards_of_the_box() -> None:
    deck = Counter(colour_deck())
    assert sum(deck.values()) == 108
    assert deck["R0"] == 1 and deck["R9"] == deck["GS"] == deck["BR"] == deck["Y+2"] == 2
    assert deck["W"] == deck["W+4"] == 4
    for seed in range(5):
        assert total(new_game(RULESET, 4, seed=seed)) == 108


def test_r3_seven_cards_each_and_a_face_up_starter() -> None:
    view = new_game(RULESET, 5, seed=2).public_view()
    assert view["top"] is not None and view["discard"] == 1
    assert sorted(view["counts"])[1:] == [7, 7, 7, 7]  # a Draw Two starter gives one seat 9


def test_r4_left_of_the_dealer_starts_and_play_goes_left() -> None:
    game = make([["R5"], ["G7"], ["B8"]], first=None, dealer=1)
    assert game.public_view()["turn"] == 2 and game.public_view()["direction"] == 1
    for seed in range(8):
        view = new_game(RULESET, 4, seed=seed).public_view()
        if view["top"][1:].isdigit():
            assert view["turn"] == (view["dealer"] + 1) % 4


# ---- B. the dealer's first card ----
def test_r5_a_wild_draw_four_starter_goes_back_and_another_card_is_turned() -> None:
    game = make([["R5"], ["G7"]], starter="W+4", stock=["Y1"])
    assert game.public_view()["top"] == "Y1"
    assert game.stock == ["W+4"] and game.public_view()["pending"] is None
    for seed in range(40):
        assert new_game(RULESET, 3, seed=seed).public_view()["top"] != "W+4"


def test_r6_a_wild_starter_lets_the_first_player_name_the_colour() -> None:
    game = make([["R5", "G2"], ["G7"], ["B8"]], starter="W", first=1, dealer=0)
    assert game.public_view()["pending"] == {"kind": "suit", "seat": 1}
    assert game.legal_actions(1) == ["suit R", "suit Y", "suit B", "suit G", "last"]
    assert game.legal_actions(0) == []
    events = act(game, (1, "suit G"))
    assert events == [{"type": "suit", "seat": 1, "active": "G"}]
    assert game.public_view()["active"] == "G" and game.public_view()["turn"] == 1
    assert "play G7" in game.legal_actions(1)


def test_r7_a_draw_two_starter_makes_the_first_player_draw_and_lose_the_turn() -> None:
    game = make([["R5"], ["G7"], ["B8"]], starter="R+2", first=1, dealer=0)
    assert game.public_view()["counts"] == [1, 3, 1]
    assert game.public_view()["turn"] == 2


def test_r8_a_reverse_starter_lets_the_dealer_start_to_the_right() -> None:
    game = make([["R5", "G1"], ["G7", "Y1"], ["B8", "R9"]], starter="RR", first=1, dealer=0)
    view = game.public_view()
    assert view["turn"] == 0 and view["direction"] == -1
    act(game, (0, "play R5"))
    assert game.public_view()["turn"] == 2


def test_r9_a_skip_starter_skips_the_first_player() -> None:
    game = make([["R5"], ["G7"], ["B8"]], starter="RS", first=1, dealer=0)
    assert game.public_view()["turn"] == 2 and game.public_view()["counts"] == [1, 1, 1]


# ---- C. a turn ----
def test_r10_match_colour_number_or_symbol_or_play_a_wild() -> None:
    game = make([["R9", "G3", "GS", "B7", "W", "W+4"], ["Y1"]], starter="R3")
    legal = game.legal_actions(0)
    assert "play R9" in legal and "play G3" in legal
    assert "play GS" not in legal and "play B7" not in legal
    assert {"play W R", "play W G", "play W+4 B"} <= set(legal)
    game = make([["BS", "B7"], ["Y1", "Y2"]], starter="GS", first=1)
    assert game.legal_actions(0) == ["play BS", "draw"]


def test_r11_draw_one_then_play_it_at_once_or_pass() -> None:
    game = make([["R9", "B1"], ["Y1"]], starter="R3", stock=["R4", "G5"])
    assert "draw" in game.legal_actions(0)  # also while holding a legal card
    act(game, (0, "draw"))
    assert game.public_view()["pending"] == {"kind": "drawn", "seat": 0}
    assert game.legal_actions(0) == ["play R4", "pass"]  # the drawn card alone, not R9
    act(game, (0, "pass"))
    assert game.public_view()["turn"] == 1
    game = make([["R9", "B1"], ["Y1"]], starter="R3", stock=["G5"])
    act(game, (0, "draw"))
    assert game.public_view()["turn"] == 1 and game.public_view()["pending"] is None


def test_r12_an_empty_stock_is_the_discard_pile_reshuffled() -> None:
    game = make([["B1", "B2"], ["Y1"]], starter="R3", stock=[], discard=["G4", "G6", "W"])
    events = act(game, (0, "draw"))
    assert events[0] == {"type": "reshuffle", "count": 3}
    view = game.public_view()
    assert view["top"] == "R3" and view["discard"] == 1 and view["stock"] == 2
    assert total(game) == 3 + 1 + 3


# ---- D. action cards ----
def test_r13_skip_and_reverse() -> None:
    game = make([["RS", "R1"], ["Y1"], ["B2"]], starter="R3")
    events = act(game, (0, "play RS"))
    assert {"type": "skip", "seat": 1} in events and game.public_view()["turn"] == 2
    game = make([["RR", "R1"], ["Y1"], ["B2"]], starter="R3")
    act(game, (0, "play RR"))
    assert game.public_view()["turn"] == 2 and game.public_view()["direction"] == -1
    game = make([["RR", "R1"], ["Y1"]], starter="R3")  # two players: a Skip
    act(game, (0, "play RR"))
    assert game.public_view()["turn"] == 0


def test_r14_draw_two() -> None:
    game = make([["R+2", "R1"], ["G1", "G2"], ["B2", "B3"]], starter="R3")
    events = act(game, (0, "play R+2"))
    assert drawn(events, 1)[0]["count"] == 2 and drawn(events, 1)[0]["reason"] == "penalty"
    assert game.public_view()["turn"] == 2 and game.public_view()["pending"] is None


def test_r15_wild_names_a_colour_and_wild_draw_four_makes_the_next_player_draw() -> None:
    game = make([["W", "R1"], ["G1", "G2"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W B"))
    assert game.public_view()["active"] == "B" and game.public_view()["turn"] == 1
    game = make([["W+4", "G1"], ["G2", "G3"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W+4 G"), (1, "draw"))
    assert game.public_view()["counts"] == [1, 6, 2]
    assert game.public_view()["turn"] == 2 and game.public_view()["active"] == "G"


# ---- E. the Wild Draw Four and its challenge ----
def test_r16_a_wild_draw_four_may_be_played_while_holding_the_colour() -> None:
    game = make([["W+4", "R1"], ["G1"]], starter="R3")
    assert "play W+4 G" in game.legal_actions(0)


def test_r17_the_next_player_challenges_or_accepts() -> None:
    game = make([["W+4", "G1", "G3"], ["G2", "Y9"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W+4 B"))
    view = game.public_view()
    assert view["pending"] == {
        "kind": "challenge",
        "seat": 1,
        "count": 4,
        "aggressor": 0,
        "suit": "R",
    }
    assert view["turn"] == 1
    assert game.legal_actions(1) == ["challenge", "draw"]
    assert game.legal_actions(2) == [] and game.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        game.apply(1, "play Y9")
    events = act(game, (1, "draw"))
    assert drawn(events, 1) == [{"type": "draw", "seat": 1, "count": 4, "cards": STOCK[:4],
                                 "reason": "penalty"}]  # fmt: skip
    assert game.public_view()["turn"] == 2


def test_r18_the_challenger_alone_sees_the_hand() -> None:
    game = make([["W+4", "G1", "B5"], ["G2", "Y9"], ["B2"]], starter="R3")
    act(game, (0, "play W+4 B"))
    events = act(game, (1, "challenge"))
    assert events[0] == {"type": "challenge", "seat": 1, "aggressor": 0, "cards": ["B5", "G1"],
                         "guilty": False}  # fmt: skip
    for view in (game.public_view(), game.view(1), game.view(2)):
        assert "B5" not in str(view)


def test_r19_guilty_the_player_draws_four_and_the_challenger_plays() -> None:
    game = make([["W+4", "R1", "G1"], ["G2", "Y9"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W+4 B"))
    events = act(game, (1, "challenge"))
    assert events[0]["guilty"] is True
    assert drawn(events, 0)[0]["count"] == 4 and drawn(events, 0)[0]["reason"] == "bluff"
    view = game.public_view()
    assert view["counts"] == [6, 2, 2] and view["turn"] == 1 and view["pending"] is None
    assert view["active"] == "B"
    assert game.legal_actions(1) == ["draw"]  # its own turn, on the named colour: no blue card


def test_r19_innocent_the_challenger_draws_six_and_loses_the_turn() -> None:
    game = make([["W+4", "G1"], ["G2", "Y9"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W+4 B"))
    events = act(game, (1, "challenge"))
    assert events[0]["guilty"] is False
    assert drawn(events, 1)[0]["count"] == 6 and drawn(events, 1)[0]["reason"] == "challenge"
    view = game.public_view()
    assert view["counts"] == [1, 8, 2] and view["turn"] == 2


# ---- F. one card left ----
def test_r20_a_player_down_to_one_card_calls_it() -> None:
    game = make([["R5", "R6"], ["R7", "G8"]], starter="R3")
    assert "last" not in game.legal_actions(0)
    act(game, (0, "play R5"))
    assert "last" in game.legal_actions(0)
    events = act(game, (0, "last"))
    assert events == [{"type": "call", "seat": 0}]
    assert game.public_view()["called"] == [0]
    assert not drawn(act(game, (1, "play R7")), 0) and len(game.hands[0]) == 1


def test_r21_an_uncalled_last_card_is_caught_by_the_next_play() -> None:
    game = make([["R5", "R6"], ["R7", "G8"]], starter="R3")
    act(game, (0, "play R5"))
    events = act(game, (1, "play R7"))
    assert drawn(events, 0)[0]["count"] == 2 and drawn(events, 0)[0]["reason"] == "last"
    assert game.public_view()["counts"][0] == 3


# ---- G. end of a hand and the match ----
def test_r22_the_first_out_wins_the_hand() -> None:
    game = make([["R5"], ["G7", "B8"]], starter="R3")
    events = act(game, (0, "play R5"))
    assert game.over and game.winners == [0]
    assert events[-1]["type"] == "hand_over"
    assert game.public_view()["revealed"] == [[], ["B8", "G7"]]


def test_r23_a_final_draw_card_still_makes_the_next_player_draw() -> None:
    game = make([["R+2"], ["G7"], ["B8"]], starter="R3")
    events = act(game, (0, "play R+2"))
    assert game.over and drawn(events, 1)[0]["count"] == 2
    game = make([["W+4"], ["G7"], ["B8"]], starter="R3")
    events = act(game, (0, "play W+4 G"))
    assert game.over and drawn(events, 1)[0]["count"] == 4


def test_r24_the_winner_scores_the_cards_left_in_the_other_hands() -> None:
    game = make([["R5"], ["G7", "B+2", "W"], ["YR", "YS", "W+4", "R0"]], starter="R3")
    act(game, (0, "play R5"))
    assert game.public_view()["scores"] == [7 + 20 + 50 + 20 + 20 + 50 + 0, 0, 0]


def test_r25_the_first_to_the_target_wins_the_match() -> None:
    game = make([["R5"], ["G7", "W"]], starter="R3", options={"target": 57})
    act(game, (0, "play R5"))
    assert game.match_over and game.match_winners == [0]
    with pytest.raises(IllegalAction):
        game.next_hand()
    game = make([["R5"], ["G7", "W"]], starter="R3")
    act(game, (0, "play R5"))
    assert not game.match_over and game.options["target"] == 500
    dealer = game.dealer
    game.next_hand()
    assert game.dealer == (dealer + 1) % 2 and game.public_view()["scores"] == [57, 0]


# ---- decisions ----
def test_d1_the_deal_moves_left_and_every_hand_starts_to_the_left() -> None:
    game = make([["RR", "R5"], ["R7"], ["B8", "B9"]], starter="R3", dealer=2)
    act(game, (1, "last"), (0, "play RR"), (2, "draw"), (1, "play R7"))
    assert game.over and game.public_view()["direction"] == -1
    game.next_hand()
    view = game.public_view()
    assert game.dealer == 0
    assert view["direction"] == (-1 if view["top"][1:] == "R" else 1)


def test_d2_a_wild_starter_timed_out_takes_the_colour_held_most() -> None:
    game = make([["R5"], ["G7", "B1", "G2"], ["B8"]], starter="W", first=1, dealer=0)
    events = game.time_out()
    assert events == [{"type": "suit", "seat": 1, "active": "G"}]
    assert game.public_view()["turn"] == 1 and game.public_view()["pending"] is None


def test_d3_the_call_window_stays_open_over_draws_and_a_play_closes_it() -> None:
    game = make([["R5", "R6"], ["G7", "G8"], ["B1", "B2"]], starter="R3", stock=["Y1", "Y2"])
    act(game, (0, "play R5"), (1, "draw"))
    assert "last" in game.legal_actions(0)  # the next player's draw does not catch
    act(game, (0, "last"), (2, "draw"))
    game = make([["R5", "R6"], ["G7", "R8"], ["B1", "B2"]], starter="R3")
    events = act(game, (0, "play R5"), (1, "play R8"))
    assert drawn(events, 0)[0]["count"] == 2 and "last" not in game.legal_actions(0)
    # a play that goes out ends the hand at once and catches no one: the card left scores as is
    game = make([["R5", "R6"], ["R8", "R9"], ["R2", "B2", "B4"]], starter="R3", first=1)
    act(game, (1, "play R9"), (1, "last"), (2, "play R2"), (0, "play R5"))
    events = act(game, (1, "play R8"))
    assert game.over and game.winners == [1] and not drawn(events, 0)
    assert game.public_view()["revealed"] == [["R6"], [], ["B2", "B4"]] and game.scores[1] == 12


def test_d4_a_blocked_hand_has_no_winner_and_scores_nothing() -> None:
    game = make([["B1", "B2"], ["G1", "G2"]], starter="R3", stock=[])
    assert game.legal_actions(0) == ["pass"]
    events = act(game, (0, "pass"), (1, "pass"))
    assert game.over and game.blocked() and game.winners == []
    assert events[-1] == {"type": "hand_over", "winners": [], "scores": [0, 0]}
    game.next_hand()
    assert not game.over


def test_d5_cards_drawn_for_a_final_draw_card_count_and_a_final_reverse_only_turns() -> None:
    game = make([["W+4"], ["G7"]], starter="R3", stock=["B9", "B8", "B7", "B6"])
    act(game, (0, "play W+4 R"))
    assert game.public_view()["scores"] == [7 + 9 + 8 + 7 + 6, 0]
    game = make([["RR"], ["G7"], ["B1"]], starter="R3")
    events = act(game, (0, "play RR"))
    assert {"type": "reverse", "seat": 0, "direction": -1} in events
    assert game.public_view()["scores"] == [8, 0, 0]


def test_d6_a_going_out_wild_draw_four_cannot_be_challenged() -> None:
    game = make([["W+4"], ["G7"], ["B8"]], starter="R3")
    act(game, (0, "play W+4 G"))
    assert game.over and game.public_view()["pending"] is None
    assert game.legal_actions(1) == []


def test_d7_guilt_is_the_colour_in_force_before_not_a_match_or_the_named_colour() -> None:
    for hand, guilty in ((["B3", "W"], False), (["G5"], False), (["R1"], True)):
        game = make([["W+4", *hand], ["G2", "Y9"]], starter="R3")
        act(game, (0, "play W+4 G"))
        assert act(game, (1, "challenge"))[0]["guilty"] is guilty, hand
    game = make([["W+4", "B1"], ["G2", "Y9"]], starter="R3", discard=[])
    game.active = "B"  # the colour a Wild named earlier
    act(game, (0, "play W+4 R"))
    assert game.public_view()["pending"]["suit"] == "B"  # type: ignore[index]
    assert act(game, (1, "challenge"))[0]["guilty"] is True


def test_d8_the_shown_hand_is_private_to_the_challenger_and_survives_a_save() -> None:
    game = full([["W+4", "G1", "B5"], ["G2", "Y9"], ["B2", "B3"]])
    act(game, (0, "play W+4 B"))
    saved = load(game.to_dict())
    assert saved.public_view() == game.public_view()
    assert saved.legal_actions(1) == ["challenge", "draw"]
    saved.check()
    damaged = game.to_dict()
    damaged["pending"]["suit"] = "X"
    with pytest.raises(ValueError, match="colour or suit a challenge"):
        load(damaged).check()
    damaged["pending"] = {"kind": "challenge", "seat": 1, "count": 4}
    with pytest.raises(ValueError, match="keys"):
        load(damaged).check()
    assert saved.apply(1, "challenge")[0]["cards"] == ["B5", "G1"]
    assert "challenge" in PRIVATE_CARDS and "draw" in PRIVATE_CARDS


def test_d9_a_time_out_accepts_and_a_removed_player_cannot_be_challenged() -> None:
    game = make([["W+4", "R1"], ["G2", "Y9"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W+4 B"))
    events = game.time_out()
    assert drawn(events, 1)[0]["count"] == 4 and game.public_view()["turn"] == 2
    game = full([["W+4", "R1", "R2"], ["G2", "Y9"], ["B2", "B3"]])
    act(game, (0, "play W+4 B"))
    game.remove_seat(0)
    assert game.legal_actions(1) == ["draw"]
    game.check()
    game = make([["W+4", "R1"], ["G2", "Y9"], ["B2", "B3"]], starter="R3")
    act(game, (0, "play W+4 B"))
    game.remove_seat(1)
    assert game.public_view()["pending"] is None and game.public_view()["turn"] == 2


def test_d10_two_players() -> None:
    game = make([["W+4", "R1", "G4"], ["G2", "Y9"]], starter="R3")
    act(game, (0, "play W+4 B"), (1, "draw"))
    assert game.public_view()["turn"] == 0
    game = make([["W+4", "G1", "G4"], ["G2", "Y9"]], starter="R3")
    act(game, (0, "play W+4 B"), (1, "challenge"))
    assert game.public_view()["turn"] == 0
    game = make([["W+4", "R1", "G4"], ["G2", "Y9"]], starter="R3")
    act(game, (0, "play W+4 B"), (1, "challenge"))
    assert game.public_view()["turn"] == 1
    game = make([["GS", "G1"], ["G2", "Y9"]], starter="G3")
    act(game, (0, "play GS"))
    assert game.public_view()["turn"] == 0


def test_d11_the_target_option_and_the_rules_text() -> None:
    with pytest.raises(ValueError, match="target"):
        new_game(RULESET, 2, options={"target": 0})
    with pytest.raises(ValueError, match=r"1\.\.4"):
        new_game(RULESET, 2, options={"last_call_penalty": 0})
    text = rules_text(RULESET, {"target": 137})
    for lang in ("en", "ru"):
        said = " ".join(" ".join(items) for _, items in text[lang])
        assert "137" in said and "50" in said and "20" in said


def test_d11_the_hand_size_and_the_call_penalty_are_the_tables() -> None:
    view = new_game(RULESET, 3, seed=4, options={"hand_size": 10}).public_view()
    assert sorted(view["counts"])[1:] == [10, 10]
    game = make([["R5", "R6"], ["R7", "G8"]], starter="R3", options={"last_call_penalty": 4})
    events = act(game, (0, "play R5"), (1, "play R7"))
    assert drawn(events, 0)[0]["count"] == 4
    for lang, said in rules_text(RULESET, {"hand_size": 11, "last_call_penalty": 3}).items():
        text = " ".join(" ".join(items) for _, items in said)
        assert "11" in text and "3" in text, lang


# ---- the house rules (docs/house-rules.md), all offered by Classic (D11, D12) ----
def test_d12_stacking_a_draw_two_and_adding_to_a_wild_draw_four_instead_of_challenging() -> None:
    options = {"stacking": True}
    game = make([["R+2", "R1"], ["Y+2", "G2"], ["B2", "B3"]], options=options)
    act(game, (0, "play R+2"))
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 1, "count": 2}
    act(game, (1, "play Y+2"))
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 2, "count": 4}
    hands = [["W+4", "G1", "G3"], ["W+4", "Y9"], ["B2", "B3"]]
    game = make(hands, options=options)
    act(game, (0, "play W+4 B"))
    legal = game.legal_actions(1)
    assert legal[0] == "challenge" and legal[-1] == "draw" and "play W+4 G" in legal
    act(game, (1, "play W+4 G"))  # the total passes on, and this one is not challenged
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 2, "count": 8}
    assert "challenge" not in game.legal_actions(2)
    events = act(game, (2, "draw"))
    assert drawn(events, 2)[0]["count"] == 8 and game.public_view()["turn"] == 0


def test_d12_a_stacked_wild_draw_four_going_out_passes_the_total_on() -> None:
    game = make([["W+4", "G1", "G3"], ["W+4"], ["B2", "B3"]], options={"stacking": True})
    act(game, (1, "last"), (0, "play W+4 B"), (1, "play W+4 G"))
    assert game.over and game.winners == [1] and len(game.hands[2]) == 2 + 8


def test_house_jump_in_seven_zero_and_draw_until_play_in_classic() -> None:
    hands = [["R5", "R1", "R2"], ["G2", "G3"], ["R5", "B3"]]
    game = make(hands, starter="R3", options={"jump_in": True})
    act(game, (0, "play R5"))
    assert "play R5" in game.legal_actions(2)  # out of turn: seat 1 is to play
    act(game, (2, "play R5"))
    assert game.public_view()["turn"] == 0
    hands = [["R7", "R1", "R2"], ["G2", "G3"], ["B3", "B4"]]
    game = make(hands, starter="R3", options={"seven_zero": True})
    assert "play R7 @2" in game.legal_actions(0)
    act(game, (0, "play R7 @2"))
    assert game.hands[0] == ["B3", "B4"] and game.hands[2] == ["R1", "R2"]
    stock = ["B1", "G5", "R9", "Y2"]
    game = make(
        [["B2", "G1"], ["G2", "G3"]], starter="R3", stock=stock, options={"draw_until_play": True}
    )
    events = act(game, (0, "draw"))
    assert [e["cards"] for e in drawn(events, 0)] == [["B1"], ["G5"], ["R9"]]
    assert game.legal_actions(0) == ["play R9", "pass"]


def test_d12_under_stacking_a_draw_two_starter_waits_to_be_added_to() -> None:
    game = make([["R5", "G1"], ["Y+2", "G7"], ["B8", "B9"]], starter="R+2", first=1, dealer=0,
                options={"stacking": True})  # fmt: skip
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 1, "count": 2}
    act(game, (1, "play Y+2"))
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 2, "count": 4}
    # and the rules screen says so, in both languages (it said the first player draws at once)
    for stacking, en, ru in ((True, "may add to it, or else draws", "может добавить к ней свою"),
                             (False, "the first player draws", "первый игрок берёт")):  # fmt: skip
        text = rules_text("classic", {"stacking": stacking})
        start = {lang: " ".join(text[lang][1][1]) for lang in ("en", "ru")}
        assert en in start["en"] and ru in start["ru"], start
