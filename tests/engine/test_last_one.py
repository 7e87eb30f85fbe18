"""Scenario tests for `last-one` (docs/rules/last-one.md), one per rule and decision.

Every test drives the public contract only (docs/engine-api.md): `new_game(setup=...)`,
`legal_actions`, `apply`, `time_out`, `remove_seat`, `next_hand` and the views.
"""

from functools import partial

import pytest
from lastcard import RULESETS, IllegalAction, new_game

from . import french
from .french import act, play_match, total_cards

RULESET = "last-one"
deal = partial(french.deal, RULESET, french.DECK_54)


def dealt(game):
    """Cards dealt to each seat (a starter 2 may have given one seat two more)."""
    counts = game.public_view()["counts"]
    assert sorted(counts)[-2] == min(counts)
    return min(counts)


def test_registered():
    assert RULESET in RULESETS


# A. Players, deck, objective
@pytest.mark.parametrize("players", [1, 7])
def test_r01_two_to_six_players(players):
    with pytest.raises(ValueError):
        new_game(RULESET, players)
    for ok in (2, 6):
        assert new_game(RULESET, ok).public_view()["players"] == ok


def test_r02_deck_is_52_plus_two_jokers():
    for seed in range(5):
        game = new_game(RULESET, 3, seed=seed)
        assert total_cards(game) == 54
    with pytest.raises(ValueError):
        deal([["JOKER", "JOKER"], ["JOKER", "2C"]])


def test_r03_match_keeps_running_scores():
    game = deal([["9H"], ["KS", "2D"]])
    act(game, (0, "play 9H"))
    assert game.public_view()["scores"] == [0, 12]
    game.next_hand()
    assert game.public_view()["scores"] == [0, 12]
    assert not game.public_view()["over"]


def test_r04_match_ends_with_one_seat_under_the_threshold():
    game = new_game(RULESET, 3, seed=3, options={"threshold": 30})
    play_match(game)
    view = game.public_view()
    assert view["match_over"]
    assert len(view["match_winners"]) == 1
    losers = [s for s in range(3) if s not in view["match_winners"]]
    assert all(view["scores"][s] >= 30 for s in losers)


def test_r05_going_out_wins_the_hand():
    game = deal([["9H", "6H"], ["KS", "2D"]])
    act(game, (0, "play 9H"), (0, "last"), (1, "draw"), (0, "play 6H"))
    assert game.public_view()["over"]
    assert game.public_view()["winners"] == [0]


# B. Setup of a hand
def test_r06_same_number_of_cards_to_every_seat():
    assert dealt(new_game(RULESET, 5, seed=2)) == 7


def test_r07_hand_size_four_to_eight():
    for size in (4, 8):
        assert dealt(new_game(RULESET, 4, options={"hand_size": size})) == size
    for size in (3, 10):
        with pytest.raises(ValueError):
            new_game(RULESET, 4, options={"hand_size": size})


def test_r08_nine_cards_only_when_agreed():
    with pytest.raises(ValueError):
        new_game(RULESET, 4, options={"hand_size": 9})
    assert dealt(new_game(RULESET, 5, options={"hand_size": 9, "agreed": True})) == 9


def test_r09_six_players_cannot_take_nine():
    with pytest.raises(ValueError, match="54"):
        new_game(RULESET, 6, options={"hand_size": 9, "agreed": True})


def test_r10_undealt_cards_form_the_stock():
    view = new_game(RULESET, 4, seed=1).public_view()
    assert view["stock"] == 54 - sum(view["counts"]) - view["discard"]
    assert dealt(new_game(RULESET, 4, seed=1)) == 7


def test_r11_one_upcard_starts_the_discard_pile():
    view = new_game(RULESET, 4, seed=1).public_view()
    assert view["discard"] == 1
    assert view["top"] != "JOKER"


# C. Turn order and normal play
def test_r12_left_of_the_dealer_goes_first():
    hands = [["5H"], ["6H"], ["7H"], ["KS"]]
    game = deal(hands, first=None, dealer=2)
    assert game.public_view()["turn"] == 3


def test_r13_play_starts_clockwise():
    game = deal([["5H", "6H"], ["7H", "KS"], ["QS", "2D"]])
    assert game.public_view()["direction"] == 1
    act(game, (0, "draw"))
    assert game.public_view()["turn"] == 1


