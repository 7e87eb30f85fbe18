"""Each ruleset writes its own rules, in English and Russian, from the table's options and timers:
change a number and the rules say the new one (``lastcard.rules_text``, issue 23)."""

from __future__ import annotations

import json
import re

import pytest
from lastcard import RULESETS, describe, rules_text
from lastcard.words import cards, ru_plural


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
    assert "без штрафа" in text["ru"]


def test_the_rules_are_json_ready_and_every_language_has_every_section() -> None:
    for ruleset in RULESETS:
        text = rules_text(ruleset)
        assert json.loads(json.dumps(text)) == text
        assert set(text) == {"en", "ru"}
        assert len(text["en"]) == len(text["ru"])
        assert all(items for _, items in text["en"] + text["ru"])


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
