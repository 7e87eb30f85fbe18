"""A phone in a Last One melee, out of turn: it sees the melee and says what this player may do
(the needed card, or pass) rather than listing everyone who may answer; only the needed card and
"Pass" are open to it, and its card is played.

The deal is fixed (``fixed_seed``): Bot 1 opens with the 4 of hearts, Bot 2 (the defender)
passes, and the phone holds the 5 of hearts. The timers are off and the computers think for
3 s, so nothing moves while the phone decides and its move stays in the TV's log while the test
looks."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from ..test_table_game import fixed_seed

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
SEED_FRACTION = 0.00247
HAND = ["5H", "7H", "KH", "6D", "7D", "10D", "KD"]  # the phone's cards in this deal


def test_phone_answers_a_melee_out_of_turn(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    tv.add_init_script(fixed_seed(SEED_FRACTION))
    url = relay_table(tv)

    phone = new_phone()
    phone.goto(url.inner_text())
    phone.get_by_label("Your name").fill("Пётр")
    phone.get_by_role("button", name="Join").click()
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)

    tv.get_by_label("Game", exact=True).select_option("last-one")
    for timer, value in (("Turn timer", "off"), ("Melee window", "off")):
        tv.get_by_label(timer).select_option(value)
        expect(tv.get_by_label(timer)).to_have_value(value)
    tv.get_by_label("Computer thinking pause").select_option("3")
    for _ in range(2):
        tv.get_by_role("button", name="Add computer player").click()
    tv.get_by_role("button", name="Start the game").click()

    # The melee waits on the phone alone once the defender has passed.
    expect(phone.get_by_test_id("turn")).to_have_text("Melee", timeout=JOIN_TIMEOUT)
    expect(phone.get_by_text("Melee in hearts: next card 5 of hearts")).to_be_visible()
    hand = phone.get_by_role("region", name="Your cards")
    expect(hand.get_by_test_id("your-turn")).to_have_text("Answer the melee: 5 of hearts — or pass")
    for card in HAND:
        open_ = "false" if card == "5H" else "true"
        expect(hand.get_by_test_id(f"card-{card}")).to_have_attribute("aria-disabled", open_)
    expect(hand.get_by_role("button", name="Pass", exact=True)).to_be_enabled()
    expect(hand.get_by_role("button", name="Draw", exact=True)).to_be_disabled()

    hand.get_by_test_id("card-5H").click()
    expect(tv.get_by_test_id("log")).to_contain_text("Пётр played 5 of hearts")
    expect(hand.get_by_test_id("card-5H")).to_have_count(0)
    # Now the phone is the aggressor: the melee goes on without it.
    expect(phone.get_by_text("next card 6 of hearts")).to_be_visible()
    expect(hand.get_by_test_id("your-turn")).to_have_count(0)
    expect(hand.get_by_text("Melee: the others may answer")).to_be_visible()
