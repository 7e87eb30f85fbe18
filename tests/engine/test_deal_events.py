"""The first deal's events (``new_game(events=...)``), the order a log tells a deal in
(``lastcard.words.reading_order``) and a suit in force after a time-out (``timed_out``): what
the table's log and the replay's say of a starter's effect and of a choice the clock made."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lastcard import RULESETS, new_game
from lastcard.words import event_key, reading_order, timed_out


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, int, int]:
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    kind = RULESETS[ruleset]
    return ruleset, draw(st.integers(kind.MIN_PLAYERS, kind.MAX_PLAYERS)), draw(st.integers(0))


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_first_deals_events_are_told_and_change_nothing(deal: tuple[str, int, int]) -> None:
    """Asking for the events deals the same game; they end with the deal of hand 1 (as
    ``next_hand``'s end with a later hand's), and what comes before is the starter's doing."""
    ruleset, players, seed = deal
    events: list = []
    game = new_game(ruleset, players, seed=seed, events=events)
    assert game.to_dict() == new_game(ruleset, players, seed=seed).to_dict()
    assert events[-1] == {"type": "deal", "hand": 1, "dealer": game.dealer, "seat": game.turn}
    assert {e["type"] for e in events[:-1]} <= {"draw", "skip", "reverse"}
    assert all("cards" not in e or len(e["cards"]) == e["count"] for e in events)


def test_a_draw_two_starter_is_told_after_its_deal() -> None:
    """Classic's first card a Draw Two: the first player draws two and loses the turn (R7)."""
    seed = next(s for s in range(200) if new_game("classic", 3, seed=s).discard[-1] == "R+2")
    events: list = []
    game = new_game("classic", 3, seed=seed, events=events)
    first = game.next_seat(game.dealer)
    told = [(e["type"], e.get("seat")) for e in reading_order(events)]
    assert told == [("deal", game.turn), ("draw", first), ("skip", first)]
    assert len(game.hands[first]) == 9


def test_a_later_deal_is_told_before_its_starter_too() -> None:
    events = [{"type": "draw", "seat": 1, "count": 2}, {"type": "skip", "seat": 1}]
    deal = {"type": "deal", "hand": 2, "dealer": 0, "seat": 2}
    assert reading_order([*events, deal]) == [deal, *events]
    assert reading_order(events) == events and reading_order(events) is not events


def test_a_suit_the_clock_let_stand_has_words_of_its_own() -> None:
    """Last Card's first card an Ace: at the time-out the Ace's suit stands (002 D12); the log
    says it is in force, not that the player named it. Classic names a colour, not a suit."""
    setup = {"hands": [["5H", "KD"], ["9D", "2C"]], "starter": "AS", "stock": ["8C"], "first": 0}
    game = new_game("last-card", 2, setup=setup)
    told = timed_out(game.time_out())
    assert told == [{"type": "suit", "seat": 0, "active": "S", "timed_out": True}]
    assert event_key(told[0]) == "suit.time_out"
    assert event_key({"type": "suit", "seat": 0, "active": "S"}) == "suit"
    words = type(game).event_words()
    assert (words["en"]["suit.time_out"], words["ru"]["suit.time_out"]) == (
        "In force: {suit}",
        "Действует масть: {suit}",
    )
    classic = RULESETS["classic"].event_words()["ru"]
    assert "цвет" in classic["suit"] and "цвет" in classic["suit.time_out"]


def test_a_deal_says_who_starts_and_its_number_only_in_a_match() -> None:
    """A game of one hand («Последняя») has no hand numbers; a match says which hand it is."""
    single = RULESETS["poslednyaya"].event_words()
    assert (single["en"]["deal"], single["ru"]["deal"]) == (
        "Cards dealt: {name} starts",
        "Карты розданы, начинает {name}",
    )
    for ruleset in ("classic", "last-one", "last-card", "posledniy-igrok"):
        words = RULESETS[ruleset].event_words()
        assert words["en"]["deal"] == "Hand {hand}: {name} starts", ruleset
        assert words["ru"]["deal"] == "Раздача {hand}: начинает {name}", ruleset
