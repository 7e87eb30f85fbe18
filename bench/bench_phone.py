"""The phone page over a slow network: hand.html from the scan to what its way of joining needs.

A phone opens hand.html each way a phone can (relay: the table's usual QR; camera: a QR with the
table's offer; no fragment: the code screen, where it then types a code). Each phone is a
phone-sized context of its own (empty cache, service workers blocked, a remembered name, so it
joins at once) whose requests wait an emulated round trip (Chromium's
``Network.emulateNetworkConditions``, its ``latency``, over the DevTools protocol), as on Wi-Fi to
a static host or on mobile data. Times from the phone's navigation start, on its own clock, to the
moment the page's own part is done:

- **relay**: the page opens its WebSocket to the broker (every script of the join loaded and
  run; from there on the time is the broker's and the link's);
- **camera**: the answer QR is on screen;
- **code screen**: the form for the table's code is on screen;
- **code typed**: from the tap on Join, a code typed once the page has fetched what it fetches
  by itself, to its WebSocket (the code's exchange and the relay loaded and run);

and for the relay how many of the page's scripts were asked for before the first one had
arrived, the rest waiting on an import discovered later (the waterfall's width against its
depth). The server is ``scripts/serve.py`` (HTTP/1.1: Chromium opens six connections to it,
so twelve files asked for at once take two round trips; a static host over HTTP/2 would take
one). Whatever the emulation adds after the page's part (WebRTC's packets are delayed too) is
not timed: on a living room's Wi-Fi the table is a few milliseconds away.

Medians over the phones of each condition, the conditions interleaved so that a busy moment hits
each alike. ``--before DIR`` serves a second checkout (a worktree of an earlier commit, its
``vendor/`` set up or linked) beside this one, interleaved with it, for a before-and-after pair.

Prints markdown. ``python bench/bench_phone.py [--phones N] [--rtt MS ...] [--before DIR]
[--quick]``, or ``make bench``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from broker import amqtt_broker  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import serving  # noqa: E402

NAMED = "localStorage.setItem('lastcard.name', 'Ann')"
# When the page first opens a WebSocket (the broker's), on its own clock.
SOCKET = """
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    window.socketAt ??= performance.now();
    super(...args);
  }
};
"""
# When each of these first shows, on the page's own clock.
SEEN = """
window.seen = {};
new MutationObserver(() => {
  for (const selector of ["#answer svg", "form[data-act=code]"]) {
    if (!(selector in seen) && document.querySelector(selector)) seen[selector] = performance.now();
  }
}).observe(document, { subtree: true, childList: true });
"""
# Scripts asked for before the first script had arrived, and all of them.
WIDTH = """(() => {
  const scripts = performance.getEntriesByType("resource")
    .filter((e) => /\\.m?js$/.test(new URL(e.name).pathname));
  const first = Math.min(...scripts.map((e) => e.responseEnd));
  return [scripts.filter((e) => e.startTime < first).length, scripts.length];
})()"""


def offer(browser: Browser, base: str) -> str:
    """A real camera-mode offer, from the transport modules on a bare page."""
    page = browser.new_page()
    page.goto(f"{base}/tests/e2e/pages/transport.html")
    page.wait_for_function("document.body.dataset.ready === '1'")
    digits = str(
        page.evaluate(
            "async () => T.sdp.encodeDescription(await new T.rtc.Link({iceServers: []}).offer(), 1)"
        )
    )
    page.close()
    return digits


def load(browser: Browser, url: str, rtt: int, done: Callable[[Page], float]) -> tuple[float, Page]:
    """ms from navigation start to ``done`` for one cold phone behind a round trip of ``rtt``."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, service_workers="block"
    )
    phone = context.new_page()
    phone.add_init_script(NAMED + ";" + SOCKET + ";" + SEEN)
    cdp = context.new_cdp_session(phone)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": rtt, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    phone.goto(url)
    return done(phone), phone


def relay_done(phone: Page) -> float:
    phone.wait_for_function("window.socketAt !== undefined")
    return float(phone.evaluate("window.socketAt"))


def typed(phone: Page) -> float:
    """ms from the tap on Join to the WebSocket, a code typed into the code form once the page
    has fetched what it fetches by itself (a person takes some seconds to type six letters)."""
    phone.wait_for_selector("form[data-act=code] input[data-code]")
    phone.wait_for_load_state("networkidle")
    phone.fill("form[data-act=code] input[data-code]", "ABCDEF")
    tapped = float(phone.evaluate("performance.now()"))
    phone.click("form[data-act=code] [type=submit]")
    return relay_done(phone) - tapped


def shown(selector: str) -> Callable[[Page], float]:
    """When ``selector`` first showed (one of ``SEEN``'s)."""

    def done(phone: Page) -> float:
        phone.wait_for_function("(selector) => selector in window.seen", arg=selector)
        return float(phone.evaluate("(selector) => window.seen[selector]", selector))

    return done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--phones", type=int, default=7, help="phones per condition (median)")
    parser.add_argument("--rtt", type=int, nargs="+", default=[0, 50, 150], help="ms")
    parser.add_argument("--before", type=Path, help="a second checkout, timed beside this one")
    parser.add_argument("--quick", action="store_true", help="3 phones per condition")
    args = parser.parse_args(argv)
    phones = 3 if args.quick else args.phones
    sites = {"now": ROOT, **({"before": args.before.resolve()} if args.before else {})}

    times: dict[tuple[str, str, int], list[float]] = {}
    widths: dict[tuple[str, int], list[tuple[int, int]]] = {}
    with ExitStack() as stack, sync_playwright() as playwright:
        broker = stack.enter_context(amqtt_broker())
        bases = {name: stack.enter_context(serving(root)) for name, root in sites.items()}
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        digits = offer(browser, bases["now"])
        ways: dict[str, tuple[str, Callable[[Page], float]]] = {
            "relay: at the broker": (f"#r=bench&k=AAAAAAAAAAAAAAAAAAAAAA&b={broker}", relay_done),
            "camera: answer QR": (f"#o={digits}", shown("#answer svg")),
            "code screen: form": ("", shown("form[data-act=code]")),
            "code typed: Join to the broker": (f"#b={broker}", typed),
        }
        for _ in range(phones):
            for rtt in args.rtt:
                for site, base in bases.items():
                    for way, (fragment, done) in ways.items():
                        ms, page = load(browser, f"{base}/hand.html{fragment}", rtt, done)
                        times.setdefault((way, site, rtt), []).append(ms)
                        if way.startswith("relay"):
                            widths.setdefault((site, rtt), []).append(page.evaluate(WIDTH))
                        page.context.close()
        browser.close()

    print(
        f"A cold phone, hand.html, {phones} phones per condition, median (min-max) ms from its"
        f" navigation start; for the relay, also how many of its scripts were asked for before"
        f" the first had arrived:\n"
    )
    print("| way | site | " + " | ".join(f"{rtt} ms round trip" for rtt in args.rtt) + " |")
    print("|---|---|" + "---:|" * len(args.rtt))
    for way in ways:
        for site in sites:
            cells = []
            for rtt in args.rtt:
                values = times[way, site, rtt]
                cells.append(
                    f"{statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})"
                )
            print(f"| {way} | {site} | " + " | ".join(cells) + " |")
    for site in sites:
        cells = []
        for rtt in args.rtt:
            asked = [width for width, _ in widths[site, rtt]]
            count = widths[site, rtt][0][1]
            cells.append(f"{statistics.median(asked):.0f} of {count}")
        print(f"| relay: scripts asked for at once | {site} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