def test_r14_play_matches_suit_or_rank():
    game = deal([["9H", "2C", "KD", "5S"], ["KS", "2D"]], starter="9C")
    legal = game.legal_actions(0)
    assert {"play 9H", "play 2C"} <= set(legal)
    assert "play KD" not in legal
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply(0, "play KD")
    assert game.to_dict() == before
    act(game, (0, "play 9H"))
    assert game.public_view()["top"] == "9H"
    assert game.public_view()["active"] == "H"


def test_r15_draw_one_and_the_turn_passes():
    game = deal([["KD", "5S"], ["KS", "2D"]], stock=["9D", "4C"])
    events = act(game, (0, "draw"))
    assert sorted(game.view(0)["hand"]) == ["5S", "9D", "KD"]
    assert game.public_view()["turn"] == 1
    assert next(e for e in events if e["type"] == "draw")["cards"] == ["9D"]


def test_r16_drawing_is_legal_while_the_stock_can_supply():
    game = deal([["9H", "5S"], ["KS", "2D"]], stock=[], discard=["4D", "6D"])
    assert "draw" in game.legal_actions(0)
    act(game, (0, "draw"))
    assert game.public_view()["counts"][0] == 3


# D. "Last one" call
def test_r17_one_card_left_may_call_last_one():
    game = deal([["9H", "5S"], ["KS", "2D"]])
    assert "last" not in game.legal_actions(0)
    act(game, (0, "play 9H"))
    assert "last" in game.legal_actions(0)
    act(game, (0, "last"))
    assert game.public_view()["called"] == [0]
    assert "last" not in game.legal_actions(0)


def test_r18_uncalled_last_one_draws_two_when_the_next_person_plays():
    game = deal([["9H", "5S"], ["KH", "2D", "3D"]], stock=["4C", "6C", "7C"])
    act(game, (0, "play 9H"))
    events = act(game, (1, "play KH"))
    assert game.public_view()["counts"][0] == 3
    penalty = [e for e in events if e["type"] == "draw" and e["seat"] == 0]
    assert penalty and penalty[0]["count"] == 2 and penalty[0]["reason"] == "last"


# E. Stock exhaustion
def test_r19_empty_stock_reshuffles_the_discards_under_the_upcard():
    game = deal([["KD", "5S"], ["KS", "2D"]], stock=[], discard=["4D", "6D", "7D"])
    act(game, (0, "draw"))
    view = game.public_view()
    assert view["top"] == "9C"
    assert view["discard"] == 1
    assert view["stock"] == 2
    assert total_cards(game) == 2 + 2 + 3 + 1


# F. Special cards
@pytest.mark.parametrize("card", ["5C", "6C", "7C", "10C", "QC", "KC"])
def test_r20_plain_cards_have_no_effect(card):
    game = deal([[card, "5S"], ["KS", "2D"], ["3H", "4H"]])
    act(game, (0, "play " + card))
    view = game.public_view()
    assert view["turn"] == 1 and view["pending"] is None and view["direction"] == 1
    assert view["counts"] == [1, 2, 2]


def test_r21_two_makes_the_next_seat_draw_two_and_miss_its_turn():
    game = deal([["2C", "5S"], ["KS", "2D"], ["3H", "4H"]])
    act(game, (0, "play 2C"))
    view = game.public_view()
    assert view["counts"] == [1, 4, 2]
    assert view["turn"] == 2


def test_r22_three_lets_its_player_add_any_card():
    game = deal([["3C", "KH", "5S"], ["KS", "2D"]])
    act(game, (0, "play 3C"))
    view = game.view(0)
    assert view["pending"] == {"kind": "free", "seat": 0}
    assert view["turn"] == 0
    assert {"play KH", "play 5S", "pass"} <= set(view["legal"])
    act(game, (0, "play KH"))
    assert game.public_view()["top"] == "KH"
    assert game.public_view()["turn"] == 1


def test_r23_four_starts_a_melee():
    game = deal([["4C", "5S"], ["KS", "2D"], ["3H", "4H"]])
    act(game, (0, "play 4C"))
    pending = game.public_view()["pending"]
    assert pending["kind"] == "melee"
    assert (pending["suit"], pending["need"], pending["count"]) == ("C", "5C", 4)


