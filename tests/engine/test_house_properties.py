"""Random games under random allowed house-rule sets, for every registered ruleset (issue 24):
after every action the engine's invariants hold (``Game.check``), every hand ends within a
bound, and nothing hidden leaks (no card of another seat or of the stock in ``view(seat)`` or
``public_view()``; a draw's cards go to the drawer only, no other event names a hidden card).

``make test`` runs a hypothesis sample of it; the full run is a script (``docs/house-rules.md``):

    PYTHONPATH=py .venv/bin/python tests/engine/test_house_properties.py 2000
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lastcard import RULESETS, describe, load, new_game
from lastcard.cards import BASE
from lastcard.game import PRIVATE_CARDS, Event, Game

#: actions a hand may take before it is called endless
MAX_STEPS = 5000


def house_options(ruleset: str, players: int, rnd: random.Random) -> dict[str, Any]:
    """A random set of the house rules ``ruleset`` offers (numbers within their bounds, a hand
    size that fits the deck)."""
    kind = RULESETS[ruleset]
    options: dict[str, Any] = {}
    for spec in describe(ruleset)["options"]:
        if not spec["house"] or rnd.random() < 0.3:
            continue
        if spec["type"] == "bool":
            options[spec["name"]] = rnd.random() < 0.6
        else:
            options[spec["name"]] = rnd.randint(spec["min"], spec["max"])
    try:
        kind.check_options(options, players)
    except ValueError:
        options.pop("hand_size", None)
    return options


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in ``value`` (strings, action words, nested lists and dicts)."""
    if isinstance(value, str):
        return {BASE[w] for w in value.split(" ") if w in BASE}
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


def check_views(game: Game) -> None:
    """Nothing hidden in the public view or a seat's view: only the discard pile's top (and the
    climb's next card), the hands once the hand is over, and the seat's own hand."""
    public = game.public_view()
    shown = cards_in(public["top"]) | cards_in(public["pending"])
    if game.over:
        shown |= cards_in(game.hands)
    assert cards_in(public) <= shown
    for seat in range(game.players):
        view = game.view(seat)
        assert view["hand"] == game.hands[seat]
        assert cards_in(view) <= shown | set(map(BASE.__getitem__, game.hands[seat]))


def check_events(game: Game, events: list[Event]) -> None:
    """Only plays (face up), draws and challenges name cards, a draw only its own (the table
    shows them to the drawer alone), a challenge the challenged hand (to the challenger alone:
    ``PRIVATE_CARDS``); a seven-zero swap or rotation names seats."""
    for event in events:
        if event["type"] == "draw":
            assert len(event["cards"]) == event["count"]
        elif event["type"] == "challenge":
            assert event["type"] in PRIVATE_CARDS and event["cards"]
        elif event["type"] != "play":
            assert "cards" not in event, event


def play_hand(ruleset: str, players: int, seed: int, options: dict[str, Any]) -> int:
    """One random hand (random seat and action, plays and calls preferred, now and then a
    time-out, a removed seat or a save and restore), checked after every step; returns the
    steps it took."""
    rnd = random.Random(seed)
    game = new_game(ruleset, players, seed=seed, options=options)
    game.check()
    for step in range(MAX_STEPS):
        if game.over:
            return step
        roll = rnd.random()
        if roll < 0.002 and len(game.seats_in_play()) > 2:
            events = game.remove_seat(rnd.choice(game.seats_in_play()))
        elif roll < 0.05:
            events = game.time_out()
        else:
            moves = [(s, a) for s in range(players) for a in game.legal_actions(s)]
            assert moves, "nobody may act in a hand that goes on"
            plays = [m for m in moves if m[1].startswith("play")]
            calls = [m for m in moves if m[1] == "last"]  # mostly called: hands end sooner
            if calls and rnd.random() < 0.9:
                plays = calls
            events = game.apply(*rnd.choice(plays if plays and rnd.random() < 0.85 else moves))
        game.check()
        check_events(game, events)
        check_views(game)
        if roll > 0.99:
            copy = load(game.to_dict())
            assert copy.to_dict() == game.to_dict()
            game = copy
    raise AssertionError(f"{ruleset} {players} seed {seed} {options}: no end in {MAX_STEPS}")


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    kind = RULESETS[ruleset]
    players = draw(st.integers(kind.MIN_PLAYERS, min(kind.MAX_PLAYERS, 6)))
    seed = draw(st.integers(0, 2**32))
    return ruleset, players, seed, house_options(ruleset, players, random.Random(seed))


@given(tables())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_under_random_house_rules_keep_the_invariants(
    table: tuple[str, int, int, dict[str, Any]],
) -> None:
    play_hand(*table)


def run(games: int) -> None:
    """The full run: ``games`` hands per ruleset, each under its own random house rules."""
    for ruleset in sorted(RULESETS):
        kind = RULESETS[ruleset]
        start, steps = time.perf_counter(), 0
        for seed in range(games):
            rnd = random.Random(seed)
            players = rnd.randint(kind.MIN_PLAYERS, kind.MAX_PLAYERS)
            steps += play_hand(ruleset, players, seed, house_options(ruleset, players, rnd))
        took = time.perf_counter() - start
        print(f"{ruleset}: {games} hands, {steps} actions checked, {took:.0f} s", flush=True)


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
