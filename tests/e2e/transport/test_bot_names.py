"""The computers the table names ("Bot 1") speak the table's language: the TV's switch renames
them on every screen, the phones' too, in the lobby, during play, in the log and the results."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from ..conftest import join_by_link
from ..test_table_game import OFFLINE, lobby_for_solo

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


def old_save(tv: Page) -> None:
    """The TV's save made as the pages saved it before the table named its computers: the name
    the page gave, in its language then, and neither the table's language nor the computer's
    number. Edited here, not in the page: a save's integers (the table's 128-bit seed) are
    beyond JavaScript's exact numbers."""
    snap = json.loads(tv.evaluate("localStorage.getItem('lastcard.table')"))
    del snap["lang"]
    for seat in snap["seats"]:
        seat.pop("bot_number", None)
    tv.evaluate(
        "(text) => { localStorage.setItem('lastcard.table', text);"
        " localStorage.setItem('lastcard.lang', 'en'); }",
        json.dumps(snap),
    )


def test_a_table_saved_before_the_table_named_its_computers_follows_the_tv(
    tv: Page, base_url: str, open_table: Callable[..., Any]
) -> None:
    """The TV reloads a table saved before the update, its computer added in Russian, and shows
    it in English: the computer is «Компьютер 1» no more, and follows the next switch."""
    open_table(tv, OFFLINE)
    tv.get_by_role("button", name="Русский").click()
    tv.get_by_role("button", name="Добавить компьютер").click()
    seats = tv.locator(".lobby .seats")
    expect(seats).to_contain_text("Компьютер 1")
    tv.goto(f"{base_url}/index.html")  # the table's page gone, its save is written
    old_save(tv)
    assert "lang" not in json.loads(tv.evaluate("localStorage.getItem('lastcard.table')"))

    open_table(tv)
    expect(seats).to_contain_text("Bot 1")
    expect(seats).not_to_contain_text("Компьютер")
    tv.get_by_role("button", name="Русский").click()
    expect(seats).to_contain_text("Компьютер 1")
