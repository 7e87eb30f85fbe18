"""The engine gives the same game in Pyodide (from the vendored wheel) as in CPython (from py/).

Both run the same source: 50 steps of ``poslednyaya`` for 3 seats, seed 7, each step the first
legal action of the seat to play (a finished hand goes on with ``next_hand()``).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Page

# Run as-is by both interpreters; the value of the last line is the result.
PLAYOUT = """
import json
from lastcard import new_game

def playout(steps):
    game = new_game("poslednyaya", 3, seed=7)
    trace = []
    while len(trace) < steps:
        if game.public_view()["over"]:
            trace.append({"action": "next_hand", "events": game.next_hand()})
            continue
        seat = game.public_view()["turn"]
        action = game.legal_actions(seat)[0]
        trace.append({"seat": seat, "action": action, "events": game.apply(seat, action)})
    return json.dumps(
        {
            "trace": trace,
            "state": game.to_dict(),
            "views": [game.view(seat) for seat in range(3)],
            "public": game.public_view(),
        },
        sort_keys=True,
    )

playout(50)
"""


def run_in_cpython() -> str:
    *body, last = PLAYOUT.strip().splitlines()
    namespace: dict[str, object] = {}
    exec("\n".join(body), namespace)
    return str(eval(last, namespace))


def test_same_seed_and_actions_give_the_same_game_in_pyodide(
    tv: Page, open_pyodide: Callable[[Page], None]
) -> None:
    open_pyodide(tv)
    in_pyodide = tv.evaluate("(code) => pyodide.runPython(code)", PLAYOUT)
    in_cpython = run_in_cpython()
    assert len(json.loads(in_cpython)["trace"]) == 50
    assert json.loads(in_pyodide) == json.loads(in_cpython)
    assert in_pyodide == in_cpython
