"""The engine benchmark's loops play hands as a table does (``bench/bench_engine.py``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from lastcard import RULESETS

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_engine.py"
spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
assert spec is not None and spec.loader is not None
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_generic_loop_hands_end_as_at_a_table(ruleset: str) -> None:
    """Every seat calls its last card when the ruleset lets it (after its play, where the call
    comes after): a loop that did not would be caught at every last card and time hands of
    thousands of turns (Classic at six players: 38,000 actions a hand in the median)."""
    games = 12
    actions, _ = bench.run_engine(6, games, bench.play_first, ruleset=ruleset)
    assert actions / games < 200
