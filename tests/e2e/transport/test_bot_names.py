"""The computers the table names ("Bot 1") speak the table's language: the TV's switch renames
them on every screen, the phones' too, in the lobby, during play, in the log and the results."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from ..conftest import join_by_link
from ..test_table_game import lobby_for_solo

HAND_TIMEOUT = 90_000  # ms: a hand of two computer players, no pause, on a busy machine


def test_computer_names_follow_the_tv_language_on_every_screen(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    url = relay_table(tv)
    lobby_for_solo(tv)
    ann = join_by_link(new_phone(), url.inner_text(), "Ann")  # her phone stays in English
    for _ in range(2):
        tv.get_by_role("button", name="Add computer player").click()
    seats = tv.locator(".lobby .seats")
    expect(seats).to_contain_text("Bot 2")
    expect(ann.locator("body")).to_contain_text("Bot 2")

    tv.get_by_role("button", name="Русский").click()
    for screen in (seats, ann.locator("body")):
        expect(screen).to_contain_text("Компьютер 1")
        expect(screen).to_contain_text("Компьютер 2")
        expect(screen).not_to_contain_text("Bot 1")
    tv.get_by_role("button", name="Начать игру").click()
    expect(ann.locator(".strip")).to_contain_text("Компьютер 2")

    # Ann leaves the game (the TV removes her): the computers play it to its end, which her
    # phone watches
    tv.locator("[data-act=ask-remove][data-seat='0']").click()
    tv.get_by_role("alertdialog").locator("[data-act=confirm-yes]").click()
    ann.get_by_role("button", name="Watch the table").click()
    results = [tv.get_by_test_id("results"), ann.get_by_test_id("results")]
    for shown in results:
        expect(shown).to_contain_text("Компьютер 1", timeout=HAND_TIMEOUT)
        expect(shown).to_contain_text("Компьютер 2")
    expect(tv.get_by_test_id("log")).to_contain_text("Компьютер")

    # the results cover the top bar: the language is switched in the rules they open
    results[0].get_by_role("button", name="Правила").click()
    tv.get_by_role("dialog", name="Правила").get_by_role("button", name="English").click()
    tv.get_by_role("dialog", name="Rules").get_by_role("button", name="Close").click()
    for shown in (*results, tv.get_by_test_id("log")):
        expect(shown).to_contain_text("Bot")
        expect(shown).not_to_contain_text("Компьютер")
