"""Run the browser modules' unit tests (``tests/js/*.test.mjs``) with Node's test runner."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_js_unit_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    files = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    run = subprocess.run(
        [node, "--test", *files], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_pages_player_ranges_are_the_engines() -> None:
    """One truth for who may play: js/rules.js's PLAYERS (home page, rules, lobby hints) is the
    engine's MIN_PLAYERS..MAX_PLAYERS of every ruleset."""
    import re

    from lastcard import RULESETS

    text = (HERE.parent.parent / "js" / "rules.js").read_text(encoding="utf-8")
    block = re.search(r"export const PLAYERS = \{(.*?)\};", text, re.S)
    assert block is not None
    pages = {
        name: (int(low), int(high))
        for name, low, high in re.findall(r'"?([a-z-]+)"?: \[(\d+), (\d+)\]', block.group(1))
    }
    engine = {name: (kind.MIN_PLAYERS, kind.MAX_PLAYERS) for name, kind in RULESETS.items()}
    assert pages == engine
