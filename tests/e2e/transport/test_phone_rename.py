"""A player renames their phone mid-hand (a tap on the name in its header): the name form says
Save and can be left with Cancel (the hand comes back), and the new name reaches the table, so
the TV shows it, not only the phone's own header."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from ..conftest import join_by_link
from .conftest import ann_beside_a_computer


def test_a_rename_mid_hand_can_be_cancelled_and_reaches_the_tv(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    ann = ann_beside_a_computer(tv, new_phone, relay_table)
    tv.get_by_role("button", name="Start the game").click()
    hand = ann.get_by_role("region", name="Your cards")
    expect(hand).to_be_visible(timeout=20_000)

    ann.get_by_role("button", name="Ann", exact=True).click()
    expect(ann.get_by_label("Your name")).to_have_value("Ann")
    expect(ann.get_by_role("button", name="Join")).to_have_count(0)  # a rename joins nothing
    ann.get_by_role("button", name="Cancel").click()
    expect(hand).to_be_visible()

    ann.get_by_role("button", name="Ann", exact=True).click()
    ann.get_by_label("Your name").fill("Annie")
    ann.get_by_role("button", name="Save").click()
    expect(hand).to_be_visible()
    expect(ann.get_by_role("button", name="Annie", exact=True)).to_be_visible()
    expect(tv.get_by_test_id("seat-0")).to_contain_text("Annie")


def test_the_header_shows_the_name_the_table_gave(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    """A name someone at the table has already (case aside) gets a number there ("Маша 2",
    docs/protocol.md: `welcome` carries it): the phone's header shows it too, not the name as
    typed; a rename later still works, and a taken name gets its number again."""
    url = relay_table(tv)
    join_by_link(new_phone(), url.inner_text(), "Маша")
    masha = join_by_link(new_phone(), url.inner_text(), "маша")
    expect(tv.get_by_test_id("seat-1")).to_contain_text("маша 2")
    head = masha.locator(".phone-head__name")
    expect(head).to_have_text("маша 2")

    head.click()
    masha.get_by_label("Your name").fill("Даша")
    masha.get_by_role("button", name="Save").click()
    expect(head).to_have_text("Даша")
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Даша")

    head.click()
    masha.get_by_label("Your name").fill("МАША")
    masha.get_by_role("button", name="Save").click()
    expect(tv.get_by_test_id("seat-1")).to_contain_text("МАША 2")
    expect(head).to_have_text("МАША 2")


def test_a_refused_rename_leaves_the_name_the_table_keeps(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    """Renames too fast for the table (3 at once, docs/protocol.md) are refused ("rate_limited"):
    the header goes back to the name the table keeps; it showed the refused one."""
    url = relay_table(tv)
    ann = join_by_link(new_phone(), url.inner_text(), "Ann")
    head = ann.locator(".phone-head__name")
    for name in ("Ann 1", "Ann 2", "Ann 3", "Ann 4"):
        head.click()
        ann.get_by_label("Your name").fill(name)
        ann.get_by_role("button", name="Save").click()
    expect(ann.get_by_text("Too fast — wait a moment")).to_be_visible()
    expect(head).to_have_text("Ann 3")
    expect(tv.get_by_test_id("seat-0")).to_contain_text("Ann 3")
