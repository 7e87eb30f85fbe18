"""The table's tab and its save (issue 15): one table per browser, and a damaged save is said,
kept aside, downloadable, and replaced by a fresh table."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

# A fresh table that contacts nothing outside this machine (see test_table_game.py).
OFFLINE = "new&join=camera&stun=none"
BOOT_TIMEOUT = 90_000


def close_table(page: Page) -> str:
    """Leave the table for the site's home page (same origin, no table): nothing writes the save
    any more, as when the TV is off. The table's URL, to come back to (it no longer asks for a
    new table)."""
    table = page.url
    page.goto(table.split("table.html")[0] + "index.html")
    return table


def add_bot(page: Page) -> None:
    """Add one computer player in the lobby and wait until the TV shows it."""
    page.get_by_role("button", name="Add computer player").click()
    expect(page.get_by_test_id("seat-0")).to_contain_text("Bot 1")


def test_a_second_tab_sees_the_table_and_takes_it_over_cleanly(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    first_log = open_table(tv, OFFLINE)
    add_bot(tv)

    second = tv.context.new_page()
    second.goto(tv.url.split("?")[0] + "?join=camera&stun=none")
    expect(second.get_by_text("This table is already open in another tab")).to_be_visible()
    expect(second.get_by_test_id("table")).to_have_attribute("data-state", "elsewhere")
    assert second.evaluate("window.lastcardTable ?? null") is None
    expect(tv.get_by_test_id("table")).to_have_attribute("data-state", "ready")

    # a remote's OK moves it: the button has the focus
    expect(second.get_by_role("button", name="Move the table here")).to_be_focused()
    second.get_by_role("button", name="Move the table here").click()
    expect(tv.get_by_text("The table moved to another tab")).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(tv.get_by_test_id("table")).to_have_attribute("data-state", "elsewhere")
    assert tv.evaluate("window.lastcardTable") is None
    expect(tv.get_by_test_id("join-qr").locator("svg")).to_have_count(0)
    expect(second.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    # The game moved with the table: the old tab saved it, the new one restored it.
    expect(second.get_by_test_id("seat-0")).to_contain_text("Bot 1")
    second.get_by_role("button", name="Add computer player").click()
    expect(second.get_by_test_id("seat-1")).to_contain_text("Bot 2")

    # And back: the tab that gave the table away can take it again.
    expect(tv.get_by_role("button", name="Move the table back here")).to_be_focused()
    tv.get_by_role("button", name="Move the table back here").click()
    expect(second.get_by_text("The table moved to another tab")).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(tv.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Bot 2")
    assert first_log.console_errors == []


def test_a_damaged_save_is_said_kept_aside_downloadable_and_a_fresh_table_starts(
    tv: Page, open_table: Callable[..., Any], tmp_path: Path
) -> None:
    log = open_table(tv, OFFLINE)
    add_bot(tv)
    table = close_table(tv)  # the save is the table's last: no later one overwrites the damage
    saved = json.loads(tv.evaluate("localStorage.getItem('lastcard.table')"))
    # the page's seed is 128 bits of crypto.getRandomValues, not a search away (below 2**64: a
    # chance of one in 2**64)
    assert 2**64 <= saved["seed"] < 2**128
    # Playing with no game: restores with today's controller, then fails on the first call (its
    # validation refuses it outright); both are damage to the TV.
    saved["phase"] = "playing"
    damaged = json.dumps(saved)
    tv.evaluate("(text) => localStorage.setItem('lastcard.table', text)", damaged)

    tv.goto(table)
    expect(tv.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    notice = tv.get_by_role("alert").filter(has_text="The saved game could not be restored")
    expect(notice).to_be_visible()
    expect(tv.get_by_test_id("seat-0")).to_have_count(0)  # a fresh table, no Bot 1
    aside = json.loads(tv.evaluate("localStorage.getItem('lastcard.table.damaged')"))
    assert aside["save"] == damaged
    assert aside["reason"]

    with tv.expect_download() as download:
        notice.get_by_role("button", name="Download the damaged save").click()
    path = tmp_path / "save.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["save"] == damaged

    notice.get_by_role("button", name="OK").click()
    expect(notice).to_have_count(0)
    add_bot(tv)  # the fresh table plays and saves over the damaged one
    tv.reload()
    expect(tv.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    expect(tv.get_by_test_id("seat-0")).to_contain_text("Bot 1")
    expect(tv.get_by_test_id("damaged")).to_have_count(0)
    assert [e for e in log.console_errors if "saved table not restored" not in e] == []


def test_a_save_that_is_not_json_is_damaged_too(tv: Page, open_table: Callable[..., Any]) -> None:
    open_table(tv, OFFLINE)
    table = close_table(tv)  # the fresh table's first save may still be on its way: not now
    tv.evaluate("localStorage.setItem('lastcard.table', '{\"format\": 1, \"seed\"')")
    tv.goto(table)
    expect(tv.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    expect(tv.get_by_test_id("damaged")).to_contain_text("could not be restored")
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
