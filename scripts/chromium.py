"""Headless Debian Chromium for tests, benchmarks and screenshots: one place for path and flags.

``playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)``; Playwright's own
browser downloads are never used. ``$CHROMIUM`` overrides the path.

``--disable-features``: Chromium takes the last one on its command line, and Playwright puts its
own first (``chromiumSwitches.ts``), so ours repeats Playwright's list (``PLAYWRIGHT_DISABLED``,
of the pinned version; ``tests/e2e/test_browser_flags.py`` checks that the browser's command
line holds it) and adds the omnibox's popup. Chromium 156 draws that popup in WebUI, and
preloads its page in a renderer of its own for every window it opens, which in headless Chromium
is every page: about 0.7 CPU-seconds each, with nothing to show it in. Without it an empty
context costs about 0.3 CPU-seconds instead of 1.2 (eight contexts of about:blank: 2.4-2.8
against 8.8-10.0).
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: Playwright 1.65's own ``--disable-features`` (its ``chromiumSwitches.ts``)
PLAYWRIGHT_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
#: the omnibox's WebUI popups, preloaded for every window
OMNIBOX_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED + OMNIBOX_POPUPS),
]
