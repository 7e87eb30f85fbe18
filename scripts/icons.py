"""Render the app icon's PNG sizes from ``assets/icon.svg`` (for ``manifest.webmanifest``).

``.venv/bin/python scripts/icons.py`` draws the SVG in headless Debian Chromium at each size and
writes ``assets/icon-<size>.png``; run it after changing the SVG and commit the PNGs (browsers
that install the table as an app want PNG icons of 192 and 512 pixels).
"""

from __future__ import annotations

from pathlib import Path

from chromium import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "assets" / "icon.svg"
SIZES = (192, 512)


def main() -> None:
    markup = SVG.read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f'<body style="margin:0"><img src="data:image/svg+xml;charset=utf-8,'
                f'{markup.replace("#", "%23").replace(chr(34), "%22")}" '
                f'width="{size}" height="{size}" style="display:block"></body>'
            )
            page.wait_for_function("document.images[0].complete")
            target = SVG.with_name(f"icon-{size}.png")
            page.screenshot(path=str(target), omit_background=True)
            page.close()
            print(f"wrote {target.relative_to(ROOT)}")
        browser.close()


if __name__ == "__main__":
    main()
