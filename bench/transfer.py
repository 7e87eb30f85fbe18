"""What a page transfers on a cold load, for the boot and WebRTC benchmarks (one measurement)."""

from __future__ import annotations

import gzip
from collections.abc import Callable

from playwright.sync_api import Browser, Page, Response

Sizes = dict[str, tuple[int, int, int]]


def transfer_bytes(
    browser: Browser, url: str, settle: Callable[[Page], None]
) -> tuple[int, int, int]:
    """(files, raw bytes, gzip bytes) of everything a cold load of ``url`` fetches, in a new
    phone-sized context; ``settle(page)`` waits for (or drives) the page until what counts is
    loaded, then the network must go idle. Gzip at level 6, as a static host would compress."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url)
    settle(page)
    page.wait_for_load_state("networkidle")
    bodies = [r.body() for r in responses if r.ok and r.url.startswith(("http:", "https:"))]
    context.close()
    return len(bodies), sum(map(len, bodies)), sum(len(gzip.compress(b, 6)) for b in bodies)


def print_sizes(heading: str, sizes: Sizes) -> None:
    """A markdown table of ``transfer_bytes`` results, one row per page; ``heading`` names the
    first column."""
    print(f"| {heading} | files | raw KiB | gzip KiB |")
    print("|---|---:|---:|---:|")
    for name, (files, raw, packed) in sizes.items():
        print(f"| {name} | {files} | {raw / 1024:.1f} | {packed / 1024:.1f} |")
