"""The README's test command (``make test``): every test, in three lines of pytest runs at once.

Most of a browser test's time is spent waiting (on the network between pages, on a page's
timers, on the other browser), and the tests without a browser compute: run one after the other
they add up, run together they overlap. So, with no arguments, this starts three lines of runs at
once: the browser tests' first part (``E2E_FIRST``), their second (the rest of ``tests/e2e``
but the third part), and the tests without a browser (``-m "not e2e"``) followed by the browser
tests' third part (``E2E_THIRD``), which takes the place the tests without a browser leave after
their first few minutes. The first part's output is streamed; the others are kept in logs and
printed when they end (interleaved reports would be unreadable). Each run has its own server,
broker and browsers (free ports), and none writes the site's files: ``make test``'s set-up has
just built the engine wheel, so the runs are told not to build it again
(``LASTCARD_WHEEL_BUILT``), which would change the files under another run's pages.

Exit status: 0 when every run passes, else the first failing run's code; pytest's "no tests
collected" (5) counts as a pass. With arguments (``make test ARGS="tests/engine -k stacking"``)
it is plain ``pytest ARGS``.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
NO_TESTS = 5
#: the browser tests' first part, about as long as the second (the rest of tests/e2e): at 6762bbd
#: on 2 cores the three lines took 572 s, 556 s and 164 s + 393 s (docs/benchmarks.md has each run)
E2E_FIRST = [
    "tests/e2e/transport",
    "tests/e2e/firefox",
    "tests/e2e/test_tv_engines.py",
    "tests/e2e/test_host_phone.py",
    "tests/e2e/test_a11y.py",
    "tests/e2e/test_time_out.py",
]
#: the browser tests' third part, run after the tests without a browser: about as long as the
#: other parts less those tests' time
E2E_THIRD = [
    "tests/e2e/transport/test_code_pake.py",
    "tests/e2e/test_sofa.py",
    "tests/e2e/test_front_door.py",
]


def passed(code: int) -> bool:
    return code in (0, NO_TESTS)


def run_line(runs: list[list[str]], env: dict[str, str], log: IO[str]) -> int:
    """Run ``runs`` one after the other, their output to ``log``: the first failing one's exit
    code (every run is run), or 0."""
    codes = [
        subprocess.call(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        for command in runs
    ]
    return next((code for code in codes if not passed(code)), 0)


def main(args: list[str]) -> int:
    pytest = [sys.executable, "-m", "pytest"]
    if args:
        code = subprocess.call([*pytest, *args], cwd=ROOT)
        return 0 if passed(code) else code
    start = time.monotonic()
    env = {**os.environ, "LASTCARD_WHEEL_BUILT": "1"}
    third = [f"--ignore={path}" for path in E2E_THIRD]
    ignored = [f"--ignore={path}" for path in E2E_FIRST] + third
    quiet = ["-p", "no:cacheprovider"]  # one run writes pytest's cache: no race on it
    slowest = ["--durations=8"]  # each run names its slowest tests: where the minutes go
    # each line of runs: its runs one after the other (the first part's is streamed)
    lines = {
        "the browser tests' second part": [
            [*pytest, "-m", "e2e", *quiet, *slowest, "tests/e2e", *ignored]
        ],
        "the tests without a browser, then the browser tests' third part": [
            [*pytest, "-m", "not e2e", *quiet, *slowest, "-q"],
            [*pytest, *quiet, *slowest, *E2E_THIRD],
        ],
    }
    codes: dict[str, int] = {}
    with contextlib.ExitStack() as files, ThreadPoolExecutor(len(lines)) as pool:
        logs = {
            name: files.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8"))
            for name in lines
        }
        ran = {name: pool.submit(run_line, runs, env, logs[name]) for name, runs in lines.items()}
        codes["the browser tests' first part"] = subprocess.call(
            [*pytest, *slowest, *E2E_FIRST, *third], cwd=ROOT, env=env
        )
        for name, line in ran.items():
            codes[name] = line.result()
            logs[name].seek(0)
            print(f"\n[test] {name}:", flush=True)
            sys.stdout.write(logs[name].read())
    minutes, seconds = divmod(round(time.monotonic() - start), 60)
    failed = [name for name, code in codes.items() if not passed(code)]
    verdict = f"FAILED: {', '.join(failed)}" if failed else "passed"
    print(f"\n[test] {verdict}; {minutes} min {seconds} s in all", flush=True)
    return next((codes[name] for name in failed), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
