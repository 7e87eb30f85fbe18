"""What players of «Last Card» read at a table of three or more, met in a QA pass on the real
pages: the log line of a last card played without the call (the player stays in, D7), and the
rules' words on the starter (the first player, the one after the dealer, not "the non-dealer":
with three players there are two), on going out with a 2 or 5 (the next player still picks up, D6)
and on a blocked hand (unscored, D9)."""

from __future__ import annotations

from functools import partial

from lastcard import RULESETS, rules_text
from lastcard.words import event_key, fill

from . import french
from .french import act

deal = partial(french.deal, "last-card", french.DECK_52)


def section(lang: str, title: str, options: dict | None = None) -> str:
    return " ".join(
        " ".join(items) for name, items in rules_text("last-card", options)[lang] if name == title
    )


def test_a_last_card_played_without_the_call_is_not_said_to_go_out() -> None:
    game = deal([["9H", "10H"], ["KS", "QS", "JS"]], stock=["3D", "4D", "6D", "7D"])
    events = act(game, (0, "play 9H"), (1, "draw"), (0, "play 10H"))
    (missed,) = [e for e in events if event_key(e) == "draw.last"]
    assert not game.public_view()["over"]  # the seat plays on: it did not go out
    words = RULESETS["last-card"].event_words()
    en = fill(words["en"][event_key(missed)], {"name": "Ann", "n": missed["count"]}, "en")
    ru = fill(words["ru"][event_key(missed)], {"name": "Анна", "n": missed["count"]}, "ru")
    assert "went out" not in en and "Ann picked up 2 cards and plays on" in en
    assert "выходит" not in ru and "Анна берёт 2 карты и играет дальше" in ru
    assert "Last card!" in en and "«Последняя!»" in ru


def test_the_starter_acts_on_the_first_player_after_the_dealer() -> None:
    en, ru = section("en", "Start and scoring"), section("ru", "Начало и очки")
    assert "non-dealer" not in en and "the first player (the one after the dealer)" in en
    assert "кто не сдаёт" not in ru and "на первого игрока (следующего за сдающим)" in ru


def test_the_rules_say_a_final_two_or_five_is_still_picked_up_and_a_blocked_hand_unscored() -> None:
    game = deal([["2C", "2H"], ["2S", "KS", "QS"]])
    act(game, (0, "play 2C 2H"))
    assert game.public_view()["counts"][1] == 3 + 4  # D6, as the rules now say
    en, ru = section("en", "Start and scoring"), section("ru", "Начало и очки")
    assert "If you go out on a 2 or 5, the next player still picks up (no counter)" in en
    assert "Если вы выходите двойкой или пятёркой, следующий всё равно берёт карты" in ru
    assert "the hand ends unscored" in en and "раздача заканчивается без очков" in ru
