"""Scenario tests for `last-card` (docs/rules/last-card.md), one per rule and decision.

Every test drives the public contract only (docs/engine-api.md).
"""

from functools import partial

import pytest
from lastcard import RULESETS, IllegalAction, new_game

from . import french
from .french import act, play_hand, play_match, total_cards

RULESET = "last-card"
deal = partial(french.deal, RULESET, french.DECK_52)


def test_registered():
    assert RULESET in RULESETS


# A. Table
def test_r01_two_seats_and_the_house_option_up_to_six():
    for bad in (1, 7):
        with pytest.raises(ValueError):
            new_game(RULESET, bad)
    for ok in (2, 3, 6):
        assert new_game(RULESET, ok).public_view()["players"] == ok


def test_r02_nz_house_rules_seven_and_jack_do_nothing():
    game = deal([["7C", "KD", "QD"], ["JC", "KS", "QS"], ["3H", "4H", "5H"]])
    act(game, (0, "play 7C"))
    assert (game.public_view()["turn"], game.public_view()["direction"]) == (1, 1)
    act(game, (1, "play JC"))
    assert game.public_view()["turn"] == 2


def test_r03_each_seat_sees_only_its_own_hand():
    game = deal([["7C", "JC", "KD"], ["KS", "QS", "JS"]])
    assert sorted(game.view(0)["hand"]) == ["7C", "JC", "KD"]
    assert "hand" not in game.public_view()
    assert "KS" not in str(game.view(0)) and "KS" not in str(game.public_view())


def test_r04_fifty_two_cards_no_jokers():
    assert total_cards(new_game(RULESET, 2, seed=4)) == 52
    with pytest.raises(ValueError):
        deal([["JOKER", "KD"], ["KS", "QS"]])


def test_r05_seven_cards_each():
    for seed in range(10):
        view = new_game(RULESET, 2, seed=seed).public_view()
        assert min(view["counts"]) == 7


def test_r06_the_rest_is_the_draw_pile():
    for seed in range(10):
        view = new_game(RULESET, 2, seed=seed).public_view()
        assert view["stock"] + view["discard"] + sum(view["counts"]) - 14 == 38


def test_r07_starter_turned_face_up():
    view = new_game(RULESET, 2, seed=1).public_view()
    assert view["discard"] == 1 and view["top"] is not None


def test_r08_the_non_dealer_plays_first():
    hands = [["7H", "KD"], ["KS", "QS"]]
    assert deal(hands, first=None, dealer=1).public_view()["turn"] == 0
    assert deal(hands, first=None, dealer=0).public_view()["turn"] == 1


def test_r09_the_dealer_alternates():
    game = deal([["7C", "7H"], ["KS", "QS"]], dealer=1)
    act(game, (0, "play 7C 7H"))
    game.next_hand()
    assert game.public_view()["dealer"] == 0
    play_hand(game)
    game.next_hand()
    assert game.public_view()["dealer"] == 1


# C. Starter effects
def test_r10_starter_two_non_dealer_takes_two_then_plays():
    game = deal([["7H", "KD"], ["KS", "QS"]], starter="2C")
    view = game.public_view()
    assert view["counts"] == [4, 2] and view["turn"] == 0 and view["pending"] is None


def test_r11_starter_five_non_dealer_takes_five_then_plays():
    game = deal([["7H", "KD"], ["KS", "QS"]], starter="5C")
    view = game.public_view()
    assert view["counts"] == [7, 2] and view["turn"] == 0


def test_r12_starter_ten_dealer_plays_first():
    assert deal([["7H", "KD"], ["KS", "QS"]], starter="10C").public_view()["turn"] == 1


def test_r13_starter_ace_non_dealer_names_the_suit():
    game = deal([["7H", "KD"], ["KS", "QS"]], starter="AC")
    view = game.view(0)
    assert view["pending"] == {"kind": "suit", "seat": 0}
    assert view["legal"] == ["suit S", "suit H", "suit D", "suit C"]
    act(game, (0, "suit H"))
    view = game.view(0)
    assert (view["active"], view["turn"], view["pending"]) == ("H", 0, None)
    assert "play 7H" in view["legal"]