def test_r24_eight_goes_on_anything_and_names_a_suit():
    game = deal([["8D", "5S"], ["KS", "2D", "KH"], ["3H", "4H"]])
    assert "play 8D" not in game.legal_actions(0)
    assert {"play 8D S", "play 8D H", "play 8D D", "play 8D C"} <= set(game.legal_actions(0))
    act(game, (0, "play 8D S"))
    view = game.public_view()
    assert (view["top"], view["active"]) == ("8D", "S")
    assert "play KS" in game.legal_actions(1)
    assert "play 2D" not in game.legal_actions(1)


def test_r25_jack_skips_the_next_seat():
    game = deal([["JC", "5S"], ["KS", "2D"], ["3H", "4H"]])
    act(game, (0, "play JC"))
    assert game.public_view()["turn"] == 2


def test_r26_ace_reverses_the_direction():
    game = deal([["AC", "5S"], ["KS", "2D"], ["3H", "4H"]])
    act(game, (0, "play AC"))
    view = game.public_view()
    assert view["direction"] == -1
    assert view["turn"] == 2


def test_r27_joker_plays_as_a_named_card():
    game = deal([["JOKER", "5S"], ["KS", "2D", "QD"], ["3H", "4H"]])
    act(game, (0, "play JOKER=QC"))
    view = game.public_view()
    assert (view["top"], view["active"]) == ("JOKER=QC", "C")
    assert "play KS" not in game.legal_actions(1)
    assert "play QD" in game.legal_actions(1)


# G. Melee
def melee_game():
    """Seat 0 holds 4H; seat 1 the 5H and 6S; seat 2 the 6H; seat 3 the 7H."""
    hands = [["4H", "KC", "QC"], ["5H", "6S", "2S"], ["6H", "3S", "JS"], ["7H", "10D", "9S"]]
    return deal(hands, starter="9H")


def test_r28_player_of_the_four_attacks_the_next_seat():
    game = melee_game()
    act(game, (0, "play 4H"))
    pending = game.public_view()["pending"]
    assert (pending["aggressor"], pending["defender"]) == (0, 1)
    assert game.public_view()["turn"] == 1


def test_r29_anyone_with_the_five_takes_over_out_of_turn():
    hands = [["4H", "KC", "QC"], ["6S", "2S", "3S"], ["5H", "JS", "QS"]]
    game = deal(hands, starter="9H")
    act(game, (0, "play 4H"))
    assert "play 5H" in game.legal_actions(2)
    assert "pass" in game.legal_actions(1)
    assert game.legal_actions(0) == []
    act(game, (2, "play 5H"))
    pending = game.public_view()["pending"]
    assert (pending["aggressor"], pending["defender"], pending["need"]) == (2, 0, "6H")


def test_r30_the_melee_climbs_in_the_same_suit():
    game = melee_game()
    act(game, (0, "play 4H"), (1, "play 5H"), (2, "play 6H"))
    pending = game.public_view()["pending"]
    assert (pending["need"], pending["count"], pending["aggressor"], pending["defender"]) == (
        "7H",
        6,
        2,
        1,
    )
    assert "play 7H" in game.legal_actions(3)
    assert "play 7H" not in game.legal_actions(2)


def test_r31_the_last_defender_draws_the_pip_value():
    game = melee_game()
    act(game, (0, "play 4H"), (1, "play 5H"), (2, "play 6H"))
    act(game, (0, "pass"), (1, "pass"), (3, "pass"))
    view = game.public_view()
    assert view["pending"] is None
    assert view["counts"][1] == 2 + 6


def test_r32_play_continues_after_the_defender():
    game = melee_game()
    act(game, (0, "play 4H"), (1, "play 5H"), (2, "play 6H"))
    act(game, (0, "pass"), (1, "pass"), (3, "pass"))
    assert game.public_view()["turn"] == 2


