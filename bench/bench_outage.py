"""After an outage of the broker: how soon the table is back on it, and a waiting phone seated.

Through the real pages in headless Debian Chromium (table.html, hand.html, each in its own
browser context), with a loopback amqtt broker on a fixed port: the table opens in relay mode and
shows its code; the broker stops; once the TV says no relay answers, a phone types the code and
keeps trying; after ``--outage`` seconds the broker starts again on the same port. The clock
starts then and stops twice: when the TV's warning is gone (the table is connected again) and
when the phone says "You are at the table". Both depend on where the reconnection waits stand
when the broker returns (js/relay.js ``BACKOFF_MS``, js/join-phone.js ``RETRY_MS``), so an
outage is a phase of their schedules, not noise: each run is the same outage again.

Prints markdown. ``python bench/bench_outage.py [--quick] [--outage S] [--runs N]``.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Browser, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from broker import amqtt_broker, free_port  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import serving  # noqa: E402

WAIT = 90_000  # ms: a table's boot, or a return, on a busy machine


def one_outage(browser: Browser, base: str, outage: float) -> tuple[float, float]:
    """Seconds from the broker's return until the table is back on it, and the phone seated."""
    port = free_port()
    broker = f"ws://127.0.0.1:{port}/mqtt"
    tv_context = browser.new_context(viewport={"width": 1280, "height": 720})
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        tv = tv_context.new_page()
        with amqtt_broker(port=port):
            tv.goto(f"{base}/table.html?new&join=relay&broker={quote(broker, safe='')}&stun=none")
            code = tv.get_by_test_id("join-code")
            expect(code).to_have_text(re.compile(r"^[A-Z]{6}$"), timeout=WAIT)
            typed = code.inner_text()
        down = tv.get_by_test_id("join-relay-down")
        expect(down).to_be_visible(timeout=WAIT)
        stopped = time.monotonic()
        phone = phone_context.new_page()
        phone.goto(f"{base}/hand.html#b={quote(broker, safe='')}&s=none")
        phone.get_by_label("Table code").fill(typed)
        phone.get_by_label("Your name").fill("Mila")
        phone.get_by_role("button", name="Join").click()
        time.sleep(max(0.0, stopped + outage - time.monotonic()))  # the outage itself
        with amqtt_broker(port=port):
            back = time.monotonic()
            expect(down).to_have_count(0, timeout=WAIT)
            table = time.monotonic() - back
            expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=WAIT)
            seated = time.monotonic() - back
        return table, seated
    finally:
        tv_context.close()
        phone_context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run of a 20-second outage")
    parser.add_argument("--outage", type=float, help="seconds the broker is down (default 40)")
    parser.add_argument("--runs", type=int, help="outages measured (default 3)")
    args = parser.parse_args(argv)
    outage = args.outage or (20.0 if args.quick else 40.0)
    runs = args.runs or (1 if args.quick else 3)
    with serving() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            results = [one_outage(browser, base, outage) for _ in range(runs)]
        finally:
            browser.close()
    print(f"### The broker down {outage:.0f} s, then back ({runs} run{'s' if runs > 1 else ''})\n")
    print("| run | table back on the broker | phone seated |")
    print("|---:|---:|---:|")
    for run, (table, seated) in enumerate(results, 1):
        print(f"| {run} | {table:.1f} s | {seated:.1f} s |")


if __name__ == "__main__":
    main()
