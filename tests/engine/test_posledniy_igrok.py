"""Scenario tests for `posledniy-igrok` (docs/rules/posledniy-igrok.md), one per rule
and decision (rules 5 and 30 state no rule: history, and values left unstated).

Every test drives the public contract only (docs/engine-api.md). A `setup` starter is a
card already led (no effect); without one, the first seat leads.
"""

from functools import partial

import pytest
from lastcard import RULESETS, IllegalAction, new_game

from . import french
from .french import act, play_match, total_cards

RULESET = "posledniy-igrok"
deal = partial(french.deal, RULESET, french.DECK_54)


def test_registered():
    assert RULESET in RULESETS


# A. Equipment, players, objective
def test_r01_one_deck_of_fifty_four():
    for seed in range(5):
        assert total_cards(new_game(RULESET, 4, seed=seed)) == 54


@pytest.mark.parametrize("players", [1, 7])
def test_r02_two_to_six_players(players):
    with pytest.raises(ValueError):
        new_game(RULESET, players)
    assert new_game(RULESET, 6).public_view()["players"] == 6


def test_r03_the_chain_climbs_one_rank_at_a_time():
    game = deal([["4C", "KD"], ["5C", "QS"], ["3H", "6H"]])
    act(game, (0, "play 4C"))
    assert game.public_view()["pending"] == {"kind": "chain", "seat": 1, "need": "5C", "count": 4}


def test_r04_fewest_penalty_points_win():
    game = deal([["9H"], ["KS", "2D"], ["3S", "4D"]], options={"hands": 1})
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["match_over"] and view["match_winners"] == [0]


# B. Dealing
def test_r06_first_dealer_by_lot_then_clockwise():
    dealers = {new_game(RULESET, 4, seed=s).public_view()["dealer"] for s in range(30)}
    assert len(dealers) > 1
    game = deal([["9H"], ["KS", "2D"], ["3S", "4D"]], dealer=2)
    act(game, (0, "play 9H"))
    game.next_hand()
    view = game.public_view()
    assert view["dealer"] == 0 and view["turn"] == 1


def test_r07_four_to_eight_cards_no_nine():
    for size in (4, 8):
        game = new_game(RULESET, 3, options={"hand_size": size})
        assert set(game.public_view()["counts"]) == {size}
    for options in ({"hand_size": 9}, {"hand_size": 9, "agreed": True}, {"hand_size": 3}):
        with pytest.raises(ValueError):
            new_game(RULESET, 3, options=options)


def test_r08_the_rest_is_the_stock():
    assert new_game(RULESET, 4, seed=2).public_view()["stock"] == 54 - 4 * 7


def test_r09_no_card_is_turned_up():
    view = new_game(RULESET, 4, seed=2).public_view()
    assert (view["top"], view["discard"], view["active"]) == (None, 0, None)


# C. Play
def test_r10_left_of_the_dealer_leads_any_card():
    game = deal(
        [["KD", "5S", "2H"], ["QS", "4C"], ["3H", "6H"]], starter=None, first=None, dealer=2
    )
    assert game.public_view()["turn"] == 0
    assert {"play 2H", "play 5S", "play KD"} <= set(game.legal_actions(0))
    assert "draw" not in game.legal_actions(0)
    act(game, (0, "play KD"))
    assert (game.public_view()["top"], game.public_view()["active"]) == ("KD", "D")


def test_r11_follow_by_rank_or_suit():
    game = deal([["9H", "5C", "KD", "QS"], ["KS", "2D"]])
    legal = game.legal_actions(0)
    assert "play 9H" in legal and "play 5C" in legal
    assert "play KD" not in legal and "play QS" not in legal
    with pytest.raises(IllegalAction):
        game.apply(0, "play KD")


