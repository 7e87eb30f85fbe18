"""Scenario tests for the house rules (issue 24, ``docs/house-rules.md``), one or more per rule
and decision (H1...), in every game the rule fits. Each lays out a position with ``setup=``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from lastcard import RULESETS, IllegalAction, describe, load, new_game, rules_text
from lastcard.bots import choose
from lastcard.game import Game
from lastcard.moves import Move, play_move

PLAIN = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]


def make(ruleset: str, hands: list[list[str]], starter: str | None, first: int = 0,
         stock: list[str] | None = None, **options: Any) -> Game:  # fmt: skip
    """A game of ``ruleset`` from a fixed position, with the house ``options``."""
    setup: dict[str, Any] = {"hands": hands, "first": first, "stock": stock or []}
    if starter is not None:
        setup["starter"] = starter
    game = new_game(ruleset, len(hands), setup=setup, options=options)
    return game


def colour(hands: list[list[str]], starter: str = "R3", **kw: Any) -> Game:
    kw.setdefault("stock", PLAIN)
    return make("poslednyaya", hands, starter, **kw)


def round_trip(game: Game) -> Game:
    copy = load(game.to_dict())
    assert copy.to_dict() == game.to_dict()
    assert [copy.legal_actions(s) for s in range(game.players)] == [
        game.legal_actions(s) for s in range(game.players)
    ]
    return copy


# ---- stacking -----------------------------------------------------------------------------
def test_h1_stacking_a_draw_two_waits_and_the_next_may_add_to_it() -> None:
    game = colour([["R+2", "G5"], ["B+2", "W+4", "B5"], ["G+2", "Y9"]], stacking=True)
    game.apply(0, "play R+2")
    assert game.pending == {"kind": "pickup", "seat": 1, "count": 2} and game.turn == 1
    legal = game.legal_actions(1)
    assert "play B+2" in legal and "play W+4 G" in legal and "draw" in legal
    assert "play B5" not in legal
    game = round_trip(game)
    game.apply(1, "play B+2")
    assert game.pending == {"kind": "pickup", "seat": 2, "count": 4}
    events = game.apply(2, "play G+2")
    assert events[0]["type"] == "play" and game.pending == {"kind": "pickup", "seat": 0, "count": 6}


def test_h1_stacking_wild_draw_four_on_a_draw_two_but_not_the_other_way() -> None:
    game = colour([["W+4", "G1"], ["B+2", "W+4", "R5"], ["G9"]], stacking=True)
    game.apply(0, "play W+4 B")
    assert game.pending == {"kind": "pickup", "seat": 1, "count": 4}
    legal = game.legal_actions(1)
    # the Wild Draw Four stacks although its player holds the colour in force (H1)
    assert "play B+2" not in legal and "play W+4 R" in legal
    game.apply(1, "play W+4 Y")
    assert game.pending == {"kind": "pickup", "seat": 2, "count": 8}


def test_h2_stacking_draw_takes_the_whole_pickup_and_loses_the_turn() -> None:
    game = colour([["R+2", "G5"], ["B+2", "B5"], ["G+2", "Y9"]], stacking=True)
    game.apply(0, "play R+2")
    game.apply(1, "play B+2")
    events = game.apply(2, "draw")
    assert events == [{"type": "draw", "seat": 2, "count": 4, "cards": events[0]["cards"],
                       "reason": "pickup"}]  # fmt: skip
    assert len(game.hands[2]) == 6 and game.turn == 0 and game.pending is None


def test_h2_stacking_time_out_takes_the_pickup() -> None:
    game = colour([["R+2", "G5"], ["B+2", "B5"]], stacking=True)
    game.apply(0, "play R+2")
    game.time_out()
    assert len(game.hands[1]) == 4 and game.turn == 0  # two seats: the stacker moves again


def test_h2_without_stacking_the_draw_is_immediate() -> None:
    game = colour([["R+2", "G5"], ["B+2", "B5"], ["Y9"]])
    game.apply(0, "play R+2")
    assert game.pending is None and len(game.hands[1]) == 4 and game.turn == 2


def test_h3_stacking_going_out_on_a_draw_passes_the_total_on() -> None:
    game = colour([["R+2", "G5"], ["B+2"], ["Y9"]], stacking=True)
    game.apply(0, "play R+2")
    game.apply(1, "play B+2")  # goes out: the card's effect applies (000 D11), with the stack
    assert game.over and game.winners == [1] and len(game.hands[2]) == 1 + 4


@pytest.mark.parametrize("ruleset", ["last-one", "posledniy-igrok"])
def test_h1_stacking_twos_in_the_french_games(ruleset: str) -> None:
    game = make(ruleset, [["2H", "9C"], ["2S", "5D"], ["2D", "KC"]], "7H",
                stock=["3C", "4C", "5C", "6C", "7C"], stacking=True)  # fmt: skip
    two = game.value(game.EFFECTS["2"].draw)
    game.apply(0, "play 2H")
    assert game.pending == {"kind": "pickup", "seat": 1, "count": two}
    assert game.legal_actions(1) == ["play 2S", "draw"]
    game.apply(1, "play 2S")
    assert game.pending == {"kind": "pickup", "seat": 2, "count": 2 * two}
    game.apply(2, "draw")
    assert len(game.hands[2]) == 2 + 2 * two and game.turn == 0


def test_h4_stacking_on_a_starter_two_in_last_one() -> None:
    game = make("last-one", [["2H", "9C"], ["2S", "5D"]], "2D", first=1,
                stock=["3C", "4C", "5C", "6C"], stacking=True)  # fmt: skip
    assert game.pending == {"kind": "pickup", "seat": 1, "count": 2}
    game.apply(1, "play 2S")
    assert game.pending == {"kind": "pickup", "seat": 0, "count": 4}


# ---- jump-in ------------------------------------------------------------------------------
def test_h5_jump_in_an_identical_card_out_of_turn_and_play_continues_from_there() -> None:
    game = colour([["R6", "G1"], ["B2", "B7"], ["R5", "Y9"], ["G8", "B3"]], starter="R5",
                  jump_in=True)  # fmt: skip
    assert game.turn == 0
    assert game.legal_actions(2) == ["play R5"]  # out of turn, only the identical card
    assert game.legal_actions(1) == [] and game.legal_actions(3) == []
    events = game.apply(2, "play R5")
    assert events[0] == {"type": "play", "seat": 2, "cards": ["R5"], "action": "play R5",
                         "active": "R"}  # fmt: skip
    assert game.turn == 3
    round_trip(game)


def test_h5_jump_in_with_an_action_card_acts_from_the_jumper() -> None:
    game = colour([["RS", "G1"], ["B2", "B7"], ["Y1", "Y9"], ["RS", "B3"]], jump_in=True)
    game.apply(0, "play RS")
    assert game.turn == 2
    events = game.apply(3, "play RS")  # out of turn: seat 0, after the jumper, is skipped
    assert {"type": "skip", "seat": 0} in events and game.turn == 1


def test_h6_no_jump_in_without_the_rule_on_a_wild_or_while_a_decision_waits() -> None:
    plain = colour([["R6", "G1"], ["B2"], ["R5", "Y9"]], starter="R5")
    assert plain.legal_actions(2) == []
    wild = colour([["W", "G1"], ["B2", "W"], ["R5", "Y9"]], jump_in=True)
    wild.apply(0, "play W G")
    assert wild.legal_actions(2) == [] and wild.legal_actions(0) == []
    stacked = colour([["R+2", "G1"], ["B2", "B7"], ["R+2", "Y9"]], jump_in=True, stacking=True)
    stacked.apply(0, "play R+2")
    assert stacked.legal_actions(2) == []  # the waiting pickup is seat 1's decision
    drawn = colour([["G1", "G2"], ["B2", "B7"], ["R3", "Y9"]], jump_in=True, stock=["R9"])
    drawn.apply(0, "draw")
    assert drawn.pending == {"kind": "drawn", "seat": 0} and drawn.legal_actions(2) == []


def test_h6_a_jump_in_may_go_out() -> None:
    game = colour([["R6", "G1"], ["B2", "B7"], ["R5"]], starter="R5", jump_in=True)
    game.apply(2, "play R5")
    assert game.over and game.winners == [2]


def test_h6_a_jump_in_is_refused_once_the_top_changed() -> None:
    game = colour([["G3", "G1"], ["B2", "B7"], ["R3", "Y9"]], jump_in=True)
    game.apply(0, "play G3")
    with pytest.raises(IllegalAction):
        game.apply(2, "play R3")


# ---- seven-zero ---------------------------------------------------------------------------
def test_h7_seven_swaps_hands_with_the_chosen_seat() -> None:
    game = colour([["R7", "G1", "G2"], ["B2", "B7"], ["Y9"]], seven_zero=True)
    assert game.legal_actions(0) == ["play R7 @1", "play R7 @2", "draw"]
    assert Move.parse("play R7 @2") is play_move(("R7",), None, 2)
    events = game.apply(0, "play R7 @2")
    assert events[1] == {"type": "swap", "seat": 0, "target": 2}
    assert all("cards" not in e for e in events[1:])  # seats only: no hidden card
    assert game.hands == [["Y9"], ["B2", "B7"], ["G1", "G2"]]
    assert game.view(0)["hand"] == ["Y9"] and game.view(2)["hand"] == ["G1", "G2"]
    assert game.turn == 1
    round_trip(game)


def test_h7_a_seven_that_empties_the_hand_is_a_plain_play() -> None:
    game = colour([["R7"], ["B2", "B7"]], seven_zero=True)
    assert game.legal_actions(0) == ["play R7", "draw"]
    game.apply(0, "play R7")
    assert game.over and game.winners == [0] and game.hands[1] == ["B2", "B7"]


def test_h7_bad_seven_targets_are_refused() -> None:
    game = colour([["R7", "G1"], ["B2"], ["Y9"]], seven_zero=True)
    for bad in ("play R7", "play R7 @0", "play R7 @3", "play R7 @x", "play R7 @1 @2"):
        with pytest.raises(IllegalAction):
            game.apply(0, bad)
    game.remove_seat(2)
    assert game.legal_actions(0) == ["play R7 @1", "draw"]  # a removed seat is no target
    assert Move.parse("play R7 @1").target == 1 and Move.parse("play R7").target is None
    for bad in ("play R7 @x", "play R7 @", "play R7 @123", "play @1", "play R7 @1 @2"):
        with pytest.raises(ValueError, match="not an action"):
            Move.parse(bad)


def test_h8_zero_passes_every_hand_on_in_the_direction_of_play() -> None:
    game = colour([["R0", "G1"], ["B2", "B7"], ["Y9", "Y8", "Y7"]], seven_zero=True)
    assert game.legal_actions(0)[0] == "play R0"
    events = game.apply(0, "play R0")
    assert events[1] == {"type": "rotate", "seat": 0, "seats": [0, 1, 2]}
    assert game.hands == [["Y7", "Y8", "Y9"], ["G1"], ["B2", "B7"]]
    assert game.turn == 1


def test_h8_zero_after_a_reverse_passes_the_other_way() -> None:
    game = colour([["RR", "G1"], ["B2", "B7"], ["R0", "Y8", "Y7"]], seven_zero=True)
    game.apply(0, "play RR")
    assert game.turn == 2
    game.apply(2, "play R0")
    assert game.hands == [["B2", "B7"], ["Y7", "Y8"], ["G1"]]


def test_h9_seven_zero_moves_what_the_table_believes_with_the_hands() -> None:
    game = colour([["R7", "G1", "G2"], ["B2", "B7"], ["Y9"]], seven_zero=True)
    game.apply(0, "play R7 @1")
    assert [len(known) for known in game.ruled_out] == [len(h) for h in game.hands]


# ---- draw until play ----------------------------------------------------------------------
def test_h11_draw_until_play_draws_until_a_playable_card() -> None:
    game = colour([["G1", "G2"], ["B2"]], stock=["Y1", "B5", "R9", "Y2"], draw_until_play=True)
    events = game.apply(0, "draw")
    assert [e["cards"] for e in events] == [["Y1"], ["B5"], ["R9"]]
    assert game.pending == {"kind": "drawn", "seat": 0}
    assert game.legal_actions(0) == ["play R9", "pass"]
    game.apply(0, "pass")  # the card may be kept
    assert game.turn == 1 and len(game.hands[0]) == 5


def test_h11_draw_until_play_stops_when_nothing_is_left() -> None:
    game = colour([["G1", "G2"], ["B2"]], stock=["Y1", "B5"], draw_until_play=True)
    game.apply(0, "draw")
    assert game.pending is None and game.turn == 1 and len(game.hands[0]) == 4


@pytest.mark.parametrize(
    ("ruleset", "starter"), [("last-one", "9H"), ("posledniy-igrok", "9H"), ("last-card", "9H")]
)
def test_h11_draw_until_play_in_the_french_games(ruleset: str, starter: str) -> None:
    game = make(ruleset, [["5C", "6C"], ["7D"]], starter, stock=["KC", "QD", "4H", "JS"],
                draw_until_play=True)  # fmt: skip
    events = game.apply(0, "draw")
    assert [e["cards"] for e in events] == [["KC"], ["QD"], ["4H"]]  # until a heart comes
    assert game.pending == {"kind": "drawn", "seat": 0}
    assert "play 4H" in game.legal_actions(0) and "pass" in game.legal_actions(0)
    game.apply(0, "play 4H")


# ---- the call penalty and the hand size ---------------------------------------------------
@pytest.mark.parametrize("penalty", [1, 2, 4])
def test_h10_a_call_penalty_turns_the_announcement_into_a_call(penalty: int) -> None:
    game = colour([["R5", "R6"], ["B2", "B7"]], last_call_penalty=penalty, stock=PLAIN)
    game.apply(0, "play R5")
    assert game.legal_actions(0) == ["last"] and game.public_view()["called"] == []
    game.apply(1, "draw")  # not a play: the window stays open
    assert "last" in game.legal_actions(0)
    game = colour([["R5", "R6"], ["B2", "R7"]], last_call_penalty=penalty, stock=PLAIN * 2)
    game.apply(0, "play R5")
    game.apply(1, "play R7")  # another seat's play catches the missed call
    assert len(game.hands[0]) == 1 + penalty
    game = colour([["R5", "R6"], ["B2", "R7"]], last_call_penalty=penalty, stock=PLAIN * 2)
    game.apply(0, "play R5")
    game.apply(0, "last")
    assert game.public_view()["called"] == [0]
    game.apply(1, "play R7")
    assert len(game.hands[0]) == 1
    round_trip(game)


def test_h10_no_penalty_keeps_the_automatic_announcement() -> None:
    game = colour([["R5", "R6"], ["B2", "R7"]])
    game.apply(0, "play R5")
    assert game.legal_actions(0) == [] and game.public_view()["called"] == [0]


@pytest.mark.parametrize("penalty", [1, 2, 4])
@pytest.mark.parametrize("ruleset", ["last-one", "posledniy-igrok", "last-card"])
def test_h10_the_call_penalty_in_the_french_games(ruleset: str, penalty: int) -> None:
    if ruleset == "last-card":  # the call comes before the play: an uncalled last card stays
        game = make(ruleset, [["5H"], ["7D", "KD"]], "9H", stock=["2C", "3C", "4C", "8S"],
                    last_call_penalty=penalty)  # fmt: skip
        game.apply(0, "play 5H")
        assert not game.over and len(game.hands[0]) == penalty
        return
    game = make(ruleset, [["9C", "5H"], ["5D", "KD"]], "9H", stock=["2C", "3C", "4C", "8S"],
                last_call_penalty=penalty)  # fmt: skip
    game.apply(0, "play 5H")
    game.apply(1, "play 5D")
    assert len(game.hands[0]) == 1 + penalty


@pytest.mark.parametrize(
    ("ruleset", "size"), [("poslednyaya", 4), ("poslednyaya", 12), ("last-card", 10),
                          ("last-one", 8), ("posledniy-igrok", 4)],
)  # fmt: skip
def test_h12_hand_size_in_every_game(ruleset: str, size: int) -> None:
    game = new_game(ruleset, 2, seed=5, options={"hand_size": size})
    counts = game.public_view()["counts"]
    assert size in counts and max(counts) <= size + 2


def test_h12_hand_size_must_fit_the_deck() -> None:
    with pytest.raises(ValueError, match="exceed"):
        new_game("poslednyaya", 10, options={"hand_size": 12})
    with pytest.raises(ValueError, match="exceed"):
        new_game("last-card", 6, options={"hand_size": 10})


def test_house_rules_survive_a_round_trip() -> None:
    game = colour([["R7", "G1", "G2"], ["B2", "B7"], ["Y9"]], seven_zero=True, jump_in=True,
                  stacking=True, draw_until_play=True, last_call_penalty=2)  # fmt: skip
    copy = round_trip(game)
    assert copy.options == game.options and copy._fast[1] == "after"
    assert game.clone()._fast is game._fast


# ---- the rules text and the bots ----------------------------------------------------------
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_each_house_rule_rewrites_the_rules_in_both_languages(ruleset: str) -> None:
    plain = rules_text(ruleset)
    for option in describe(ruleset)["options"]:
        if option["type"] == "bool":
            text = rules_text(ruleset, {option["name"]: True})
            for lang in ("en", "ru"):
                assert text[lang] != plain[lang], (option["name"], lang)
    if ruleset == "poslednyaya":
        said = " ".join(" ".join(items) for _, items in plain["ru"])
        assert "не складываются" in said
        stacked = rules_text(ruleset, {"stacking": True})["ru"]
        assert "не складываются" not in " ".join(" ".join(items) for _, items in stacked)


@pytest.mark.parametrize("until", [True, False])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_h11_rules_name_the_button_that_ends_a_turn_and_no_pass(ruleset: str, until: bool) -> None:
    """A drawn card (or a 3's free card, Last One) is kept, and a turn with nothing to draw
    ended, with the button the phone shows on one's own turn, "End turn" («Завершить ход»,
    js/i18n act.endTurn), with draw until you can play and without it; "Pass" is a melee's
    answer only, and no game's rules tell a player to pass («пас», «спасовать»)."""
    text = rules_text(ruleset, {"draw_until_play": until})
    said = {lang: " ".join(" ".join(items) for _, items in text[lang]) for lang in ("en", "ru")}
    assert "“End turn”" in said["en"] and "«Завершить ход»" in said["ru"]
    assert not re.search(r"\bpass\b(?! on)", said["en"])  # penalties may "pass on"
    assert not re.search(r"\bпас\b|спасова", said["ru"])  # noqa: RUF001 (Russian words)


def test_h15_bots_stack_rather_than_take() -> None:
    game = colour([["R+2", "G5"], ["B+2", "B5", "G7"], ["Y9"]], stacking=True)
    game.apply(0, "play R+2")
    for level in ("easy", "normal", "hard"):
        assert choose(game, 1, level, seed=3, playouts=20) in game.legal_actions(1)
    assert choose(game, 1, "normal", seed=3) == "play B+2"


def test_h15_bots_swap_with_the_fewest_cards() -> None:
    game = colour([["R7", "G1", "G2", "G3"], ["B2", "B7", "B8"], ["Y9"], ["Y8", "Y7"]],
                  seven_zero=True)  # fmt: skip
    assert choose(game, 0, "normal", seed=1) == "play R7 @2"


def test_h15_bots_jump_in() -> None:
    game = colour([["R6", "G1"], ["B2", "B7"], ["R5", "Y9"], ["G8", "B3"]], starter="R5",
                  jump_in=True)  # fmt: skip
    assert choose(game, 2, "normal", seed=1) == "play R5"
    assert {choose(game, 2, "easy", seed=s) for s in range(20)} == {"play R5", None}
