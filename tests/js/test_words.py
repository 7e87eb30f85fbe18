"""Russian that fits every player (issue 25): every line the pages show about a player — each
event kind of each ruleset through js/board.js's ``eventLine``, each string of the pages, the
seat list, strip and results in every seat state — rendered in both languages for «Анна» and
«Борис» (tests/js/render-words.mjs), and no masculine-only past tense next to «Анна»."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lastcard import RULESETS

HERE = Path(__file__).resolve().parent

#: a masculine-only past tense («сыграл», «выбыл», «отошёл»), short form («удалён», «согласен»)
#: or role as a label under a name («♛ ведущий») or said of a player («Сделать ведущим: Анна»;
#: the role named in general stays «ведущий»)
MASCULINE = re.compile(
    r"\b\w+(?:ал|ял|ил|ел|ыл|ул|ёл)\b|\b\w+ён\b"
    r"|\b(?:убран|согласен|готов|должен|рад|сам|ведущим)\b|♛\s*ведущий",
    re.I,
)


@pytest.fixture(scope="module")
def lines() -> dict[str, list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    words = {ruleset: RULESETS[ruleset].event_words() for ruleset in RULESETS}
    run = subprocess.run(
        [node, str(HERE / "render-words.mjs")],
        input=json.dumps(words), capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(run.stdout)


def test_no_line_about_anna_reads_as_if_she_were_a_man(lines: dict[str, list[str]]) -> None:
    about = [line for line in lines["ru"] if "Анна" in line]
    assert len(about) > 100  # every event of every ruleset, the strings and the screens
    wrong = [line for line in about if MASCULINE.search(line.replace("Анна", ""))]
    assert not wrong, "\n".join(wrong)


def test_every_event_names_its_player_in_both_languages(lines: dict[str, list[str]]) -> None:
    for lang in ("en", "ru"):
        events = [line for line in lines[lang] if re.match(r"[\w-]+ [\w.]+: ", line)]
        for ruleset in RULESETS:
            mine = [line for line in events if line.startswith(f"{ruleset} ")]
            assert any("Борис" in line for line in mine), (lang, ruleset)
            assert not [line for line in mine if "{" in line], (lang, ruleset)


def test_card_names_mid_sentence_are_quoted_and_capitalised(lines: dict[str, list[str]]) -> None:
    # as read: a card's rank keeps to its word with a no-break space («5\xa0(синий)»)
    plays = [
        line.replace("\xa0", " ") for line in lines["ru"] if line.startswith("poslednyaya play")
    ]
    assert any("Анна кладёт: «Возьми четыре»" in line for line in plays), plays
    assert any("«Возьми две» (синий)" in line for line in plays), plays
    assert not any(re.search(r"возьми (две|четыре)|пропуск|разворот", line) for line in plays)


def test_the_checker_catches_what_it_should() -> None:
    wrong_lines = ("Анна сыграл", "Анна выбыл", "удалён", "Анна отошёл", "Согласен")
    wrong_lines += ("Анна ♛ ведущий", "Сделать ведущим: Анна")
    for wrong in wrong_lines:
        assert MASCULINE.search(wrong.replace("Анна", "")), wrong
    right_lines = ("Анна кладёт", "Анна выходит из игры", "вне игры", "Я за", "Анна ♛ ведёт игру")
    right_lines += ("Передать роль ведущего: Анна",)
    for right in right_lines:
        assert not MASCULINE.search(right.replace("Анна", "")), right
