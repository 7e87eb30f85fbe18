"""Headless Debian Chromium for tests, benchmarks and screenshots: one place for path and flags.

``playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)``; Playwright's own
browser downloads are never used. ``$CHROMIUM`` overrides the path.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