def test_r14_other_starters_have_no_effect():
    view = deal([["7H", "KD"], ["KS", "QS"]], starter="7C").public_view()
    assert (view["turn"], view["pending"], view["counts"]) == (0, None, [2, 2])


# D. A turn
def test_r15_a_play_is_one_or_more_cards_of_one_rank():
    game = deal([["7C", "7H", "KD"], ["KS", "QS"]])
    legal = game.legal_actions(0)
    assert {"play 7C", "play 7C 7H", "play 7H 7C"} <= set(legal)
    with pytest.raises(IllegalAction):
        game.apply(0, "play 7C KD")
    act(game, (0, "play 7C 7H"))
    assert (game.public_view()["top"], game.public_view()["active"]) == ("7H", "H")


def test_r16_one_card_of_the_play_must_match():
    game = deal([["7H", "7D", "KD"], ["KS", "QS"]], starter="9C")
    assert game.legal_actions(0) == ["draw"]
    game = deal([["9H", "9D", "KD"], ["KS", "QS"]], starter="9C")
    assert "play 9H 9D" in game.legal_actions(0)


def test_r17_a_seat_that_can_play_must_play():
    game = deal([["7C", "KD", "QD"], ["KS", "QS"]])
    assert game.legal_actions(0) == ["play 7C"]
    with pytest.raises(IllegalAction):
        game.apply(0, "draw")


def test_r18_a_seat_that_cannot_play_draws_one():
    game = deal([["7H", "KD"], ["KS", "QS"]], stock=["3D", "4D"])
    assert game.legal_actions(0) == ["draw"]
    act(game, (0, "draw"))
    assert game.public_view()["counts"][0] == 3


def test_r19_a_playable_drawn_card_may_be_played_with_its_rank_or_kept():
    game = deal([["7H", "7S", "KD", "QD"], ["KS", "QS"]], stock=["7C", "4D"])
    act(game, (0, "draw"))
    view = game.view(0)
    assert view["pending"] == {"kind": "drawn", "seat": 0}
    assert {"play 7C", "play 7H 7C", "play 7S 7H 7C", "pass"} <= set(view["legal"])
    assert "play 7H" not in view["legal"] and "play 7H 7S" not in view["legal"]
    act(game, (0, "play 7H 7C"))
    assert game.public_view()["top"] == "7C" and game.public_view()["turn"] == 1


def test_r20_an_unplayable_drawn_card_ends_the_turn():
    game = deal([["7H", "KD"], ["KS", "QS"]], stock=["KH", "4D"])
    act(game, (0, "draw"))
    assert (game.public_view()["turn"], game.public_view()["pending"]) == (1, None)


# E. Special cards
def test_r21_two_pick_up_two_or_stack_a_two():
    game = deal([["2C", "KD", "QD"], ["2S", "KS", "QS"]])
    act(game, (0, "play 2C"))
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 1, "count": 2}
    assert set(game.legal_actions(1)) == {"play 2S", "draw"}


def test_r22_a_two_on_a_waiting_five_of_the_same_suit():
    game = deal([["5C", "KD", "QD"], ["2C", "2S", "KS"]])
    act(game, (0, "play 5C"))
    legal = game.legal_actions(1)
    assert "play 2C" in legal and "play 2S" not in legal


def test_r23_five_pick_up_five_or_stack_a_five():
    game = deal([["5C", "KD", "QD"], ["5S", "KS", "QS"]])
    act(game, (0, "play 5C"))
    assert set(game.legal_actions(1)) == {"play 5S", "draw"}
    act(game, (1, "draw"))
    assert game.public_view()["counts"] == [2, 8]


def test_r24_a_five_on_a_waiting_two_of_the_same_suit():
    game = deal([["2C", "KD", "QD"], ["5C", "5S", "KS"]])
    act(game, (0, "play 2C"))
    legal = game.legal_actions(1)
    assert "play 5C" in legal and "play 5S" not in legal


