"""A phone in Firefox at a table in Chromium, in both joining ways: through the relay (loopback
broker) and through the camera (the Chromium table's fake webcam shows a picture of the Firefox
phone's answer QR). Each plays against a computer player and comes back to its seat and its cards
after a reload in the middle of the hand; the relay one plays the hand out to the results (the
same screen whichever way the phone joined), the camera one plays on a few taps after its return.

The turn timer is off (a slow machine cannot time the phone out) and the computer does not pause."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from firefox import FoxPage
from playwright.sync_api import Browser, Locator, Page, expect

JOIN_TIMEOUT = 20_000  # ms: WebRTC and the controller round trip on a busy two-core machine
TAPS_BEFORE_RELOAD = 4


def join_from_firefox(phone: FoxPage, url: str, name: str) -> None:
    """Open a join URL on the Firefox phone and give the name, as a person would."""
    phone.goto(url)
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", "Join").click()


def start_against_a_computer(tv: Page) -> None:
    """No turn timer, no thinking pause, one computer player; start."""
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_label("Computer thinking pause").select_option("0")
    tv.get_by_role("button", name="Add computer player").click()
    tv.get_by_role("button", name="Start the game").click()


def expect_hand_back(tv: Page, phone: FoxPage) -> None:
    """After a reload the phone shows its own cards again, as many as the table counts (or the
    results, on the rare deal where the computer went out before the reload). Both screens are
    read afresh at each look: the TV draws at its next frame, so a count read once can be one move
    behind the phone."""
    hand = phone.get_by_role("region", "Your cards").locator("li button")
    deadline = time.monotonic() + JOIN_TIMEOUT / 1000
    while True:
        if tv.get_by_test_id("results").count():
            phone.get_by_test_id("results").expect_text("Hand over", timeout=JOIN_TIMEOUT)
            return
        counted = int(tv.get_by_test_id("count-0").inner_text().split()[0])
        shown = hand.count()
        if shown == counted:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the phone shows {shown} cards; the table counts {counted}")
        time.sleep(0.1)


def finish(tv: Page, phone: FoxPage, play: Callable[..., int], name: str) -> None:
    """Play the hand out; the TV and the phone show the results, the phone made no error."""
    play([phone])
    results = tv.get_by_test_id("results")
    expect(results.get_by_role("heading", name="Hand over")).to_be_visible()
    phone.get_by_test_id("results").expect_text("Hand over")
    expect(results).to_contain_text(name)
    assert phone.console_errors() == []


def test_firefox_phone_relay_whole_hand_and_reload(
    tv: Page,
    new_fox_phone: Callable[[], FoxPage],
    watch: Callable[[Page], Any],
    relay_table: Callable[[Page], Locator],
    play: Callable[..., int],
    settled: Callable[[Sequence[FoxPage]], None],
) -> None:
    log = watch(tv)
    url = relay_table(tv)

    phone = new_fox_phone()
    join_from_firefox(phone, url.inner_text(), "Фёдор")
    phone.locator("::-p-text(You are at the table)").expect_visible(timeout=JOIN_TIMEOUT)
    seat = tv.get_by_test_id("seat-0")
    expect(seat).to_contain_text("Фёдор", timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("connected")

    start_against_a_computer(tv)
    phone.get_by_role("region", "Your cards").expect_text("Your turn", timeout=JOIN_TIMEOUT)
    play([phone], taps=TAPS_BEFORE_RELOAD)
    settled([phone])  # the computer's move is in (a Draw Two adds to the phone's count)

    # A reload: the phone comes back by itself, with its seat token, to its seat and its cards.
    phone.reload()
    expect_hand_back(tv, phone)
    expect(seat).to_contain_text("connected")
    finish(tv, phone, play, "Фёдор")
    assert log.console_errors == []


def test_firefox_phone_camera_join_reload_and_play_on(
    webcam_browser: tuple[Browser, Path],
    new_fox_phone: Callable[[], FoxPage],
    open_table: Callable[..., Any],
    write_y4m: Callable[..., None],
    play: Callable[..., int],
    settled: Callable[[Sequence[FoxPage]], None],
) -> None:
    table_browser, video = webcam_browser
    tv = table_browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    log = open_table(tv, "new&join=camera&stun=none")
    url = tv.get_by_test_id("join-url")
    expect(url).to_contain_text("hand.html#o=", timeout=JOIN_TIMEOUT)

    def show_answer(phone: FoxPage) -> None:
        """A picture of the Firefox phone's answer QR, held in front of the table's webcam."""
        answer = phone.get_by_role("img", "answer QR")
        answer.expect_visible(timeout=JOIN_TIMEOUT)
        write_y4m(video, answer.screenshot())

    phone = new_fox_phone()
    first = url.inner_text()
    join_from_firefox(phone, first, "Фёдор")
    show_answer(phone)
    seat = tv.get_by_test_id("seat-0")
    expect(seat).to_contain_text("Фёдор", timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("connected")
    expect(url).not_to_have_text(first)  # the QR rotated to a fresh offer
    write_y4m(video, None)

    start_against_a_computer(tv)
    phone.get_by_role("region", "Your cards").expect_text("Your turn", timeout=JOIN_TIMEOUT)
    play([phone], taps=TAPS_BEFORE_RELOAD)
    settled([phone])  # the computer's move is in (a Draw Two adds to the phone's count)

    # A reload: the phone asks for a fresh scan; the rotated QR gives it back its seat and cards.
    phone.reload()
    phone.get_by_test_id("link").expect_text("scan the QR code", timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("offline", timeout=5_000)
    phone.goto(url.inner_text())
    show_answer(phone)
    expect(seat).to_contain_text("connected", timeout=JOIN_TIMEOUT)
    expect_hand_back(tv, phone)
    write_y4m(video, None)
    play([phone], taps=TAPS_BEFORE_RELOAD)  # the channel the rotated QR gave back carries taps
    settled([phone])
    expect_hand_back(tv, phone)
    assert phone.console_errors() == []
    assert log.console_errors == []
    tv.context.close()
