"""Issue 14: what a ruleset is comes from its description; no page and no part of the controller
compares a ruleset's id. The id may only be a key for its strings (js/i18n.js, js/rules.js)."""

from __future__ import annotations

import re
from pathlib import Path

from bundle import BUNDLE
from lastcard import RULESETS

ROOT = Path(__file__).resolve().parents[2]
STRING_TABLES = {"i18n.js", "rules.js"}  # a ruleset's name and rules text, keyed by its id


def sources() -> list[Path]:
    return sorted(
        [
            p
            for p in (ROOT / "js").glob("*.js")
            if p.name not in STRING_TABLES and p != ROOT / BUNDLE
        ]  # the bundle is built from these
        + list((ROOT / "py" / "tablehost").glob("*.py"))
    )


IDS = "|".join(re.escape(ruleset) for ruleset in RULESETS)
LITERAL = re.compile(rf"""["'`]({IDS})["'`]|\b({IDS})\b\s*:""")
"""A ruleset id in quotes (a comparison, a list, a key) or as an object key."""


def test_no_ruleset_id_is_written_in_the_pages_or_the_controller():
    assert len(sources()) > 20
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if LITERAL.search(line)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_comparison_a_list_and_a_key():
    for line in (
        'if (v.ruleset !== "poslednyaya") {',
        "const GAMES = ['last-one', 'last-card'];",
        "const SOLO = { poslednyaya: 2 };",
        'if ruleset == "posledniy-igrok":',
    ):
        assert LITERAL.search(line), line
    assert not LITERAL.search("rulesDialog(lobby.ruleset, { playing })")


def test_the_landing_pages_list_of_games_is_the_engines():
    """``vendor/rulesets.json`` (scripts/bootstrap.py, run by ``make test``) is what the engine
    says of every ruleset, in its order, with its rules at the default options and timers."""
    import json

    from lastcard import describe, rules_text

    data = json.loads((ROOT / "vendor" / "rulesets.json").read_text(encoding="utf-8"))
    expected = [{**describe(ruleset), "rules": rules_text(ruleset)} for ruleset in RULESETS]
    assert data == {"rulesets": expected}
