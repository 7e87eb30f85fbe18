"""Scenario tests for «Последняя» (docs/rules/poslednyaya.md), one per rule/decision.

Each test lays out a position with ``setup=`` and names the rule it checks.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from lastcard import IllegalAction, new_game
from lastcard.cards import colour_deck
from lastcard.game import Game


def make(hands: list[list[str]], starter: str = "R3", stock: list[str] | None = None,
         first: int = 0, **extra: Any) -> Game:  # fmt: skip
    """A poslednyaya game from a fixed position (stock defaults to a few plain cards)."""
    setup: dict[str, Any] = {"hands": hands, "starter": starter, "first": first, **extra}
    setup["stock"] = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"] if stock is None else stock
    return new_game("poslednyaya", len(hands), setup=setup)


def total(game: Game) -> int:
    return sum(len(h) for h in game.hands) + len(game.stock) + len(game.discard)


# ---- A. format and objective ----
def test_r1_player_count_2_to_10() -> None:
    for players in (2, 10):
        assert new_game("poslednyaya", players).players == players
    for players in (1, 11, 0):
        with pytest.raises(ValueError, match=r"2\.\.10"):
            new_game("poslednyaya", players)


def test_r2_r49_first_out_wins_others_keep_cards() -> None:
    game = make([["R5"], ["G7", "B8"]])
    events = game.apply(0, "play R5")
    assert game.over and game.winners == [0]
    assert events[-1] == {"type": "hand_over", "winners": [0], "scores": None}
    assert game.public_view()["revealed"] == [[], ["B8", "G7"]]


def test_r3_one_hand_no_scores() -> None:
    view = new_game("poslednyaya", 3).public_view()
    assert view["scores"] is None and view["match_over"] is None and view["match_winners"] is None


def test_r4_d12_rematch_only_after_the_hand() -> None:
    game = make([["R5"], ["G7"]])
    with pytest.raises(IllegalAction):
        game.next_hand()
    game.apply(0, "play R5")
    firsts = set()
    for _ in range(12):
        events = game.next_hand()
        assert events[0]["type"] == "deal"
        view = game.public_view()
        assert view["counts"] == [7, 7] and not view["over"] and view["direction"] == 1
        assert total(game) == 108
        firsts.add(view["turn"])
        game.over, game.winners = True, [0]  # end the hand by fiat to rematch again
    assert firsts == {0, 1}


def test_d12_rematch_resets_direction() -> None:
    game = make([["RR", "R5"], ["R7", "G7"], ["R9", "B8"]])
    game.apply(0, "play RR")
    assert game.direction == -1
    game.apply(2, "play R9")
    game.apply(1, "play R7")
    game.apply(0, "play R5")
    assert game.over
    game.next_hand()
    assert game.direction == 1


# ---- B. start of the deal ----
def test_r5_seven_cards_each() -> None:
    for players in (2, 6, 10):
        game = new_game("poslednyaya", players, seed=players)
        assert [len(h) for h in game.hands] == [7] * players
        assert len(game.stock) == 108 - 7 * players - 1


def test_r6_view_holds_only_own_hand() -> None:
    game = make([["R5", "G1"], ["G7", "B8"]])
    view = game.view(0)
    assert view["hand"] == ["R5", "G1"]
    text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "legal")})
    assert "G7" not in text and "B8" not in text
    assert view["counts"] == [2, 2]


def test_r7_public_view_shows_table_and_no_hand() -> None:
    game = make([["R5", "G1"], ["G7", "B8"]])
    view = game.public_view()
    assert {"hand", "legal", "seat"}.isdisjoint(view)
    assert view["top"] == "R3" and view["active"] == "R" and view["direction"] == 1
    assert view["turn"] == 0 and view["counts"] == [2, 2] and view["revealed"] is None
    for card in ("R5", "G1", "G7", "B8", "Y1"):
        assert card not in json.dumps(view)


def test_r8_first_player_random_and_seeded() -> None:
    firsts = [new_game("poslednyaya", 4, seed=s).turn for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [new_game("poslednyaya", 4, seed=s).turn for s in range(40)]


def test_r9_r10_starter_is_a_number_and_has_no_effect() -> None:
    for seed in range(60):
        game = new_game("poslednyaya", 3, seed=seed)
        assert game.discard[-1][1:].isdigit()
        assert game.direction == 1 and game.turn == game.next_seat(game.dealer)
        assert [len(h) for h in game.hands] == [7, 7, 7]


def test_d4_action_starter_goes_back_and_the_stock_is_reshuffled() -> None:
    game = make([["R5"], ["G7"]], starter="W+4", stock=["RS", "B+2", "G4"])
    assert game.discard == ["G4"]
    assert sorted(game.stock) == sorted(["RS", "B+2", "W+4"])
    assert game.turn == 0 and game.direction == 1


# ---- C. deck ----
def test_r11_r13_r14_d1_standard_108_cards() -> None:
    deck = colour_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts["W"] == counts["W+4"] == 4
    for colour in "RYBG":
        assert counts[colour + "0"] == 1
        for rank in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"]:
            assert counts[colour + rank] == 2
    game = new_game("poslednyaya", 4, seed=3)
    assert Counter(c for h in game.hands for c in h) + Counter(game.stock + game.discard) == counts


# ---- D. a normal turn ----
def test_r15_r16_match_by_colour_number_or_symbol() -> None:
    game = make([["R9", "G3", "B5", "Y+2", "G0"], ["G7"]], starter="R3")
    assert game.legal_actions(0) == ["play R9", "play G3", "draw"]
    game = make([["RS", "GS", "B+2", "YR"], ["G7"]], starter="R3", discard=["Y0"])
    game.discard[-1] = "BS"  # a Skip on top: symbol matches
    game.active = "B"
    game._cache = {}
    assert game.legal_actions(0) == ["play RS", "play B+2", "play GS", "draw"]


def test_r17_draw_allowed_with_a_playable_card() -> None:
    game = make([["R9"], ["G7"]], stock=["G1"])
    assert "draw" in game.legal_actions(0)
    events = game.apply(0, "draw")
    assert events == [{"type": "draw", "seat": 0, "count": 1, "cards": ["G1"], "reason": "draw"}]
    assert game.turn == 1 and game.hands[0] == ["R9", "G1"]


def test_r18_d5_drawn_playable_card_play_it_or_pass() -> None:
    game = make([["G9"], ["G7"]], stock=["R8"])
    game.apply(0, "draw")
    assert game.turn == 0
    assert game.public_view()["pending"] == {"kind": "drawn", "seat": 0}
    assert game.legal_actions(0) == ["play R8", "pass"]
    assert game.legal_actions(1) == []
    game.apply(0, "pass")
    assert game.turn == 1 and game.pending is None
    game = make([["G9"], ["G7"]], stock=["R8"])
    game.apply(0, "draw")
    game.apply(0, "play R8")
    assert game.discard[-1] == "R8" and game.turn == 1


def test_r19_after_drawing_no_other_card() -> None:
    game = make([["R9", "R1"], ["G7"]], stock=["R8"])
    game.apply(0, "draw")
    assert game.legal_actions(0) == ["play R8", "pass"]
    with pytest.raises(IllegalAction):
        game.apply(0, "play R9")


def test_r20_drawn_unplayable_card_ends_the_turn() -> None:
    game = make([["R9"], ["G7"]], stock=["G1"])
    game.apply(0, "draw")
    assert game.turn == 1 and game.pending is None


def test_r21_one_card_per_play() -> None:
    game = make([["R5", "R5", "G5"], ["G7"]])
    assert all(len(a.split()) == 2 for a in game.legal_actions(0) if a.startswith("play"))
    with pytest.raises(IllegalAction):
        game.apply(0, "play R5 R5")


# ---- E. skip and reverse ----
def test_r22_skip() -> None:
    game = make([["RS", "R1"], ["G7"], ["B7"]])
    events = game.apply(0, "play RS")
    assert {"type": "skip", "seat": 1} in events
    assert game.turn == 2


def test_r23_r25_reverse_with_three_skips_nobody() -> None:
    game = make([["RR", "R1"], ["G7"], ["B7"]])
    events = game.apply(0, "play RR")
    assert {"type": "reverse", "seat": 0, "direction": -1} in events
    assert game.direction == -1 and game.turn == 2
    assert not any(e["type"] == "skip" for e in events)


def test_r24_two_player_reverse_skips() -> None:
    game = make([["RR", "R1"], ["G7"]])
    events = game.apply(0, "play RR")
    assert {"type": "skip", "seat": 1} in events
    assert game.turn == 0


# ---- F. penalty cards ----
def test_r26_draw_two_draws_and_skips() -> None:
    game = make([["R+2", "R1"], ["G7"], ["B7"]], stock=["Y1", "Y2", "Y3"])
    events = game.apply(0, "play R+2")
    assert {
        "type": "draw",
        "seat": 1,
        "count": 2,
        "cards": ["Y1", "Y2"],
        "reason": "penalty",
    } in events
    assert game.hands[1] == ["Y1", "Y2", "G7"]
    assert game.turn == 2


def test_r27_g30_wild_draw_four_names_a_colour() -> None:
    game = make([["W+4", "G1"], ["G7"], ["B7"]])
    legal = game.legal_actions(0)
    assert [a for a in legal if "W+4" in a] == [
        "play W+4 R",
        "play W+4 Y",
        "play W+4 B",
        "play W+4 G",
    ]
    with pytest.raises(IllegalAction):
        game.apply(0, "play W+4")
    events = game.apply(0, "play W+4 G")
    assert events[0]["active"] == "G" and game.active == "G"
    assert len(game.hands[1]) == 5 and game.turn == 2


def test_r28_no_stacking_of_penalties() -> None:
    game = make([["R+2", "R1"], ["B+2", "W+4"], ["B7"]], stock=["Y1", "Y2", "Y3", "Y4"])
    game.apply(0, "play R+2")
    assert len(game.hands[1]) == 4 and game.turn == 2
    assert game.legal_actions(1) == []


def test_r29_two_player_penalty_returns_the_turn() -> None:
    for card, drawn in (("R+2", 2), ("W+4", 4)):
        game = make([[card, "G1"], ["G7"]])
        action = "play W+4 B" if card == "W+4" else "play R+2"
        game.apply(0, action)
        assert len(game.hands[1]) == 1 + drawn and game.turn == 0


# ---- G. colour choice ----
def test_r30_d2_wild_always_legal_any_colour() -> None:
    game = make([["W", "R1"], ["G7"]])
    assert game.legal_actions(0)[:4] == ["play R1", "play W R", "play W Y", "play W B"]
    game.apply(0, "play W R")  # may re-name the colour in force
    assert game.active == "R" and game.discard[-1] == "W"


def test_r32_d3_wild_draw_four_only_without_the_colour() -> None:
    blocked = make([["W+4", "R1"], ["G7"]])
    assert not any("W+4" in a for a in blocked.legal_actions(0))
    allowed = make([["W+4", "G3", "B3", "W"], ["G7"]])  # a 3 of another colour does not block
    assert "play W+4 Y" in allowed.legal_actions(0)


def test_r33_d3_wild_draw_four_after_a_wild_uses_the_named_colour() -> None:
    game = make([["W", "G1"], ["W+4", "Y1"]])
    game.apply(0, "play W B")
    assert "play W+4 R" in game.legal_actions(1)
    game = make([["W", "G1"], ["W+4", "B1"]])
    game.apply(0, "play W B")
    assert not any("W+4" in a for a in game.legal_actions(1))


def test_r31_d6_colour_is_part_of_the_play_action() -> None:
    game = make([["W", "R1"], ["G7"]])
    for bad in ("play W", "play W X", "play W R G"):
        with pytest.raises(IllegalAction):
            game.apply(0, bad)


# ---- H. last card ----
def test_r34_one_card_is_announced_automatically() -> None:
    game = make([["R5", "R6"], ["G7", "G8"], ["R7", "B1"]])
    assert game.public_view()["called"] == []
    game.apply(0, "play R5")
    assert game.public_view()["called"] == [0]
    game.apply(1, "draw")
    game.apply(2, "play R7")
    assert game.public_view()["called"] == [0, 2]


def test_r35_no_call_action_and_no_penalty() -> None:
    game = make([["R5", "R6"], ["G7", "R8"]])
    game.apply(0, "play R5")
    assert "last" not in game.legal_actions(0) + game.legal_actions(1)
    game.apply(1, "play R8")
    assert len(game.hands[0]) == 1


def test_r36_go_out_on_an_action_or_wild() -> None:
    for card, action in (("RS", "play RS"), ("W", "play W G"), ("RR", "play RR")):
        game = make([[card], ["G7", "B2"], ["B7"]])
        game.apply(0, action)
        assert game.over and game.winners == [0]


def test_r37_d11_going_out_on_a_penalty_still_draws() -> None:
    game = make([["W+4"], ["G7"], ["B7"]], stock=["Y1", "Y2", "Y3", "Y4", "Y5"])
    assert game.legal_actions(0) == ["play W+4 R", "play W+4 Y", "play W+4 B", "play W+4 G", "draw"]
    events = game.apply(0, "play W+4 Y")
    kinds = [e["type"] for e in events]
    assert kinds == ["play", "draw", "hand_over"]
    assert events[1]["seat"] == 1 and events[1]["count"] == 4
    assert game.winners == [0] and len(game.hands[1]) == 5
    game = make([["R+2"], ["G7"]])
    game.apply(0, "play R+2")
    assert game.winners == [0] and len(game.hands[1]) == 3


# ---- J. running out of cards; end of the hand ----
def test_r46_reshuffle_keeps_the_top_card() -> None:
    game = make([["R5", "R1"], ["G7", "B9"]], stock=[], discard=["B1", "G2"])
    events = game.apply(0, "draw")
    assert events[0] == {"type": "reshuffle", "count": 2}
    assert events[1]["count"] == 1 and events[1]["cards"][0] in ("B1", "G2")
    assert game.discard == ["R3"] and len(game.stock) == 1


def test_d8_penalty_reshuffles_mid_draw_and_draws_what_exists() -> None:
    game = make([["R+2", "R1"], ["G7"], ["B7"]], stock=["Y1"], discard=["G2"])
    events = game.apply(0, "play R+2")
    draw = next(e for e in events if e["type"] == "draw")
    assert [e["type"] for e in events][:3] == ["play", "reshuffle", "draw"]
    assert draw["count"] == 2 and draw["cards"][0] == "Y1" and draw["cards"][1] in ("G2", "R3")
    assert game.discard == ["R+2"] and len(game.stock) == 1
    game = make([["W+4", "G1"], ["G7"], ["B7"]], stock=["Y1"], discard=[])
    events = game.apply(0, "play W+4 B")
    draw = next(e for e in events if e["type"] == "draw")
    assert draw["count"] == 2 and sorted(draw["cards"]) == ["R3", "Y1"]
    assert game.discard == ["W+4"] and total(game) == 6


def test_d9_a_wild_back_in_the_stock_forgets_its_colour() -> None:
    game = make([["G5", "G1"], ["G7"]], stock=[], discard=["W"], starter="G3")
    game.active = "G"
    events = game.apply(0, "draw")
    assert events[1]["cards"] == ["W"]
    assert game.legal_actions(0) == ["play W R", "play W Y", "play W B", "play W G", "pass"]


def test_d7_blocked_pass_when_nothing_to_draw() -> None:
    game = make([["B5", "B1"], ["G7", "G6", "G5"], ["Y1"]], stock=[], discard=[])
    assert game.legal_actions(0) == ["pass"]
    game.apply(0, "pass")
    assert game.legal_actions(1) == ["pass"] and not game.over


def test_d7_blocked_hand_fewest_win() -> None:
    game = make([["B5", "B1"], ["G7", "G6", "G5"], ["Y8"]], stock=[], discard=[])
    game.apply(0, "pass")
    game.apply(1, "pass")
    events = game.apply(2, "pass")
    assert events[-1] == {"type": "hand_over", "winners": [2], "scores": None}
    assert game.over and game.winners == [2]


def test_r48_blocked_tie_shares_the_win() -> None:
    game = make([["B5", "B1"], ["G7", "G6", "G5"], ["Y8", "Y7"]], stock=[], discard=[])
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    assert game.winners == [0, 2]


def test_r47_a_play_restarts_the_round() -> None:
    game = make([["B5", "B1"], ["G7", "W", "G5"], ["G8", "G7"]], stock=[], discard=[])
    game.apply(0, "pass")
    game.apply(1, "play W Y")  # a discard: the round starts again
    game.apply(2, "draw")  # a draw (the old starter, reshuffled, unplayable): again
    assert game.hands[2] == ["R3", "G7", "G8"] and game.turn == 0
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert not game.over
    game.apply(2, "pass")
    assert game.over and game.winners == [0, 1]


# ---- K. participants (card parts) ----
def test_r52_d10_removed_cards_are_shuffled_into_the_stock() -> None:
    game = make([["R5", "R1"], ["G7", "B9"], ["Y9", "B2"]], stock=["Y1"])
    events = game.remove_seat(1)
    assert events == [{"type": "removed", "seat": 1}]
    assert sorted(game.stock) == ["B9", "G7", "Y1"] and game.hands[1] == []
    assert game.public_view()["removed"] == [1]
    game.apply(0, "play R5")
    assert game.turn == 2
    with pytest.raises(IllegalAction):
        game.remove_seat(1)
    assert game.legal_actions(1) == []


def test_d10_removing_the_seat_to_move_passes_the_turn() -> None:
    game = make([["R5", "R1"], ["G7", "B9"], ["Y9", "B2"]], stock=["R8"], first=1)
    game.apply(1, "draw")
    assert game.pending == {"kind": "drawn", "seat": 1}
    game.remove_seat(1)
    assert game.turn == 2 and game.pending is None
    game = make([["RR", "R1"], ["G7", "B9"], ["Y9", "B2"], ["B1", "B2"]])
    game.apply(0, "play RR")
    game.remove_seat(3)
    assert game.turn == 2


def test_r53_d10_fewer_than_two_stops_with_no_winner() -> None:
    game = make([["R5", "R1"], ["G7", "B9"]])
    events = game.remove_seat(0)
    assert events[-1] == {"type": "hand_over", "winners": [], "scores": None}
    assert game.over and game.winners == [] and game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.next_hand()


# ---- D6 / D13: time_out ----
def test_d6_time_out_draws_one_and_passes_even_with_a_play() -> None:
    game = make([["R5", "R1"], ["G7"]], stock=["R8"])
    events = game.time_out()
    assert events[0] == {"type": "draw", "seat": 0, "count": 1, "cards": ["R8"], "reason": "draw"}
    assert game.turn == 1 and game.pending is None and "R8" in game.hands[0]


def test_d13_time_out_after_a_draw_passes() -> None:
    game = make([["G5"], ["G7"]], stock=["R8"])
    game.apply(0, "draw")
    events = game.time_out()
    assert events == [{"type": "pass", "seat": 0}] and game.turn == 1


def test_d13_time_out_when_blocked_passes() -> None:
    game = make([["B5"], ["G7"]], stock=[], discard=[])
    assert game.time_out() == [{"type": "pass", "seat": 0}]
    assert game.turn == 1 and game.idle == 1


# ---- the contract ----
@pytest.mark.parametrize(
    ("seat", "action"),
    [(5, "draw"), (-1, "draw"), (True, "draw"), ("0", "draw"), (1, "draw"), (0, "play G7"),
     (0, "fly"), (0, ""), (0, None), (0, 3), (0, "play"), (0, "play R5 "), (0, "draw 2")],
)  # fmt: skip
def test_illegal_input_changes_nothing(seat: Any, action: Any) -> None:
    game = make([["R5", "W"], ["G7"]])
    before = json.dumps(game.to_dict())
    with pytest.raises(IllegalAction):
        game.apply(seat, action)
    assert json.dumps(game.to_dict()) == before
    assert issubclass(IllegalAction, ValueError)


def test_seat_out_of_range_for_views_and_legal() -> None:
    game = make([["R5"], ["G7"]])
    for call in (game.view, game.legal_actions, game.remove_seat):
        with pytest.raises(IllegalAction):
            call(2)


def test_legal_actions_sorted_in_card_order() -> None:
    game = make([["W+4", "G3", "R3", "W", "Y3", "B3"], ["G7"]], starter="R3")
    assert game.legal_actions(0) == [
        "play R3", "play Y3", "play B3", "play G3",
        "play W R", "play W Y", "play W B", "play W G", "draw",
    ]  # fmt: skip
    assert game.view(0)["hand"] == ["R3", "Y3", "B3", "G3", "W", "W+4"]


def test_options_and_setup_errors() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        new_game("poslednyaya", 2, options={"two_draws": 1})
    with pytest.raises(ValueError, match="unknown ruleset"):
        new_game("uno", 2)
    with pytest.raises(ValueError, match="not a card"):
        make([["R5", "X9"], ["G7"]])
    with pytest.raises(ValueError, match="too many copies"):
        make([["R0", "R0"], ["G7"]])
    with pytest.raises(ValueError, match="too many copies"):
        make([["W", "W", "W"], ["W", "W"]])
    with pytest.raises(ValueError, match="one list of cards per seat"):
        new_game("poslednyaya", 3, setup={"hands": [["R5"], ["G7"]], "starter": "R3"})
    with pytest.raises(ValueError, match="seat number"):
        make([["R5"], ["G7"]], first=2)


def test_setup_stock_top_first_and_dealer() -> None:
    game = make([["G5"], ["G7"]], stock=["Y1", "Y2"], dealer=1)
    game.apply(0, "draw")
    assert "Y1" in game.hands[0] and game.dealer == 1


def test_round_trip_gives_same_views_and_future() -> None:
    game = new_game("poslednyaya", 4, seed=11)
    for _ in range(30):
        seat = game.turn
        game.apply(seat, game.legal_actions(seat)[-1])
    copy = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert type(copy) is type(game)
    for _ in range(40):
        if game.over:
            break
        assert copy.public_view() == game.public_view()
        assert [copy.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
        seat = game.turn
        action = game.legal_actions(seat)[0]
        assert copy.apply(seat, action) == game.apply(seat, action)


def test_d12_rematch_deals_to_the_seats_still_at_the_table() -> None:
    game = make([["R5", "R1"], ["G7", "B9"], ["R9", "B2"]])
    game.remove_seat(1)
    game.apply(0, "play R5")
    game.apply(2, "play R9")
    game.apply(0, "play R1")
    assert game.over and game.winners == [0]
    events = game.next_hand()
    assert events == [
        {"type": "deal", "hand": 2, "dealer": game.dealer, "seat": game.turn},
    ]
    assert game.public_view()["counts"] == [7, 0, 7] and game.turn in (0, 2)
    assert game.view(1)["hand"] == [] and game.legal_actions(1) == []
    assert total(game) == 108


def test_time_out_after_the_hand_does_nothing() -> None:
    game = make([["R5"], ["G7"]])
    game.apply(0, "play R5")
    before = game.to_dict()
    assert game.time_out() == []
    assert game.to_dict() == before


def test_from_dict_rejects_an_unknown_ruleset() -> None:
    data = make([["R5"], ["G7"]]).to_dict()
    data["ruleset"] = "uno"
    with pytest.raises(ValueError, match="uno"):
        Game.from_dict(data)


# ---- removal, going out and blocked hands (issue 18; engine-api "Timers, removal, seats") ----
def test_d10_a_removal_restarts_the_blocked_count() -> None:
    """The removed cards are back in the stock: the round of passes starts afresh and the seat
    that has not acted yet can draw (engine-api: a blocked-hand count starts afresh)."""
    game = make([["B5", "B6"], ["G5", "G7"], ["Y8", "Y9"]], stock=[])
    game.apply(0, "pass")
    game.apply(1, "pass")
    game.remove_seat(0)
    view = game.public_view()
    assert not view["over"] and view["winners"] is None
    assert view["turn"] == 2 and game.legal_actions(2) == ["draw"]
    assert view["stock"] == 2 and total(game) == 7


def test_d17_going_out_on_a_reverse_flips_the_direction() -> None:
    game = make([["RR"], ["G7", "B8"], ["Y7", "Y8"]])
    events = game.apply(0, "play RR")
    assert {"type": "reverse", "seat": 0, "direction": -1} in events
    view = game.public_view()
    assert view["over"] and view["winners"] == [0] and view["direction"] == -1


def test_d17_going_out_on_a_skip_ends_the_hand() -> None:
    game = make([["RS"], ["G7", "B8"], ["Y7", "Y8"]])
    game.apply(0, "play RS")
    view = game.public_view()
    assert view["over"] and view["winners"] == [0] and view["counts"] == [0, 2, 2]


def test_d16_a_seat_removed_after_the_hand_gives_its_cards_to_the_stock() -> None:
    game = make([["R5"], ["G7", "B8"], ["Y7"]])
    game.apply(0, "play R5")
    stock = game.public_view()["stock"]
    events = game.remove_seat(1)
    assert events[0] == {"type": "removed", "seat": 1}
    view = game.public_view()
    assert view["winners"] == [0] and view["counts"] == [0, 0, 1]
    assert view["revealed"] == [[], [], ["Y7"]] and view["stock"] == stock + 2
    assert total(game) == 11
    game.next_hand()  # the rematch deals to the two seats still at the table
    assert game.public_view()["counts"] == [7, 0, 7] and game.legal_actions(1) == []


def test_d16_a_removal_between_hands_leaving_one_seat_refuses_the_rematch() -> None:
    game = make([["R5"], ["G7", "B8"]])
    game.apply(0, "play R5")
    game.remove_seat(1)
    assert game.public_view()["winners"] == [0]
    with pytest.raises(IllegalAction):
        game.next_hand()
