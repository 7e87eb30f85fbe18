"""Boot of the table and weight of the phone page, in headless Debian Chromium (issue 12's figures).

The table (``table.html?new``, joining by relay through a loopback amqtt broker, so the QR and
the code do not depend on a webcam or the internet), times from navigation start on the page's
own clock:

- **QR**: the join QR's ``<svg>`` is in ``#join-qr``;
- **ready**: the first ``[data-state]`` element says ``ready`` (the table's Web Worker has
  booted Pyodide, installed the engine wheel and opened the table).

Each in three conditions, each in a browser with a new profile on disk:

- **cold**: empty HTTP cache, service workers blocked;
- **warm HTTP cache**: a second load in the same browser, service workers blocked
  (``scripts/serve.py`` answers ``no-cache``, so every file is revalidated: 304, no body);
- **service worker**: a context whose first load let ``sw.js`` keep the table's files (waited
  for); the next load's files come from its cache at once (the worker asks the network for the
  site manifest only in the background); **again**: the load after that one.

Joining during the boot: a cold table, and a phone (a remembered name) that opens the join link
as soon as it is on screen: from the table's navigation start to "You are at the table" on the
phone, on the shared wall clock; the phone is admitted while Python boots and seated when the
table is ready.

And the bare Pyodide page (tests/e2e/pages/pyodide.html with the engine wheel: Pyodide alone,
no PyScript, no page) cold and with a warm HTTP cache: the reference of the goal "engine ready
from the service worker ≤ 1.2x a bare Pyodide boot in the same run".

Bytes over the network for each load, counted by the server (bodies and headers as sent; it does
not compress), and for the cold table load a gzip estimate (every body at level 6, as a static
host would send it). The phone page (hand.html, cold): gzip bytes in each mode, as the budget
test tests/e2e/test_phone_weight.py counts them (its budgets: camera 60 KB, relay 200 KB).

Prints markdown. ``python bench/bench_boot.py [--runs N] [--quick]``, or ``make bench``.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bench_phone import offer  # noqa: E402
from bootstrap import engine_wheel_name, rebuild_engine_wheel  # noqa: E402
from broker import amqtt_broker  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import Server, StaticHandler  # noqa: E402
from transfer import Transfers  # noqa: E402

TIMEOUT = 180  # s: one boot on a busy machine, with a wide margin
KEEP_TIMEOUT = 300  # s: the service worker's first copy of the table's files
# Records when the join QR appears and when the page says ready, on the page's own clock (ms
# from navigation start); installed before the page's own scripts run.
PROBE = """
window.bench = {};
new MutationObserver(() => {
  const qr = document.querySelector("#join-qr svg");
  if (bench.qr === undefined && qr) bench.qr = performance.now();
  const state = document.querySelector("[data-state]")?.dataset.state;
  if (bench.done === undefined && (state === "ready" || state === "error")) {
    bench.state = state;
    bench.done = performance.now();
  }
}).observe(document, {
  subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"],
});
"""
# Whether the service worker has kept the table's files (its state is written last).
KEPT = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return false;
  const cache = await caches.open("lastcard-v1");
  const saved = await cache.match(registration.scope + "__offline-state__");
  return Boolean(saved && (await saved.json()).sets.includes("table"));
}"""
NAMED = "localStorage.setItem('lastcard.name', 'Ann')"
# Where the table's boot went (docs/design.md, "Diagnostics"): the page's marks and the worker's.
MARKS = """() => window.lastcardBoot && {
  ...Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])),
  ...window.lastcardBoot,
}"""
BOOT_STEPS = (
    "lock-asked",
    "lock-granted",
    "qr",
    "worker",
    "fetched",
    "python",
    "opened",
)
# Whether the bots' worker has kept the interpreter's snapshot (js/python-boot.js) that the next
# boot of the table restores.
SNAPSHOT_KEPT = """async () => (await (await caches.open("python-snapshot")).keys()).length > 0"""


@dataclass
class Load:
    """One page load: ms to the QR (None without one) and to ready, bytes the server sent, and
    (cold loads) the bodies' bytes gzipped at level 6."""

    qr: float | None
    ready: float
    sent: int
    gzip: int | None = None
    marks: dict[str, float] | None = None

    @property
    def restored(self) -> bool:
        """Python came from its snapshot."""
        return bool(self.marks and self.marks.get("restored"))


class Counted(Server):
    """The site server, counting the bytes it sends (a test resets ``sent`` between loads)."""

    sent = 0
    lock = threading.Lock()

    def add(self, count: int) -> None:
        with self.lock:
            self.sent += count


class CountingWriter:
    """A handler's output stream that adds what is written to the server's count."""

    def __init__(self, stream: Any, server: Counted) -> None:
        self.stream = stream
        self.server = server

    def write(self, data: bytes) -> int:
        self.server.add(len(data))
        return int(self.stream.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class CountingHandler(StaticHandler):
    server: Counted

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile, self.server)  # type: ignore[assignment]


