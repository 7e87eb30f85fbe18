"""The table's Python runs in a Web Worker and joining starts at page load (issues 12 and 16).

The engine wheel's download is held back by the test, so Python is still booting while a phone
joins: the QR and the link are on the TV already, the phone is admitted and told the table is
starting, and it is seated by itself once the engine is up (its queued hello answered once)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, Route, expect

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
BOOT_TIMEOUT = 90_000  # ms: a cold Pyodide boot on a busy two-core machine


def test_a_phone_joins_while_the_engine_boots_and_is_seated_when_it_is_up(
    tv: Page,
    new_phone: Callable[[], Page],
    watch: Callable[[Page], Any],
    base_url: str,
    mqtt_broker: str,
) -> None:
    held: list[Route] = []
    tv.route(
        re.compile(r"/vendor/lastcard-[^/]*\.whl$"), lambda route: held.append(route)
    )  # the engine waits
    log = watch(tv)
    tv.goto(f"{base_url}/table.html?new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none")
    url = tv.get_by_test_id("join-url")
    expect(url).to_contain_text("hand.html#r=", timeout=JOIN_TIMEOUT)
    expect(tv.get_by_test_id("join-qr").locator("svg")).to_be_visible()
    table = tv.get_by_test_id("table")
    expect(table).to_have_attribute("data-state", "booting")
    # Real progress next to the QR: bytes of the known total, then Python starting.
    boot = tv.get_by_test_id("boot")
    expect(boot).to_contain_text(re.compile(r"Downloading the game|Starting Python|Loading"))

    phone = new_phone()
    phone_log = watch(phone)
    phone.goto(url.inner_text())
    phone.get_by_label("Your name").fill("Пётр")
    phone.get_by_role("button", name="Join").click()
    expect(phone.get_by_test_id("hand-status")).to_have_text(
        re.compile("The table is starting"), timeout=JOIN_TIMEOUT
    )
    expect(table).to_have_attribute("data-state", "booting")
    assert held, "the engine wheel was not requested"

    for route in held:
        route.continue_()
    expect(table).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT)
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    seat = tv.get_by_test_id("seat-0")
    expect(seat).to_contain_text("Пётр")
    expect(seat).to_contain_text("connected")
    expect(tv.get_by_test_id("seat-1")).to_have_count(0)  # seated once, not twice
    # The QR and the code never went away while the table came up.
    expect(tv.get_by_test_id("join-code")).to_have_text(re.compile(r"^[A-Z]{6}$"))
    assert log.console_errors == []
    assert phone_log.console_errors == []
