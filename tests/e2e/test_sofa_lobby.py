"""The TV's lobby of a table of phones, read from the sofa (tests/e2e/test_sofa.py's checks): the
longest names the lobby allows beside the buttons that make a phone the host and remove it, five
of them and ten, and a full table with phones waiting for a seat, in both languages, at
1920x1080, 1280x720 and 960x540."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import resize
from .test_a11y import in_both_languages
from .test_remote import PHONE_JOINS
from .test_sofa import (
    BIG_HAND,
    LONG_NAMES,
    MORE_LONG_NAMES,
    NAMES_BROKEN_IN_A_WORD,
    SIZES,
    each_size,
    holds,
    join_panel_holds,
)
from .test_table_game import OFFLINE, choose_game


def open_lobby(tv: Page, open_table: Callable[..., Any]) -> None:
    """The TV's lobby, showing no motion (a resize's layout is then final at once)."""
    tv.emulate_media(reduced_motion="reduce")
    open_table(tv, OFFLINE)
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()


def phones_join(tv: Page, names: tuple[str, ...], *, first: int = 0) -> None:
    """Phones named ``names`` join and take the lobby's seats ``first``, ``first + 1``, …"""
    for seat, name in enumerate(names, start=first):
        tv.evaluate(PHONE_JOINS, {"name": name})
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)


def each_language(tv: Page, state: str, check: Callable[[Page], None]) -> None:
    """``each_size`` with ``check``, in English, then in Russian (the TV is left in it)."""
    for lang in ("en", "ru"):
        if tv.locator("html").get_attribute("lang") != lang:
            tv.locator("[data-act=lang]").click()
            expect(tv.locator("html")).to_have_attribute("lang", lang)
        each_size(tv, f"{lang} lobby, {state}", check)


def words_whole(page: Page) -> None:
    """No seat name in the lobby is broken inside a word."""
    assert page.evaluate(NAMES_BROKEN_IN_A_WORD, ".lobby .seat__name") == [], page.viewport_size


def words_whole_and_held(page: Page) -> None:
    """No seat name in the lobby is broken inside a word, and the lobby holds on the screen."""
    words_whole(page)
    holds(page)


def test_long_names_break_between_words_beside_the_host_and_remove_buttons(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """Five, then ten phones with the longest names the lobby allows (each but the host's with
    the button that makes it the host and the one that removes it): every name whole on at most
    two lines, broken only between its words or after a hyphen, at each size in both
    languages; the five's lobby holds on the screen. The two buttons took their width from
    every line of the name: with ten phones «Konstantinopolskaya-Anna» broke inside its first
    word at each size, and the five's names took two lines each (771 pixels tall at 720p)."""
    open_lobby(tv, open_table)
    phones_join(tv, LONG_NAMES)
    each_language(tv, "five long names", words_whole_and_held)
    phones_join(tv, MORE_LONG_NAMES, first=len(LONG_NAMES))
    expect(tv.locator(".lobby--many")).to_be_visible()
    each_language(tv, "ten long names", words_whole)


# Three phones with long names that join a full table: they watch, waiting for a seat (the last
# a nickname of 24 characters, one word).
WAITING = ("Мария-Антуанетта Иванова", "Maximiliana Rosenberg-Li", "СуперМегаКрутойИгрокЛёша")


def test_a_full_table_and_three_phones_waiting_for_a_seat_hold_on_the_screen(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """Ten phones with the longest names the lobby allows, and three more with long names that
    wait for a seat: the lobby, the spectators' list with its buttons, holds on the screen with
    the join panel at each size in both languages, beside the options of the first game and of
    Classic (the most). A full table adds no player, so its controls that add one give way to
    the spectators, whose buttons are a line high, as the players' are. The spectators' list ran
    under the screen's edge: the page was 1,175 pixels tall at 1080p, 825 at 720p and 613 at
    540p. Each spectator's name breaks only between its words, in the lobby and during play in
    the side column of three seats, the narrowest (drawn into the page): the ✕ took its width
    from every line of the name, and «СуперМегаКрутойИгрокЛёша» broke inside its one word
    there at each size."""
    open_lobby(tv, open_table)
    phones_join(tv, (*LONG_NAMES, *MORE_LONG_NAMES))
    for name in WAITING:
        tv.evaluate(PHONE_JOINS, {"name": name})
    spectators = tv.get_by_test_id("spectators")
    for name in WAITING:
        expect(spectators).to_contain_text(f"{name} (wants to play)")
    # the note that every seat is taken, where the remote's focus falls from "Add computer
    # player" (test_remote), is read as the rest of the lobby is
    expect(tv.locator("#lobby-full")).to_be_visible()
    in_both_languages(tv, "a full table's lobby, three phones waiting", tv=True)
    for ruleset in ("poslednyaya", "classic"):
        choose_game(tv.locator("#ruleset"), ruleset)
        each_language(tv, f"{ruleset}, a full table, three waiting", held_and_spectators_whole)
    watchers = [
        {"name": name, "connected": True, "play": True, "id": 20 + n, "host": False}
        for n, name in enumerate(WAITING)
    ]
    tv.evaluate(f"([size, watchers]) => ({BIG_HAND})(size, watchers)", [7, watchers])
    expect(tv.locator(".game__side .spectators__who")).to_have_count(len(WAITING))
    for width, height in SIZES:
        resize(tv, width, height)
        assert tv.evaluate(NAMES_BROKEN_IN_A_WORD, ".game__side .spectators__who") == [], width


def held_and_spectators_whole(page: Page) -> None:
    """The lobby and the join panel hold on the screen, and no spectator's name is broken inside a
    word."""
    join_panel_holds(page)
    assert page.evaluate(NAMES_BROKEN_IN_A_WORD, ".lobby .spectators__who") == [], (
        page.viewport_size
    )