def test_r33_pagat_worked_example():
    hands = [["4H", "KC", "QC"], ["5H", "6S", "2S"], ["3S", "JS", "QS"]]
    game = deal(hands, starter="9H")
    act(game, (0, "play 4H"), (1, "play 5H"))
    act(game, (0, "pass"), (2, "pass"))
    view = game.public_view()
    assert view["counts"] == [2 + 5, 2, 3]
    assert view["turn"] == 1
    assert view["top"] == "5H"


# H. End of hand and scoring
def test_r34_the_hand_ends_when_a_seat_has_no_cards():
    game = deal([["9H"], ["KS", "2D"]])
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["over"]
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.apply(1, "draw")


def test_r35_winner_and_one_card_holders_score_zero():
    game = deal([["9H", "5D"], ["KS", "2S"], ["9D", "QS"]], stock=["3C", "6C"])
    act(game, (0, "play 9H"), (0, "last"), (1, "draw"))
    act(game, (2, "play 9D"), (2, "last"), (0, "play 5D"))
    assert game.public_view()["scores"] == [0, 10 + 2 + 3, 0]


def test_r36_hand_values():
    hands = [
        ["9H"],
        ["JOKER", "8S", "AS", "KS", "QS", "JS"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "9D", "10D"],
    ]
    game = deal(hands)
    act(game, (0, "play 9H"))
    assert game.public_view()["scores"] == [0, 40 + 25 + 15 + 30, 2 + 3 + 4 + 5 + 6 + 7 + 9 + 10]


def test_r37_the_deal_passes_left():
    game = deal([["9H"], ["KS", "2D"], ["QS", "4D"]], dealer=1, first=2)
    act(game, (2, "draw"), (0, "play 9H"))
    game.next_hand()
    assert game.public_view()["dealer"] == 2


def test_r38_a_seat_at_the_threshold_sits_out():
    game = deal(
        [["9H"], ["KS", "2D"], ["QS", "4D"]], stock=["3C", "6C"], first=0, options={"threshold": 12}
    )
    act(game, (0, "play 9H"))
    assert game.public_view()["scores"] == [0, 12, 14]
    assert game.public_view()["match_over"]
    assert game.public_view()["match_winners"] == [0]


def test_r39_play_continues_until_one_seat_remains():
    game = deal([["9H"], ["KS", "2D"], ["3S", "4D"], ["5S", "6S"]], options={"threshold": 12})
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["scores"] == [0, 12, 7, 11]
    assert not view["match_over"]
    game.next_hand()
    view = game.public_view()
    assert view["counts"][1] == 0
    for _ in range(500):
        if game.public_view()["over"]:
            break
        assert game.public_view()["turn"] != 1
        assert game.legal_actions(1) == []
        game.time_out()
    assert game.public_view()["over"]
    assert game.public_view()["counts"][1] == 0


# Decisions
def test_d1_hand_size_option_and_the_nine_vote():
    assert dealt(new_game(RULESET, 2)) == 7
    with pytest.raises(ValueError, match="agreed"):
        new_game(RULESET, 2, options={"hand_size": 9})
    with pytest.raises(ValueError):
        new_game(RULESET, 2, options={"colour": "red"})
    with pytest.raises(ValueError):
        new_game(RULESET, 2, options={"threshold": 0})
    with pytest.raises(ValueError):
        new_game(RULESET, 2, options={"last_call_penalty": 5})


def test_d2_starter_two_left_of_dealer_draws_two_and_is_skipped():
    game = deal([["5S", "6S"], ["KS", "QS"], ["3H", "4H"]], starter="2C")
    view = game.public_view()
    assert view["counts"] == [4, 2, 2]
    assert view["turn"] == 1


def test_d2_starter_jack_skips_left_of_dealer():
    game = deal([["5S", "6S"], ["KS", "QS"], ["3H", "4H"]], starter="JC")
    assert game.public_view()["turn"] == 1


def test_d2_starter_ace_dealer_right_plays_first():
    game = deal([["5S", "6S"], ["KS", "QS"], ["3H", "4H"], ["7H", "9H"]], starter="AC", first=1)
    view = game.public_view()
    assert view["direction"] == -1
    assert view["turn"] == 3