@contextmanager
def counted_site() -> Iterator[tuple[str, Counted]]:
    server = Counted(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def profile(chromium: BrowserType, *, service_workers: bool) -> Iterator[BrowserContext]:
    """A TV-sized browser with a new profile of its own on disk: empty caches to start with, and
    an HTTP cache and Cache Storage that hold Pyodide (a private context's memory cache is too
    small for its 9.6 MB WebAssembly file, so a warm reload would fetch it again)."""
    with tempfile.TemporaryDirectory() as folder:
        context = chromium.launch_persistent_context(
            folder,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 720},
            service_workers="allow" if service_workers else "block",
        )
        try:
            yield context
        finally:
            context.close()


def load(page: Page, url: str, server: Counted) -> Load:
    """Open ``url`` in ``page``, wait until it is ready (and shows its join QR, if it has a join
    panel) and the network is idle; the times and the bytes the server sent."""
    page.add_init_script(PROBE)
    server.sent = 0
    page.goto(url)
    page.wait_for_function(
        "window.bench.done !== undefined && (window.bench.qr !== undefined"
        " || window.bench.state !== 'ready' || !document.querySelector('#join-qr'))",
        timeout=TIMEOUT * 1000,
    )
    result = page.evaluate("window.bench")
    assert result["state"] == "ready", f"{url}: the page said {result['state']!r}"
    marks = page.evaluate(MARKS)
    page.wait_for_load_state("networkidle")
    return Load(result.get("qr"), float(result["done"]), server.sent, marks=marks or None)


def cold(chromium: BrowserType, url: str, server: Counted) -> Load:
    with profile(chromium, service_workers=False) as context:
        page = context.new_page()
        transfers = Transfers(page)
        result = load(page, url, server)
        result.gzip = transfers.sizes()[2]
        return result


def wait_for(page: Page, check: str, what: str) -> None:
    deadline = time.monotonic() + KEEP_TIMEOUT
    while not page.evaluate(check):
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(250)


def warm(chromium: BrowserType, url: str, server: Counted) -> Load:
    """The second load in a browser (the first one's Python snapshot kept, for the table)."""
    with profile(chromium, service_workers=False) as context:
        first = context.new_page()
        load(first, url, server)
        if "table.html" in url:
            wait_for(first, SNAPSHOT_KEPT, "the Python snapshot was not kept")
        first.close()
        return load(context.new_page(), url, server)


def from_service_worker(chromium: BrowserType, url: str, server: Counted) -> tuple[Load, Load]:
    """The first and the second load served by the service worker (after the load that let it
    keep the table's files and the bots' worker keep Python's snapshot): the second one can use
    what the browser cached with the first, such as Pyodide's compiled WebAssembly kept beside
    the worker's copy of the file."""
    with profile(chromium, service_workers=True) as context:
        first = context.new_page()
        load(first, url, server)
        wait_for(first, KEPT, "the service worker did not keep the table")
        wait_for(first, SNAPSHOT_KEPT, "the Python snapshot was not kept")
        first.close()
        loads = []
        for _ in range(2):
            page = context.new_page()
            loads.append(load(page, url, server))
            page.close()
        return loads[0], loads[1]


