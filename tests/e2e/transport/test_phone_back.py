"""The "I'm back" button on the real pages: Ann on her phone (the phone-sized context) and Bea on
the TV screen let their turns time out (the turn timer at 5 s, the table's shortest) until both
are shown away and, the lobby's option on, a computer plays for each. Ann's banner names both
ways back, a move or its "I'm back" button; she presses it, and the banner goes, the TV's seat
list shows her as a player again (no "computer plays") and its log says she is back. Bea's seat,
played on the TV, says the same beside her name, and its button takes her seat back too. Before,
the only way back was a move, on one's own turn, within the 3 s the computer waits.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from ..conftest import join_by_link

TIMER = 5  # s: the shortest turn timer the table takes (the lobby's own choices start at 10)
#: the turn timer set with the table's own call (docs/design.md, "Controller")
TURN_TIMER = f"""() => window.lastcardTable.host(
  JSON.stringify({{ type: "configure", timers: {{ turn: {TIMER} }} }}))"""
WORDS = "Two of your turns ran out: make a move or press I'm back"


def test_away_players_are_back_with_a_press(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    url = relay_table(tv)
    tv.evaluate(TURN_TIMER)  # four turns run out: 20 s, not the 40 of the lobby's shortest
    tv.locator("[name=away_bot]").check()
    expect(tv.locator("[name=away_bot]")).to_be_checked()
    ann = join_by_link(new_phone(), url.inner_text(), "Ann")
    tv.locator("#local-name").fill("Bea")
    tv.get_by_role("button", name="Add a player on this screen").click()
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Bea")
    tv.get_by_role("button", name="Start the game").click()
    expect(ann.get_by_role("region", name="Your cards")).to_be_visible(timeout=20_000)

    # nobody moves: each of Ann's and Bea's turns runs out in turn, two each
    mine, beas = ann.get_by_test_id("away"), tv.locator(".local").get_by_test_id("away")
    expect(mine).to_have_text(WORDS, timeout=TIMER * 6000)
    expect(beas).to_have_text(WORDS, timeout=TIMER * 3000)
    for seat in (0, 1):
        expect(tv.get_by_test_id(f"away-{seat}")).to_have_text("computer plays")

    back = mine.get_by_role("button", name="I'm back")
    expect(back).to_be_in_viewport()
    back.click()
    expect(mine).to_have_count(0)
    expect(tv.get_by_test_id("away-0")).to_have_count(0)
    expect(tv.get_by_test_id("log")).to_contain_text("Ann is back")
    expect(ann.get_by_role("alert")).to_have_count(0)  # no error toast

    beas.get_by_role("button", name="I'm back").click()
    expect(beas).to_have_count(0)
    expect(tv.get_by_test_id("away-1")).to_have_count(0)
    expect(tv.get_by_test_id("log")).to_contain_text("Bea is back")