def test_d2_starter_four_melee_with_the_dealer_as_aggressor():
    game = deal([["5S", "6S"], ["KS", "QS"], ["3H", "4H"]], starter="4C", first=1)
    pending = game.public_view()["pending"]
    assert pending["kind"] == "melee"
    assert (pending["aggressor"], pending["defender"], pending["need"]) == (0, 1, "5C")
    act(game, (1, "pass"), (2, "pass"))
    assert game.public_view()["counts"] == [2, 6, 2]
    assert game.public_view()["turn"] == 2


def test_d2_starter_eight_keeps_its_own_suit():
    game = deal([["5S", "6S"], ["KS", "QS"]], starter="8D")
    view = game.public_view()
    assert (view["active"], view["turn"], view["pending"]) == ("D", 0, None)


def test_d2_starter_three_has_no_effect():
    game = deal([["5S", "6S"], ["KS", "QS"]], starter="3D")
    view = game.public_view()
    assert (view["turn"], view["pending"]) == (0, None)


def test_d2_starter_joker_is_put_back():
    game = deal([["5S", "6S"], ["KS", "QS"]], starter=None, stock=["JOKER", "9C", "7D"])
    view = game.public_view()
    assert not view["top"].startswith("JOKER")
    assert view["stock"] == 2 and view["discard"] == 1


def test_d3_voluntary_draw_ends_the_turn():
    game = deal([["9H", "5S"], ["KS", "2D"]], stock=["9D"])
    assert "play 9H" in game.legal_actions(0)
    act(game, (0, "draw"))
    assert game.public_view()["turn"] == 1
    assert game.public_view()["pending"] is None
    assert game.legal_actions(0) == []


def test_d4_three_then_pass_or_chain_another_three():
    game = deal([["3C", "3H", "2S", "KD"], ["KS", "2D", "QD"], ["5H", "6H"]])
    act(game, (0, "play 3C"), (0, "play 3H"))
    assert game.public_view()["pending"] == {"kind": "free", "seat": 0}
    act(game, (0, "play 2S"))
    view = game.public_view()
    assert view["counts"] == [1, 5, 2]
    assert view["turn"] == 2
    game = deal([["3C", "KD"], ["KS", "2D"]])
    act(game, (0, "play 3C"), (0, "pass"))
    assert game.public_view()["turn"] == 1
    game = deal([["3C"], ["KS", "2D"]])
    act(game, (0, "play 3C"))
    assert game.public_view()["over"] and game.public_view()["winners"] == [0]


def test_d4_free_card_may_be_a_named_joker_or_eight():
    game = deal([["3C", "JOKER", "KD"], ["KS", "2D"]])
    act(game, (0, "play 3C"))
    legal = game.legal_actions(0)
    assert "play JOKER=KH" in legal and "play JOKER=8D S" in legal
    act(game, (0, "play JOKER=KH"))
    assert game.public_view()["top"] == "JOKER=KH"


def test_d5_melee_only_the_next_card_or_a_joker_naming_it():
    hands = [["4H", "KC", "QC"], ["JOKER", "6H", "8H", "4S"], ["5H", "JS", "QS"]]
    game = deal(hands, starter="9H")
    act(game, (0, "play 4H"))
    assert sorted(game.legal_actions(1)) == ["pass", "play JOKER=5H"]
    assert sorted(game.legal_actions(2)) == ["pass", "play 5H"]


def test_d5_melee_resolves_when_all_pass():
    game = melee_game()
    act(game, (0, "play 4H"), (1, "pass"), (2, "pass"))
    assert game.public_view()["pending"]["passed"] == [1, 2]
    assert "pass" not in game.legal_actions(1)
    act(game, (3, "pass"))
    view = game.public_view()
    assert view["pending"] is None
    assert view["counts"] == [2, 3 + 4, 3, 3]
    assert view["turn"] == 2


def test_d5_melee_resolves_on_time_out():
    game = melee_game()
    act(game, (0, "play 4H"), (1, "play 5H"))
    events = game.time_out()
    assert any(e["type"] == "draw" and e["reason"] == "melee" and e["seat"] == 0 for e in events)
    view = game.public_view()
    assert view["counts"][0] == 2 + 5
    assert view["turn"] == 1


