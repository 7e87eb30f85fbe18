"""Take the README pictures: the TV mid-game and a phone's hand (``docs/img/*.png``), and the TV
"from the sofa" (``docs/img/sofa-<state>-<height>.png``: the lobby, play and the results at
1920x1080 and 1280x720, the sizes tests/e2e/test_sofa.py measures the text at).

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


SOFA_SIZES = ((1920, 1080), (1280, 720))


def finish_solo_hand(tv: Page) -> None:
    """Play the table screen's hand to the results: the first legal card (first choice when
    asked), else the suit, draw or end turn."""
    hand = tv.get_by_test_id("hand")
    results = tv.get_by_test_id("results")
    for _ in range(400):
        expect(results.or_(tv.locator(".hand--turn")).first).to_be_visible(timeout=WAIT)
        if results.is_visible():
            return
        legal = hand.locator(".hand__card.is-legal")
        if legal.count():
            legal.first.click()
            play = hand.locator("[data-act=play-selection]")
            if play.count() and play.is_enabled():
                play.click()
        else:
            for button in hand.locator(".hand__actions .btn:not(:disabled)").all():
                button.click()
                break
        choice = tv.get_by_test_id("choice")
        while choice.count():
            choice.locator("button").first.click()


def take_sofa(out: Path, lang: str) -> None:
    """The TV in the lobby, during play and on the results, at both sizes."""
    out.mkdir(parents=True, exist_ok=True)
    with serving() as base, amqtt_broker() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        tv.add_init_script(f"localStorage.setItem('lastcard.lang', '{lang}')")
        tv.goto(f"{base}/table.html?new&join=relay&broker={quote(url, safe='')}&stun=none")
        expect(tv.get_by_test_id("table")).to_have_attribute("data-state", "ready", timeout=90_000)
        expect(tv.get_by_test_id("join-url")).to_contain_text("#r=", timeout=WAIT)
        tv.locator("#timer-bot_pause").select_option("0")
        tv.locator("#timer-turn").select_option("off")
        tv.locator("#local-name").fill("Konstantinopolskaya-Anna")
        tv.locator("[data-act=add-local]").locator("button").click()
        for _ in range(2):
            tv.locator("[data-act=add-bot]").click()

        def shoot(state: str) -> None:
            for width, height in SOFA_SIZES:
                tv.set_viewport_size({"width": width, "height": height})
                tv.wait_for_timeout(300)
                path = out / f"sofa-{state}-{height}.png"
                tv.screenshot(path=path)
                shrink(path)

        shoot("lobby")
        tv.locator("[data-command=start]").click()
        for _ in range(3):  # a few turns, so the table has a history
            expect(tv.locator(".hand--turn")).to_be_visible(timeout=WAIT)
            tv.locator("[data-command=pause]").click()
            tv.locator("[data-command=resume]").click()
            legal = tv.locator(".hand__card.is-legal")
            (legal.first if legal.count() else tv.locator("[data-action=draw]")).click()
            choice = tv.get_by_test_id("choice")
            if choice.count():
                choice.locator("button").first.click()
        expect(tv.locator(".hand--turn")).to_be_visible(timeout=WAIT)
        shoot("play")
        tv.locator("[data-command=pause]").click()
        shoot("paused")
        tv.locator("[data-command=resume]").click()
        finish_solo_hand(tv)
        shoot("results")
        browser.close()


def main() -> None:
    """Parse the arguments and take the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--lang", choices=["ru", "en"], default="en")
    parser.add_argument("--sofa", action="store_true", help="only the TV's sofa pictures")
    args = parser.parse_args()
    if not args.sofa:
        take(args.out, args.lang)
        print(f"saved {args.out / 'tv.png'} and {args.out / 'phone.png'}")
    take_sofa(args.out, args.lang)
    print(f"saved {args.out}/sofa-*.png")


if __name__ == "__main__":
    main()
