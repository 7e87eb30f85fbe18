"""Python's snapshot (js/python-boot.js), in Chromium: the first boot of the table starts Python
afresh and the bots' worker keeps a memory snapshot of the interpreter (the engine imported,
nothing of the table yet) in Cache Storage; the next boot restores it, and a game plays with
computer players (their worker restored too). A damaged snapshot is dropped: the table starts
Python afresh, says nothing to the players, plays, and a good snapshot replaces the bad one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import BOOT_TIMEOUT, TV_VIEWPORT
from .test_offline import play_turns

TABLE = "table.html?new&join=camera&stun=none"
KEEP_TIMEOUT = 60  # s: the bots' worker boots after the table, then keeps the snapshot
# The snapshots' cache: [url, bytes] of each entry.
ENTRIES = """async () => {
  const cache = await caches.open("python-snapshot");
  const entries = [];
  for (const request of await cache.keys()) {
    entries.push([request.url, (await (await cache.match(request)).arrayBuffer()).byteLength]);
  }
  return entries;
}"""
# Replace every snapshot's bytes with 4 MB of the same byte, under the same key; and add one
# kept for other files (another wheel), which nothing matches.
DAMAGE = """async () => {
  const cache = await caches.open("python-snapshot");
  const keys = await cache.keys();
  const junk = new Uint8Array(4 << 20).fill(7);
  for (const request of keys) await cache.put(request, new Response(junk));
  await cache.put(new URL("python-snapshot/0/stale", location.href).href, new Response("old"));
  return keys.length;
}"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A TV's browser: pages in one context share its Cache Storage, as reloads of one tab do."""
    context = browser.new_context(viewport=TV_VIEWPORT, service_workers="block")
    yield context
    context.close()


def boot(context: BrowserContext, base_url: str) -> tuple[Page, list[str]]:
    """Open the table in a new page of ``context``; the page and its console warnings."""
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.on("pageerror", lambda error: warnings.append(f"uncaught: {error}"))
    page.goto(f"{base_url}/{TABLE}")
    expect(page.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    return page, warnings


def kept(page: Page) -> list[list[object]]:
    """Wait until the bots' worker has kept a snapshot; the cache's entries."""
    deadline = time.monotonic() + KEEP_TIMEOUT
    while not (entries := page.evaluate(ENTRIES)):
        assert time.monotonic() < deadline, "no Python snapshot was kept"
        page.wait_for_timeout(200)
    return entries


def restored(page: Page) -> bool:
    return bool(page.evaluate("window.lastcardBoot.restored"))


def test_the_next_boot_restores_python_and_a_game_with_the_computer_plays(
    context: BrowserContext, base_url: str
) -> None:
    first, _ = boot(context, base_url)
    assert not restored(first)
    [(url, size)] = kept(first)
    assert "/python-snapshot/" in str(url)
    assert int(str(size)) > 8 << 20  # the interpreter's memory, not a stub
    first.close()

    tv, warnings = boot(context, base_url)
    assert restored(tv)
    boot_marks = tv.evaluate("window.lastcardBoot")
    assert boot_marks["fetched"] <= boot_marks["python"] <= boot_marks["opened"]
    play_turns(tv, 3)
    assert [w for w in warnings if "snapshot" in w or "uncaught" in w] == []


def test_a_damaged_snapshot_is_dropped_and_python_starts_afresh(
    context: BrowserContext, base_url: str
) -> None:
    first, _ = boot(context, base_url)
    kept(first)
    assert first.evaluate(DAMAGE) == 1
    first.close()

    tv, warnings = boot(context, base_url)
    assert not restored(tv)
    assert any("could not be restored" in w for w in warnings), warnings
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
    # The bots' worker keeps a good one in its place, and the stale one is gone.
    deadline = time.monotonic() + KEEP_TIMEOUT
    while True:
        entries = tv.evaluate(ENTRIES)
        if len(entries) == 1 and int(str(entries[0][1])) > 8 << 20:
            break
        assert time.monotonic() < deadline, entries
        tv.wait_for_timeout(200)
    assert "stale" not in str(entries[0][0])
    play_turns(tv, 2)
    tv.close()

    again, _ = boot(context, base_url)
    assert restored(again)