def test_d5_ten_cannot_be_continued():
    hands = [
        ["4H", "KC", "QC"],
        ["5H", "7H", "9H", "2S", "3C"],
        ["6H", "8H", "10H", "JS", "3D"],
        ["3S", "JD"],
    ]
    game = deal(hands, starter="KH")
    act(game, (0, "play 4H"), (1, "play 5H"), (2, "play 6H"), (1, "play 7H"))
    act(game, (2, "play 8H"))
    assert game.public_view()["active"] == "H"
    act(game, (1, "play 9H"), (2, "play 10H"))
    view = game.public_view()
    assert view["pending"] is None
    assert view["counts"][1] == 2 + 10
    assert view["turn"] == 2


def test_d5_first_claim_wins():
    hands = [["4H", "KC", "QC"], ["5H", "6S", "2S"], ["JOKER", "JS", "QS"]]
    game = deal(hands, starter="9H")
    act(game, (0, "play 4H"), (2, "play JOKER=5H"))
    with pytest.raises(IllegalAction):
        game.apply(1, "play 5H")
    assert game.public_view()["pending"]["need"] == "6H"


def test_d5_two_players_defender_alternates():
    game = deal([["4H", "6H", "KC", "QD"], ["5H", "7H", "QC", "JD"]], starter="9H")
    act(game, (0, "play 4H"), (1, "play 5H"), (0, "play 6H"), (1, "play 7H"))
    pending = game.public_view()["pending"]
    assert (pending["aggressor"], pending["defender"], pending["count"]) == (1, 0, 7)
    act(game, (0, "pass"))
    assert game.public_view()["counts"] == [2 + 7, 2]
    assert game.public_view()["turn"] == 1


def test_d6_joker_must_name_a_legal_card():
    game = deal([["JOKER", "5S"], ["KS", "2D"], ["3H", "4H"]], starter="9C")
    legal = game.legal_actions(0)
    assert "play JOKER=KC" in legal and "play JOKER=9D" in legal
    assert "play JOKER=KD" not in legal
    assert "play JOKER=8D H" in legal and "play JOKER=8D" not in legal
    act(game, (0, "play JOKER=2C"))
    assert game.public_view()["counts"] == [1, 4, 2]
    assert game.public_view()["turn"] == 2


def test_d7_last_may_be_called_until_another_seat_plays():
    stock = ["4C", "6C", "7C", "10C"]
    game = deal([["9H", "5S"], ["KS", "2D"], ["QH", "3D", "7S"]], stock=stock)
    act(game, (0, "play 9H"), (1, "draw"))
    assert "last" in game.legal_actions(0)
    act(game, (0, "last"), (2, "play QH"))
    assert game.public_view()["counts"][0] == 1
    game = deal([["9H", "5S"], ["KS", "2D"], ["QH", "3D", "7S"]], stock=stock)
    act(game, (0, "play 9H"), (1, "draw"), (2, "draw"))
    assert game.public_view()["counts"][0] == 1
    assert "last" in game.legal_actions(0)
    game = deal([["9H", "5S"], ["KH", "2D"]], stock=stock, options={"last_call_penalty": 0})
    act(game, (0, "play 9H"), (1, "play KH"))
    assert game.public_view()["counts"] == [1, 1]


def test_d8_two_players_two_and_jack_give_another_turn_ace_reverses():
    game = deal([["2C", "JC", "AC", "KS"], ["5S", "6S"]])
    act(game, (0, "play 2C"))
    assert game.public_view()["turn"] == 0
    assert game.public_view()["counts"][1] == 4
    act(game, (0, "play JC"))
    assert game.public_view()["turn"] == 0
    act(game, (0, "play AC"))
    assert game.public_view()["turn"] == 1
    assert game.public_view()["direction"] == -1


def test_d9_blocked_hand_ends_after_a_round_of_passes():
    game = deal([["2H", "3D"], ["4H", "5D"]], stock=[])
    assert game.legal_actions(0) == ["pass"]
    act(game, (0, "pass"))
    assert not game.public_view()["over"]
    act(game, (1, "pass"))
    view = game.public_view()
    assert view["over"]
    assert view["scores"] == [5, 9]
    assert view["winners"] == [0]
    assert sorted(view["revealed"][1]) == ["4H", "5D"]


