"""The README's test command (``make test``): every test, in two pytest runs side by side.

The browser tests (marker ``e2e``) spend most of their time waiting on browsers, the rest is
CPU-bound Python (the engine, the controller, the bots, hypothesis): run one after the other
they add up, run together they overlap. So, with no arguments, this starts ``pytest -m e2e`` with
its output streamed, and ``pytest -m "not e2e"`` beside it with its output kept in a log and
printed once it ends (two interleaved reports would be unreadable). Exit status: 0 when both
pass, else the first failing run's code; pytest's "no tests collected" (5) counts as a pass.

With arguments (``make test ARGS="tests/engine -k stacking"``) it is plain ``pytest ARGS``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NO_TESTS = 5


def passed(code: int) -> bool:
    return code in (0, NO_TESTS)


def main(args: list[str]) -> int:
    pytest = [sys.executable, "-m", "pytest"]
    if args:
        code = subprocess.call([*pytest, *args], cwd=ROOT)
        return 0 if passed(code) else code
    start = time.monotonic()
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        # the CPU-bound half writes no cache: two runs must not race on .pytest_cache
        cpu = subprocess.Popen(
            [*pytest, "-m", "not e2e", "-q", "-p", "no:cacheprovider"],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        browsers = subprocess.call([*pytest, "-m", "e2e"], cwd=ROOT)
        unit = cpu.wait()
        log.seek(0)
        print("\n[test] the tests without a browser (pytest -m 'not e2e'):", flush=True)
        sys.stdout.write(log.read())
    minutes, seconds = divmod(round(time.monotonic() - start), 60)
    verdict = "passed" if passed(browsers) and passed(unit) else "FAILED"
    print(
        f"[test] {verdict}: browser tests exit {browsers}, the others exit {unit},"
        f" {minutes} min {seconds} s in all"
    )
    for code in (browsers, unit):
        if not passed(code):
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
