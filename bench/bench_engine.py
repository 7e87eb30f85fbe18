"""Engine throughput through the public API and the bots' fast path, side by side with RLCard's
UNO in the same run.

Both engines play the same "play-first" random policy (a random legal play when one exists,
else draw, else pass; RLCard never lets a player draw while holding a playable card). The
engine is driven through ``legal_actions`` and ``apply`` with action strings (the public API;
the seat to act is ``game.turn``, the view's ``turn``) and through ``legal_moves`` / ``push``
(the trusted fast path of the bots' playouts), each in a loop written as RLCard's. RLCard is
timed as its own environment (``rlcard.envs.uno.UnoEnv``) uses its game: one ``UnoGame``
created and one numpy generator seeded before the timed loop, ``init_game()`` per game inside
it. All three deal inside the timed loop. Prints a markdown table: µs per action per player
count for the three and the two ratios, games/s of the engine under uniformly random play;
then the same for every other ruleset through a generic loop (first hands, `last` called
whenever legal; in a melee, the first seat from the defender on with a move). The goal's ratio
(the public API against RLCard at 2 and 4 players) is also measured alternated, round by round,
both sides on the same seeds, so that both meet the same load; both sides play a few hundred
games untimed before the first row (RLCard's first games in a process run at half its speed).

Run alone: ``python bench/bench_engine.py`` (``--quick`` for a short run). RLCard comes from the
pinned ``bench/requirements.txt``; it is installed into ``.venv`` when missing (``--no-install``
skips that column instead).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from lastcard import RULESETS, Game, new_game  # noqa: E402

PLAYERS = (2, 4, 7, 10)
#: player counts for the French-deck rulesets (2-6 players)
FRENCH_PLAYERS = (2, 4, 6)
REPEATS = 3
#: rounds of ``print_alternated``
ROUNDS = 7
#: games each side plays untimed before the first row
WARM_UP = 400
Policy = Callable[[random.Random, list[str]], str]


def play_first(rnd: random.Random, legal: list[str]) -> str:
    """A random play when one exists, else draw, else pass."""
    plays = [a for a in legal if a[0] == "p" and a[1] == "l"]
    if plays:
        return rnd.choice(plays)
    return "draw" if "draw" in legal else legal[0]


def uniform(rnd: random.Random, legal: list[str]) -> str:
    """Any legal action, uniformly."""
    return rnd.choice(legal)


def actor(game: Game) -> int:
    """The seat to drive: ``turn``, or during a melee the first seat from the defender on with
    something to do besides a call."""
    p = game.pending
    if p is None or p["kind"] != "melee":
        return game.turn
    seats = [(game.turn + i) % game.players for i in range(game.players)]
    return next(s for s in seats if any(a != "last" for a in game.legal_actions(s)))


def run_engine(
    players: int, games: int, policy: Policy, seed: int = 1, ruleset: str = "poslednyaya"
) -> tuple[int, float]:
    """(actions, seconds) for ``games`` hands of ``ruleset``, ``last`` called whenever legal:
    before a play where the call comes first, and right after a play that leaves one card where
    it comes after (as the bots call it, ``lastcard.bots.search.playout``; a call not made is
    caught by the next seat's play, and a loop that never made it would play hands of thousands
    of turns, nobody ever going out)."""
    rnd = random.Random(seed)
    actions = 0
    start = time.process_time()
    for g in range(games):
        game = new_game(ruleset, players, seed=seed * 100_003 + g)
        while not game.over:
            seat = actor(game)
            legal = game.legal_actions(seat)
            game.apply(seat, "last" if "last" in legal else policy(rnd, legal))
            actions += 1
            if len(game.hands[seat]) == 1 and not game.over and "last" in game.legal_actions(seat):
                game.apply(seat, "last")
                actions += 1
    return actions, time.process_time() - start


def run_api(players: int, games: int, seed: int = 1) -> tuple[int, float]:
    """(actions, seconds) for ``games`` poslednyaya hands through the public API under the
    play-first policy, in a loop written as ``run_rlcard``'s: the same games as ``run_engine``
    with ``play_first`` (poslednyaya has no melee and no call, so the seat to act is ``turn``
    and the actions besides plays are one ``draw`` or one ``pass``), without the generic
    loop's ``actor`` and ``last`` checks, which RLCard's side has no counterpart of."""
    rnd = random.Random(seed)
    actions = 0
    start = time.process_time()
    for g in range(games):
        game = new_game("poslednyaya", players, seed=seed * 100_003 + g)
        while not game.over:
            seat = game.turn
            legal = game.legal_actions(seat)
            plays = [a for a in legal if a != "draw" and a != "pass"]
            game.apply(seat, rnd.choice(plays) if plays else legal[0])
            actions += 1
    return actions, time.process_time() - start


def run_fast(players: int, games: int, seed: int = 1) -> tuple[int, float]:
    """(actions, seconds) for ``games`` poslednyaya hands on the trusted fast path the bots'
    playouts use (``legal_moves`` and ``push``: no strings, no checks, no events), dealing
    included."""
    rnd = random.Random(seed)
    actions = 0
    start = time.process_time()
    for g in range(games):
        game = new_game("poslednyaya", players, seed=seed * 100_003 + g)
        while not game.over:
            seat = game.turn
            moves = game.legal_moves(seat)
            plays = [m for m in moves if m.kind == "play"]
            game.push(seat, rnd.choice(plays) if plays else moves[0])
            actions += 1
    return actions, time.process_time() - start


def run_rlcard(players: int, games: int, seed: int = 1) -> tuple[int, float]:
    """(actions, seconds) for ``games`` RLCard UNO games under the play-first policy, the game
    used as ``UnoEnv`` uses it: created and seeded once, ``init_game()`` per game (``reset``)."""
    import numpy as np  # type: ignore[import-not-found,unused-ignore]
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped,import-not-found,unused-ignore]

    rnd = random.Random(seed)
    actions = 0
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    start = time.process_time()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            plays = [a for a in legal if a != "draw"]
            game.step(rnd.choice(plays) if plays else "draw")
            actions += 1
    return actions, time.process_time() - start


def ensure_rlcard(install: bool) -> str | None:
    """None when RLCard can be imported (installing it if allowed), else why not."""
    if importlib.util.find_spec("rlcard") is None and install:
        requirements = ROOT / "bench" / "requirements.txt"
        pip = [sys.executable, "-m", "pip", "install", "-q", "-r", str(requirements)]
        if sys.prefix == sys.base_prefix:
            return "not in a virtualenv: install bench/requirements.txt into .venv to compare"
        result = subprocess.run(pip, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            return f"pip install failed: {result.stderr.strip().splitlines()[-1:]}"
        importlib.invalidate_caches()
    if importlib.util.find_spec("rlcard") is None:
        return "rlcard is not installed (see bench/requirements.txt)"
    return None


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--no-install", action="store_true", help="never pip-install RLCard")
    args = parser.parse_args(argv)
    games = 60 if args.quick else 800
    why_not = ensure_rlcard(install=not args.no_install)
    if why_not:
        print(f"RLCard column skipped: {why_not}\n")
    # RLCard's first 250 games or so in a process run at about half its speed (the garbage
    # collector off or on), which a training run amortises and a short row would not: both
    # sides play a few hundred games untimed first
    run_api(2, WARM_UP)
    if not why_not:
        run_rlcard(2, WARM_UP)
    print(
        f"Python {sys.version.split()[0]}, {games} games per row, play-first random policy,"
        f" best of {REPEATS} runs, CPU time\n"
    )
    print(
        "| players | public API µs/action | fast path µs/action | RLCard µs/action "
        "| public API vs RLCard | fast path vs RLCard | engine games/s | RLCard games/s "
        "| public API, generic loop µs/action | engine games/s (uniform random) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for players in PLAYERS:
        actions, seconds = best(partial(run_api, players, games))
        us, gps = seconds / actions * 1e6, games / seconds
        f_actions, f_seconds = best(partial(run_fast, players, games))
        fast = f_seconds / f_actions * 1e6
        rl = f"| - | - | - | {gps:.0f} | - "
        if not why_not:
            rl_actions, rl_seconds = best(partial(run_rlcard, players, games))
            rl_us = rl_seconds / rl_actions * 1e6
            rl = (
                f"| {rl_us:.1f} | {rl_us / us:.2f}x | {rl_us / fast:.2f}x | {gps:.0f}"
                f" | {games / rl_seconds:.0f} "
            )
        g_actions, g_seconds = best(partial(run_engine, players, games, play_first))
        u_games = max(games // 4, 10)
        u_seconds = best(partial(run_engine, players, u_games, uniform))[1]
        print(
            f"| {players} | {us:.1f} | {fast:.1f} {rl}| {g_seconds / g_actions * 1e6:.1f}"
            f" | {u_games / u_seconds:.0f} |"
        )
    if not why_not:
        print_alternated(3 if args.quick else ROUNDS, games if args.quick else 300)
    print(
        "\n| ruleset | players | engine µs/action | engine hands/s "
        "| engine hands/s (uniform random) |"
    )
    print("|---|---|---|---|---|")
    for ruleset in sorted(RULESETS):
        if ruleset == "poslednyaya":
            continue
        for players in FRENCH_PLAYERS:
            run = partial(run_engine, players, games, play_first, ruleset=ruleset)
            actions, seconds = best(run)
            u_games = max(games // 4, 10)
            u_run = partial(run_engine, players, u_games, uniform, ruleset=ruleset)
            u_seconds = best(u_run)[1]
            print(
                f"| {ruleset} | {players} | {seconds / actions * 1e6:.1f} | {games / seconds:.0f}"
                f" | {u_games / u_seconds:.0f} |"
            )


def alternated(players: int, rounds: int, games: int) -> list[tuple[float, float]]:
    """µs per action of the public API and of RLCard, each round one run of each, one after
    the other on the same seeds (the round's number), so that both meet the same load."""
    out = []
    for seed in range(1, rounds + 1):
        actions, seconds = run_api(players, games, seed)
        rl_actions, rl_seconds = run_rlcard(players, games, seed)
        out.append((seconds / actions * 1e6, rl_seconds / rl_actions * 1e6))
    return out


def print_alternated(rounds: int, games: int) -> None:
    """The ratio of the goal (the public API against RLCard), measured round by round: the
    median of the rounds' ratios, and their range. A shared machine's load moves each run of
    the table above by up to a half; within a round both sides meet the same load."""
    print(
        f"\nThe public API against RLCard, alternated: {rounds} rounds of {games} games, each"
        " round one run of each on the same seeds\n"
    )
    print("| players | public API µs/action | RLCard µs/action | ratio, median (range) |")
    print("|---|---|---|---|")
    for players in (2, 4):
        runs = alternated(players, rounds, games)
        ratios = sorted(rl / api for api, rl in runs)
        api = [a for a, _ in runs]
        rl = [r for _, r in runs]
        print(
            f"| {players} | {min(api):.2f}-{max(api):.2f} | {min(rl):.2f}-{max(rl):.2f}"
            f" | {statistics.median(ratios):.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f}) |"
        )


def best(run: Callable[[], tuple[int, float]]) -> tuple[int, float]:
    """The fastest of ``REPEATS`` identical runs, in CPU time of this process (the machine is
    shared: other processes only slow a run down)."""
    return min((run() for _ in range(REPEATS)), key=lambda r: r[1])


if __name__ == "__main__":
    main()