def test_d10_elimination_at_the_threshold():
    game = deal([["9H"], ["KS", "KD"], ["QS", "QD"], ["2S", "3S"]], options={"threshold": 20})
    act(game, (0, "play 9H"))
    view = game.public_view()
    assert view["scores"] == [0, 20, 20, 5]
    assert not view["match_over"]
    game.next_hand()
    view = game.public_view()
    assert view["counts"][1] == view["counts"][2] == 0
    assert view["counts"][0] == view["counts"][3] > 0


def test_d10_lowest_total_wins_when_all_cross_together():
    game = deal([["2H", "3D"], ["4H", "5D"]], stock=[], options={"threshold": 5})
    act(game, (0, "pass"), (1, "pass"))
    view = game.public_view()
    assert view["match_over"] and view["match_winners"] == [0]
    game = deal([["2H", "4D"], ["3H", "3D"]], stock=[], options={"threshold": 6})
    act(game, (0, "pass"), (1, "pass"))
    assert game.public_view()["match_winners"] == [0, 1]


def test_d11_first_dealer_random_and_deal_skips_eliminated_seats():
    dealers = {new_game(RULESET, 4, seed=s).public_view()["dealer"] for s in range(30)}
    assert len(dealers) > 1
    hands = [["9H"], ["KS", "KD"], ["2S", "3S"], ["4S", "5S"]]
    game = deal(hands, dealer=0, first=1, options={"threshold": 20})
    act(game, (1, "draw"), (2, "draw"), (3, "draw"), (0, "play 9H"))
    assert game.public_view()["scores"][1] >= 20
    game.next_hand()
    assert game.public_view()["dealer"] == 2


def test_d12_going_out_has_no_effect_and_catches_no_one():
    game = deal([["9H", "5S"], ["9D", "2H"], ["3D", "7S"]], first=1)
    act(game, (1, "play 9D"), (1, "last"), (2, "draw"), (0, "play 9H"), (1, "play 2H"))
    view = game.public_view()
    assert view["over"] and view["winners"] == [1]
    assert view["counts"] == [1, 0, 3]
    game = deal([["4H"], ["5H", "2D"]], starter="9H")
    act(game, (0, "play 4H"))
    assert game.public_view()["over"] and game.public_view()["pending"] is None


# Timers and removal
def test_time_out_draws_on_a_normal_turn_and_passes_a_free_card():
    game = deal([["9H", "3C", "5S"], ["KS", "2D"]], stock=["4C", "6C"])
    game.time_out()
    assert game.public_view()["counts"] == [4, 2] and game.public_view()["turn"] == 1
    game = deal([["9H", "3C", "5S"], ["KS", "2D"]])
    act(game, (0, "play 3C"))
    game.time_out()
    assert game.public_view()["turn"] == 1 and game.public_view()["pending"] is None


def test_remove_seat_drops_its_part_in_a_melee():
    game = melee_game()
    act(game, (0, "play 4H"), (1, "pass"), (2, "pass"))
    game.remove_seat(3)
    view = game.public_view()
    assert view["pending"] is None
    assert view["counts"][1] == 3 + 4
    assert total_cards(game) == 54


def test_remove_seat_drops_its_free_card():
    game = deal([["3C", "KH", "5S"], ["KS", "2D"], ["QS", "4D"]])
    act(game, (0, "play 3C"))
    game.remove_seat(0)
    view = game.public_view()
    assert view["pending"] is None and view["turn"] == 1 and view["counts"][0] == 0
    assert total_cards(game) == 54


def test_remove_seat_leaving_one_stops_the_match():
    game = deal([["9H", "5S"], ["KS", "2D"]])
    game.remove_seat(1)
    view = game.public_view()
    assert view["over"] and view["winners"] == [] and view["match_winners"] == []


# ---- removal, melee, calls and the starter (issue 18; engine-api "setup", "Timers, removal") ----
MELEE = [["4H", "9C"], ["5H", "KD", "QD"], ["QS", "JS"]]


def test_d14_a_melee_whose_aggressor_was_removed_is_a_sound_save() -> None:
    """The pending melee still names its removed aggressor: the engine's own check accepts it,
    and the game saves and loads as it is (a table restores it after a reload)."""
    game = deal(MELEE, starter="7H")
    act(game, (0, "play 4H"))
    game.remove_seat(0)
    assert game.public_view()["pending"]["aggressor"] == 0 and not game.in_play(0)
    game.check()
    again = type(game).from_dict(game.to_dict())
    again.check()
    assert again.to_dict() == game.to_dict()


