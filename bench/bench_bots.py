"""Playouts of the ``hard`` bot: how many it runs per second, and per 200 ms decision.

For each ruleset and player count, positions come from games played by ``normal`` bots; at
each, ``hard`` decides with its default budget (``choose(..., clock=..., budget=0.2)``), and a
counter around the playout function records how many playouts the
decision ran. Playouts per second are measured apart, on sampled worlds of the same positions.
A playout runs to the end of the hand or to ``DEPTH`` plies (then the hand sizes judge it); the
table gives the share that reached the end. Prints a markdown table. Time is the process's CPU
time, so other work on a shared machine does not skew the figures.

Run alone: ``python bench/bench_bots.py`` (``--quick`` for a short run). The same measurement
then runs inside Pyodide under Node.js (the vendored ``pyodide`` npm package: the WebAssembly
engine of Chromium, V8, and the CPU time of the process), with the engine's sources copied into
Pyodide's file system; ``--no-pyodide`` skips it, as does a machine without ``node``.
``--chromium`` also runs it in headless Chromium on the bare Pyodide page of the end-to-end
tests (``tests/e2e/pages/pyodide.html``, the engine wheel installed), timed by the wall clock.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from lastcard import RULESETS, new_game  # noqa: E402
from lastcard.bots import choose, search  # noqa: E402
from lastcard.bots.policy import lacking_suits  # noqa: E402
from lastcard.rng import Rng  # noqa: E402
from lastcard.tournament import step  # noqa: E402


def clock() -> float:
    """Seconds of CPU time of this process (under Pyodide in Node.js: of the Node process); a
    browser page shows no CPU time, so there it is the wall clock."""
    if sys.platform == "emscripten":
        import js

        if hasattr(js, "process"):
            usage = js.process.cpuUsage()
            return float(usage.user + usage.system) / 1e6
        return time.perf_counter()
    return time.process_time()


CASES = [("poslednyaya", 2), ("poslednyaya", 4), ("last-one", 4), ("last-card", 2)]
CASES += [("posledniy-igrok", 4)]
BUDGET = 0.2
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.js"


def positions(ruleset: str, players: int, count: int) -> list[Any]:
    """``count`` positions (seat to move, several moves to search) from normal play."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        game = new_game(ruleset, players, seed=seed)
        rng = Rng(seed)
        while not game.over and len(found) < count:
            seat = game.turn
            lacking = lacking_suits(game, game.next_seat(seat))
            if len(search._candidates(game, seat, game.legal_moves(seat), rng, lacking)) > 1:
                found.append(game.clone())
            for _ in range(3):
                if not game.over:
                    step(game, ["normal"] * players, rng)
        seed += 1
    return [(g, g.turn) for g in found]


def playouts_per_second(cases: list[Any], seconds: float) -> tuple[float, float]:
    """Playouts/s on sampled worlds of the positions; the share that reached the hand's end."""
    rng = Rng(1)
    done = ended = 0
    start = clock()
    while clock() - start < seconds:
        for game, seat in cases:
            world = search._world(game, seat, rng)
            search.playout(world, seat, rng, lacking=lacking_suits(game, game.next_seat(seat)))
            done += 1
            ended += world.over
    return done / (clock() - start), ended / max(done, 1)


def decision_playouts(cases: list[Any]) -> list[int]:
    """Playouts each 200 ms ``hard`` decision ran, one number per position."""
    counts = []
    real = search.playout
    calls = [0]

    def counted(*args: Any, **kwargs: Any) -> float:
        calls[0] += 1
        return real(*args, **kwargs)

    search.playout = counted
    try:
        for index, (game, seat) in enumerate(cases):
            calls[0] = 0
            choose(game, seat, "hard", index, clock=clock, budget=BUDGET)
            counts.append(calls[0])
    finally:
        search.playout = real
    return counts


def measure(quick: bool) -> list[dict[str, Any]]:
    """One row per (ruleset, players)."""
    rows = []
    for ruleset, players in CASES:
        if ruleset not in RULESETS:
            continue
        cases = positions(ruleset, players, 5 if quick else 20)
        rate, ended = playouts_per_second(cases, 1.0 if quick else 4.0)
        counts = decision_playouts(cases)
        rows.append(
            {
                "ruleset": ruleset,
                "players": players,
                "playouts_per_s": round(rate),
                "ended": round(100 * ended),
                "per_decision": statistics.median(counts),
                "min_per_decision": min(counts),
            }
        )
    return rows


