"""Take the README pictures: the TV mid-game and a phone's hand (``docs/img/*.png``).

``.venv/bin/python scripts/screenshots.py`` serves the site, starts a loopback MQTT broker
(amqtt, as the tests do), opens the table in Debian Chromium, joins one phone through the relay,
adds two computer players, starts a game of «Последняя» and photographs both screens on the
phone's turn. Needs ``make setup`` first (vendor/ and the engine wheel).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from urllib.parse import quote

from broker import amqtt_broker
from chromium import CHROMIUM, CHROMIUM_ARGS
from PIL import Image
from playwright.sync_api import Page, expect, sync_playwright
from serve import serving

ROOT = Path(__file__).resolve().parent.parent
WAIT = 30_000  # ms
TURNS = 3  # the phone's turns played before the pictures


def play_something(phone: Page) -> None:
    """The phone plays its first legal card (first colour if asked), or draws."""
    legal = phone.locator(".hand__card.is-legal")
    if legal.count():
        legal.first.click()
        choice = phone.get_by_test_id("choice")
        if choice.count():
            choice.locator("[data-act=send]").first.click()
    else:
        phone.locator("[data-action=draw]").click()
        if phone.locator("[data-action=pass]").is_enabled():
            phone.locator("[data-action=pass]").click()
    phone.wait_for_timeout(300)


def shrink(path: Path) -> None:
    """Re-save a screenshot with a 256-colour palette: a README picture, a fraction of the size."""
    image = Image.open(path).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True
    )


def take(out: Path, lang: str) -> None:
    """Play up to the phone's first turn and save ``tv.png`` and ``phone.png`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    with serving() as base, amqtt_broker() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        init = f"localStorage.setItem('lastcard.lang', '{lang}')"
        tv = browser.new_context(viewport={"width": 1600, "height": 900}).new_page()
        tv.add_init_script(init)
        tv.goto(f"{base}/table.html?new&join=relay&broker={quote(url, safe='')}&stun=none")
        expect(tv.get_by_test_id("table")).to_have_attribute("data-state", "ready", timeout=90_000)
        expect(tv.get_by_test_id("join-url")).to_contain_text("#r=", timeout=WAIT)
        phone = browser.new_context(
            viewport={"width": 390, "height": 844},
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
        ).new_page()
        phone.add_init_script(init + "; localStorage.setItem('lastcard.name', 'Маша')")
        phone.goto(tv.get_by_test_id("join-url").inner_text())
        expect(tv.get_by_test_id("seat-0")).to_contain_text("Маша", timeout=WAIT)
        for _ in range(2):
            tv.locator("[data-act=add-bot]").click()
        tv.locator("[data-command=start]").click()
        for _ in range(TURNS):  # a few turns, so the table has a history
            expect(phone.locator(".hand--turn")).to_be_visible(timeout=WAIT)
            play_something(phone)
        expect(phone.locator(".hand--turn")).to_be_visible(timeout=WAIT)
        tv.wait_for_timeout(500)
        for name, page in (("tv", tv), ("phone", phone)):
            page.screenshot(path=out / f"{name}.png")
            shrink(out / f"{name}.png")
        browser.close()


def main() -> None:
    """Parse the arguments and take the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--lang", choices=["ru", "en"], default="en")
    args = parser.parse_args()
    take(args.out, args.lang)
    print(f"saved {args.out / 'tv.png'} and {args.out / 'phone.png'}")


if __name__ == "__main__":
    main()
