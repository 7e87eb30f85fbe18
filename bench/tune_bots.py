"""A paired harness for tuning ``hard``'s own heuristic (``sharp``) against ``normal``.

Each deal is played twice from each seat: once with the tried policy in that seat, once with
``normal`` there, the other seats ``normal`` both times and every seat's random stream the
same (common random numbers). The difference per deal and seat has about half the variance of
the difference of two independent win rates, and heuristic hands are cheap (about a thousand a
second of CPU), so a few thousand deals tell a change of half a point from noise. Prints the
policy's share of the hands, ``normal``'s on the same deals (a fair share by symmetry) and
their paired difference with its standard error.

    python bench/tune_bots.py --ruleset poslednyaya --players 4 --deals 2000 --jobs 2
    python bench/tune_bots.py --set LACKING=2.0 --set CALM_ATTACK=0.3

``--set NAME=VALUE`` changes a constant of ``lastcard.bots.policy`` for the run (a float;
``search.NAME=VALUE``: of ``lastcard.bots.search``, an int where it is one there). ``--policy
hard --playouts N`` tries the whole ``hard`` bot instead of ``sharp`` (slow: about 2 s of CPU
a four-player hand at 400 playouts).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from lastcard import new_game  # noqa: E402
from lastcard.bots import choose, policy, search  # noqa: E402
from lastcard.game import Game  # noqa: E402
from lastcard.rng import Rng  # noqa: E402
from lastcard.tournament import MAX_STEPS  # noqa: E402

#: a policy for the tried seat: (game, seat, seed) -> action or None
Policy = Callable[[Game, int, int], "str | None"]


def sharp(game: Game, seat: int, seed: int) -> str | None:
    """``sharp``, as ``hard`` plays it in its playouts."""
    moves = game.legal_moves(seat)
    if not moves:
        return None
    lacking = policy.lacking_suits(game, game.next_seat(seat))
    move = policy.sharp_move(game, seat, moves, Rng(seed), lacking)
    return None if move is None else move.text


def hand(ruleset: str, players: int, deal: int, seat: int, tried: Policy | None) -> float:
    """The first hand of deal ``deal`` with ``tried`` in ``seat`` (``normal`` if ``None``) and
    ``normal`` elsewhere; ``seat``'s share of the win."""
    game = new_game(ruleset, players, seed=deal)
    rng = Rng(deal * 7919 + seat)
    for _ in range(MAX_STEPS):
        if game.over:
            winners = game.winners or []
            return 1.0 / len(winners) if seat in winners else 0.0
        turn = game.turn
        for s in [s for s in range(players) if s != turn] + [turn]:
            if not game.legal_actions(s):
                continue
            seed = rng.next64()
            if s == seat and tried is not None:
                action = tried(game, s, seed)
            else:
                action = choose(game, s, "normal", seed)
            if action is not None:
                game.apply(s, action)
                break
        else:
            game.time_out()
    raise RuntimeError("no end")


def _pair(args: tuple[str, int, int, int, str, int, dict[str, float]]) -> tuple[float, float]:
    """One deal and seat: (the tried policy's share, normal's) with the run's changes made."""
    ruleset, players, deal, seat, name, playouts, changes = args
    for key, value in changes.items():
        module, constant = (search, key[7:]) if key.startswith("search.") else (policy, key)
        setattr(module, constant, type(getattr(module, constant))(value))
    tried: Policy
    if name == "hard":

        def tried(game: Game, s: int, seed: int) -> str | None:
            return choose(game, s, "hard", seed, playouts=playouts)

    else:
        tried = sharp
    return hand(ruleset, players, deal, seat, tried), hand(ruleset, players, deal, seat, None)


def run(
    ruleset: str,
    players: int,
    deals: Sequence[int],
    name: str = "sharp",
    playouts: int = 400,
    changes: dict[str, float] | None = None,
    jobs: int = 1,
) -> tuple[float, float, float, float, int]:
    """(tried's share, normal's share, mean difference, its standard error, pairs)."""
    tasks = [
        (ruleset, players, d, s, name, playouts, changes or {})
        for d in deals
        for s in range(players)
    ]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            pairs = list(pool.map(_pair, tasks, chunksize=16))
    else:
        pairs = [_pair(t) for t in tasks]
    n = len(pairs)
    diffs = [a - b for a, b in pairs]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    tried = sum(a for a, _ in pairs) / n
    base = sum(b for _, b in pairs) / n
    return tried, base, mean, math.sqrt(var / n), n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="poslednyaya")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--policy", choices=["sharp", "hard"], default="sharp")
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE (policy constant)")
    args = parser.parse_args()
    changes = {k: float(v) for k, v in (item.split("=", 1) for item in args.set)}
    deals = range(args.seed, args.seed + args.deals)
    tried, base, mean, se, n = run(
        args.ruleset, args.players, deals, args.policy, args.playouts, changes, args.jobs
    )
    label = ",".join(args.set) or "as is"
    print(
        f"{args.ruleset} {args.players}p {args.policy} [{label}]: {n} pairs, "
        f"{100 * tried:.1f} % vs normal {100 * base:.1f} %, "
        f"difference {100 * mean:+.2f} ± {100 * se:.2f} points"
    )


if __name__ == "__main__":
    main()
