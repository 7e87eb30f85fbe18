"""Each ruleset writes its own rules, in English and Russian, from the table's options and timers:
change a number and the rules say the new one (``lastcard.rules_text``, issue 23); and its event
words say what happened, why cards were drawn included, in words fit for a player of any gender."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from lastcard import RULESETS, describe, new_game, rules_text
from lastcard.words import cards, event_key, fill, ru_plural, score, seconds


def said(ruleset: str, options: dict[str, int] | None = None, timers: dict | None = None) -> dict:
    return {
        lang: " ".join(f"{title}: {' '.join(items)}" for title, items in sections)
        for lang, sections in rules_text(ruleset, options, timers).items()
    }


def times(text: str, number: float) -> int:
    """How often ``number`` stands as a number of its own in ``text``."""
    return len(re.findall(rf"(?<![\d.]){re.escape(f'{number:g}')}(?![\d.])", text))


def other_value(spec: dict) -> int:
    """A value of the option other than its default, within its bounds (an odd one, which the
    rules would not print by chance, where the bounds allow)."""
    low, high = spec["min"] or 0, spec["max"]
    for value in (137, 3, 5, 4, 2, 1):
        if value != spec["default"] and value >= low and (high is None or value <= high):
            return value
    raise AssertionError(spec)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_numeric_option_shows_its_new_value_in_both_languages(ruleset: str) -> None:
    numeric = [spec for spec in describe(ruleset)["options"] if spec["type"] == "int"]
    before = said(ruleset)
    for spec in numeric:
        value = other_value(spec)
        after = said(ruleset, {spec["name"]: value})
        for lang in ("en", "ru"):
            assert times(after[lang], value) > times(before[lang], value), (spec["name"], lang)
            assert after[lang] != before[lang]


def test_the_melee_window_is_the_tables() -> None:
    for lang, text in said("last-one", timers={"melee": 12}).items():
        assert times(text, 12) == 1, lang
    off = said("last-one", timers={"melee": None})
    assert "seconds" not in off["en"] and "секунд" not in off["ru"]


def test_a_call_penalty_of_nothing_says_so() -> None:
    text = said("last-one", {"last_call_penalty": 0})
    assert "no penalty at this table" in text["en"]
    assert "штрафа за этим столом нет" in text["ru"]


def test_the_rules_are_json_ready_and_every_language_has_every_section() -> None:
    for ruleset in RULESETS:
        text = rules_text(ruleset)
        assert json.loads(json.dumps(text)) == text
        assert set(text) == {"en", "ru"}
        assert len(text["en"]) == len(text["ru"])
        assert all(items for _, items in text["en"] + text["ru"])


def test_the_russian_rules_name_the_ranks_the_faces_do_not_spell() -> None:
    """The card faces print A, K, Q, J in both languages, so the Russian rules name those ranks
    in words («туз», «валет»), never by a Russian deck's letters, found on no face."""
    letters = re.compile(r"(?<![а-яё])[ТКДВ](?=\s*[:/—]|/)", re.IGNORECASE)  # noqa: RUF001
    for ruleset in RULESETS:
        text = said(ruleset)["ru"]
        assert not letters.findall(text), (ruleset, letters.findall(text))
    assert "туз — 15, валет/дама/король — 10" in said("last-one")["ru"]


def test_bad_options_are_refused_as_by_the_game() -> None:
    with pytest.raises(ValueError, match="threshold"):
        rules_text("last-one", {"threshold": 0})


@pytest.mark.parametrize(
    ("n", "form"), [(1, "карту"), (2, "карты"), (4, "карты"), (5, "карт"), (11, "карт"),
                    (12, "карт"), (21, "карту"), (22, "карты"), (25, "карт")],
)  # fmt: skip
def test_russian_counts_take_the_right_form(n: int, form: str) -> None:
    assert cards("ru", n) == f"{n} {form}"
    assert ru_plural(n, "карту", "карты", "карт") == form


@pytest.mark.parametrize(
    ("ruleset", "option"),
    [("last-one", "threshold"), ("last-card", "target"), ("classic", "target")],
)
def test_a_score_to_reach_agrees_with_its_number(ruleset: str, option: str) -> None:
    for value, ru, en in ((101, "101 очко", "101 points"), (502, "502 очка", "502 points")):
        text = said(ruleset, {option: value})
        assert ru in text["ru"] and en in text["en"], value
    assert score("ru", 500) == "500 очков" and score("en", 1) == "1 point"


def test_event_words_count_cards_as_the_pages_do() -> None:
    for ruleset in RULESETS:
        for lang, words in RULESETS[ruleset].event_words().items():
            for key, text in words.items():
                line = fill(text, {"name": "Анна", "n": 2, "count": 2, "cards": "R5"}, lang)
                assert "{n" not in line and "{count" not in line, (ruleset, lang, key)
    said = fill("{name} берёт {n:карту|карты|карт}", {"name": "Анна", "n": 21}, "ru")
    assert said == "Анна берёт 21 карту"
    assert (
        fill("{name} drew {n:card|cards}{rest}", {"name": "Ann", "n": 1}) == "Ann drew 1 card{rest}"
    )


PAST = re.compile(r"\b\w+(?:ал|ял|ил|ел|ыл|ул|ла)\b")  # a Russian past tense: «взял», «взяла»


