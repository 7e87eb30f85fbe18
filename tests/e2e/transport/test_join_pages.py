"""Joining the real table.html from the real hand.html: camera mode through a fake webcam that
shows a photo of the phone's answer QR, relay mode through a loopback broker; rejoining after a
phone reload keeps the seat, and so does a table reload (relay room and key survive it); the
typed 6-letter code joins too; a phone with the wrong key gets no seat; a new table gets a new
room, key and code."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, Locator, Page, expect

JOIN_TIMEOUT = 20_000  # ms: WebRTC and the controller round trip on a busy two-core machine
BOOT_TIMEOUT = 90_000  # ms: a table reload boots Pyodide again
LOADED_ZXING = "performance.getEntriesByType('resource').some((e) => e.name.includes('zxing'))"


def open_phone(phone: Page, url: str, name: str) -> None:
    """Open a join URL on a phone and give the name, as a person would."""
    phone.goto(url)
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Join").click()


def show_answer_to_camera(phone: Page, video: Path, write_y4m: Callable[..., None]) -> None:
    """Take a picture of the phone's full-screen answer QR and hold it in front of the webcam."""
    answer = phone.get_by_role("img", name="answer QR")
    expect(answer).to_be_visible(timeout=JOIN_TIMEOUT)
    # The full-screen QR says what to do with it, in the phone's language.
    caption = {
        "en": "Show this code to the table\u2019s camera",
        "ru": "Покажите этот код камере стола",
    }
    lang = phone.evaluate("document.documentElement.lang")
    expect(phone.locator("#answer").get_by_text(caption[lang])).to_be_visible()
    write_y4m(video, answer.screenshot())


def test_camera_mode_join_and_rejoin_after_phone_reload(
    webcam_browser: tuple[Browser, Path],
    new_phone: Callable[[], Page],
    open_table: Callable[..., Any],
    write_y4m: Callable[..., None],
) -> None:
    table_browser, video = webcam_browser
    tv = table_browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    open_table(tv, "new&join=camera")
    url = tv.get_by_test_id("join-url")
    expect(url).to_contain_text("hand.html#o=", timeout=JOIN_TIMEOUT)
    first = url.inner_text()

    phone = new_phone()
    open_phone(phone, first, "Анна")
    show_answer_to_camera(phone, video, write_y4m)
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    seat = tv.get_by_test_id("seat-0")
    expect(seat).to_contain_text("Анна")
    expect(seat).to_contain_text("connected")
    expect(url).not_to_have_text(first)  # the QR rotated to a fresh offer
    # The webcam's frames are decoded in a worker (js/qr-worker.js): the page never loads zxing.
    assert int(tv.locator("video[aria-label=camera]").get_attribute("data-scanned") or 0) > 0
    assert tv.evaluate(LOADED_ZXING) is False

    # The phone reloads: it asks for a fresh scan; the rotated QR gives it back its seat.
    phone.reload()
    expect(phone.get_by_test_id("link")).to_contain_text("scan the QR code", timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("offline", timeout=5_000)
    phone.goto(url.inner_text())
    show_answer_to_camera(phone, video, write_y4m)
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("Анна")
    expect(seat).to_contain_text("connected")
    expect(tv.get_by_test_id("seat-1")).to_have_count(0)
    tv.context.close()


def test_relay_mode_rejoins_code_join_and_wrong_key_refused(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
    mqtt_broker: str,
) -> None:
    url = relay_table(tv)
    invite = url.inner_text()

    phone = new_phone()
    open_phone(phone, invite, "Борис")
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    seat = tv.get_by_test_id("seat-0")
    expect(seat).to_contain_text("connected")

    phone.reload()  # comes back by itself, same seat
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("Борис")
    expect(seat).to_contain_text("connected")

    # The table tab reloads: same room and key, and the phone comes back by itself.
    tv.reload()
    table = tv.get_by_test_id("table")
    expect(table).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT)
    expect(url).to_have_text(invite, timeout=JOIN_TIMEOUT)
    # (Joining starts at page load, so the phone may be back before it even noticed the loss.)
    expect(seat).to_contain_text("Борис")
    expect(seat).to_contain_text("connected", timeout=BOOT_TIMEOUT)
    expect(phone.get_by_test_id("link")).to_have_count(0, timeout=JOIN_TIMEOUT)

    # A phone types the 6-letter code shown on the TV (hand.html carries only the test broker).
    typed = new_phone()
    code = tv.get_by_test_id("join-code").inner_text()
    typed.goto(invite.split("#")[0] + f"#b={quote(mqtt_broker, safe='')}&s=none")
    typed.get_by_label("Table code").fill(code.lower())
    typed.get_by_label("Your name").fill("Галя")  # one screen asks for both
    typed.get_by_role("button", name="Join").click()
    expect(typed.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Галя")

    key = invite.split("k=")[1].split("&")[0]
    intruder = new_phone()
    wrong = ("B" if key[0] == "A" else "A") + key[1:]
    open_phone(intruder, invite.replace(f"k={key}", f"k={wrong}"), "Ева")
    expect(intruder.get_by_test_id("link")).to_contain_text(
        "The table is not answering yet; trying again", timeout=JOIN_TIMEOUT
    )
    expect(tv.get_by_test_id("seat-2")).to_have_count(0)

    # A new table (table.html?new) in the same browser gets its own room, key and code.
    url = relay_table(tv)
    fresh = dict(part.split("=", 1) for part in url.inner_text().split("#")[1].split("&"))
    old = dict(part.split("=", 1) for part in invite.split("#")[1].split("&"))
    assert fresh["r"] != old["r"] and fresh["k"] != old["k"]
    expect(tv.get_by_test_id("join-code")).to_have_text(re.compile(r"^[A-Z]{6}$"))
    expect(tv.get_by_test_id("join-code")).not_to_have_text(code)


# The phone's first peer connection is relay-only with no TURN server, so it gets its answer
# through the broker but can never connect (ICE stalls, as it can on a real network); the ones
# after it are as the page asks. `window.peerConnections` counts them.
FIRST_LINK_STALLS = """
const Real = window.RTCPeerConnection;
window.peerConnections = 0;
window.RTCPeerConnection = function (config = {}) {
  window.peerConnections += 1;
  const stalls = window.peerConnections === 1;
  return new Real(stalls ? { ...config, iceTransportPolicy: "relay" } : config);
};
window.RTCPeerConnection.prototype = Real.prototype;
"""
RELAY_OPEN_MS = 10_000  # js/join-phone.js: a relay link not open by then is given up


def test_relay_mode_a_link_that_never_connects_is_given_up_and_tried_afresh(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    url = relay_table(tv)
    phone = new_phone()
    phone.add_init_script(FIRST_LINK_STALLS)
    open_phone(phone, url.inner_text(), "Vera")
    expect(phone.get_by_test_id("link")).to_contain_text("Connecting to the table")
    expect(phone.get_by_text("You are at the table")).to_be_visible(
        timeout=RELAY_OPEN_MS + JOIN_TIMEOUT
    )
    assert phone.evaluate("window.peerConnections") == 2
    expect(tv.get_by_test_id("seat-0")).to_contain_text("connected")
