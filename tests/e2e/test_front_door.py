"""First impressions: the landing page, hand.html opened without an invitation, and the TV's
join panel when the camera cannot be used (no webcam, blocked, or its QR reader will not load)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from lastcard import RULESETS
from playwright.sync_api import Browser, Page, Route, expect

HOME_TEXT = {
    "en": ("Host a table", "Join with a code", "Table code", "Join", "The games", "Rules"),
    "ru": ("Открыть стол", "Войти по коду", "Код стола", "Войти", "Игры", "Правила"),
}


def in_language(page: Page, lang: str) -> Page:
    """Make ``page`` open in ``lang`` (the remembered choice of js/i18n.js)."""
    page.add_init_script(f"localStorage.setItem('lastcard.lang', '{lang}')")
    return page


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_home_is_a_styled_bilingual_front_door(tv: Page, base_url: str, lang: str) -> None:
    host, join, code, button, games, rules = HOME_TEXT[lang]
    in_language(tv, lang).goto(f"{base_url}/index.html")
    expect(tv.locator("html")).to_have_attribute("lang", lang)
    link = tv.get_by_role("link", name=host)
    expect(link).to_have_attribute("href", "table.html")
    expect(link).to_have_css("background-color", "rgb(255, 209, 102)")  # the accent of css/app.css
    expect(tv.get_by_role("heading", name=join)).to_be_visible()
    expect(tv.get_by_label(code)).to_be_visible()
    expect(tv.get_by_role("button", name=button, exact=True)).to_be_visible()
    expect(tv.get_by_role("heading", name=games, exact=True)).to_be_visible()
    expect(tv.get_by_role("link", name=rules, exact=True)).to_have_count(len(RULESETS))
    expect(tv.locator(".home-hero__fan .card")).to_have_count(4)


@pytest.mark.parametrize(
    ("page", "part", "lang"), [("index.html", "home", "ru"), ("lab.html", "lab", "en")]
)
def test_a_pages_own_words_come_with_its_language(
    tv: Page, base_url: str, page: str, part: str, lang: str
) -> None:
    # the part of the strings a page names (<html data-strings>, js/i18n/<part>-<lang>.js) is
    # asked for with the language's own file, not a round trip after it: the language's file is
    # held back until the part's is asked for (a page that waited for it would never ask). Routing
    # also keeps the shared context's HTTP cache out of it, so an earlier test cannot answer first.
    held: list[Route] = []
    tv.route(f"**/js/i18n/{lang}.js", lambda route: held.append(route))
    with tv.expect_request(f"**/js/i18n/{part}-{lang}.js", timeout=10_000):
        in_language(tv, lang).goto(f"{base_url}/{page}", wait_until="commit")
    for route in held:
        route.continue_()
    expect(tv.locator("html")).to_have_attribute("lang", lang)
    expect(tv.get_by_role("button", name="English" if lang == "ru" else "Русский")).to_be_visible()


def test_home_switches_language_and_shows_each_games_rules(tv: Page, base_url: str) -> None:
    in_language(tv, "en").goto(f"{base_url}/index.html")
    tv.get_by_test_id("rules-last-card").click()
    rules = tv.get_by_role("dialog", name="Rules: Last Card (NZ)")
    expect(rules).to_contain_text("New Zealand house rules")  # the engine's, vendor/rulesets.json
    expect(rules).not_to_contain_text("keeps running")  # no game is running here
    rules.get_by_role("button", name="Русский").click()
    new_zealand = tv.get_by_role("dialog", name="Правила: Последняя карта (Новая Зеландия)")
    expect(new_zealand).to_contain_text("Новозеландские домашние правила")
    tv.keyboard.press("Escape")
    expect(tv.get_by_role("dialog")).to_have_count(0)
    expect(tv.get_by_role("link", name="Открыть стол")).to_be_visible()
    expect(tv.get_by_role("heading", name="Игры", exact=True)).to_be_visible()


def test_home_code_is_upper_cased_and_explained_when_wrong(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    phone = in_language(new_phone(), "en")
    phone.goto(f"{base_url}/index.html")
    field = phone.get_by_label("Table code")
    join = phone.get_by_role("button", name="Join", exact=True)
    join.click()
    error = phone.get_by_test_id("code-error")
    expect(error).to_have_text("Type the 6-letter code shown on the TV.")
    expect(field).to_be_focused()
    # the page drawn again (the games' list coming in, the other language) keeps the message
    phone.get_by_role("button", name="Русский").click()
    expect(error).to_have_text("Введите код из 6 букв с экрана телевизора.")  # noqa: RUF001
    phone.get_by_role("button", name="English").click()
    expect(error).to_have_text("Type the 6-letter code shown on the TV.")
    expect(field).to_have_attribute("aria-invalid", "true")
    field.press_sequentially("ab1")
    expect(field).to_have_value("AB1")
    expect(error).to_have_text("")
    join.click()
    expect(error).to_contain_text("6 Latin letters")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(phone).to_have_url(re.compile(r"/index\.html$"))
    field.fill("kqxmpt")
    field.press("Enter")
    expect(phone).to_have_url(re.compile(r"/hand\.html#c=KQXMPT$"))
    # opened at the address a self-hosted table shows (as typed from the TV, or percent-encoded
    # by hand), the home page passes its settings on
    for query in (
        "broker=wss://mq.example/mqtt&stun=none&turn=turn:t.example",
        "broker=wss%3A%2F%2Fmq.example%2Fmqtt&stun=none&turn=turn%3At.example",
    ):
        phone.goto(f"{base_url}/index.html?{query}")
        phone.get_by_label("Table code").fill("kqxmpt")
        phone.get_by_label("Table code").press("Enter")
        expect(phone).to_have_url(
            re.compile(
                r"/hand\.html#c=KQXMPT&b=wss%3A%2F%2Fmq\.example%2Fmqtt&s=none&t=turn%3At\.example$"
            )
        )


@pytest.mark.parametrize(
    ("lang", "title", "code", "name", "button"),
    [
        ("en", "Type the code from the TV", "Table code", "Your name", "Join"),
        ("ru", "Введите код с телевизора", "Код стола", "Ваше имя", "Войти"),  # noqa: RUF001
    ],
)
def test_hand_without_invitation_asks_for_the_tv_code(
    new_phone: Callable[[], Page],
    watch: Callable[[Page], Any],
    base_url: str,
    lang: str,
    title: str,
    code: str,
    name: str,
    button: str,
) -> None:
    phone = in_language(new_phone(), lang)
    log = watch(phone)
    phone.goto(f"{base_url}/hand.html")  # the site address typed on the phone
    expect(phone.get_by_role("heading", name=title)).to_be_visible()
    phone.get_by_label(code).fill("bad")
    phone.get_by_label(name).fill("Аня")
    phone.get_by_role("button", name=button, exact=True).click()
    expect(phone.get_by_test_id("code-error")).to_be_visible()
    expect(phone).to_have_url(re.compile(r"/hand\.html$"))
    # the other language and back: the page is drawn anew, what was typed stays (js/html.js)
    for shown in ("en", "ru") if lang == "ru" else ("ru", "en"):
        phone.get_by_role("button", name="English" if shown == "en" else "Русский").click()
        expect(phone.locator("html")).to_have_attribute("lang", shown)
        expect(phone.locator("#name")).to_have_value("Аня")
        expect(phone.locator("input[name=code]")).to_have_value("BAD")
    phone.get_by_label(code).fill("kqxmpt")
    expect(phone.get_by_label(code)).to_have_value("KQXMPT")
    phone.get_by_role("button", name=button, exact=True).click()
    expect(phone).to_have_url(re.compile(r"/hand\.html#c=KQXMPT$"))
    expect(phone.get_by_role("heading", name=title)).to_have_count(0)  # now joining that table
    # The page logs nothing of its own. Chromium itself logs a failed WebSocket to the public
    # relays, which this machine cannot reach; whether that comes before this line is timing.
    own = [e for e in log.console_errors if not e.startswith("WebSocket connection to ")]
    assert own == []


def test_hand_with_an_invitation_asks_only_for_the_name(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    phone = in_language(new_phone(), "en")
    phone.goto(f"{base_url}/hand.html#c=KQXMPT")
    expect(phone.get_by_label("Your name")).to_be_visible()
    expect(phone.get_by_label("Table code")).to_have_count(0)


DENIED = """navigator.mediaDevices.getUserMedia = () =>
  Promise.reject(new DOMException("Permission denied", "NotAllowedError"));"""


@pytest.mark.parametrize(
    ("lang", "script", "advice", "switch"),
    [
        ("en", "", "No camera found", "Use the internet instead"),  # headless: no webcam at all
        ("ru", "", "нет камеры", "Через интернет"),
        ("en", DENIED, "blocked the camera", "Use the internet instead"),
    ],
)
def test_tv_camera_failure_says_what_to_do_and_offers_the_switch(
    tv: Page, open_table: Callable[..., Any], lang: str, script: str, advice: str, switch: str
) -> None:
    in_language(tv, lang)
    if script:
        tv.add_init_script(script)
    open_table(tv, "new&join=camera&stun=none")
    problem = tv.get_by_test_id("join-problem")
    expect(problem).to_contain_text(advice)
    expect(problem).not_to_contain_text("Requested device")
    expect(problem.get_by_role("button", name=switch)).to_be_visible()
    expect(tv.get_by_test_id("join-url")).to_have_count(0)
    problem.get_by_role("button", name=switch).click()
    expect(tv.get_by_test_id("join-problem")).to_have_count(0)
    expect(tv.locator("#join-text")).to_contain_text(
        "Internet mode" if lang == "en" else "Режим интернета"
    )


def test_tv_camera_whose_qr_reader_will_not_load_says_so_and_the_link_still_works(
    webcam_browser: tuple[Browser, Path], open_table: Callable[..., Any], mqtt_broker: str
) -> None:
    """The webcam runs but the QR reader's worker cannot load its decoder (a broken deploy, a
    filtering proxy): the camera way stops and says why, the relay's link and code stay."""
    table_browser, _ = webcam_browser
    context = table_browser.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/vendor/barcode-detector/**", lambda route: route.fulfill(status=404))
    tv = context.new_page()
    open_table(tv, f"new&broker={quote(mqtt_broker, safe='')}&stun=none")
    problem = tv.get_by_test_id("join-problem")
    expect(problem).to_contain_text("The camera did not start (QR reader:")
    expect(problem.get_by_role("button", name="Try the camera again")).to_be_visible()
    expect(tv.get_by_test_id("join-url")).to_contain_text("hand.html#r=")
    expect(tv.get_by_test_id("join-url")).not_to_contain_text("&o=")  # no camera offer in it
    expect(tv.locator("video[aria-label=camera]")).to_have_count(0)  # the camera is off again
    context.close()
