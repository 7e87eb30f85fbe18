"""The skeleton pages: the table boots offline and clean, the landing page checks the browser."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect


def test_table_boots_offline_without_console_errors(
    tv: Page, open_table: Callable[..., Any], base_url: str
) -> None:
    log = open_table(tv, "join=camera&stun=none")  # no relay broker, no STUN: offline
    expect(tv.get_by_test_id("table")).to_have_attribute("aria-busy", "false")
    assert any(url.endswith(".whl") for url in log.requests), "the engine wheel was not loaded"
    assert log.foreign(base_url) == []
    assert log.console_errors == []


def test_home_offers_hosting_in_a_capable_browser(tv: Page, base_url: str) -> None:
    tv.goto(f"{base_url}/index.html")
    expect(tv.get_by_test_id("host-link")).to_have_attribute("href", "table.html")
    expect(tv.get_by_test_id("host-unsupported")).to_be_hidden()


@pytest.mark.parametrize(
    ("removed", "missing"),
    [("RTCPeerConnection", "WebRTC"), ("WebAssembly", "WebAssembly")],
)
def test_home_explains_when_this_browser_cannot_host(
    tv: Page, base_url: str, removed: str, missing: str
) -> None:
    tv.add_init_script(f"delete window.{removed};")
    tv.goto(f"{base_url}/index.html")
    note = tv.get_by_role("alert")
    expect(note).to_be_visible()
    expect(note).to_contain_text(missing)
    expect(note).to_contain_text("HDMI")
    expect(tv.get_by_test_id("host-link")).not_to_have_attribute("href", re.compile(".*"))


def test_join_code_opens_the_hand_page_without_python(
    new_phone: Callable[[], Page], watch: Callable[[Page], Any], base_url: str
) -> None:
    phone = new_phone()
    log = watch(phone)
    phone.goto(f"{base_url}/index.html")
    phone.get_by_label("Table code").fill("abcdef")
    phone.get_by_role("button", name="Join").click()
    expect(phone).to_have_url(re.compile(r"/hand\.html#c=ABCDEF$"))
    expect(phone.get_by_test_id("hand")).to_be_visible()
    assert not [url for url in log.requests if "/vendor/pyodide/" in url or url.endswith(".py")]
    assert log.foreign(base_url) == []
    assert log.console_errors == []
