"""The host removes a spectator from the TV (issue 15): the phone is told, the place frees up."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine


def test_the_host_removes_a_spectator(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    url = relay_table(tv)
    tv.get_by_label("Turn timer").select_option("off")
    for _ in range(2):
        tv.get_by_role("button", name="Add computer player").click()
    tv.get_by_role("button", name="Start the game").click()
    expect(tv.get_by_test_id("top")).to_be_visible()

    phone = new_phone()
    phone.goto(url.inner_text())
    phone.get_by_label("Your name").fill("Zoë")
    phone.get_by_role("button", name="Join").click()
    expect(phone.get_by_text("You are watching.")).to_be_visible(timeout=JOIN_TIMEOUT)
    spectators = tv.get_by_test_id("spectators")
    expect(spectators).to_contain_text("Zoë")

    spectators.get_by_role("button", name="Remove Zoë").click()  # asked first
    tv.get_by_role("alertdialog").get_by_role("button", name="Remove").click()
    expect(phone.get_by_test_id("removed")).to_be_visible()
    expect(spectators).to_have_count(0)
