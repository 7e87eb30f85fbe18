"""What a page transfers: every response's body, raw and gzipped (level 6, as a static host would
compress it). For the phone page's byte budgets (tests/e2e/test_phone_weight.py) and the boot and
WebRTC benchmarks."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Browser, Page, Response

Sizes = dict[str, tuple[int, int, int]]


@dataclass
class Transfers:
    """Records the responses ``page`` receives from now on (call before ``page.goto``)."""

    page: Page
    responses: list[Response] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("response", lambda response: self.responses.append(response))

    def urls(self) -> list[str]:
        """The URLs of the responses so far."""
        return [r.url for r in self.responses]

    def files(self) -> list[tuple[str, int, int]]:
        """(URL, raw bytes, gzip bytes) of every successful http(s) response so far, each URL
        once: a URL fetched again (the bots' worker starts Python from the same files) is served
        by the browser's cache, not the network."""
        found = []
        seen: set[str] = set()
        for response in self.responses:
            if (
                response.ok
                and response.url.startswith(("http:", "https:"))
                and (response.url not in seen)
            ):
                seen.add(response.url)
                body = response.body()
                found.append((response.url, len(body), len(gzip.compress(body, 6))))
        return found

    def sizes(self) -> tuple[int, int, int]:
        """(files, raw bytes, gzip bytes) of the responses so far."""
        files = self.files()
        return len(files), sum(f[1] for f in files), sum(f[2] for f in files)


def transfer_bytes(
    browser: Browser, url: str, settle: Callable[[Page], None]
) -> tuple[int, int, int]:
    """(files, raw bytes, gzip bytes) of everything a cold load of ``url`` fetches, in a new
    phone-sized context without service workers; ``settle(page)`` waits for (or drives) the page
    until what counts is loaded, then the network must go idle."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, service_workers="block"
    )
    page = context.new_page()
    transfers = Transfers(page)
    page.goto(url)
    settle(page)
    page.wait_for_load_state("networkidle")
    sizes = transfers.sizes()
    context.close()
    return sizes


def print_sizes(heading: str, sizes: Sizes) -> None:
    """A markdown table of ``transfer_bytes`` results, one row per page; ``heading`` names the
    first column."""
    print(f"| {heading} | files | raw KiB | gzip KiB |")
    print("|---|---:|---:|---:|")
    for name, (files, raw, packed) in sizes.items():
        print(f"| {name} | {files} | {raw / 1024:.1f} | {packed / 1024:.1f} |")