def test_r12_no_playable_card_draws_one_and_the_turn_passes():
    game = deal([["KD", "5S"], ["KS", "2D"]], stock=["9D", "4C"])
    assert game.legal_actions(0) == ["draw"]
    act(game, (0, "draw"))
    view = game.public_view()
    assert view["counts"] == [3, 2] and view["turn"] == 1 and view["pending"] is None


def test_r13_no_playable_card_and_no_stock_passes():
    game = deal([["KD", "5S"], ["KS", "9D"]], stock=[])
    assert game.legal_actions(0) == ["pass"]
    act(game, (0, "pass"))
    assert game.public_view()["turn"] == 1


# D. Special cards
def test_r14_two_next_seat_takes_one_card_and_misses_its_turn():
    game = deal([["2C", "KD"], ["KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play 2C"))
    view = game.public_view()
    assert view["counts"] == [1, 3, 2] and view["turn"] == 2


def test_r15_three_one_more_card_of_any_kind():
    game = deal([["3C", "KH", "5S"], ["KS", "2D"]])
    act(game, (0, "play 3C"))
    assert game.view(0)["pending"] == {"kind": "free", "seat": 0}
    assert {"play KH", "play 5S", "pass"} <= set(game.legal_actions(0))
    act(game, (0, "play KH"))
    assert game.public_view()["top"] == "KH" and game.public_view()["turn"] == 1


def test_r16_four_chain_the_seat_without_the_card_draws_the_top_value():
    game = deal([["4C", "KD", "QD"], ["5C", "QS", "JS"], ["3H", "6H"]])
    act(game, (0, "play 4C"))
    assert game.legal_actions(1) == ["play 5C"]
    act(game, (1, "play 5C"))
    assert game.public_view()["pending"] == {"kind": "chain", "seat": 2, "need": "6C", "count": 5}
    assert game.legal_actions(2) == ["draw"]
    events = act(game, (2, "draw"))
    assert any(e["type"] == "draw" and e["reason"] == "chain" and e["count"] == 5 for e in events)
    view = game.public_view()
    assert view["counts"] == [2, 2, 7] and view["turn"] == 0 and view["pending"] is None


def test_r17_five_six_seven_continue_the_chain():
    game = deal([["4C", "6C", "KD"], ["5C", "7C", "QS"]])
    act(game, (0, "play 4C"), (1, "play 5C"), (0, "play 6C"), (1, "play 7C"))
    assert game.public_view()["pending"]["need"] == "8C"


def test_r18_eight_on_anything_suit_optional():
    game = deal([["8D", "KS"], ["QS", "2H"]])
    assert {"play 8D", "play 8D H"} <= set(game.legal_actions(0))
    act(game, (0, "play 8D"))
    assert game.public_view()["active"] == "D"
    game = deal([["8D", "KS"], ["QS", "2H"]])
    act(game, (0, "play 8D H"))
    assert game.public_view()["active"] == "H"
    assert "play 2H" in game.legal_actions(1) and "play QS" not in game.legal_actions(1)


def test_r19_jack_skips_the_next_seat():
    game = deal([["JC", "KD"], ["KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play JC"))
    assert game.public_view()["turn"] == 2


def test_r20_ace_reverses():
    game = deal([["AC", "KD"], ["KS", "QS"], ["3H", "4H"]])
    act(game, (0, "play AC"))
    assert (game.public_view()["direction"], game.public_view()["turn"]) == (-1, 2)


def test_r21_joker_stands_for_a_chosen_card():
    game = deal([["JOKER", "KD"], ["KS", "QC"], ["3H", "4H"]])
    act(game, (0, "play JOKER=KC"))
    view = game.public_view()
    assert (view["top"], view["active"]) == ("JOKER=KC", "C")
    assert {"play KS", "play QC"} <= set(game.legal_actions(1))


# E. Last card
def test_r22_a_seat_left_with_one_card_says_last_card():
    game = deal([["9H", "5S"], ["KS", "2D"]])
    act(game, (0, "play 9H"))
    assert "last" in game.legal_actions(0)
    act(game, (0, "last"))
    assert game.public_view()["called"] == [0]


def test_r23_no_call_costs_one_card():
    game = deal([["9H", "5S"], ["KH", "2D", "3D"]], stock=["4C", "6C"])
    act(game, (0, "play 9H"))
    events = act(game, (1, "play KH"))
    assert game.public_view()["counts"][0] == 2
    assert any(e["type"] == "draw" and e["reason"] == "last" and e["count"] == 1 for e in events)


# F. End of a hand
def test_r24_play_goes_on_until_a_seat_has_no_cards():
    game = deal([["9H", "6H"], ["KS", "2D"]], stock=["4D"])
    act(game, (0, "play 9H"), (0, "last"), (1, "draw"))
    assert not game.public_view()["over"]
    act(game, (0, "play 6H"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [0] and game.legal_actions(1) == []


def test_r25_the_others_count_their_cards():
    game = deal([["9H"], ["KS", "2D"], ["3S", "4D"]])
    act(game, (0, "play 9H"))
    assert game.public_view()["scores"] == [0, 12, 7]


# G. Scoring
def points_of(*cards):
    """What seat 1 scores holding ``cards`` and 2D when seat 0 goes out."""
    game = deal([["9H"], [*cards, "2D"]])
    act(game, (0, "play 9H"))
    return game.public_view()["scores"][1] - 2


def test_r26_kings_queens_jacks_tens_ten_each():
    assert points_of("KS", "QS", "JS", "10S") == 40


def test_r27_ace_fifteen():
    assert points_of("AS") == 15


def test_r28_eight_twenty_five():
    assert points_of("8S") == 25


def test_r29_joker_forty():
    assert points_of("JOKER") == 40


def test_r31_most_points_lose():
    game = deal([["9H"], ["KS", "QS"], ["3S", "2S"]], options={"hands": 1})
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["scores"] == [0, 20, 5] and 1 not in view["match_winners"]


def test_r32_totals_decide_with_no_elimination():
    hand = ["JOKER", "JOKER", "8S", "8D", "8H", "8C", "AS", "AH", "AD", "KS", "QS", "JS"]
    game = deal([["9H"], hand, ["3S"]])
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["scores"][1] >= 250 and not view["match_over"]
    game.next_hand()
    assert game.public_view()["counts"][1] == 7
    play_match(game)
    view = game.public_view()
    assert 1 not in view["match_winners"]
    low = min(view["scores"])
    assert view["match_winners"] == [s for s in range(3) if view["scores"][s] == low]


# Decisions
def test_d1_hand_size_option_and_the_led_first_card():
    assert set(new_game(RULESET, 3).public_view()["counts"]) == {7}
    game = deal([["3D", "KH", "5S"], ["QS", "4C"]], starter=None)
    act(game, (0, "play 3D"))
    assert game.public_view()["pending"] == {"kind": "free", "seat": 0}
    act(game, (0, "play KH"))
    assert game.public_view()["top"] == "KH"
    game = deal([["2D", "KH"], ["QS", "4C"], ["3H", "4H"]], starter=None)
    act(game, (0, "play 2D"))
    assert game.public_view()["counts"] == [1, 3, 2] and game.public_view()["turn"] == 2


def test_d2_draw_only_without_a_legal_play():
    game = deal([["9H", "KD"], ["KS", "QS"]])
    assert "draw" not in game.legal_actions(0)
    game = deal([["KD", "5S"], ["KS", "QS"]], stock=[], discard=["4D", "6D"])
    act(game, (0, "draw"))
    view = game.public_view()
    assert (view["counts"], view["stock"], view["discard"], view["top"]) == ([3, 2], 1, 1, "9C")


def test_d3_two_draws_option():
    game = deal([["2C", "KD"], ["KS", "QS"], ["3H", "4H"]], options={"two_draws": 2})
    act(game, (0, "play 2C"))
    assert game.public_view()["counts"] == [1, 4, 2]
    with pytest.raises(ValueError):
        new_game(RULESET, 3, options={"two_draws": 3})


def test_d4_three_chains_and_passes_as_in_last_one():
    game = deal([["3C", "3H", "2S", "KD"], ["KS", "QD"], ["5H", "6H"]])
    act(game, (0, "play 3C"), (0, "play 3H"), (0, "play 2S"))
    assert game.public_view()["counts"] == [1, 3, 2] and game.public_view()["turn"] == 2
    game = deal([["3C", "KD"], ["KS", "2D"]])
    act(game, (0, "play 3C"), (0, "pass"))
    assert game.public_view()["turn"] == 1


def test_d5_a_seat_holding_the_card_must_play_it():
    game = deal([["4C", "KD"], ["5C", "JOKER", "QS", "5D"], ["3H", "6H"]])
    act(game, (0, "play 4C"))
    assert game.legal_actions(1) == ["play 5C", "play JOKER=5C"]
    with pytest.raises(IllegalAction):
        game.apply(1, "draw")


def test_d5_a_ten_ends_the_chain_the_next_seat_draws_ten():
    hands = [["4C", "6C", "8C", "10C", "KD"], ["5C", "7C", "9C", "QS"]]
    game = deal(hands, starter="KC")
    act(game, (0, "play 4C"), (1, "play 5C"), (0, "play 6C"), (1, "play 7C"), (0, "play 8C"))
    act(game, (1, "play 9C"), (1, "last"), (0, "play 10C"))
    view = game.public_view()
    assert view["pending"] is None and view["counts"] == [1, 11] and view["turn"] == 0


def test_d5_chain_in_turn_order_with_two_players():
    game = deal([["4C", "6C", "KD"], ["5C", "QS", "JS"]])
    act(game, (0, "play 4C"), (1, "play 5C"), (0, "play 6C"))
    assert game.legal_actions(1) == ["draw"]
    act(game, (1, "draw"))
    assert game.public_view()["counts"] == [1, 2 + 6] and game.public_view()["turn"] == 0


def test_d6_five_six_seven_have_no_effect_of_their_own():
    for card in ("5C", "6C", "7C"):
        game = deal([[card, "KD"], ["KS", "QS"], ["3H", "4H"]])
        act(game, (0, "play " + card))
        view = game.public_view()
        assert (view["turn"], view["pending"], view["counts"]) == (1, None, [1, 2, 2])


def test_d7_eight_naming_is_optional_and_inert_in_a_chain():
    game = deal([["8D", "KS"], ["QS", "2H"]])
    assert {"play 8D", "play 8D H", "play 8D C"} <= set(game.legal_actions(0))
    game = deal([["4C", "6C", "8C", "KD"], ["5C", "7C", "QS", "JS"]])
    act(game, (0, "play 4C"), (1, "play 5C"), (0, "play 6C"), (1, "play 7C"))
    assert game.legal_actions(0) == ["play 8C"]


def test_d8_two_players_ace_keeps_the_opponent_next_jack_plays_again():
    game = deal([["AC", "JC", "KD"], ["KS", "QS"]])
    act(game, (0, "play AC"))
    assert game.public_view()["turn"] == 1
    game = deal([["JC", "KD"], ["KS", "QS"]])
    act(game, (0, "play JC"))
    assert game.public_view()["turn"] == 0


def test_d9_joker_names_a_legal_card_with_its_effect():
    game = deal([["JOKER", "KD"], ["5C", "QS"], ["3H", "4H"]])
    legal = game.legal_actions(0)
    assert "play JOKER=KC" in legal and "play JOKER=KD" not in legal
    assert "play JOKER=8D" in legal and "play JOKER=8D H" in legal
    act(game, (0, "play JOKER=4C"))
    assert game.public_view()["pending"] == {"kind": "chain", "seat": 1, "need": "5C", "count": 4}


def test_d10_a_missed_call_costs_one_card_and_the_option():
    game = deal(
        [["9H", "5S"], ["KH", "2D"]], stock=["4C", "6C", "7C"], options={"last_call_penalty": 3}
    )
    act(game, (0, "play 9H"), (1, "play KH"))
    assert game.public_view()["counts"] == [4, 1]
    game = deal([["9H", "5S"], ["KH", "2D"]], stock=["4C"])
    act(game, (0, "play 9H"), (0, "last"), (1, "play KH"))
    assert game.public_view()["counts"] == [1, 1]


def test_d11_every_seat_scores_its_cards_over_a_fixed_number_of_hands():
    game = deal([["9H"], ["KS"], ["QS", "4D"]], options={"hands": 2})
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["scores"] == [0, 10, 14] and not view["match_over"]
    game.next_hand()
    play_match(game)
    view = game.public_view()
    assert view["match_over"] and view["hand_number"] == 2
    with pytest.raises(IllegalAction):
        game.next_hand()


def test_d11_ties_share_the_match():
    game = deal([["2H", "4D"], ["3H", "3D"]], stock=[], options={"hands": 1})
    act(game, (0, "pass"), (1, "pass"))
    assert game.public_view()["match_winners"] == [0, 1]


def test_d12_blocked_hand_scores_every_seat():
    game = deal([["2H", "3D"], ["4H", "5D"]], stock=[])
    act(game, (0, "pass"), (1, "pass"))
    view = game.public_view()
    assert view["over"] and view["scores"] == [5, 9] and view["winners"] == [0]


def test_d13_going_out_ends_the_hand_at_once():
    game = deal([["9H", "5S"], ["9D", "2H"], ["3S", "7S"]], first=1)
    act(game, (1, "play 9D"), (1, "last"), (2, "draw"), (0, "play 9H"), (1, "play 2H"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [1] and view["counts"] == [1, 0, 3]
    game = deal([["4H"], ["5H", "2D"]], starter="9H")
    act(game, (0, "play 4H"))
    assert game.public_view()["over"] and game.public_view()["pending"] is None


# Timers and removal
def test_time_out_in_a_chain_draws_even_holding_the_card():
    game = deal([["4C", "KD"], ["5C", "QS"], ["3H", "6H"]])
    act(game, (0, "play 4C"))
    game.time_out()
    view = game.public_view()
    assert view["counts"] == [1, 6, 2] and view["turn"] == 2 and view["pending"] is None


def test_remove_seat_drops_its_chain():
    game = deal([["4C", "KD"], ["5C", "QS"], ["3H", "6H"]])
    act(game, (0, "play 4C"))
    game.remove_seat(1)
    view = game.public_view()
    assert view["pending"] is None and view["turn"] == 2 and total_cards(game) == 54


# ---- setup and calls (issue 18; engine-api "setup") ----
def test_d1_a_setup_without_starter_leads_freely_over_a_discard() -> None:
    game = deal([["5S", "KD"], ["9C", "QH"]], starter=None, discard=["7H"])
    view = game.public_view()
    assert view["top"] == "7H" and view["active"] is None
    assert game.legal_actions(0) == ["play 5S", "play KD"]


def test_setup_a_bare_joker_starter_is_refused() -> None:
    with pytest.raises(ValueError, match="named"):
        deal([["5S", "KD"], ["9C", "QH"]], starter="JOKER")


def test_d10_another_play_closes_the_call_window_with_no_penalty() -> None:
    game = deal([["9H", "6H"], ["KH", "2D", "KD"]], options={"last_call_penalty": 0})
    act(game, (0, "play 9H"))
    assert game.legal_actions(0) == ["last"]
    act(game, (1, "play KH"))
    assert game.public_view()["counts"] == [1, 2] and "last" not in game.legal_actions(0)
