"""Behaviour unchanged by a refactoring (issue 14): the engine replays the seeded random games of
``behaviour_digest.py`` exactly as the engine did before it was split into modules (the digests
in ``golden_digests.json`` were recorded then). Every step's events, public view and every seat's
view, the final state, the fast path's moves and the bots' choices enter the digests.

The first chunk (200 games through the public API and 40 on the fast path with the bots) runs
with the tests; ``PYTHONPATH=py python tests/engine/behaviour_digest.py --check`` checks all ten
(2,000 + 400 games, minutes of CPU).
"""

from __future__ import annotations

import json

import pytest

from .behaviour_digest import CHUNKS, GOLDEN, digests

pytestmark = pytest.mark.slow


def test_the_split_engine_plays_every_game_as_before() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = digests(range(1))
    assert found == {ruleset: values[:1] for ruleset, values in golden.items()}
    assert all(len(values) == CHUNKS for values in golden.values())
