"""Run every benchmark, ``bench/bench_*.py``, and collect their tables (``make bench``).

Each benchmark is a script that prints markdown to stdout and accepts ``--quick``. This runner
runs them one after another with the current Python (the set-up's ``.venv``), prints each under a
heading, and writes the whole report to ``bench/results/latest.md`` (git-ignored); copy the
figures worth keeping into ``docs/benchmarks.md``.

``python bench/run.py [--quick] [-k NAME]``: ``-k`` keeps the benchmarks whose file name contains
NAME (repeatable). The exit code is non-zero if any benchmark failed; the others still run.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

BENCH = Path(__file__).resolve().parent
RESULTS = BENCH / "results"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="pass --quick to every benchmark")
    parser.add_argument("-k", dest="names", action="append", default=[], help="filter by name")
    args = parser.parse_args(argv)
    scripts = [
        path
        for path in sorted(BENCH.glob("bench_*.py"))
        if not args.names or any(name in path.stem for name in args.names)
    ]
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    report = [
        f"# Benchmarks, {stamp}",
        "",
        f"{platform.platform()}, Python {platform.python_version()}",
    ]
    print("\n".join(report), flush=True)
    failed = []
    for script in scripts:
        command = [sys.executable, str(script), *(["--quick"] if args.quick else [])]
        started = time.monotonic()
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        seconds = time.monotonic() - started
        section = [f"\n## {script.stem} ({seconds:.0f} s)\n", result.stdout.rstrip()]
        if result.returncode:
            failed.append(script.stem)
            section.append(
                f"\nFAILED (exit {result.returncode}):\n```\n{result.stderr[-4000:]}\n```"
            )
        print("\n".join(section), flush=True)
        report += section
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.md").write_text("\n".join(report) + "\n")
    print(f"\nWritten to {(RESULTS / 'latest.md').relative_to(BENCH.parent)}")
    if failed:
        print(f"Failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