#: a Russian form that tells a player's gender: a singular past tense («взял», «взяла», «вышел»),
#: a short adjective («должен», «готова»), «первым», «последним» or a masculine pronoun («он»,
#: «ему», «его») about a player (the rules' feminine pronouns are a card's: «если она подходит»)  # noqa: RUF003
GENDERED = re.compile(
    r"(?<![а-яё])(?:должен|должна|готов|готова|обязан|обязана|первым|последним"  # noqa: RUF001
    r"|он|ему|его|него|нему|нём"  # noqa: RUF001
    r"|[а-яё]+(?:[аяиеыуё]л|[аяиеыу]ла|шла|шёл))(?![а-яё])",  # noqa: RUF001
    re.IGNORECASE,
)
#: words the pattern takes for a past tense that are not one
NOT_PAST = {"правила", "сначала"}


def every_table(ruleset: str) -> list[dict]:
    """The rules text of ``ruleset`` with every combination of its house rules on and off, and
    each call penalty its lobby allows (0 turns «Последняя»'s call into the game's own)."""
    spec = describe(ruleset)["options"]
    flags = [o["name"] for o in spec if o["type"] == "bool"]
    (call,) = [o for o in spec if o["name"] == "last_call_penalty"]
    texts = []
    for on in itertools.product((False, True), repeat=len(flags)):
        for penalty in {call["min"], call["default"], call["max"]}:
            options = {**dict(zip(flags, on, strict=True)), "last_call_penalty": penalty}
            texts.append(said(ruleset, options))
    return texts


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_russian_rules_fit_a_player_of_any_gender(ruleset: str) -> None:
    """No Russian rules text, lobby label, short word or hint says a player's gender: present
    tense, infinitives, «нужно», nouns («Избавьтесь от всех карт раньше других», not «Первым
    избавьтесь»; «Побеждает тот, кто остаётся в игре, когда все остальные выбыли», not «...
    последним»), with every house rule on and off."""
    description = describe(ruleset)
    words = [description["name"]["ru"], description["blurb"]["ru"]]
    for option in description["options"]:
        words += [option[key]["ru"] for key in ("label", "short", "hint") if option.get(key)]
    words += [text["ru"] for text in every_table(ruleset)]
    found = {w.lower() for text in words for w in GENDERED.findall(text)} - NOT_PAST
    assert not found, found


def test_the_first_player_is_the_one_after_the_dealer_not_left_of_it() -> None:
    """The TV marks the dealer and the direction of play, not where anyone sits: the rules name
    the first player as the one after the dealer («следующий за сдающим»), never "left of the
    dealer" («слева от сдающего»), which a family round a TV reads as a place on the sofa."""
    for ruleset in RULESETS:
        for text in every_table(ruleset):
            assert "left of the dealer" not in text["en"], ruleset
            assert "слева от" not in text["ru"], ruleset
    for ruleset in ("last-card", "posledniy-igrok", "classic"):
        text = said(ruleset)
        assert "after the dealer" in text["en"] and "за сдающим" in text["ru"], ruleset


@pytest.mark.parametrize("ruleset", ["poslednyaya", "classic"])
def test_the_colour_games_speak_of_colours_not_suits(ruleset: str) -> None:
    """A colour deck has colours: its rules say «цвет» and "colour" (British), never «масть»,
    "suit" or "color", as its buttons and the TV's pile do («Выберите цвет», 'Colour')."""
    for text in every_table(ruleset):
        assert not re.search(r"масть|масти|мастью", text["ru"], re.IGNORECASE)
        assert not re.search(r"\bsuits?\b|\bcolor", text["en"], re.IGNORECASE)


def keys_met(ruleset: str) -> set[str]:
    """The event keys of a few random games of ``ruleset``."""
    keys: set[str] = set()
    for seed in range(12):
        game = new_game(ruleset, RULESETS[ruleset].MIN_PLAYERS + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            seat = next(s for s in range(game.players) if game.legal_actions(s))
            keys |= {event_key(e) for e in game.apply(seat, rng.choice(game.legal_actions(seat)))}
    return keys


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_event_has_words_in_both_languages_and_russian_fits_every_player(ruleset):
    words = RULESETS[ruleset].event_words()
    assert set(words["en"]) == set(words["ru"])
    assert keys_met(ruleset) <= set(words["en"])
    for text in words["ru"].values():
        assert not PAST.search(text), text


def test_the_log_says_why_cards_were_drawn() -> None:
    words = {r: RULESETS[r].event_words()["en"] for r in RULESETS}
    assert words["last-card"]["draw.last"] != words["last-card"]["draw.pickup"]
    assert "Last card" in words["last-one"]["draw.last"]
    assert "lost the turn" in words["poslednyaya"]["draw.penalty"]
    assert "melee" in words["last-one"]["draw.melee"]
    assert "blocked" in words["poslednyaya"]["blocked"]
    assert "elimination score" in words["last-one"]["eliminated"]


def test_russian_numbers_take_a_decimal_comma() -> None:
    assert seconds("ru", 0.5) == "0,5 секунды"
    assert seconds("en", 0.5) == "0.5 seconds"
    assert seconds("ru", 5.0) == "5 секунд"
