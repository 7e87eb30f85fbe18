"""Boot time of the table and transfer size of the phone page, in headless Debian Chromium.

In one run, each a median of several cold loads (a new browser context each time: empty HTTP
cache, no stored packages), from navigation start to "ready":

- ``table.html``: its Web Worker (js/table-worker.js) boots the vendored Pyodide, installs the
  engine wheel with Pyodide's ``loadPackage`` and opens the table (``<main data-state="ready">``);
- a bare Pyodide page (tests/e2e/pages/pyodide.html) that installs the same wheel and imports it.

And the bytes ``hand.html`` and ``table.html`` transfer with everything they load, raw and gzip
(level 6, as a static host would compress them). Prints a markdown table.

Run alone: ``python bench/bench_boot.py [--runs N]``, or every benchmark with ``make bench``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bootstrap import engine_wheel_name, rebuild_engine_wheel  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import serving  # noqa: E402
from transfer import Sizes, print_sizes, transfer_bytes  # noqa: E402

TIMEOUT = 120_000  # ms
# Records when an element first gets data-state "ready" (or "error"), on the page's own clock
# (ms from navigation start); installed before the page's own scripts run.
READY_PROBE = """
new MutationObserver((changes, observer) => {
  const states = changes.map((c) => c.target.dataset?.state);
  const done = states.find((s) => s === "ready" || s === "error");
  if (done) {
    window.bootState = done;
    window.bootAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ["data-state"], subtree: true });
"""


@dataclass(frozen=True)
class Boot:
    """One way to boot: a page (path from the site root)."""

    name: str
    path: str


def boot_ms(browser: Browser, url: str, boot: Boot) -> float:
    """Milliseconds from navigation start to ready, in a fresh (cold) context."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.add_init_script(READY_PROBE)
    page.goto(url)
    page.wait_for_function("window.bootState !== undefined", timeout=TIMEOUT)
    state, elapsed = page.evaluate("[window.bootState, window.bootAt]")
    context.close()
    assert state == "ready", f"{boot.name}: the page reported {state!r}"
    return float(elapsed)


def ready(selector: str) -> Callable[[Page], None]:
    """Settle a page load once ``selector`` is there."""

    def settle(page: Page) -> None:
        page.wait_for_selector(selector, timeout=TIMEOUT)

    return settle


def measure(base: str, runs: int) -> tuple[dict[str, list[float]], Sizes]:
    """Boot times per way of booting, and transfer sizes per page, against the site at ``base``."""
    wheel = f"vendor/{engine_wheel_name()}"
    boots = [
        Boot("table.html (Pyodide in a worker, engine by loadPackage)", "table.html?new"),
        Boot("bare Pyodide page + engine wheel", f"tests/e2e/pages/pyodide.html?wheel={wheel}"),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        times = {
            b.name: [boot_ms(browser, f"{base}/{b.path}", b) for _ in range(runs)] for b in boots
        }
        sizes = {
            "hand.html": transfer_bytes(browser, f"{base}/hand.html", ready("main")),
            "table.html": transfer_bytes(
                browser, f"{base}/table.html?new", ready("main[data-state=ready]")
            ),
        }
        browser.close()
    return times, sizes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads per page (median)")
    parser.add_argument("--quick", action="store_true", help="2 runs per page")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs

    rebuild_engine_wheel()
    with serving() as base:
        times, sizes = measure(base, runs)

    print(f"Navigation to ready, cold cache, median of {runs} (min-max), headless Chromium:\n")
    print("| page | median ms | min-max ms |")
    print("|---|---:|---:|")
    for name, values in times.items():
        print(f"| {name} | {statistics.median(values):.0f} | {min(values):.0f}-{max(values):.0f} |")
    print("\nBytes transferred by a cold load, everything the page fetches:\n")
    print_sizes("page", sizes)


if __name__ == "__main__":
    main()
