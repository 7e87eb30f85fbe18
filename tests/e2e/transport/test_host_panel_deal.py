"""The host phone's Host panel, left open, closes when a hand starts or play resumes from the TV,
as it does when the phone itself starts or resumes: the host sees their cards on their turn (the
panel stayed over the hand, and the turns ran out behind it). A phone's rules close then too."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from .conftest import ann_beside_a_computer


def test_the_host_panel_and_the_rules_give_the_screen_back_when_the_tv_deals_or_resumes(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    """The Host panel, then the rules, each opened in the lobby and closed by the TV's deal;
    opened during play, each stays open on a pause (the timers change there, the rules are
    read) and closes when the TV resumes."""
    ann = ann_beside_a_computer(tv, new_phone, relay_table)
    sheets = (
        (ann.get_by_test_id("host-open"), ann.get_by_test_id("host-panel")),
        (ann.get_by_role("button", name="Rules"), ann.get_by_test_id("rules")),
    )
    for n, (button, sheet) in enumerate(sheets):
        if n:  # the TV ends the hand: the lobby again, for the next deal
            tv.locator("[data-host=cmd][data-command=lobby]").click()
            tv.locator("[data-act=confirm-yes]").click()
            expect(ann.get_by_role("region", name="Your cards")).to_have_count(0)
        button.click()
        expect(sheet).to_be_visible()
        tv.get_by_role("button", name="Start the game").click()
        expect(ann.get_by_role("region", name="Your cards")).to_be_visible(timeout=20_000)
        expect(sheet).to_have_count(0)

        button.click()
        tv.get_by_role("button", name="Pause").click()
        expect(ann.get_by_test_id("paused")).to_be_visible()
        expect(sheet).to_be_visible()
        tv.get_by_role("button", name="Resume").click()
        expect(ann.get_by_test_id("paused")).to_have_count(0)
        expect(sheet).to_have_count(0)
