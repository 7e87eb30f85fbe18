"""The README's test command (``make test``): every test, in three pytest runs side by side.

Most of a browser test's time is spent waiting (on the network between pages, on a page's
timers, on the other browser), and the tests without a browser compute: run one after the other
they add up, run together they overlap. So, with no arguments, this starts three runs at once:
the browser tests in two halves (``E2E_FIRST``, and the rest of ``tests/e2e``), and the tests
without a browser (``-m "not e2e"``). The first half's output is streamed; the others are kept
in logs and printed when they end (interleaved reports would be unreadable). Each run has its own
server, broker and browsers (free ports), and none writes the site's files: ``make test``'s
set-up has just built the engine wheel, so the runs are told not to build it again
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
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
NO_TESTS = 5
#: the browser tests' first half, about as long as the rest of tests/e2e
E2E_FIRST = [
    "tests/e2e/transport",
    "tests/e2e/firefox",
    "tests/e2e/test_tv_engines.py",
    "tests/e2e/test_host_phone.py",
    "tests/e2e/test_a11y.py",
    "tests/e2e/test_time_out.py",
]


def passed(code: int) -> bool:
    return code in (0, NO_TESTS)


def main(args: list[str]) -> int:
    pytest = [sys.executable, "-m", "pytest"]
    if args:
        code = subprocess.call([*pytest, *args], cwd=ROOT)
        return 0 if passed(code) else code
    start = time.monotonic()
    env = {**os.environ, "LASTCARD_WHEEL_BUILT": "1"}
    rest = [f"--ignore={path}" for path in E2E_FIRST]
    quiet = ["-p", "no:cacheprovider"]  # one run writes pytest's cache: no race on it
    slowest = ["--durations=8"]  # each run names its slowest tests: where the minutes go
    kept = {
        "the other browser tests": [*pytest, "-m", "e2e", *quiet, *slowest, "tests/e2e", *rest],
        "the tests without a browser": [*pytest, "-m", "not e2e", *quiet, *slowest, "-q"],
    }
    codes: dict[str, int] = {}
    with contextlib.ExitStack() as files:
        logs: dict[str, IO[str]] = {}
        runs: dict[str, subprocess.Popen[bytes]] = {}
        for name, command in kept.items():
            logs[name] = files.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8"))
            runs[name] = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=logs[name], stderr=subprocess.STDOUT
            )
        first = subprocess.call([*pytest, *slowest, *E2E_FIRST], cwd=ROOT, env=env)
        codes["the browser tests' first half"] = first
        for name, run in runs.items():
            codes[name] = run.wait()
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