def table(rows: list[dict[str, Any]], where: str) -> str:
    """A markdown table of the rows."""
    out = [
        f"`hard` playouts, {where} (a playout ends with the hand or after "
        f"{search.DEPTH} plies; a decision gets {int(BUDGET * 1000)} ms)",
        "",
        "| ruleset | players | playouts/s | reached the end | per decision (median) | min |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['ruleset']} | {r['players']} | {r['playouts_per_s']} | {r['ended']} % "
            f"| {r['per_decision']:g} | {r['min_per_decision']} |"
        )
    return "\n".join(out)


NODE_RUNNER = r"""
const { loadPyodide } = require(process.argv[1]);
const fs = require("fs");
const path = require("path");
(async () => {
  const py = await loadPyodide();
  const root = process.argv[2];
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      const rel = path.relative(root, full);
      if (fs.statSync(full).isDirectory()) {
        if (name === "__pycache__") continue;
        py.FS.mkdirTree("/src/" + rel);
        walk(full);
      } else if (name.endsWith(".py")) {
        py.FS.writeFile("/src/" + rel, fs.readFileSync(full));
      }
    }
  };
  py.FS.mkdirTree("/src/py/lastcard");
  py.FS.mkdirTree("/src/bench");
  walk(path.join(root, "py", "lastcard"));
  const bench = path.join(root, "bench", "bench_bots.py");
  py.FS.writeFile("/src/bench/bench_bots.py", fs.readFileSync(bench));
  const out = await py.runPythonAsync(`
import sys, json
sys.argv = ["bench_bots.py"]
sys.path.insert(0, "/src/bench")
import bench_bots
json.dumps(bench_bots.measure(${process.argv[3]}))
`);
  console.log(out);
})().catch((e) => { console.error(e); process.exit(1); });
"""


def run_in_pyodide(quick: bool) -> list[dict[str, Any]]:
    """``measure`` inside Pyodide under Node.js; returns its rows."""
    result = subprocess.run(
        ["node", "-e", NODE_RUNNER, str(PYODIDE), str(ROOT), "True" if quick else "False"],
        capture_output=True,
        text=True,
    )
    if result.returncode:
        raise RuntimeError(f"Pyodide run failed:\n{result.stderr}")
    rows: list[dict[str, Any]] = json.loads(result.stdout.strip().splitlines()[-1])
    return rows


def run_in_chromium(quick: bool) -> list[dict[str, Any]]:
    """``measure`` in headless Chromium, on the bare Pyodide page with the engine wheel."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from bootstrap import engine_wheel_name, rebuild_engine_wheel
    from chromium import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from serve import serving

    rebuild_engine_wheel()
    source = Path(__file__).read_text(encoding="utf-8")
    code = (
        "import json, sys, types\n"
        "bench = types.ModuleType('bench_bots')\n"
        "bench.__file__ = '/bench_bots.py'\n"
        "sys.modules['bench_bots'] = bench\n"
        f"exec(compile({source!r}, '/bench_bots.py', 'exec'), bench.__dict__)\n"
        f"json.dumps(bench.measure({quick}))\n"
    )
    page_path = f"tests/e2e/pages/pyodide.html?wheel=vendor/{engine_wheel_name()}"
    with serving() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(0)
        page.goto(f"{base}/{page_path}")
        page.wait_for_function("document.body.dataset.state === 'ready'", timeout=120_000)
        rows: list[dict[str, Any]] = json.loads(
            page.evaluate("(code) => pyodide.runPython(code)", code)
        )
        browser.close()
    return rows


def main() -> None:
    """The command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions, shorter timing")
    parser.add_argument("--no-pyodide", action="store_true", help="no Pyodide under Node.js")
    parser.add_argument("--chromium", action="store_true", help="also Pyodide in Chromium")
    args = parser.parse_args()
    version = sys.version.split()[0]
    print(table(measure(args.quick), f"CPython {version}"))
    if not args.no_pyodide and shutil.which("node") and PYODIDE.exists():
        print()
        print(table(run_in_pyodide(args.quick), "Pyodide under Node.js, CPU time"))
    if args.chromium:
        print()
        print(table(run_in_chromium(args.quick), "Pyodide in headless Chromium, wall clock"))


if __name__ == "__main__":
    main()
