"""The flags the tests' Chromium runs with (scripts/chromium.py): Chromium takes the last
``--disable-features`` on its command line, and ours comes after Playwright's, so ours must hold
every feature Playwright's does (a Playwright upgrade may add one), and it keeps the omnibox's
WebUI popup from being preloaded for every page."""

from __future__ import annotations

import re

from chromium import OMNIBOX_POPUPS
from playwright.sync_api import Browser, Page


def disabled_features(page: Page) -> list[set[str]]:
    """Each ``--disable-features`` list on the command line of ``page``'s browser, in order."""
    page.goto("chrome://version")
    line = page.locator("#command_line").inner_text()
    return [set(found.split(",")) for found in re.findall(r"--disable-features=(\S+)", line)]


def test_chromium_keeps_playwrights_disabled_features_and_preloads_no_omnibox(
    browser: Browser, tv: Page
) -> None:
    page = browser.new_page()
    try:
        for lists in (disabled_features(page), disabled_features(tv)):
            assert len(lists) >= 2, lists  # Playwright's own, then scripts/chromium.py's
            assert lists[0] <= lists[-1], lists[0] - lists[-1]
            assert set(OMNIBOX_POPUPS) <= lists[-1]
        cdp = browser.new_browser_cdp_session()
        # every kind of target, the browser's own WebUI too (by default those are left out)
        targets = cdp.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        assert not [t["url"] for t in targets if "omnibox" in t["url"]]
        cdp.detach()
    finally:
        page.close()
