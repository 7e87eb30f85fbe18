"""The host phone's Host panel, left open, closes when a hand starts or play resumes from the TV,
as it does when the phone itself starts or resumes: the host sees their cards on their turn (the
panel stayed over the hand, and the turns ran out behind it). A phone's rules close then too."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from .conftest import ann_beside_a_computer


def test_the_host_panel_gives_the_screen_back_when_the_tv_deals_or_resumes(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    ann = ann_beside_a_computer(tv, new_phone, relay_table)
    ann.get_by_test_id("host-open").click()
    panel = ann.get_by_test_id("host-panel")
    expect(panel).to_be_visible()

    tv.get_by_role("button", name="Start the game").click()
    expect(ann.get_by_role("region", name="Your cards")).to_be_visible(timeout=20_000)
    expect(panel).to_have_count(0)

    # a pause keeps it open (the timers change there); the TV's Resume closes it
    ann.get_by_test_id("host-open").click()
    tv.get_by_role("button", name="Pause").click()
    expect(ann.get_by_test_id("paused")).to_be_visible()
    expect(panel).to_be_visible()
    tv.get_by_role("button", name="Resume").click()
    expect(ann.get_by_test_id("paused")).to_have_count(0)
    expect(panel).to_have_count(0)


def test_the_rules_give_the_screen_back_when_a_hand_is_dealt_or_play_resumes(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    """The rules a player reads in the lobby, between hands or on a pause close when the table
    deals or plays on: they stayed over the new hand, the player's turn running out behind them."""
    ann = ann_beside_a_computer(tv, new_phone, relay_table)
    rules = ann.get_by_test_id("rules")
    ann.get_by_role("button", name="Rules").click()
    expect(rules).to_be_visible()

    tv.get_by_role("button", name="Start the game").click()
    expect(ann.get_by_role("region", name="Your cards")).to_be_visible(timeout=20_000)
    expect(rules).to_have_count(0)

    # read during play, they stay open; on a pause too, until play resumes
    ann.get_by_role("button", name="Rules").click()
    tv.get_by_role("button", name="Pause").click()
    expect(ann.get_by_test_id("paused")).to_be_visible()
    expect(rules).to_be_visible()
    tv.get_by_role("button", name="Resume").click()
    expect(ann.get_by_test_id("paused")).to_have_count(0)
    expect(rules).to_have_count(0)