# When the phone shows it is seated, on the wall clock (ms since the epoch).
SEATED = """
new MutationObserver((changes, observer) => {
  if ((document.body?.textContent ?? "").includes("You are at the table")) {
    window.seatedAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def join_during_boot(chromium: BrowserType, browser: Browser, url: str) -> tuple[float, float]:
    """(table navigation → QR, → phone seated) in ms: the phone opens the join link at once."""
    with profile(chromium, service_workers=False) as context:
        tv = context.new_page()
        tv.add_init_script(PROBE)
        tv.goto(url)
        link = tv.get_by_test_id("join-url")
        tv.wait_for_function(
            "document.querySelector('[data-testid=join-url]')?.textContent.includes('#')",
            timeout=TIMEOUT * 1000,
        )
        started = float(tv.evaluate("performance.timeOrigin"))
        qr = float(tv.evaluate("window.bench.qr"))
        phone_context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, service_workers="block"
        )
        phone = phone_context.new_page()
        phone.add_init_script(NAMED + ";" + SEATED)
        phone.goto(link.inner_text())
        phone.wait_for_function("window.seatedAt !== undefined", timeout=TIMEOUT * 1000)
        seated = float(phone.evaluate("window.seatedAt")) - started
        phone_context.close()
        return qr, seated


def phone_bytes(browser: Browser, base: str, broker: str) -> dict[str, tuple[int, int, int]]:
    """(files, raw, gzip bytes) hand.html transfers cold, per mode, with a remembered name."""
    digits = offer(browser, base)
    relay = "#r=bench&k=AAAAAAAAAAAAAAAAAAAAAA&b=" + broker
    modes: dict[str, tuple[str, Callable[[Page], object]]] = {
        "code screen (address typed)": ("", lambda p: p.wait_for_selector("form")),
        "camera (#o=…, answer QR shown)": (
            f"#o={digits}",
            lambda p: p.get_by_role("img", name="answer QR").wait_for(),
        ),
        "relay (#r=…&k=…, relay loaded)": (
            relay,
            lambda p: p.wait_for_function(
                "performance.getEntriesByType('resource').some((e) => e.name.includes('mqtt'))"
            ),
        ),
    }
    sizes = {}
    for name, (fragment, settle) in modes.items():
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, service_workers="block"
        )
        page = context.new_page()
        page.add_init_script(NAMED)
        transfers = Transfers(page)
        page.goto(f"{base}/hand.html{fragment}")
        settle(page)
        page.wait_for_load_state("networkidle")
        sizes[name] = transfers.sizes()
        context.close()
    return sizes


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}"


def spread(values: list[float]) -> str:
    return f"{min(values):.0f}-{max(values):.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4, help="loads per condition (median)")
    parser.add_argument("--quick", action="store_true", help="2 loads per condition")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs

    rebuild_engine_wheel()
    with counted_site() as (base, server), amqtt_broker() as broker:
        table = f"{base}/table.html?new&join=relay&broker={quote(broker, safe='')}&stun=none"
        bare = f"{base}/tests/e2e/pages/pyodide.html?wheel=vendor/{engine_wheel_name()}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            chromium = playwright.chromium
            rows: dict[str, list[Load]] = {name: [] for name in ROWS}
            for _ in range(runs):  # interleaved, so a busy moment hits every row alike
                rows["table.html, cold"].append(cold(chromium, table, server))
                rows["table.html, warm HTTP cache"].append(warm(chromium, table, server))
                by_worker = from_service_worker(chromium, table, server)
                rows["table.html, service worker"].append(by_worker[0])
                rows["table.html, service worker, again"].append(by_worker[1])
                rows["bare Pyodide + engine wheel, cold"].append(cold(chromium, bare, server))
                rows["bare Pyodide + engine wheel, warm HTTP cache"].append(
                    warm(chromium, bare, server)
                )
            joins = [join_during_boot(chromium, browser, table) for _ in range(runs)]
            phones = phone_bytes(browser, base, broker)
            browser.close()

    print(f"Navigation → QR and → ready, median of {runs} (min-max), headless Chromium:\n")
    print(
        "| load | QR ms | QR min-max | ready ms | ready min-max | network KiB"
        " | Python from its snapshot |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, loads in rows.items():
        qrs = [x.qr for x in loads if x.qr is not None]
        ready = [x.ready for x in loads]
        sent = statistics.median(x.sent for x in loads) / 1024
        qr = (median(qrs), spread(qrs)) if qrs else ("-", "-")
        restored = f"{sum(x.restored for x in loads)} of {len(loads)}" if "table" in name else "-"
        print(
            f"| {name} | {qr[0]} | {qr[1]} | {median(ready)} | {spread(ready)} | {sent:.0f}"
            f" | {restored} |"
        )
    print()
    for served in ("table.html, service worker", "table.html, service worker, again"):
        sw = statistics.median(x.ready for x in rows[served])
        for reference in ("cold", "warm HTTP cache"):
            bare_ms = statistics.median(
                x.ready for x in rows[f"bare Pyodide + engine wheel, {reference}"]
            )
            print(f"ready, {served} / bare Pyodide {reference}: {sw / bare_ms:.2f}x  ")
    print("\nWhere the table's boot went, ms from navigation start (medians; docs/design.md):\n")
    print("| load | " + " | ".join(BOOT_STEPS) + " |")
    print("|---|" + "---:|" * len(BOOT_STEPS))
    for name, loads in rows.items():
        marked = [x.marks for x in loads if x.marks]
        if marked:
            cells = [median([m[step] for m in marked if step in m] or [0]) for step in BOOT_STEPS]
            print(f"| {name} | " + " | ".join(cells) + " |")
    packed = statistics.median(x.gzip or 0 for x in rows["table.html, cold"])
    print(f"\nA cold table load gzipped (level 6): {packed / 1024:.0f} KiB")
    print()
    seated = [s for _, s in joins]
    print(
        f"A phone that opens the link as soon as it shows (cold table, relay): seated"
        f" {median(seated)} ms after the table's navigation start ({spread(seated)});"
        f" the QR was up at {median([q for q, _ in joins])} ms.\n"
    )
    print("| hand.html, cold | files | raw KiB | gzip KiB |")
    print("|---|---:|---:|---:|")
    for name, (count, raw_bytes, gzip_bytes) in phones.items():
        print(f"| {name} | {count} | {raw_bytes / 1024:.1f} | {gzip_bytes / 1024:.1f} |")


ROWS = (
    "table.html, cold",
    "table.html, warm HTTP cache",
    "table.html, service worker",
    "table.html, service worker, again",
    "bare Pyodide + engine wheel, cold",
    "bare Pyodide + engine wheel, warm HTTP cache",
)


if __name__ == "__main__":
    main()
