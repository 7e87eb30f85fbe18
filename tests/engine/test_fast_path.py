"""The specialised legal-move path (``LegalMoves._simple``: single-card plays from a per-class
table of the position) gives exactly the moves of the general generator, in the same order, for
every seat at every step, jokers and setups included; a ruleset that overrides a move hook
leaves it."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lastcard import RULESETS, IllegalAction, new_game
from lastcard.game import Game
from lastcard.moves import Move
from lastcard.rulesets.poslednyaya import Poslednyaya

from .test_house_properties import house_options


def _same_moves_throughout(game: Game, rnd: random.Random) -> int:
    """Play ``game`` out at random through ``apply``, checking every seat at every step; the
    number of steps."""
    steps = 0
    while not game.over and steps < 2000:
        for seat in range(game.players):
            fast = game.legal_moves(seat)
            assert fast == game._generate(seat)
            assert game.legal_actions(seat) == [m.text for m in fast]
        options = [(s, a) for s in range(game.players) for a in game.legal_actions(s)]
        game.apply(*rnd.choice(options))  # any seat's: a melee's and a jump-in's too
        steps += 1
    return steps


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 10), st.integers(0, 2**63))
def test_the_table_path_gives_the_generators_moves(players: int, seed: int) -> None:
    assert RULESETS["poslednyaya"]._simple
    rnd = random.Random(seed)
    assert _same_moves_throughout(new_game("poslednyaya", players, seed=seed), rnd) > 0


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(RULESETS)), st.integers(0, 2**63))
def test_every_game_under_any_house_rules_lists_the_generators_moves(
    ruleset: str, seed: int
) -> None:
    """Every ruleset under random house rules (the table path's and ``legal_actions``' own
    string path where the ruleset takes them, the generator elsewhere)."""
    rnd = random.Random(seed)
    kind = RULESETS[ruleset]
    players = rnd.randint(kind.MIN_PLAYERS, kind.MAX_PLAYERS)
    game = new_game(ruleset, players, seed=seed, options=house_options(ruleset, players, rnd))
    assert _same_moves_throughout(game, rnd) > 0


def test_a_held_pair_and_both_wilds_after_a_draw() -> None:
    setup = {
        "hands": [["R5", "R5", "W", "W+4", "G7"], ["B1", "B2"]],
        "starter": "R3",
        "stock": ["Y9", "R8", "W+4"],
        "first": 0,
    }
    game = new_game("poslednyaya", 2, setup=setup)
    assert game.legal_actions(0)[:2] == ["play R5", "play W R"]
    assert _same_moves_throughout(game, random.Random(5)) > 0


class _Hooked(Poslednyaya):
    RULESET = ""  # not registered

    def _turn_moves(self, seat: int) -> Iterable[Move]:
        return [m for m in super()._turn_moves(seat) if m.name != "G"]


def test_overriding_a_move_hook_leaves_the_table_path() -> None:
    assert not _Hooked._simple
    game = _Hooked(3, seed=4)
    assert all(m.name != "G" for m in game.legal_moves(game.turn))


def test_apply_checks_the_strings_legal_actions_kept() -> None:
    """``legal_actions`` keeps its strings for ``apply`` and returns a copy: changing the copy
    makes nothing legal, and the seat ``True`` is no seat 1."""
    setup = {"hands": [["B1"], ["R5", "G7"]], "starter": "R3", "stock": ["Y9"], "first": 1}
    game = new_game("poslednyaya", 2, setup=setup)
    listed = game.legal_actions(1)
    assert listed == ["play R5", "draw"]
    listed.append("play G7")
    with pytest.raises(IllegalAction):
        game.apply(1, "play G7")
    with pytest.raises(IllegalAction):
        game.apply(True, "play R5")
    assert game.legal_actions(1) == ["play R5", "draw"] and game.hands[1] == ["R5", "G7"]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_game_keeps_its_attributes_where_every_python_reads_them_fast(ruleset: str) -> None:
    """No slot in a game's class or its bases (on CPython 3.13 one leaves every attribute read
    unspecialised) and at most 29 attributes (a 30th passes the limit of a class's shared
    keys), the same ones in a new, a restored and a copied game (``GameBase._FAST``)."""
    game = new_game(ruleset, 4, seed=3)
    assert not any(getattr(kind, "__slots__", ()) for kind in type(game).__mro__)
    assert len(vars(game)) <= 29
    for other in (Game.from_dict(game.to_dict()), game.clone()):
        assert set(vars(other)) == set(vars(game))
        assert other._fast == game._fast
