"""The bots: every level plays every ruleset to the end, legally, deterministically, and from
nothing but what its seat may know."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from lastcard import RULESETS, new_game
from lastcard.bots import LEVELS, choose
from lastcard.cards import sort_cards
from lastcard.game import Game
from lastcard.rng import Rng
from lastcard.tournament import Tally, main, play, seat_levels, share, step, wilson

#: short matches keep the multi-hand rulesets quick
SHORT = {
    "poslednyaya": {},
    "last-one": {"threshold": 60},
    "last-card": {"target": 60},
    "posledniy-igrok": {"hands": 2},
    "classic": {"target": 60},
}
#: a few playouts are enough to exercise ``hard``
PLAYOUTS = 4


def short_game(ruleset: str, players: int, seed: int) -> Game:
    options: dict[str, Any] = {
        k: v for k, v in SHORT[ruleset].items() if k in RULESETS[ruleset].OPTIONS
    }
    return new_game(ruleset, players, seed=seed, options=options)


def test_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    game = new_game("poslednyaya", 2)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose(game, 0, "expert", 0)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_level_plays_every_ruleset_to_the_end(ruleset: str, level: str) -> None:
    for players in (2, RULESETS[ruleset].MAX_PLAYERS):
        game = short_game(ruleset, players, seed=players)
        record = play(game, [level] * players, seed=1, playouts=PLAYOUTS)
        assert game.over and record.hands
        if game.SCORED:
            assert game.match_over or len(game.seats_in_play()) < 2


def hide_differently(game: Game, seat: int, seed: int) -> Game:
    """The same game for ``seat``: other hands and the stock dealt anew (sizes kept, a pending
    drawn card kept in its owner's hand), another RNG state."""
    state = game.to_dict()
    others = [s for s in range(game.players) if s != seat]
    pool = [c for s in others for c in state["hands"][s]] + state["stock"]
    pending, drawn = state["pending"], state["drawn"]
    owner = pending["seat"] if pending and pending["kind"] == "drawn" else None
    if owner is not None and owner != seat:
        pool.remove(drawn)
    random.Random(seed).shuffle(pool)
    for s in others:
        size = len(state["hands"][s]) - (s == owner)
        state["hands"][s] = sort_cards(pool[:size] + ([drawn] if s == owner else []))
        del pool[:size]
    state["stock"] = pool
    state["rng"] = seed
    return Game.from_dict(state)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_bot_sees_only_what_its_seat_may_know(ruleset: str) -> None:
    """Two games that differ only in cards hidden from the seat get the same decisions."""
    checked = 0
    for players in (2, 3):
        game = short_game(ruleset, players, seed=players)
        rng = Rng(5)
        for number in range(400):
            if game.over:
                break
            if number % 2 == 0:
                for seat in range(players):
                    if not game.legal_actions(seat):
                        continue
                    other = hide_differently(game, seat, seed=number)
                    assert other.view(seat) == game.view(seat)
                    for level in LEVELS:
                        mine = choose(game, seat, level, number, playouts=PLAYOUTS)
                        assert choose(other, seat, level, number, playouts=PLAYOUTS) == mine
                        checked += 1
            step(game, ["normal"] * players, rng)
    assert checked > 50


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_decision(level: str) -> None:
    for ruleset in RULESETS:
        game = new_game(ruleset, 3, seed=11)
        seat = game.turn
        first = choose(game, seat, level, 99, playouts=PLAYOUTS)
        assert first in game.legal_actions(seat)
        assert choose(game.clone(), seat, level, 99, playouts=PLAYOUTS) == first
        assert choose(game, seat, level, 99, playouts=PLAYOUTS) == first


def test_hard_keeps_to_the_injected_clock() -> None:
    """With a clock and no playout count, ``hard`` stops once the budget is spent."""
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    game = new_game("poslednyaya", 4, seed=2)
    action = choose(game, game.turn, "hard", 1, clock=clock, budget=0.05)
    assert action in game.legal_actions(game.turn)
    assert now[0] < 0.06
    # a clock that stands still (a test's fake clock) falls back on the default playout count
    assert choose(game, game.turn, "hard", 1, clock=lambda: 5.0) in game.legal_actions(game.turn)


def test_no_action_means_none() -> None:
    game = new_game("poslednyaya", 3, seed=4)
    idle = next(s for s in range(3) if s != game.turn)
    for level in LEVELS:
        assert choose(game, idle, level, 0) is None


def test_normal_beats_easy() -> None:
    """Over 100 seeded hands of «Последняя» at two seats (each deal played from both seats)."""
    won = 0.0
    for i in range(100):
        seats = seat_levels(["normal", "easy"], 2, i)
        record = play(new_game("poslednyaya", 2, seed=i // 2), seats, seed=i)
        won += share(record.hands[0], seats, "normal")
    assert won >= 60


def test_wilson_interval() -> None:
    low, high = wilson(60, 100)
    assert (round(low, 3), round(high, 3)) == (0.502, 0.691)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_tournament_command(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--ruleset", "last-card", "--games", "2", "--levels", "hard,easy", "--playouts", "4"])
    out = capsys.readouterr().out
    assert "last-card, 2 players, 2 games" in out
    rows = out.splitlines()[2:]
    assert [row.split()[0] for row in rows] == ["hard", "easy"]
    assert all(row.count("%") == 2 for row in rows)  # hands and matches won


def test_a_level_named_twice_is_counted_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """One ``normal`` seat against three ``easy`` ones: each level's figure is its share per
    seat, so one seat's rate plus three times the other's make the whole."""
    main(["--players", "4", "--games", "8", "--levels", "normal,easy,easy,easy"])
    out = capsys.readouterr().out
    assert "a fair share is 25.0 %" in out
    rows = [re.findall(r"[\w.]+", row) for row in out.splitlines()[2:]]
    assert [row[:2] for row in rows] == [["normal", "1"], ["easy", "3"]]
    (normal, *_), (easy, low, high) = ([float(x) for x in row[2:5]] for row in rows)
    assert normal + 3 * easy == pytest.approx(100, abs=0.2)
    assert 0 <= low <= easy <= high <= 100 / 3 + 0.1


def test_tally_per_seat() -> None:
    tally = Tally()
    tally.add(won=3.0, hands=4, seats=3)  # three seats won 3 of 4 hands together
    assert tally.rate().startswith(" 25.0 %")


def last_one(hands: list[list[str]], stock: list[str]) -> Game:
    setup = {"hands": hands, "starter": "9H", "stock": stock, "first": 0}
    return new_game("last-one", len(hands), setup=setup)


@pytest.mark.parametrize("level", LEVELS)
def test_out_of_turn_a_bot_answers_a_melee_and_calls_last(level: str) -> None:
    game = last_one([["4H", "KS", "QS"], ["2C", "3C", "KC"], ["5H", "9C"]], ["7D"])
    game.apply(0, "play 4H")
    # seat 2 is not the defender, yet it may (and should) answer the melee with the 5
    assert choose(game, 2, level, 3, playouts=PLAYOUTS) == "play 5H"
    game.apply(2, "play 5H")
    # seat 2 now holds one card: it calls at once, out of turn
    assert choose(game, 2, level, 3, playouts=PLAYOUTS) == "last"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_bots_play_on_after_the_host_removes_a_seat(ruleset: str) -> None:
    seats = [*LEVELS, "hard"]
    game = short_game(ruleset, len(seats), seed=8)
    rng = Rng(8)
    for _ in range(12):
        if not game.over:
            step(game, seats, rng, PLAYOUTS)
    if not game.over:
        game.remove_seat(1)
    record = play(game, seats, seed=8, playouts=PLAYOUTS)
    assert game.over and record.hands