def test_d14_a_removed_aggressor_never_draws() -> None:
    """The melee goes on; the seat continuing it faces the next seat in play, not the removed
    one, which draws nothing (the cards stay in the game)."""
    game = deal(MELEE, starter="7H")
    act(game, (0, "play 4H"))
    game.remove_seat(0)
    assert game.public_view()["pending"]["defender"] == 1
    act(game, (1, "play 5H"))
    pending = game.public_view()["pending"]
    assert (pending["aggressor"], pending["defender"]) == (1, 2)
    events = act(game, (2, "pass"))
    assert {"type": "draw", "seat": 2, "count": 5, "cards": events[-1]["cards"],
            "reason": "melee"} in events  # fmt: skip
    view = game.public_view()
    assert view["counts"] == [0, 2, 7] and view["turn"] == 1 and view["pending"] is None
    assert game.legal_actions(0) == [] and total_cards(game) == 54


def test_d14_a_removed_aggressor_leaves_the_defender_owing_the_draw() -> None:
    game = deal(MELEE, starter="7H")
    act(game, (0, "play 4H"))
    game.remove_seat(0)
    act(game, (1, "pass"), (2, "pass"))
    view = game.public_view()
    assert view["counts"] == [0, 7, 2] and view["turn"] == 2 and view["pending"] is None


def test_d14_a_removed_defender_is_replaced_by_the_next_seat_after_the_aggressor() -> None:
    game = deal(MELEE, starter="7H")
    act(game, (0, "play 4H"))
    game.remove_seat(1)
    view = game.public_view()
    assert view["pending"]["defender"] == 2 and view["turn"] == 2
    act(game, (2, "pass"))
    view = game.public_view()
    assert view["counts"] == [1, 0, 6] and view["turn"] == 0 and total_cards(game) == 54


def test_d13_a_melee_pass_is_final_for_the_current_card() -> None:
    game = deal([["4H", "9C"], ["5H", "KD"], ["JOKER", "QS"]], starter="7H")
    act(game, (0, "play 4H"), (1, "pass"))
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.apply(1, "play 5H")
    act(game, (2, "play JOKER=5H"))  # another melee card clears every pass
    assert "pass" in game.legal_actions(1) and "pass" in game.legal_actions(0)
    assert game.public_view()["pending"]["defender"] == 0


def test_d2_a_named_joker_starter_is_put_back() -> None:
    game = deal([["9C", "KC"], ["3D", "4D"]], starter="JOKER=QH", stock=["7D", "8D"])
    view = game.public_view()
    assert view["top"] in ("7D", "8D") and view["discard"] == 1 and view["stock"] == 2


def test_setup_a_bare_joker_starter_is_refused() -> None:
    with pytest.raises(ValueError, match="named"):
        deal([["9C", "KC"], ["3D", "4D"]], starter="JOKER")


def test_d7_another_play_closes_the_call_window_with_no_penalty() -> None:
    game = deal([["9H", "6H"], ["KH", "2D", "KD"]], options={"last_call_penalty": 0})
    act(game, (0, "play 9H"))
    assert game.legal_actions(0) == ["last"]
    act(game, (1, "play KH"))
    assert game.public_view()["counts"] == [1, 2] and game.legal_actions(0) == ["play 6H", "draw"]
    act(game, (0, "draw"), (1, "play KD"))  # the window reopens at one card again
    assert game.public_view()["counts"][0] == 2


def test_d16_a_seat_removed_after_the_hand_gives_its_cards_to_the_stock() -> None:
    game = deal([["9H"], ["KS", "2D"], ["5C", "6C"]])
    act(game, (0, "play 9H"))
    scores = game.public_view()["scores"]
    game.remove_seat(2)
    view = game.public_view()
    assert view["scores"] == scores and view["winners"] == [0]
    assert view["revealed"][2] == [] and view["counts"][2] == 0 and total_cards(game) == 54
    game.next_hand()
    assert game.public_view()["counts"][2] == 0
