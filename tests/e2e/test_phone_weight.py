"""The phone page's byte budgets: what hand.html transfers, gzip, in each way of joining.

A phone on mobile data opens the page from a QR code: camera mode must stay within 60 KB and
relay mode within 200 KB (KB = 1000 bytes; every file's body gzipped at level 6, as a static
host serves it: our scripts and style sheets as ``dist/`` holds them, without comments and layout
whitespace, scripts/minify.py; counted up to the moment the phone has everything its mode
loads). What a phone
does not always need comes by dynamic import() when it is needed: the table's drawing (js/board.js)
once the link opens, the rules texts when the rules are opened, the other language when it is
switched to, the SDP codec and the QR renderer in camera mode only, the relay and its MQTT client
in relay mode only; the webcam QR reader never (a phone scans with its own camera app), nor the
home page's words (js/i18n/home-*.js). These are byte budgets, not timings. And the page asks for
every module it fetches at once, from its head (hand.html), not one level of imports at a time:
each level would be a round trip.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect
from transfer import Transfers

CAMERA_BUDGET = 60_000  # bytes, gzip
RELAY_BUDGET = 200_000
NEVER = (
    "/vendor/barcode-detector/",
    "/vendor/zxing-wasm/",
    "/vendor/pyodide/",
    ".py",
    ".whl",
    "/js/i18n/home-",
)
NAMED = "localStorage.setItem('lastcard.name', 'Ann')"  # a returning phone: it joins at once


def loaded(transfers: Transfers, part: str) -> bool:
    return any(part in url for url in transfers.urls())


def report(transfers: Transfers) -> str:
    return "\n".join(f"{packed:7d} {url}" for url, _, packed in transfers.files())


# The modules the page asked for from its head (hand.html): its module script and every
# modulepreload link, those its script added included.
ASKED = """() => [
  ...[...document.querySelectorAll("script[type=module][src]")].map((e) => e.src),
  ...[...document.querySelectorAll("link[rel=modulepreload]")].map((e) => e.href),
]"""


def unasked_modules(
    page: Page, transfers: Transfers, *, on_demand: tuple[str, ...] = ()
) -> list[str]:
    """The scripts the page fetched that its head did not ask for (``on_demand``: URL parts of
    the ones it may load later, one import at a time)."""
    asked = set(page.evaluate(ASKED))
    scripts = [url for url in transfers.urls() if url.endswith((".js", ".mjs"))]
    return [url for url in scripts if url not in asked and not any(p in url for p in on_demand)]


def check_rules_and_language_load_when_asked(phone: Page, transfers: Transfers) -> None:
    """Neither the rules nor Russian came with the page; both come when the phone asks."""
    assert not loaded(transfers, "/js/rules.js")
    assert not loaded(transfers, "/js/i18n/ru.js")
    phone.get_by_role("button", name="Русский").click()
    expect(phone.locator("html")).to_have_attribute("lang", "ru")
    assert loaded(transfers, "/js/i18n/ru.js")
    phone.get_by_role("button", name="Правила").click()
    expect(phone.get_by_role("dialog")).to_contain_text("Цель")
    assert loaded(transfers, "/js/rules.js")


def test_camera_mode_stays_within_60_kb(
    tv: Page, new_phone: Callable[[], Page], base_url: str
) -> None:
    # A real offer from the transport modules on the table's device (no Python needed).
    tv.goto(f"{base_url}/tests/e2e/pages/transport.html")
    tv.wait_for_function("document.body.dataset.ready === '1'")
    offer = tv.evaluate(
        "async () => T.sdp.encodeDescription(await new T.rtc.Link({iceServers: []}).offer(), 1)"
    )

    phone = new_phone()
    phone.add_init_script(NAMED)
    transfers = Transfers(phone)
    phone.goto(f"{base_url}/hand.html#o={offer}")
    expect(phone.get_by_role("img", name="answer QR")).to_be_visible()
    phone.wait_for_load_state("networkidle")
    files, _, packed = transfers.sizes()
    assert packed <= CAMERA_BUDGET, f"{packed} bytes gzip in {files} files:\n{report(transfers)}"
    assert loaded(transfers, "/vendor/qrcode-generator/")
    assert not loaded(transfers, "/js/relay.js") and not loaded(transfers, "/vendor/mqtt/")
    assert not loaded(transfers, "/js/board.js")  # no table yet: the answer QR is up
    assert not [url for url in transfers.urls() if any(part in url for part in NEVER)]
    assert not loaded(transfers, "/js/rules.js")
    assert not loaded(transfers, "/js/i18n/ru.js")
    assert not unasked_modules(phone, transfers)


def test_relay_mode_stays_within_200_kb(new_phone: Callable[[], Page], base_url: str) -> None:
    phone = new_phone()
    phone.add_init_script(NAMED)
    transfers = Transfers(phone)
    # No broker answers on port 9 (discard): the page still loads everything relay mode needs.
    phone.goto(f"{base_url}/hand.html#r=weigh&k=AAAAAAAAAAAAAAAAAAAAAA&b=ws://127.0.0.1:9")
    phone.wait_for_function(
        "performance.getEntriesByType('resource').some((e) => e.name.includes('/vendor/mqtt/'))"
    )
    phone.wait_for_load_state("networkidle")
    files, _, packed = transfers.sizes()
    assert packed <= RELAY_BUDGET, f"{packed} bytes gzip in {files} files:\n{report(transfers)}"
    assert loaded(transfers, "/js/relay.js")
    assert not loaded(transfers, "/js/qr.js") and not loaded(transfers, "/js/sdp.js")
    assert not [url for url in transfers.urls() if any(part in url for part in NEVER)]
    assert not unasked_modules(phone, transfers)
    check_rules_and_language_load_when_asked(phone, transfers)


@pytest.mark.parametrize(
    ("fragment", "locale", "saved", "language", "needs"),
    [
        ("", "en-GB", "ru", "ru", "/vendor/noble/"),
        (
            "#r=weigh&k=AAAAAAAAAAAAAAAAAAAAAA&b=ws://127.0.0.1:9",
            "ru-RU",
            None,
            "ru",
            "/vendor/mqtt/",
        ),
        ("#c=ABC123&b=ws://127.0.0.1:9", "en-GB", None, "en", "/js/pake.js"),
    ],
    ids=["code screen, language saved", "relay", "typed code"],
)
def test_the_phone_asks_for_its_modules_at_once(
    browser: Browser,
    base_url: str,
    fragment: str,
    locale: str,
    saved: str | None,
    language: str,
    needs: str,
) -> None:
    # The language the head guessed is the one the page shows (a language chosen before wins
    # over the browser's), in each way of joining; a typed code's exchange brings its curve
    # library later (js/pake.js's own imports, a dozen files of vendor/noble that only that
    # way needs; the code form fetches them while the code is typed).
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale=locale, service_workers="block"
    )
    phone = context.new_page()
    phone.add_init_script(NAMED)
    if saved:
        phone.add_init_script(f"localStorage.setItem('lastcard.lang', {saved!r})")
    transfers = Transfers(phone)
    phone.goto(f"{base_url}/hand.html{fragment}")
    expect(phone.locator("html")).to_have_attribute("lang", language)
    phone.wait_for_function(
        f"performance.getEntriesByType('resource').some((e) => e.name.includes({needs!r}))"
    )
    phone.wait_for_load_state("networkidle")
    assert loaded(transfers, f"/js/i18n/{language}.js")
    assert not loaded(transfers, f"/js/i18n/{'en' if language == 'ru' else 'ru'}.js")
    assert not unasked_modules(phone, transfers, on_demand=("/vendor/noble/",))
    context.close()