def test_r25_stacked_pickups_add_up():
    game = deal([["5C", "KD", "QD"], ["2C", "KS", "QS"]])
    act(game, (0, "play 5C"), (1, "play 2C"))
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 0, "count": 7}
    act(game, (0, "draw"))
    assert game.public_view()["counts"] == [9, 2]


def test_r26_several_twos_or_fives_in_one_play_stack():
    game = deal([["5C", "5H", "KD", "QD"], ["KS", "QS", "JS"]])
    act(game, (0, "play 5C 5H"))
    assert game.public_view()["pending"]["count"] == 10


def test_r27_taking_a_pickup_ends_the_turn():
    game = deal([["2C", "KD", "QD"], ["KS", "QS", "JS"], ["3H", "4H", "6H"]])
    act(game, (0, "play 2C"), (1, "draw"))
    assert (game.public_view()["turn"], game.public_view()["pending"]) == (2, None)


def test_r28_ten_skips_the_next_seat():
    game = deal([["10C", "KD", "QD"], ["KS", "QS"]])
    act(game, (0, "play 10C"))
    assert game.public_view()["turn"] == 0
    game = deal([["10C", "KD", "QD"], ["KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play 10C"))
    assert game.public_view()["turn"] == 2


def test_r29_ace_is_wild_and_names_the_suit():
    game = deal([["AH", "KD", "QD"], ["KS", "QS", "2C"]])
    legal = game.legal_actions(0)
    assert {"play AH S", "play AH H", "play AH D", "play AH C"} <= set(legal)
    assert "play AH" not in legal
    act(game, (0, "play AH D"))
    assert (game.public_view()["top"], game.public_view()["active"]) == ("AH", "D")
    game = deal([["2C", "KD", "QD"], ["AS", "KS", "QS"]])
    act(game, (0, "play 2C"))
    assert not any(a.startswith("play AS") for a in game.legal_actions(1))


def test_r30_a_seat_may_go_out_on_an_ace_and_names_no_suit():
    game = deal([["AH", "KC"], ["KS", "QS"]])
    act(game, (0, "last"), (0, "play KC"), (1, "play KS"))
    legal = game.legal_actions(0)
    assert "play AH" in legal and not any(a.startswith("play AH ") for a in legal)
    events = act(game, (0, "play AH"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [0]
    assert not any(e["type"] == "suit" for e in events)
    again = deal([["AH", "KC"], ["KS", "QS"]])
    act(again, (0, "last"), (0, "play KC"), (1, "play KS"))
    with pytest.raises(IllegalAction):
        again.apply(0, "play AH S")


def test_r30_several_aces_going_out_name_no_suit_without_a_call():
    game = deal([["AH", "AS"], ["KS", "QS"]])
    legal = game.legal_actions(0)
    assert {"play AH AS", "play AS AH"} <= set(legal)
    assert not any(a.startswith(("play AH AS ", "play AS AH ")) for a in legal)
    assert {"play AH S", "play AS D"} <= set(legal)  # one ace of two: the hand goes on
    act(game, (0, "play AS AH"))
    assert game.public_view()["winners"] == [0]


def test_r30_an_uncalled_last_ace_names_its_suit_and_stays_in():
    """D7 unchanged: a single last card without the call picks up two, so the ace does not win
    the hand and names the suit as on any turn."""
    game = deal([["AH"], ["KS", "QS"]], stock=["3D", "4D", "6D"])
    legal = game.legal_actions(0)
    assert "play AH" not in legal and "play AH D" in legal
    act(game, (0, "play AH D"))
    view = game.public_view()
    assert not view["over"] and view["counts"] == [2, 2] and view["active"] == "D"


@pytest.mark.parametrize("card", ["3C", "4C", "7C", "8C", "9C", "JC", "QC", "KC", "6H"])
def test_r31_cards_without_effect(card):
    game = deal([[card, "KD", "QD"], ["KS", "QS", "JS"], ["3H", "4H", "5H"]], starter="6C")
    act(game, (0, "play " + card))
    view = game.public_view()
    assert (view["turn"], view["pending"], view["direction"], view["counts"]) == (
        1,
        None,
        1,
        [2, 3, 3],
    )


# F. "Last card"
def test_r32_last_card_may_be_called_before_the_play_leaving_one():
    game = deal([["9H", "KD"], ["KS", "QS"]])
    assert "last" in game.legal_actions(0)
    act(game, (0, "last"))
    assert game.public_view()["called"] == [0]
    assert game.public_view()["turn"] == 0
    act(game, (0, "play 9H"))
    assert game.public_view()["called"] == [0]


def test_r33_forgetting_costs_a_pickup_of_two():
    game = deal([["9H", "KD"], ["KH", "QS"]], stock=["3D", "4D", "6D"])
    act(game, (0, "play 9H"))
    assert game.public_view()["counts"] == [1, 2]
    events = act(game, (1, "play KH"), (0, "play KD"))
    assert any(e["type"] == "draw" and e["reason"] == "last" and e["count"] == 2 for e in events)


def test_r34_final_card_without_a_call_picks_up_two_and_stays_in():
    game = deal([["9H", "KD"], ["KH", "QS"]], stock=["3D", "4D", "6D"])
    act(game, (0, "play 9H"), (1, "play KH"), (0, "play KD"))
    view = game.public_view()
    assert not view["over"]
    assert view["counts"] == [2, 1] and view["top"] == "KD"


def test_r35_going_out_with_several_cards_of_one_rank_needs_no_call():
    game = deal([["7C", "7H"], ["KS", "QS"]])
    act(game, (0, "play 7C 7H"))
    assert game.public_view()["over"] and game.public_view()["winners"] == [0]


def test_r36_emptying_the_hand_wins():
    game = deal([["9H", "KD"], ["KH", "QS"]])
    act(game, (0, "last"), (0, "play 9H"), (1, "play KH"), (0, "play KD"))
    assert game.public_view()["over"] and game.public_view()["winners"] == [0]


# G. Winning and scoring
SCORING_HAND = ["AS", "2S", "5S", "10S", "JS", "QS", "KS", "3D", "4D", "6D", "7D", "8D", "9D"]


def test_r37_the_winner_scores_the_opponents_cards():
    game = deal([["9H", "9S"], ["KD", "QD"], ["3H", "4H"]])
    act(game, (0, "play 9H 9S"))
    assert game.public_view()["scores"] == [20 + 7, 0, 0]


def test_r38_card_values():
    game = deal([["9H", "9S"], SCORING_HAND])
    act(game, (0, "play 9H 9S"))
    assert game.public_view()["scores"] == [4 * 20 + 3 * 10 + 3 + 4 + 6 + 7 + 8 + 9, 0]


def test_r39_first_to_the_target_wins_the_match():
    game = deal([["9H", "9S"], SCORING_HAND], options={"target": 100})
    act(game, (0, "play 9H 9S"))
    view = game.public_view()
    assert view["match_over"] and view["match_winners"] == [0]
    with pytest.raises(IllegalAction):
        game.next_hand()
    game = new_game(RULESET, 2, seed=5)
    play_match(game)
    view = game.public_view()
    assert max(view["scores"]) >= 250
    assert view["match_winners"] == [view["scores"].index(max(view["scores"]))]


# Decisions
def test_d1_order_given_last_laid_on_top_aces_name_one_suit():
    game = deal([["AH", "AS", "KD"], ["KS", "QS"]])
    assert "play AH AS D" in game.legal_actions(0) and "play AS AH D" in game.legal_actions(0)
    act(game, (0, "play AH AS D"))
    assert (game.public_view()["top"], game.public_view()["active"]) == ("AS", "D")


def test_d2_no_voluntary_draw_and_passing_a_drawn_card():
    game = deal([["7H", "KD"], ["KS", "QS"]], stock=["7C", "4D"])
    act(game, (0, "draw"))
    assert "draw" not in game.legal_actions(0)
    act(game, (0, "pass"))
    assert game.public_view()["turn"] == 1 and game.public_view()["counts"] == [3, 2]


def test_d3_a_pickup_is_countered_or_taken_never_with_an_ace_or_ten():
    game = deal([["2C", "KD", "QD"], ["2S", "AC", "10C", "KS"]])
    act(game, (0, "play 2C"))
    assert set(game.legal_actions(1)) == {"play 2S", "draw"}
    act(game, (1, "draw"))
    assert game.public_view()["counts"][1] == 6 and game.public_view()["turn"] == 0


def test_d4_several_twos_stack():
    game = deal([["2C", "2H", "KD", "QD"], ["KS", "QS", "JS"]])
    act(game, (0, "play 2H 2C"))
    assert game.public_view()["pending"] == {"kind": "pickup", "seat": 1, "count": 4}


def test_d5_several_tens_skip_that_many_seats():
    hands = [["10C", "10H", "KD"], ["KS", "QS"], ["3H", "4H"], ["5H", "6H"]]
    game = deal(hands)
    act(game, (0, "play 10C 10H"))
    assert game.public_view()["turn"] == 3
    game = deal([["10C", "10H", "KD"], ["KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play 10C 10H"))
    assert game.public_view()["turn"] == 0
    game = deal([["10C", "10H", "10S", "KD"], ["KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play 10C 10H 10S"))
    assert game.public_view()["turn"] == 0


def test_d6_going_out_on_a_two_the_next_seat_picks_up_first():
    game = deal([["2C", "2H"], ["2S", "KS", "QS"]])
    act(game, (0, "play 2C 2H"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [0]
    assert view["counts"][1] == 3 + 4
    assert view["scores"] == [20 + 10 + 10 + 20 + 3 + 4 + 20, 0]


def test_d7_a_call_lapses_at_two_cards():
    game = deal([["9H", "9S", "KD"], ["KS", "QS", "JS"]])
    act(game, (0, "last"))
    assert game.public_view()["called"] == [0]
    act(game, (0, "play 9H"))
    assert game.public_view()["called"] == []


def test_d7_going_out_uncalled_the_card_still_takes_effect():
    game = deal([["9H", "10H"], ["KS", "QS", "JS"]], stock=["3D", "4D", "6D", "7D"])
    act(game, (0, "play 9H"), (1, "draw"), (0, "play 10H"))
    view = game.public_view()
    assert not view["over"] and view["counts"] == [2, 4] and view["turn"] == 0


def test_d7_last_needs_a_play_leaving_one_card():
    game = deal([["9H", "KD", "QD"], ["KS", "QS"]])
    assert "last" not in game.legal_actions(0)
    assert "last" not in game.legal_actions(1)


def test_d8_starter_ace_time_out_keeps_the_aces_suit():
    game = deal([["7H", "KD"], ["KS", "QS"], ["3H", "4H"]], starter="AC")
    game.time_out()
    view = game.public_view()
    assert (view["active"], view["pending"], view["turn"]) == ("C", None, 0)
    assert "draw" in game.legal_actions(0)
    game = deal([["7H", "KD"], ["KS", "QS"], ["3H", "4H"]], starter="10C")
    assert game.public_view()["turn"] == 1


def test_d9_blocked_hand_ends_unscored():
    game = deal([["7H", "KD"], ["KS", "QS"]], stock=[])
    assert game.legal_actions(0) == ["pass"]
    act(game, (0, "pass"), (1, "pass"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [] and view["scores"] == [0, 0]
    assert not view["match_over"]
    game.next_hand()
    assert not game.public_view()["over"]


def test_d9_a_short_pickup_draws_what_exists():
    game = deal([["5C", "KD", "QD"], ["KS", "QS", "JS"]], stock=["3D"], discard=["4D"])
    act(game, (0, "play 5C"), (1, "draw"))
    view = game.public_view()
    assert view["counts"][1] == 3 + 3
    assert total_cards(game) == 2 + 3 + 1 + 1 + 1 + 1


def test_d10_target_option_and_first_dealer_random():
    with pytest.raises(ValueError):
        new_game(RULESET, 2, options={"target": 0})
    with pytest.raises(ValueError):
        new_game(RULESET, 2, options={"hand_size": 11})
    dealers = {new_game(RULESET, 2, seed=s).public_view()["dealer"] for s in range(20)}
    assert dealers == {0, 1}


def test_d11_any_seat_may_be_a_program():
    for seed in range(3):
        game = new_game(RULESET, 3, seed=seed, options={"target": 60})
        play_match(game, seed)
        assert game.public_view()["match_over"]


# Timers and removal
def test_time_out_draws_even_when_a_play_is_legal():
    game = deal([["7C", "KD"], ["KS", "QS"]], stock=["7S", "4D"])
    game.time_out()
    view = game.public_view()
    assert view["counts"] == [3, 2] and view["turn"] == 1 and view["pending"] is None


def test_time_out_takes_a_waiting_pickup():
    game = deal([["2C", "KD", "QD"], ["2S", "KS", "QS"]])
    act(game, (0, "play 2C"))
    game.time_out()
    assert game.public_view()["counts"] == [2, 5] and game.public_view()["turn"] == 0


def test_remove_seat_drops_its_pickup():
    game = deal([["2C", "KD", "QD"], ["2S", "KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play 2C"))
    game.remove_seat(1)
    view = game.public_view()
    assert view["pending"] is None and view["turn"] == 2 and view["counts"][1] == 0
    assert total_cards(game) == 52


def test_d6_going_out_on_a_counter_passes_on_the_whole_pickup():
    game = deal([["2C", "KD", "QD"], ["2S", "2H"]])
    act(game, (0, "play 2C"), (1, "play 2S 2H"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [1] and view["counts"] == [2 + 6, 0]


def test_d7_an_uncalled_final_two_still_makes_the_next_seat_pick_up():
    game = deal([["9H", "2H"], ["KS", "QS", "JS"]], stock=["3D", "4D", "6D", "7D"])
    act(game, (0, "play 9H"), (1, "draw"), (0, "play 2H"))
    view = game.public_view()
    assert not view["over"] and view["counts"] == [2, 4]
    assert view["pending"] == {"kind": "pickup", "seat": 1, "count": 2}


# ---- removal and the ace starter (issue 18; engine-api "Timers, removal, seats") ----
def test_d16_a_removal_between_hands_leaving_one_seat_ends_the_match() -> None:
    """000 D16 for every match: the hand's results stand and the match ends with no winner."""
    game = deal([["7H", "7S"], ["9C", "KC"]], starter="7D")
    act(game, (0, "play 7H 7S"))
    assert game.public_view()["scores"] == [19, 0]
    events = game.remove_seat(1)
    assert events == [{"type": "removed", "seat": 1}, {"type": "match_over", "match_winners": []}]
    view = game.public_view()
    assert view["match_over"] is True and view["match_winners"] == []
    assert view["winners"] == [0] and view["scores"] == [19, 0]
    assert view["counts"] == [0, 0] and view["revealed"] == [[], []]
    assert total_cards(game) == 52
    with pytest.raises(IllegalAction):
        game.next_hand()


def test_d16_a_removal_between_hands_leaving_two_seats_keeps_the_match() -> None:
    game = deal([["7H", "7S"], ["9C", "KC"], ["2C"]], starter="7D")
    act(game, (0, "play 7H 7S"))
    game.remove_seat(2)
    view = game.public_view()
    assert view["match_over"] is False and view["counts"] == [0, 2, 0]
    game.next_hand()
    assert game.public_view()["counts"][2] == 0 and game.legal_actions(2) == []


def test_d12_the_ace_starter_suit_timing_out_keeps_the_ace_suit() -> None:
    game = deal([["9C", "KC"], ["3D", "4D"]], starter="AS")
    assert game.legal_actions(0) == ["suit S", "suit H", "suit D", "suit C"]
    events = game.time_out()
    assert events == [{"type": "suit", "seat": 0, "active": "S"}]
    view = game.public_view()
    assert view["turn"] == 0 and view["active"] == "S" and view["pending"] is None
    assert game.legal_actions(0) == ["draw"]
    game.time_out()  # a second time-out draws as on any turn
    assert game.public_view()["counts"][0] == 3 and game.public_view()["turn"] == 1
